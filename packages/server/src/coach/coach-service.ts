/**
 * Analyses of finished games, each computed once: the first request for a game's seat starts it in the
 * coach's workers, later ones (by anyone) read its progress or its result. A finished analysis is stored
 * with the game in the players' database (src/coach/coach-store.ts) and read from there before anything is
 * computed, so a restart or another instance serves it as it is. In memory, at most COACH_CACHE of them are
 * kept (the oldest finished one is forgotten first; the database still has it).
 *
 * A started analysis is recorded in the database as running, with its progress written every
 * COACH_PROGRESS_MS: another server of the same database answers with that progress instead of starting a
 * second run, and a run whose progress went unwritten for COACH_RUN_TIMEOUT_MS (its server died) is taken
 * over by the next request for it, GET or POST.
 *
 * The database is a help, never a condition: when it cannot be read the analysis is computed, when it
 * cannot be written the analysis is served from memory all the same and the write is tried again at the
 * next request for it; each failure is logged and counted (isle_coach_store_reads_total{result="error"},
 * isle_coach_store_writes_total{result="error"}).
 */
import { randomUUID } from 'crypto';
import type { CoachAnalysis, RecordedGame } from '@isle-of-trains/bots';
import type { Logger } from '../ops/logger';
import { OPEN_WAIT_MS } from '../players/service';
import { CoachPool, type CoachJob, type CoachOutcome } from './coach-pool';
import { coachSeed, coachVersion, type CoachStore } from './coach-store';

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
  COACH_PROGRESS_MS: number;
  COACH_RUN_TIMEOUT_MS: number;
  BOT_WORKER_NICE: number;
}

/** Where the stored analyses are: the players' service (its `get`), or a stand-in. */
export interface CoachStoreSource {
  get(waitMs?: number): Promise<{ analyses: CoachStore }>;
}

/** What computes analyses: the coach's worker pool (coach-pool.ts), or a stand-in. */
export interface CoachRunner {
  /** Tasks waiting for a thread. */
  readonly queued: number;
  run(job: CoachJob, progress: (done: number, total: number) => void): Promise<CoachOutcome>;
  close(): Promise<void>;
}

/** A request the coach turns down before starting anything. */
export class CoachRefusal extends Error {
  constructor(readonly code: 'COACH_UNAVAILABLE' | 'COACH_BUSY', message: string) {
    super(message);
  }
}

/** What the database says of an analysis not in memory. */
type Found =
  /** Stored (done), or running on a live server (its progress). */
  | { kind: 'status'; status: CoachStatus }
  /** Recorded as running, but its server stopped writing its progress: to be taken over. */
  | { kind: 'stale' }
  /** Nothing usable, or the database could not be read. */
  | { kind: 'none' };

/** A run of this process recorded in the database, for its progress writes and its release at shutdown. */
interface Recorded {
  gameId: string;
  seat: number;
  store: CoachStore;
  timer: NodeJS.Timeout;
}

export class CoachService {
  private pool: CoachRunner | null;
  private readonly entries = new Map<string, CoachStatus>();
  /** Finished analyses in `entries` that the database does not have yet (a write failed), and those being written. */
  private readonly unsaved = new Set<string>();
  private readonly saving = new Set<string>();
  /** Reads of the database under way, so that requests arriving together read once. */
  private readonly reading = new Map<string, Promise<Found>>();
  /** Starts under way (the claim in the database comes first), so that requests arriving together start once. */
  private readonly starting = new Map<string, Promise<CoachStatus>>();
  /** This process's runs recorded in the database. */
  private readonly recorded = new Map<string, Recorded>();
  private readonly version: string;
  /** Names this process's runs in the database. */
  readonly owner = randomUUID();
  /** Analyses run in this process's workers (takenOver: of them, runs another server had left), and what the database answered. */
  readonly counts = { started: 0, finished: 0, failed: 0, takenOver: 0 };
  readonly storeCounts = { hit: 0, miss: 0, stale: 0, corrupt: 0, running: 0, readError: 0, written: 0, writeError: 0 };

  constructor(
    private readonly s: CoachSettings, private readonly logger: Logger, private readonly players: CoachStoreSource | null = null,
    runner: CoachRunner | null = null,
  ) {
    this.version = coachVersion(s.COACH_WORLDS);
    this.pool = runner;
  }

  private key(gameId: string, seat: number): string {
    return `${gameId}:${seat}`;
  }

  /**
   * The analysis of `seat` in the game, if one was asked for here or is stored or running elsewhere. A run
   * whose server died is taken over (with `game`), as the request that started it is still waiting for it.
   */
  async status(gameId: string, seat: number, game?: RecordedGame): Promise<CoachStatus | null> {
    const key = this.key(gameId, seat);
    const known = this.entries.get(key);
    if (known) {
      this.retrySave(gameId, seat);
      return known;
    }
    const found = await this.lookup(gameId, seat);
    if (found.kind === 'status') return found.status;
    const now = this.entries.get(key);
    if (now) return now;
    return found.kind === 'stale' && game ? this.begin(gameId, seat, game) : null;
  }

  /** The analysis' status, starting it when nobody asked before (or it failed for a reason that may pass). */
  async request(gameId: string, seat: number, game: RecordedGame): Promise<CoachStatus> {
    const known = this.usable(gameId, seat);
    if (known) {
      this.retrySave(gameId, seat);
      return known;
    }
    const found = await this.lookup(gameId, seat);
    if (found.kind === 'status') return found.status;
    // Another request may have started it while the database was read.
    return this.usable(gameId, seat) ?? this.begin(gameId, seat, game);
  }

  /** What memory has of the analysis, unless it is a failure that may pass (then it is started again). */
  private usable(gameId: string, seat: number): CoachStatus | undefined {
    const known = this.entries.get(this.key(gameId, seat));
    return known && !(known.status === 'failed' && known.code === 'ANALYSIS_FAILED') ? known : undefined;
  }

  /** Start the analysis here, once however many requests ask together. */
  private begin(gameId: string, seat: number, game: RecordedGame): Promise<CoachStatus> {
    const key = this.key(gameId, seat);
    const under = this.starting.get(key);
    if (under) return under;
    const started = this.claimThenStart(gameId, seat, game).finally(() => this.starting.delete(key));
    this.starting.set(key, started);
    return started;
  }

  /** Turn the request down when the coach is off or its queue is full. */
  private runner(): CoachRunner {
    if (this.s.COACH_WORKERS === 0) throw new CoachRefusal('COACH_UNAVAILABLE', 'This server does not analyse games.');
    this.pool ??= new CoachPool(this.s.COACH_WORKERS, this.s.BOT_WORKER_NICE);
    if (this.pool.queued >= this.s.COACH_QUEUE) throw new CoachRefusal('COACH_BUSY', 'The coach is busy; ask again in a minute.');
    return this.pool;
  }

  /**
   * Record the run in the database, then start it. When another server's live run holds the record, its
   * progress is the answer and nothing starts here. When the database cannot record it, it is computed all
   * the same.
   */
  private async claimThenStart(gameId: string, seat: number, game: RecordedGame): Promise<CoachStatus> {
    const pool = this.runner();
    let store: CoachStore | null = null;
    let tookOver = false;
    if (this.players) {
      try {
        store = (await this.players.get(OPEN_WAIT_MS)).analyses;
        for (let tries = 0; ; tries++) {
          const claimed = await store.claimRun(gameId, seat, this.version, this.owner, this.s.COACH_RUN_TIMEOUT_MS);
          tookOver = claimed === 'takenOver';
          if (claimed) break;
          const found = await this.lookup(gameId, seat);
          if (found.kind === 'status') return found.status;
          // The other run ended (or went stale) between the claim and the read: claim again, a few times.
          if (tries >= 2) { store = null; break; }
        }
      } catch (e) {
        store = null;
        this.logger.warn({ game: gameId, seat, err: (e as Error)?.message ?? String(e) }, 'analysis run not recorded in the database: computing it here');
      }
    }
    const known = this.usable(gameId, seat);
    if (known) {
      // Served from memory after all (read from the database meanwhile): the claim is not needed.
      void this.release(gameId, seat, store);
      return known;
    }
    if (tookOver) {
      this.counts.takenOver++;
      this.logger.warn({ game: gameId, seat }, 'analysis run not updated for COACH_RUN_TIMEOUT_MS (its server stopped): taken over');
    }
    return this.start(gameId, seat, game, pool, store);
  }

  private start(gameId: string, seat: number, game: RecordedGame, pool: CoachRunner, store: CoachStore | null): CoachStatus {
    const key = this.key(gameId, seat);
    const entry: CoachStatus = { status: 'running', done: 0, total: 0 };
    this.remember(key, entry);
    this.counts.started++;
    const started = Date.now();
    if (store) this.record(gameId, seat, store, entry);
    // Only the public facts of the request are logged: the game, the seat, how long it took.
    pool.run({ game, seat, seed: coachSeed(gameId, seat), maxWorlds: this.s.COACH_WORLDS }, (done, total) => {
      if (this.entries.get(key) === entry) { entry.done = done; entry.total = total; }
    }).then((out) => {
      this.unrecord(key);
      if ('error' in out) {
        this.counts.failed++;
        this.entries.set(key, { status: 'failed', code: out.error === 'BAD_SEAT' ? 'BAD_SEAT' : 'NO_ANALYSIS', message: out.message });
        this.release(gameId, seat, store);
        return;
      }
      this.counts.finished++;
      this.entries.set(key, { status: 'done', analysis: out });
      this.logger.info({ game: gameId, seat, ms: Date.now() - started, marks: out.marks.length }, 'game analysed');
      if (this.players) {
        // Storing the analysis drops its run row too.
        this.unsaved.add(key);
        this.retrySave(gameId, seat);
      }
    }, (e: unknown) => {
      this.unrecord(key);
      this.counts.failed++;
      this.entries.set(key, { status: 'failed', code: 'ANALYSIS_FAILED', message: 'The analysis failed; ask again to retry.' });
      this.logger.error({ game: gameId, seat, err: (e as Error)?.message ?? String(e) }, 'game analysis failed');
      this.release(gameId, seat, store);
    });
    return entry;
  }

  /**
   * Write the run's progress every COACH_PROGRESS_MS (not at every decision: one row write per interval
   * whatever the pace), which also tells other servers it is alive. A run whose row another server took
   * over (this one was taken for dead) stops writing and goes on: both compute the same analysis.
   */
  private record(gameId: string, seat: number, store: CoachStore, entry: { done: number; total: number }): void {
    const key = this.key(gameId, seat);
    let writing = false;
    let warned = false;
    const timer = setInterval(() => {
      if (writing) return;
      writing = true;
      store.updateRun(gameId, seat, this.version, this.owner, entry.done, entry.total).then((ours) => {
        if (ours || this.recorded.get(key)?.timer !== timer) return;
        this.unrecord(key);
        this.logger.warn({ game: gameId, seat }, 'analysis run taken over by another server: computing it here too');
      }, (e: unknown) => {
        if (warned) return;
        warned = true;
        this.logger.warn({ game: gameId, seat, err: (e as Error)?.message ?? String(e) }, 'analysis progress not written to the database');
      }).finally(() => { writing = false; });
    }, this.s.COACH_PROGRESS_MS);
    timer.unref();
    this.recorded.set(key, { gameId, seat, store, timer });
  }

  private unrecord(key: string): void {
    const r = this.recorded.get(key);
    if (!r) return;
    clearInterval(r.timer);
    this.recorded.delete(key);
  }

  /** Drop this process's run row, so that the next request starts the analysis without waiting for the timeout. */
  private release(gameId: string, seat: number, store: CoachStore | null): Promise<void> {
    if (!store) return Promise.resolve();
    return store.endRun(gameId, seat, this.version, this.owner).catch((e: unknown) => {
      this.logger.warn({ game: gameId, seat, err: (e as Error)?.message ?? String(e) }, 'analysis run row not dropped: taken over after COACH_RUN_TIMEOUT_MS');
    });
  }

  /**
   * What the database has of an analysis not in memory: the stored analysis (then kept in memory too), a
   * live run's progress, or a dead run to take over.
   */
  private lookup(gameId: string, seat: number): Promise<Found> {
    const players = this.players;
    if (!players) return Promise.resolve({ kind: 'none' });
    const key = this.key(gameId, seat);
    const under = this.reading.get(key);
    if (under) return under;
    const served = (analysis: CoachAnalysis): Found => {
      this.storeCounts.hit++;
      const done: CoachStatus = { status: 'done', analysis };
      // A request that started computing meanwhile keeps its entry; the stored one is the same analysis.
      if (!this.entries.has(key)) this.remember(key, done);
      return { kind: 'status', status: this.entries.get(key) ?? done };
    };
    const read = players.get(OPEN_WAIT_MS).then(async ({ analyses }): Promise<Found> => {
      let r = await analyses.read(gameId, seat, this.version);
      if (r.kind === 'hit') return served(r.analysis);
      const run = await analyses.readRun(gameId, seat, this.version, this.s.COACH_RUN_TIMEOUT_MS);
      if (run && !run.stale) {
        this.storeCounts.running++;
        return { kind: 'status', status: { status: 'running', done: run.done, total: run.total } };
      }
      if (!run) {
        // The run row is dropped in the transaction that stores the analysis, so a read between our two
        // reads finds neither: without the run row, the analysis table is read once more, which then has it.
        r = await analyses.read(gameId, seat, this.version);
        if (r.kind === 'hit') return served(r.analysis);
      }
      this.storeCounts[r.kind]++;
      if (r.kind !== 'miss') this.logger.warn({ game: gameId, seat, row: r.kind, version: this.version }, 'stored analysis not served: computed again');
      return run ? { kind: 'stale' } : { kind: 'none' };
    }).catch((e: unknown): Found => {
      this.storeCounts.readError++;
      this.logger.warn({ game: gameId, seat, err: (e as Error)?.message ?? String(e) }, 'stored analyses cannot be read: computing instead');
      return { kind: 'none' };
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

  /** Stop: this process's runs leave the database (another server takes them at their next request), then the workers stop. */
  async close(): Promise<void> {
    const runs = [...this.recorded.entries()];
    for (const [key] of runs) this.unrecord(key);
    await Promise.all(runs.map(([, r]) => this.release(r.gameId, r.seat, r.store)));
    await this.pool?.close();
    this.pool = null;
  }
}
