/**
 * The identity a client sends with a join (or in the Authorization header of the players' routes):
 * `Guest <player id>:<secret>` or `Bearer <session token>`.
 */
import { PlayerError, type PlayerRecord } from './accounts';
import { JOIN_OPEN_WAIT_MS, type PlayersService } from './service';

export async function resolveIdentity(players: PlayersService, identity: string): Promise<PlayerRecord> {
  const guest = /^Guest ([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{1,128})$/.exec(identity);
  const bearer = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(identity);
  if (!guest && !bearer) throw new PlayerError('NOT_SIGNED_IN', 'An identity is "Guest <id>:<secret>" or "Bearer <token>".', 401);
  // A join waits for a database that is still opening only a moment (then it goes on without the identity).
  const p = await players.get(JOIN_OPEN_WAIT_MS);
  return guest ? p.accounts.authenticateGuest(guest[1], guest[2]) : p.accounts.session(bearer![1]);
}
