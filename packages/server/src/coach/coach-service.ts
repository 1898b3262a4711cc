/**
 * Analyses of finished games, each computed once: the first request for a game's seat starts it in the
 * coach's workers, later ones (by anyone) read its progress or its result. A finished analysis is stored
 * with the game in the players' database (src/coach/coach-store.ts) and read from there before anything is
 * computed, so a restart or another instance serves it as it is. In memory, at most COACH_CACHE of them are
 * kept (the oldest finished one is forgotten first; the database still has it).
 *
 * The database is a help, never a condition: when it cannot be read the analysis is computed, when it
 * cannot be written the analysis is served from memory all the same and the write is tried again at the
 * next request for it; each failure is logged and counted (isle_coach_store_reads_total{result="error"},
 * isle_coach_store_writes_total{result="error"}).
 */
import type { CoachAnalysis, RecordedGame } from '@isle-of-trains/bots';
import type { Logger } from '../ops/logger';
import { OPEN_WAIT_MS, type PlayersService } from '../players/service';
import { CoachPool } from './coach-pool';
import { coachSeed, coachVersion, type StoredRead } from './coach-store';

/** What the analysis route answers (docs/PROTOCOL.md, "Post-game analysis"). */
export type CoachStatus =
  | { status: 'running'; done: number; total: number }
  | { status: 'done'; analysis: CoachAnalysis }
  | { status: 'failed'; code: string; message: string };

export interface CoachSettings {
  COACH_WORKERS: number;
  COACH_WORLDS: number;
  COACH_CACHE: number;
  COACH_QUEUE: number;
  BOT_WORKER_NICE: number;
}

/** A request the coach turns down before starting anything. */
export class CoachRefusal extends Error {
  constructor(readonly code: 'COACH_UNAVAILABLE' | 'COACH_BUSY', message: string) {
    super(message);
  }
}

export class CoachService {
  private pool: CoachPool | null = null;
  private readonly entries = new Map<string, CoachStatus>();
  /** Finished analyses in `entries` that the database does not have yet (a write failed), and those being written. */
  private readonly unsaved = new Set<string>();
  private readonly saving = new Set<string>();
  /** Reads of the database under way, so that requests arriving together read once. */
  private readonly reading = new Map<string, Promise<CoachStatus | null>>();
  private readonly version: string;
  /** Analyses run in this process's workers, and what the database answered. */
  readonly counts = { started: 0, finished: 0, failed: 0 };
  readonly storeCounts = { hit: 0, miss: 0, stale: 0, corrupt: 0, readError: 0, written: 0, writeError: 0 };

  constructor(private readonly s: CoachSettings, private readonly logger: Logger, private readonly players: PlayersService | null = null) {
    this.version = coachVersion(s.COACH_WORLDS);
  }

  private key(gameId: string, seat: number): string {
    return `${gameId}:${seat}`;
  }

  /** The analysis of `seat` in the game, if one was asked for here or is stored. */
  async status(gameId: string, seat: number): Promise<CoachStatus | null> {
    const key = this.key(gameId, seat);
    const known = this.entries.get(key);
    if (known) {
      this.retrySave(gameId, seat);
      return known;
    }
    return this.fromStore(gameId, seat);
  }

  /** The analysis' status, starting it when nobody asked before (or it failed for a reason that may pass). */
  async request(gameId: string, seat: number, game: RecordedGame): Promise<CoachStatus> {
    const key = this.key(gameId, seat);
    const usable = (): CoachStatus | undefined => {
      const known = this.entries.get(key);
      return known && !(known.status === 'failed' && known.code === 'ANALYSIS_FAILED') ? known : undefined;
    };
    const known = usable();
    if (known) {
      this.retrySave(gameId, seat);
      return known;
    }
    const stored = await this.fromStore(gameId, seat);
    if (stored) return stored;
    // Another request may have started it while the database was read.
    return usable() ?? this.start(gameId, seat, game);
  }

  private start(gameId: string, seat: number, game: RecordedGame): CoachStatus {
    const key = this.key(gameId, seat);
    if (this.s.COACH_WORKERS === 0) throw new CoachRefusal('COACH_UNAVAILABLE', 'This server does not analyse games.');
    this.pool ??= new CoachPool(this.s.COACH_WORKERS, this.s.BOT_WORKER_NICE);
    if (this.pool.queued >= this.s.COACH_QUEUE) throw new CoachRefusal('COACH_BUSY', 'The coach is busy; ask again in a minute.');
    const entry: CoachStatus = { status: 'running', done: 0, total: 0 };
    this.remember(key, entry);
    this.counts.started++;
    const started = Date.now();
    // Only the public facts of the request are logged: the game, the seat, how long it took.
    this.pool.run({ game, seat, seed: coachSeed(gameId, seat), maxWorlds: this.s.COACH_WORLDS }, (done, total) => {
      if (this.entries.get(key) === entry) { entry.done = done; entry.total = total; }
    }).then((out) => {
      if ('error' in out) {
        this.counts.failed++;
        this.entries.set(key, { status: 'failed', code: out.error === 'BAD_SEAT' ? 'BAD_SEAT' : 'NO_ANALYSIS', message: out.message });
        return;
      }
      this.counts.finished++;
      this.entries.set(key, { status: 'done', analysis: out });
      this.logger.info({ game: gameId, seat, ms: Date.now() - started, marks: out.marks.length }, 'game analysed');
      if (this.players) {
        this.unsaved.add(key);
        this.retrySave(gameId, seat);
      }
    }, (e: unknown) => {
      this.counts.failed++;
      this.entries.set(key, { status: 'failed', code: 'ANALYSIS_FAILED', message: 'The analysis failed; ask again to retry.' });
      this.logger.error({ game: gameId, seat, err: (e as Error)?.message ?? String(e) }, 'game analysis failed');
    });
    return entry;
  }

  /** The stored analysis (then kept in memory too), or null when the database has none to serve or cannot be read. */
  private fromStore(gameId: string, seat: number): Promise<CoachStatus | null> {
    const players = this.players;
    if (!players) return Promise.resolve(null);
    const key = this.key(gameId, seat);
    const under = this.reading.get(key);
    if (under) return under;
    const read = players.get(OPEN_WAIT_MS).then((p) => p.analyses.read(gameId, seat, this.version)).then((r: StoredRead) => {
      if (r.kind === 'hit') {
        this.storeCounts.hit++;
        const done: CoachStatus = { status: 'done', analysis: r.analysis };
        // A request that started computing meanwhile keeps its entry; the stored one is the same analysis.
        if (!this.entries.has(key)) this.remember(key, done);
        return this.entries.get(key) ?? done;
      }
      this.storeCounts[r.kind]++;
      if (r.kind !== 'miss') this.logger.warn({ game: gameId, seat, row: r.kind, version: this.version }, 'stored analysis not served: computed again');
      return null;
    }, (e: unknown) => {
      this.storeCounts.readError++;
      this.logger.warn({ game: gameId, seat, err: (e as Error)?.message ?? String(e) }, 'stored analyses cannot be read: computing instead');
      return null;
    }).finally(() => this.reading.delete(key));
    this.reading.set(key, read);
    return read;
  }

  /** Write a finished analysis the database does not have yet (none under way for it). */
  private retrySave(gameId: string, seat: number): void {
    const key = this.key(gameId, seat);
    const entry = this.entries.get(key);
    if (!this.players || !this.unsaved.has(key) || this.saving.has(key) || entry?.status !== 'done') return;
    this.saving.add(key);
    this.players.get(OPEN_WAIT_MS).then((p) => p.analyses.write(gameId, seat, this.version, entry.analysis)).then(() => {
      this.storeCounts.written++;
      this.unsaved.delete(key);
    }, (e: unknown) => {
      this.storeCounts.writeError++;
      this.logger.error({ game: gameId, seat, err: (e as Error)?.message ?? String(e) }, 'analysis not stored: served from memory, stored at its next request');
    }).finally(() => this.saving.delete(key));
  }

  private remember(key: string, entry: CoachStatus): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size <= this.s.COACH_CACHE) return;
    for (const [k, v] of this.entries) {
      if (v.status === 'running') continue;
      this.entries.delete(k);
      this.unsaved.delete(k);
      if (this.entries.size <= this.s.COACH_CACHE) return;
    }
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = null;
  }
}
