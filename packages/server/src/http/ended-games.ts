/**
 * A finished game by id, wherever it is kept (the replays in memory, the live store's closed log, the
 * players' archive), with who may read it; or whether it is still being played. The replay route and the
 * analysis route read games through this one door, so they refuse alike.
 */
import { matchMaker } from '@colyseus/core';
import type { ReplayJSON } from '@isle-of-trains/client/protocol';
import { replayFromLog } from '../persistence/restore';
import { accessFromLog, PUBLIC_GAME, type GameAccess } from '../players/private-games';
import type { RoutesContext } from './routes';

/** A replay without its chat, for either game (an Omit over each member of the union, not over their common part). */
export type ReplayWithoutChat = ReplayJSON extends infer R ? (R extends unknown ? Omit<R, 'chat'> : never) : never;

export type EndedGame =
  | { kind: 'ended'; replay: ReplayWithoutChat; access: GameAccess }
  | { kind: 'live' }
  | { kind: 'none' };

/** Game ids are what room ids look like; anything else is no game. */
export const validGameId = (id: string): boolean => /^[A-Za-z0-9_-]{1,64}$/.test(id);

export async function findEndedGame(c: Pick<RoutesContext, 'store' | 'replays' | 'players' | 'restoring'>, id: string): Promise<EndedGame> {
  const valid = validGameId(id);
  const stored = valid ? await c.store.read(id).catch(() => null) : null;
  const memory = c.replays.get(id);
  const replay = memory ?? (stored ? replayFromLog(id, stored) : null);
  if (replay) return { kind: 'ended', replay, access: memory ? c.replays.access(id) ?? PUBLIC_GAME : accessFromLog(stored!) };
  // The live store forgets finished games after FINISHED_RETENTION_HOURS; the archive keeps them, in the same shape.
  const players = c.players;
  const archived = players && valid ? await players.get().then((p) => p.archive.replay(id)).catch(() => null) : null;
  if (archived) {
    const access = await players!.get().then((p) => p.archive.access(id)).catch(() => null);
    // An archived game whose access cannot be read is no game to anyone.
    return access ? { kind: 'ended', replay: archived, access } : { kind: 'none' };
  }
  if (valid && (matchMaker.getLocalRoomById(id) || c.restoring(id))) return { kind: 'live' };
  return { kind: 'none' };
}
