/**
 * The replay endpoint's check for a private game (src/players/private-games.ts): the `key` query parameter, or the
 * Authorization identity (`Guest <id>:<secret>` or `Bearer <token>`) of one of its players. The identity is
 * looked up only for a private game, and a lookup that fails (wrong secret, database unreachable) is simply
 * no identity: the answer is then the same 404 as for a game that does not exist.
 */
import type { PlayersService } from '../players/service';
import { resolveIdentity } from '../players/identity';
import { mayRead, type GameAccess } from '../players/private-games';

export async function replayAllowed(access: GameAccess, key: unknown, authorization: string | undefined, players: PlayersService | null | undefined): Promise<boolean> {
  if (!access.private || mayRead(access, key, null)) return true;
  if (!authorization || !players) return false;
  const who = await resolveIdentity(players, authorization).catch(() => null);
  return who !== null && mayRead(access, undefined, who.id);
}
