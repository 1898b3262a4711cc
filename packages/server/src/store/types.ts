/**
 * The game store: each room's history as an append-only log, so a game survives a restart of the
 * process that holds it, and a finished game's replay survives too.
 *
 * A log is a list of entries written as they happen:
 *
 *   create  the room's create options (seats, bots, private, ...) and its join code
 *   seat    a seat was taken (or changed): name, kind, bot level, and the SHA-256 of its seat token
 *   start   the game started: the rules GameOptions (seed included) and the seed's hash
 *   action  an accepted action (seat + rules Action), in the order applied
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
}

export interface StartEntry {
  t: 'start';
  at: string;
  /** Exactly what createGame was given, seed included. */
  options: { players: number; seed: string; mode?: string; scenario?: number; names?: string[] };
  seedHash: string;
}

export interface ActionEntry {
  t: 'action';
  at: string;
  seat: number;
  action: unknown;
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

export type LogEntry = CreateEntry | SeatEntry | StartEntry | ActionEntry | EndEntry | AbandonEntry;

/** Entries that close a log: nothing is appended after them and the game is not restored. */
export function isClosing(entry: LogEntry): entry is EndEntry | AbandonEntry {
  return entry.t === 'end' || entry.t === 'abandon';
}

export interface GameStore {
  /** 'file' | 'redis' | 'memory' (also the `backend` label of the store metrics). */
  readonly backend: string;
  /**
   * Append one entry to a room's log. Returns at once; the entry is ordered after every earlier
   * append of the same room. FileStore has written it to the OS when this returns (it survives a
   * crash of the process; fsync follows within `syncIntervalMs`); RedisStore has queued it on its
   * connection. A write error is logged and counted, never thrown into the room.
   */
  append(roomId: string, entry: LogEntry): void;
  /** The room's log, or null when the store has none. A torn last line (power loss) is dropped. */
  read(roomId: string): Promise<LogEntry[] | null>;
  /** Room ids whose log is not closed (games to restore). */
  listOpen(): Promise<string[]>;
  /** Room ids of closed logs, newest first (at most `limit`). */
  listClosed(limit?: number): Promise<string[]>;
  /** Every append issued so far is durable (fsync'd / acknowledged by Redis). */
  flush(): Promise<void>;
  /** flush() then release files and connections. The store is unusable afterwards. */
  close(): Promise<void>;
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
