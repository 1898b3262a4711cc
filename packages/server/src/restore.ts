/**
 * Games that survive a restart: turning a stored log (src/store) back into a game.
 *
 *  - replayLog(): a log → the room's create options, seats (with token hashes), game options and the
 *    rules GameState after every stored action, replayed with the rules package. Pure.
 *  - replayFromLog(): a closed log → the public replay (GET /api/games/:id/replay).
 *  - restoreGames(): at start, every open log of this node → a room under the same id, through
 *    `create` (app.ts passes matchMaker.handleCreateRoom with the options from restoreOptions()).
 *    A log that never reached `start` (a lobby) is closed with `abandon`: lobbies are not restored.
 *  - stashRestore()/takeRestore(): the restore record goes to the room through a one-time random
 *    key in its create options, so no client can make a room "restore" data of its choosing.
 */
import { randomBytes } from 'crypto';
import { applyAction, createGame, type Action, type GameEvent, type GameOptions, type GameState } from '@isle-of-trains/rules';
import type { Logger } from './logger';
import type { Replay } from './replays';
import { hashToken, now, type CreateEntry, type GameStore, type LogEntry, type SeatEntry, type StartEntry } from './store/types';

export interface RestoredGame {
  roomId: string;
  /** The room's create options as stored (validated again by the room). */
  createOptions: Record<string, unknown>;
  code?: string;
  /** One entry per seat, by index (the last `seat` entry of each index wins). */
  seats: SeatEntry[];
  gameOptions: GameOptions;
  seedHash: string;
  startedAt: string;
  actions: { seat: number; action: Action }[];
  /** The rules state after the last stored action. */
  state: GameState;
  /** Every event of the replayed actions, in order (the room's history). */
  events: GameEvent[];
}

export type ReplayedLog =
  | { kind: 'game'; game: RestoredGame }
  | { kind: 'lobby' }
  | { kind: 'closed'; how: 'end' | 'abandon' };

export class RestoreError extends Error {}

/** Rebuild a game from its log. Throws RestoreError when the log is damaged or an action no longer applies. */
export function replayLog(roomId: string, entries: LogEntry[]): ReplayedLog {
  let create: CreateEntry | undefined;
  let start: StartEntry | undefined;
  const seats: SeatEntry[] = [];
  const actions: { seat: number; action: Action }[] = [];
  for (const e of entries) {
    if (e.t === 'end' || e.t === 'abandon') return { kind: 'closed', how: e.t };
    if (e.t === 'create') create = e;
    else if (e.t === 'seat') seats[e.seat] = e;
    else if (e.t === 'start') start = e;
    else if (e.t === 'action') actions.push({ seat: e.seat, action: e.action as Action });
  }
  if (!start) return { kind: 'lobby' };
  if (!create) throw new RestoreError(`${roomId}: log has a start but no create entry`);
  let state: GameState;
  try {
    state = createGame(start.options as GameOptions);
  } catch (e) {
    throw new RestoreError(`${roomId}: stored game options rejected: ${(e as Error).message}`);
  }
  const events: GameEvent[] = [];
  actions.forEach(({ seat, action }, i) => {
    const r = applyAction(state, seat, action);
    if (!r.ok) throw new RestoreError(`${roomId}: stored action ${i + 1} (${String((action as { type?: unknown }).type)}) refused: ${r.error.code}`);
    state = r.state;
    events.push(...r.events);
  });
  for (let i = 0; i < start.options.players; i++) {
    if (!seats[i]) throw new RestoreError(`${roomId}: seat ${i} missing from the log`);
  }
  return {
    kind: 'game',
    game: {
      roomId, createOptions: create.options, code: create.code, seats, gameOptions: start.options as GameOptions,
      seedHash: start.seedHash, startedAt: start.at, actions, state, events,
    },
  };
}

/** The public replay of a finished game (null unless the log ends with `end`). */
export function replayFromLog(roomId: string, entries: LogEntry[]): Replay | null {
  const start = entries.find((e): e is StartEntry => e.t === 'start');
  const end = entries[entries.length - 1];
  if (!start || !end || end.t !== 'end') return null;
  const actions = entries.filter((e) => e.t === 'action').map((e) => ({ seat: (e as { seat: number }).seat, action: (e as { action: Action }).action }));
  return {
    roomId,
    options: start.options as GameOptions,
    seedHash: start.seedHash,
    actions,
    finalScores: end.finalScores as Replay['finalScores'],
    startedAt: start.at,
    endedAt: end.at,
  };
}

/** The seat whose stored token hash matches `token`, or -1. */
export function seatForToken(hashes: readonly (string | null | undefined)[], token: string): number {
  const h = hashToken(token);
  return hashes.findIndex((x) => x === h);
}

// ------------------------------------------------------------------ handing a record to the room

const RESTORE_KEY = '__restore';
const stash = new Map<string, RestoredGame>();

/** Create options that make the room restore `game` (valid once, in this process). */
export function restoreOptions(game: RestoredGame): Record<string, string> {
  const key = randomBytes(24).toString('base64url');
  stash.set(key, game);
  return { [RESTORE_KEY]: key };
}

/** For the room's onCreate: the record its options point to, if any (consumed). */
export function takeRestore(options: unknown): RestoredGame | undefined {
  if (!options || typeof options !== 'object') return undefined;
  const key = (options as Record<string, unknown>)[RESTORE_KEY];
  if (typeof key !== 'string') return undefined;
  const game = stash.get(key);
  stash.delete(key);
  return game;
}

/** Strip the restore key before validating options (the room's schema may be strict). */
export function withoutRestoreKey(options: unknown): unknown {
  if (!options || typeof options !== 'object' || !(RESTORE_KEY in options)) return options;
  const { [RESTORE_KEY]: _k, ...rest } = options as Record<string, unknown>;
  return rest;
}

// ------------------------------------------------------------------ at start

export interface RestoreReport {
  restored: string[];
  abandoned: string[];
  failed: { roomId: string; error: string }[];
  ms: number;
}

export async function restoreGames(deps: {
  store: GameStore;
  logger: Logger;
  /** Create the room for a restored game (must keep game.roomId). */
  create: (game: RestoredGame) => Promise<unknown>;
}): Promise<RestoreReport> {
  const t0 = Date.now();
  const report: RestoreReport = { restored: [], abandoned: [], failed: [], ms: 0 };
  const ids = await deps.store.listOpen();
  for (const roomId of ids) {
    try {
      const entries = await deps.store.read(roomId);
      if (!entries) continue;
      const r = replayLog(roomId, entries);
      if (r.kind === 'closed') continue;
      if (r.kind === 'lobby') {
        deps.store.append(roomId, { t: 'abandon', at: now(), reason: 'restart-in-lobby' });
        report.abandoned.push(roomId);
        continue;
      }
      await deps.create(r.game);
      report.restored.push(roomId);
    } catch (e) {
      const error = (e as Error).message;
      report.failed.push({ roomId, error });
      deps.logger.error({ room: roomId, err: error }, 'game not restored');
    }
  }
  report.ms = Date.now() - t0;
  deps.logger.info({ restored: report.restored.length, abandoned: report.abandoned.length, failed: report.failed.length, ms: report.ms }, 'games restored');
  return report;
}
