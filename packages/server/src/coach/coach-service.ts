/**
 * Analyses of finished games, each computed once: the first request for a game's seat starts it in the
 * coach's workers, later ones (by anyone) read its progress or its result. Kept in memory, at most
 * COACH_CACHE of them (the oldest finished one is forgotten first; asking again computes it again, with
 * the same result, since the seed is the game's id and the seat).
 */
import type { CoachAnalysis, RecordedGame } from '@isle-of-trains/bots';
import type { Logger } from '../ops/logger';
import { CoachPool } from './coach-pool';

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
  readonly counts = { started: 0, finished: 0, failed: 0 };

  constructor(private readonly s: CoachSettings, private readonly logger: Logger) {}

  private key(gameId: string, seat: number): string {
    return `${gameId}:${seat}`;
  }

  /** The analysis of `seat` in the game, if one was asked for. */
  status(gameId: string, seat: number): CoachStatus | null {
    return this.entries.get(this.key(gameId, seat)) ?? null;
  }

  /** The analysis' status, starting it when nobody asked before (or it failed for a reason that may pass). */
  request(gameId: string, seat: number, game: RecordedGame): CoachStatus {
    const key = this.key(gameId, seat);
    const known = this.entries.get(key);
    if (known && !(known.status === 'failed' && known.code === 'ANALYSIS_FAILED')) return known;
    if (this.s.COACH_WORKERS === 0) throw new CoachRefusal('COACH_UNAVAILABLE', 'This server does not analyse games.');
    this.pool ??= new CoachPool(this.s.COACH_WORKERS, this.s.BOT_WORKER_NICE);
    if (this.pool.queued >= this.s.COACH_QUEUE) throw new CoachRefusal('COACH_BUSY', 'The coach is busy; ask again in a minute.');
    const entry: CoachStatus = { status: 'running', done: 0, total: 0 };
    this.remember(key, entry);
    this.counts.started++;
    const started = Date.now();
    // Only the public facts of the request are logged: the game, the seat, how long it took.
    this.pool.run({ game, seat, seed: `coach:${gameId}:${seat}`, maxWorlds: this.s.COACH_WORLDS }, (done, total) => {
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
    }, (e: unknown) => {
      this.counts.failed++;
      this.entries.set(key, { status: 'failed', code: 'ANALYSIS_FAILED', message: 'The analysis failed; ask again to retry.' });
      this.logger.error({ game: gameId, seat, err: (e as Error)?.message ?? String(e) }, 'game analysis failed');
    });
    return entry;
  }

  private remember(key: string, entry: CoachStatus): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size <= this.s.COACH_CACHE) return;
    for (const [k, v] of this.entries) {
      if (v.status === 'running') continue;
      this.entries.delete(k);
      if (this.entries.size <= this.s.COACH_CACHE) return;
    }
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = null;
  }
}
