/**
 * A finished game's archive record, read from its stored log. The log is the one durable account of a
 * game (every seat, the start, each action and undo, the end), so the archive is filled from it rather
 * than from a room's memory: a game whose process died right after its end is archived from the same
 * lines as one archived at once, and the two cannot differ.
 */
import { replayLog } from '../persistence/restore';
import type { LogEntry, SeatEntry } from '../persistence/store/types';
import { isRatedTable, type FinishedGame } from './archive';
import { finishedGameRecord, type SeatIdentity } from './table-record';
import { accessFromLog } from './private-games';

export class NotArchivable extends Error {}

/** The seat as the archive and the rating rule see it (a bot's level, a human's identity). */
export function seatIdentity(se: SeatEntry): SeatIdentity {
  return {
    name: se.name,
    playerId: se.kind === 'human' ? se.playerId ?? null : null,
    hasAccount: se.kind === 'human' && se.account === true,
    botLevel: se.kind === 'bot' ? se.botLevel ?? null : null,
    leftForGood: se.left === true,
  };
}

/** Throws NotArchivable when the log does not hold a whole finished game (no end, or it does not replay). */
export function finishedGameFromLog(roomId: string, entries: readonly LogEntry[]): FinishedGame {
  const end = entries[entries.length - 1];
  if (!end || end.t !== 'end') throw new NotArchivable(`${roomId}: the log does not end with the end of a game`);
  let replayed;
  try {
    replayed = replayLog(roomId, entries.slice(0, -1));
  } catch (e) {
    throw new NotArchivable((e as Error).message);
  }
  if (replayed.kind !== 'game') throw new NotArchivable(`${roomId}: the log ends a game it never started`);
  const g = replayed.game;
  const m = g.match;
  if (!m.over) throw new NotArchivable(`${roomId}: the log's end comes before the game is over`);
  const seats = g.seats.map(seatIdentity);
  // The final scores come from the replayed state, not from the end entry, so they match the actions exactly.
  const scores = m.score();
  const { seed, ...options } = m.options as { seed: string; players: number };
  // Private or not, and the share key, come from the log's create entry (the create options).
  const access = accessFromLog(entries);
  return {
    ...finishedGameRecord({
      id: roomId, game: g.game, startedAt: new Date(m.startedAt), finishedAt: new Date(end.at), options, seed,
      actions: m.actions, scores, seats, rated: isRatedTable(seats, g.game),
    }),
    ...(access.private ? { private: true, shareKeyHash: access.shareKeyHash } : {}),
  };
}
