/**
 * The game store: each room's history as an append-only log, so a game survives a restart of the
 * process that holds it, and a finished game's replay survives too.
 *
 * A log is a list of entries written as they happen:
 *
 *   create  the room's create options (seats, bots, private, ...) and its join code
 *   seat    a seat was taken (or changed): name, kind, bot level, and the SHA-256 of its seat token
 *   start   the game started: the rules GameOptions (seed included) and the seed's hash
 *   action  an accepted action (seat + rules Action), in the order applied; `by` says when a bot or the
 *           turn timer decided it rather than the seat's player
 *   undo    the seat took its last stored action back (src/game/undo.ts): replay drops that action again
 *   end     the game ended (final scores): the log is closed and kept for the replay
 *   abandon the room went away without a finished game (everyone left): closed, not restored
 *
 * Seat tokens themselves are never stored, only their hashes: a client proves its seat by sending
 * the token it received in its `seat` message, and the restored room compares hashes.
 *
 * Two implementations: FileStore (the default; one JSON-lines file per room in the data directory,
 * no service needed) and RedisStore (when REDIS_URL is set; one list per room). MemoryStore is for tests.
 */
import { createHash } from 'crypto';

export interface CreateEntry {
  t: 'create';
  at: string;
  /** The room's validated create options (JSON). */
  options: Record<string, unknown>;
  /** Short join code, when the room has one. */
  code?: string;
  /** A private room's share key (src/players/private-games.ts): given to its seated players, it opens the replay. */
  shareKey?: string;
}

export interface SeatEntry {
  t: 'seat';
  at: string;
  seat: number;
  name: string;
  kind: 'human' | 'bot' | 'empty';
  /** SHA-256 hex of the seat token (humans). */
  tokenHash?: string;
  botLevel?: string;
  isCreator?: boolean;
  /** The player's identity in the players' database, when they joined with one. */
  playerId?: string;
  /** That identity has an account (only accounts play rated games). */
  account?: boolean;
  /** The seat's player left a rated game for good (the reconnection window passed). */
  left?: boolean;
}

export interface StartEntry {
  t: 'start';
  at: string;
  /** Which game's rules replay this log; logs from before the second game have none and are Isle of Trains. */
  game?: 'isle' | 'ttr';
  /**
   * The rules version the game was played under (the rules package's RULES_VERSION). A rules change that
   * would replay stored logs differently changes it; the stored-game fixtures (test/stored-games.test.ts)
   * are what catch such a change. Logs from before it was recorded have none.
   */
  rulesVersion?: string;
  /** Exactly what createGame was given, seed included. */
  options: { players: number; seed: string; mode?: string; scenario?: number; names?: string[] };
  seedHash: string;
}

export interface ActionEntry {
  t: 'action';
  at: string;
  seat: number;
  action: unknown;
  /** A bot ('bot') or the turn timer ('timeout') decided it; absent = the seat's player did. */
  by?: 'bot' | 'timeout';
}

/** The seat took back its last action still in force (allowed only as src/game/undo.ts allows it). */
export interface UndoEntry {
  t: 'undo';
  at: string;
  seat: number;
}

export interface EndEntry {
  t: 'end';
  at: string;
  finalScores?: unknown;
}

export interface AbandonEntry {
  t: 'abandon';
  at: string;
  reason?: string;
}

export type LogEntry = (CreateEntry | SeatEntry | StartEntry | ActionEntry | UndoEntry | EndEntry | AbandonEntry) & {
  /**
   * Position of the entry in its log (0 = create), stamped by the room's journal (src/persistence/store/journal.ts).
   * A record written twice (a write retried after a lost reply) or a gap is recognised by it on restore.
   * Logs written before it existed have none.
   */
  i?: number;
};

/** Entries that close a log: nothing is appended after them and the game is not restored. */
export function isClosing(entry: LogEntry): entry is EndEntry | AbandonEntry {
  return entry.t === 'end' || entry.t === 'abandon';
}

export interface GameStore {
  /** 'file' | 'redis' | 'memory' (also the `backend` label of the store metrics). */
  readonly backend: string;
  /**
   * Append one entry to a room's log, ordered after every earlier append of the same room.
   *
   * A write that fails at once THROWS (FileStore: write(2) failed, e.g. disk full or read-only; the
   * file is cut back to where it was, so no partial line stays behind). FileStore and MemoryStore
   * return nothing: the entry is written (FileStore: in the operating system, so it survives a crash
   * of the process; fdatasync follows within `syncIntervalMs`). RedisStore returns a promise that
   * resolves once Redis has the entry and rejects if it could not be stored.
   *
   * `index` is the entry's position in the log when the caller knows it (the room's journal does):
   * RedisStore then writes only if the log has exactly `index` entries, and treats an identical entry
   * already at `index` as written (a command resent after a lost reply is not stored twice).
   */
  append(roomId: string, entry: LogEntry, index?: number): void | Promise<void>;
  /** The room's log, or null when the store has none. A torn last line (power loss) is dropped. */
  read(roomId: string): Promise<LogEntry[] | null>;
  /** The raw lines of a room's log for salvage on restore (see src/persistence/restore.ts); `torn` = the last line was cut mid-write and is left out. */
  readLines(roomId: string): Promise<{ lines: string[]; torn: boolean } | null>;
  /** Replace an open log with `lines` (its valid part, on restore: a torn tail or a damaged rest is cut before new appends). */
  rewrite(roomId: string, lines: readonly string[]): Promise<void>;
  /** Move a log that cannot be restored out of the open games (file: games/quarantine/; Redis: <prefix>quarantine:<id>). */
  quarantine(roomId: string): Promise<void>;
  /** Resolves when a write can succeed again (used to recover after a failed write), rejects while it cannot. */
  probe(): Promise<void>;
  /** Delete finished games closed more than `olderThanMs` ago (retention); returns how many went. */
  sweepClosed(olderThanMs: number): Promise<number>;
  /** Room ids whose log is not closed (games to restore). */
  listOpen(): Promise<string[]>;
  /** Room ids of closed logs, newest first (at most `limit`). */
  listClosed(limit?: number): Promise<string[]>;
  /**
   * The outbox of finished games. A store made with `owesArchive` files a log closed by `end` as owed to
   * the players' archive, in the same write that closes it, and keeps it (retention never sweeps it) until
   * settleOwed() says the archive holds it. listOwed() names every such game, whichever process ended it.
   */
  listOwed(): Promise<string[]>;
  /** The archive holds this game: it leaves the outbox and becomes an ordinary closed log (kept for replays as retention says). */
  settleOwed(roomId: string): Promise<void>;
  /**
   * A log whose closing entry was written while it was still filed as open (the process died between the
   * closing write and the move that follows it): file it where a closed log belongs now. Nothing for stores
   * whose closing write moves the log in the same step.
   */
  fileClosed(roomId: string): Promise<void>;
  /** Every append issued so far is durable (fsync'd / acknowledged by Redis). */
  flush(): Promise<void>;
  /** flush() then release files and connections. The store is unusable afterwards. */
  close(): Promise<void>;
}

/** A write the store could not make (the room's journal turns it into STORE_UNAVAILABLE). */
export class StoreWriteError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
    this.name = 'StoreWriteError';
  }
}

/** Observes store writes (metrics). */
export interface StoreObserver {
  write(backend: string, seconds: number, ok: boolean): void;
}

/** Room ids become file names and Redis keys: keep them to a safe alphabet. */
export const ROOM_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function checkRoomId(roomId: string): void {
  if (!ROOM_ID_RE.test(roomId)) throw new Error(`invalid room id for the store: ${JSON.stringify(roomId).slice(0, 80)}`);
}

/** What the store keeps of a seat token: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Split a JSON-lines text: complete lines, and whether the text ends in a line cut mid-write (no newline). */
export function splitLines(text: string): { lines: string[]; torn: boolean } {
  const lines = text.split('\n');
  const last = lines.pop() ?? '';
  return { lines: lines.filter((l) => l.trim() !== ''), torn: last.trim() !== '' };
}

/** Parse JSON lines; a bad line at the very end (torn write) is dropped, a bad line elsewhere throws. */
export function parseLines(text: string, where: string): LogEntry[] {
  const lines = text.split('\n');
  const out: LogEntry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    try {
      out.push(JSON.parse(line) as LogEntry);
    } catch (e) {
      const rest = lines.slice(i + 1).some((l) => l.trim() !== '');
      if (!rest) break;
      throw new Error(`${where}: line ${i + 1} is not JSON (${(e as Error).message})`);
    }
  }
  return out;
}

export const now = (): string => new Date().toISOString();
