/**
 * Games that survive a restart: turning a stored log (src/persistence/store) back into a game.
 *
 *  - replayLog(): a log → the room's create options, seats (with token hashes) and the game played
 *    forward through every stored record by the same Match the live room plays (src/game/match.ts). Pure.
 *  - replayFromLog(): a closed log → the public replay (GET /api/games/:id/replay).
 *  - salvageLog(): raw lines → the longest valid prefix, replayed through the rules: it stops at the
 *    first bad record (not JSON, out of order, an action the rules refuse, a gap in the entry
 *    indexes) and skips a record written twice (same index, same content).
 *  - restoreGames(): at start, every open log of this node → a room under the same id, through
 *    `create` (app.ts passes matchMaker.handleCreateRoom with the options from restoreOptions()).
 *    A log that never reached `start` (a lobby) is closed with `abandon`: lobbies are not restored.
 *    A damaged log whose valid prefix is a consistent game is cut back to that prefix and restored
 *    from there (logged once: the game id and what was kept); a torn last line is cut the same way
 *    before anything is appended. A log that cannot be restored (empty, no create, actions without a
 *    start, a missing seat, or a game whose end lies beyond the damage: a finished game must never
 *    come back as a live one) is moved to the quarantine (games/quarantine/, <prefix>quarantine:<id>).
 *  - stashRestore()/takeRestore(): the restore record goes to the room through a one-time random
 *    key in its create options, so no client can make a room "restore" data of its choosing.
 */
import type { GameId } from '@isle-of-trains/engine-core';
import type { Logger } from '../ops/logger';
import type { Replay } from './replays';
import { hashToken, isClosing, now, type ActionEntry, type CreateEntry, type GameStore, type LogEntry, type SeatEntry, type StartEntry, type UndoEntry } from './store/types';
import { Match } from '../game/match';
import { serverGame } from '../games/registry';
import { createStash } from './create-stash';

export interface RestoredGame {
  roomId: string;
  /** The room's create options as stored (validated again by the room). */
  createOptions: Record<string, unknown>;
  code?: string;
  /** A private room's share key, as stored in its create entry. */
  shareKey?: string;
  /** One entry per seat, by index (the last `seat` entry of each index wins). */
  seats: SeatEntry[];
  /** Which game the log is of (its start names it; older logs are Isle of Trains). */
  game: GameId;
  /** The stored seed's hash, as published at the start. */
  seedHash: string;
  /**
   * The game played forward through every stored record: its state, actions, events, the steps that
   * may still be taken back (an undo works after a restart too) and its log, event k as line k.
   */
  match: Match;
  /** Entries in the stored log (the room's journal writes the next one at this index). */
  logLength: number;
}

export type ReplayedLog =
  | { kind: 'game'; game: RestoredGame }
  | { kind: 'lobby' }
  | { kind: 'closed'; how: 'end' | 'abandon' };

export class RestoreError extends Error {}

/** Rebuild a game from its log. Throws RestoreError when the log is damaged or an action no longer applies. */
export function replayLog(roomId: string, entries: LogEntry[], replayed?: Match): ReplayedLog {
  let create: CreateEntry | undefined;
  let start: StartEntry | undefined;
  const seats: SeatEntry[] = [];
  const moves: (ActionEntry | UndoEntry)[] = [];
  for (const e of entries) {
    if (e.t === 'end' || e.t === 'abandon') return { kind: 'closed', how: e.t };
    if (e.t === 'create') create = e;
    // A later entry for a seat (a rated player who left for good) adds to the one written at the start.
    else if (e.t === 'seat') seats[e.seat] = seats[e.seat] ? { ...seats[e.seat], ...e } : e;
    else if (e.t === 'start') start = e;
    else if (e.t === 'action' || e.t === 'undo') moves.push(e);
  }
  if (!start) return { kind: 'lobby' };
  if (!create) throw new RestoreError(`${roomId}: log has a start but no create entry`);
  const game = start.game ?? 'isle';
  const adapter = serverGame(game);
  if (!adapter) throw new RestoreError(`${roomId}: a log of the game "${String(game)}", which this server cannot replay`);
  let play: Match;
  if (replayed) {
    // already replayed through the rules (salvageLog): not twice
    play = replayed;
  } else {
    try {
      play = new Match(adapter, start.options, start.at);
    } catch (e) {
      throw new RestoreError(`${roomId}: stored game options rejected: ${(e as Error).message}`);
    }
    moves.forEach((m, i) => {
      const refused = play.take(m);
      if (refused) throw new RestoreError(`${roomId}: stored ${m.t} ${i + 1} (${m.t === 'action' ? String((m.action as { type?: unknown }).type) : `seat ${m.seat}`}) refused: ${refused}`);
    });
  }
  for (let i = 0; i < start.options.players; i++) {
    if (!seats[i]) throw new RestoreError(`${roomId}: seat ${i} missing from the log`);
  }
  return {
    kind: 'game',
    game: {
      roomId, createOptions: create.options, code: create.code, ...(create.shareKey ? { shareKey: create.shareKey } : {}), seats, game, seedHash: start.seedHash, match: play, logLength: entries.length,
    },
  };
}

/** The actions in force in a log: each `undo` record takes back the last action before it. */
export function storedActions(entries: readonly LogEntry[]): { seat: number; action: unknown }[] {
  const out: { seat: number; action: unknown }[] = [];
  for (const e of entries) {
    if (e.t === 'action') out.push({ seat: e.seat, action: e.action });
    else if (e.t === 'undo') out.pop();
  }
  return out;
}

export interface Salvage {
  /** The valid prefix (records written twice dropped). */
  entries: LogEntry[];
  /** Its raw lines, as stored (what the log is cut back to). */
  lines: string[];
  /** Lines of the log not kept (damaged, after the damage, or duplicates). */
  dropped: number;
  /** Records skipped as written twice. */
  duplicates: number;
  /** Why the log stops being valid (null when all of it is). */
  problem: string | null;
  /** A closing record (end/abandon) lies beyond the damage: the game had finished. */
  closedLater: boolean;
  /** The game after the kept records (null before a start): restore reuses it. */
  play: Match | null;
}

const ENTRY_TYPES = new Set(['create', 'seat', 'start', 'action', 'undo', 'end', 'abandon']);

/** The longest valid prefix of a log, checked by replaying it through the rules. Pure. */
export function salvageLog(lines: readonly string[]): Salvage {
  const entries: LogEntry[] = [];
  const kept: string[] = [];
  let problem: string | null = null;
  let duplicates = 0;
  let created = false;
  let play: Match | null = null;
  let k = 0;
  for (; k < lines.length; k++) {
    const line = lines[k];
    let e: LogEntry;
    try {
      e = JSON.parse(line) as LogEntry;
    } catch {
      problem = `line ${k + 1} is not JSON`;
      break;
    }
    if (!e || typeof e !== 'object' || !ENTRY_TYPES.has((e as { t?: unknown }).t as string)) {
      problem = `line ${k + 1} is not a log entry`;
      break;
    }
    if (typeof e.i === 'number') {
      if (e.i < entries.length && line === kept[e.i]) { duplicates++; continue; }
      if (e.i !== entries.length) { problem = `line ${k + 1} is entry ${e.i}, expected ${entries.length}`; break; }
    }
    if (e.t === 'create') {
      if (created) { problem = `line ${k + 1}: a second create`; break; }
      created = true;
    } else if (!created) {
      problem = `line ${k + 1}: ${e.t} before create`;
      break;
    } else if (e.t === 'seat' || e.t === 'start') {
      // After the start only a seat's "left for good" note (rated games) may come.
      if (play && !(e.t === 'seat' && (e as { left?: unknown }).left === true)) { problem = `line ${k + 1}: ${e.t} after the start`; break; }
      if (e.t === 'start') {
        const adapter = serverGame(e.game);
        if (!adapter) { problem = `line ${k + 1}: a game this server does not host (${String(e.game)})`; break; }
        try {
          play = new Match(adapter, e.options, e.at);
        } catch (err) {
          problem = `line ${k + 1}: game options rejected (${(err as Error).message})`;
          break;
        }
      }
    } else if (e.t === 'action' || e.t === 'undo') {
      if (!play) { problem = `line ${k + 1}: an ${e.t} before the start`; break; }
      const refused = play.take(e);
      if (refused) {
        // An old log (no index) with the same action line twice in a row: a write made twice.
        if (e.t === 'action' && e.i === undefined && line === kept[kept.length - 1]) { duplicates++; continue; }
        problem = `line ${k + 1}: ${e.t === 'action' ? 'action refused by the rules' : 'undo not allowed there'} (${refused})`;
        break;
      }
    }
    entries.push(e);
    kept.push(line);
    if (isClosing(e)) { k++; break; }
  }
  const rest = lines.slice(k + (problem ? 1 : 0));
  const closedLater = problem !== null && rest.some((l) => /"t"\s*:\s*"(end|abandon)"/.test(l));
  return { entries, lines: kept, dropped: lines.length - kept.length, duplicates, problem, closedLater, play };
}

/** The public replay of a finished game (null unless the log ends with `end`). */
export function replayFromLog(roomId: string, entries: LogEntry[]): Replay | null {
  const start = entries.find((e): e is StartEntry => e.t === 'start');
  const end = entries[entries.length - 1];
  if (!start || !end || end.t !== 'end') return null;
  const actions = storedActions(entries);
  return {
    // Logs from before the second game name no game: they are Isle of Trains.
    game: start.game ?? 'isle',
    roomId,
    options: start.options,
    seedHash: start.seedHash,
    actions,
    finalScores: end.finalScores,
    startedAt: start.at,
    endedAt: end.at,
  } as Replay;
}

/** The seat whose stored token hash matches `token`, or -1. */
export function seatForToken(hashes: readonly (string | null | undefined)[], token: string): number {
  const h = hashToken(token);
  return hashes.findIndex((x) => x === h);
}

// ------------------------------------------------------------------ handing a record to the room

const restoreStash = createStash<RestoredGame>('__restore');

/** Create options that make the room restore `game` (valid once, in this process). */
export const restoreOptions = (game: RestoredGame): Record<string, string> => restoreStash.options(game);
/** For the room's onCreate: the record its options point to, if any (consumed). */
export const takeRestore = (options: unknown): RestoredGame | undefined => restoreStash.take(options);
/** Strip the restore key before validating options (the room's schema may be strict). */
export const withoutRestoreKey = (options: unknown): unknown => restoreStash.without(options);

// ------------------------------------------------------------------ at start

export interface RestoreReport {
  restored: string[];
  abandoned: string[];
  /** Damaged logs cut back to their valid prefix and restored from there. */
  salvaged: { roomId: string; kept: number; dropped: number; problem: string | null }[];
  /** Logs moved aside (not restorable). */
  quarantined: { roomId: string; reason: string }[];
  failed: { roomId: string; error: string }[];
  ms: number;
}

export interface RestoreDeps {
  store: GameStore;
  logger: Logger;
  /** Create the room for a restored game (must keep game.roomId). */
  create: (game: RestoredGame) => Promise<unknown>;
  /** A finished game's log was still filed as open (the process died right after its end): now it is owed to the archive. */
  finished?: (roomId: string) => void;
}

export function emptyReport(): RestoreReport {
  return { restored: [], abandoned: [], salvaged: [], quarantined: [], failed: [], ms: 0 };
}

/** Restore every open game of the store now (before the server says it is ready). */
export async function restoreGames(deps: RestoreDeps): Promise<RestoreReport> {
  const t0 = Date.now();
  const report = emptyReport();
  for (const roomId of await deps.store.listOpen()) await restoreGame(roomId, deps, report);
  report.ms = Date.now() - t0;
  logReport(deps.logger, report);
  return report;
}

export function logReport(logger: Logger, report: RestoreReport): void {
  logger.info({
    restored: report.restored.length, abandoned: report.abandoned.length, salvaged: report.salvaged.length,
    quarantined: report.quarantined.length, failed: report.failed.length, ms: report.ms,
  }, 'games restored');
}

/** Bring back one open game (or close, repair, or quarantine its log); the outcome goes into `report`. */
export async function restoreGame(roomId: string, deps: RestoreDeps, report: RestoreReport): Promise<void> {
  const { store, logger } = deps;
  const quarantine = async (reason: string, kept: number, total: number) => {
    await store.quarantine(roomId);
    report.quarantined.push({ roomId, reason });
    logger.error({ room: roomId, reason, validEntries: kept, lines: total }, 'game log not restorable: moved to quarantine');
  };
  try {
    const raw = await store.readLines(roomId);
    if (!raw || raw.lines.length === 0) {
      await quarantine(raw ? 'empty log' : 'log missing', 0, 0);
      return;
    }
    const sv = salvageLog(raw.lines);
    const total = raw.lines.length;
    const last = sv.entries[sv.entries.length - 1];
    if (last && isClosing(last)) {
      // Closed (finished or abandoned), not a live game: the process died between the closing write and
      // the move that files the log. File it now, so retention sees it and a finished game is archived.
      await store.fileClosed(roomId);
      if (last.t === 'end') deps.finished?.(roomId);
      return;
    }
    if (sv.closedLater) return quarantine(`finished game damaged before its end (${sv.problem})`, sv.entries.length, total);
    if (sv.entries.length === 0) return quarantine(sv.problem ?? 'no create entry', 0, total);
    const hasStart = sv.entries.some((e) => e.t === 'start');
    if (!hasStart && sv.problem) return quarantine(sv.problem, sv.entries.length, total);
    let r: ReplayedLog;
    try {
      r = replayLog(roomId, sv.entries, sv.play ?? undefined);
    } catch (e) {
      return quarantine((e as Error).message, sv.entries.length, total);
    }
    if (sv.dropped > 0 || raw.torn) {
      // Cut the log back to what is kept before anything more is appended to it.
      await store.rewrite(roomId, sv.lines);
      report.salvaged.push({ roomId, kept: sv.entries.length, dropped: sv.dropped, problem: sv.problem });
      logger.warn({
        room: roomId, keptEntries: sv.entries.length, droppedLines: sv.dropped, duplicates: sv.duplicates, tornTail: raw.torn,
        problem: sv.problem, actionsKept: sv.play?.actionCount ?? 0,
      }, 'game log repaired: restored from its valid part');
    }
    if (r.kind === 'closed') return;
    if (r.kind === 'lobby') {
      await store.append(roomId, { t: 'abandon', at: now(), reason: 'restart-in-lobby' });
      report.abandoned.push(roomId);
      return;
    }
    await deps.create(r.game);
    report.restored.push(roomId);
  } catch (e) {
    const error = (e as Error).message;
    report.failed.push({ roomId, error });
    logger.error({ room: roomId, err: error }, 'game not restored');
  }
}
