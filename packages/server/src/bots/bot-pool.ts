/**
 * Bot decisions off the event loop: a piscina pool of worker threads runs them (bot-worker.ts), so a strong
 * bot thinking for 200 ms no longer holds up every other room of the process. The view goes to the worker
 * as data; the room applies the answer when it comes back (and drops it if the game moved on meanwhile).
 *
 * Both games' bots run here (a task says which game; Isle's when it does not).
 *
 * A worker that crashes, or does not answer within `timeoutMs` (the task is aborted, which makes piscina
 * terminate that thread and start a fresh one), costs its seat nothing but the search: the decision falls
 * back to a greedy move computed here.
 */
import path from 'path';
import { Piscina } from 'piscina';
import { greedyChoice, ttrGreedyChoice } from '@isle-of-trains/bots';
import type { Action, PlayerView } from '@isle-of-trains/rules';
import type { Action as TtrAction, GameEvent as TtrEvent, GameView as TtrView } from '@isle-of-trains/ttr-rules';
import type { BotLevel } from './bots';
import { tsWorkerExecArgv } from '../ops/ts-workers';

/** One Isle decision (`game` left out, as before the second game came to the pool). */
export interface BotTask {
  game?: 'isle';
  level: BotLevel;
  view: PlayerView;
  seat: number;
  history: { type: string; seat: number | null; text: string }[];
  seed: number;
}

/**
 * One decision of the second game: its view and the table's log entries go to the worker as data, as
 * Isle's (the second game's bots read only the log's length, for their per-decision seed).
 */
export interface TtrBotTask {
  game: 'ttr';
  level: BotLevel;
  view: TtrView;
  seat: number;
  history: { type: string; seat: number | null; text: string }[];
  seed: number;
}

/** The second game's bot input from a task: its bots type the log as the rules' events but read only its length. */
export function ttrInput(task: TtrBotTask): { view: TtrView; seat: number; history: TtrEvent[] } {
  return { view: task.view, seat: task.seat, history: task.history as unknown as TtrEvent[] };
}

export interface BotPoolOptions {
  /** Worker threads (default: 1). */
  threads?: number;
  /** A decision that takes longer is abandoned and its worker replaced (default 2000 ms). */
  timeoutMs?: number;
  /** The worker threads' nice value (BOT_WORKER_NICE; default: the process environment's, else 10). */
  nice?: number;
  /** The worker module (tests use misbehaving ones). */
  filename?: string;
  /** Told about every fallback (crash or timeout), for logs and tests. */
  onFallback?: (why: 'timeout' | 'error', err: Error) => void;
}

/**
 * From TypeScript sources (tests, ts-node) the worker loads through the sources' require hook
 * (../ops/ts-require.cjs): piscina loads its file with import(), which knows nothing of .ts, so it is given
 * ts-worker.cjs, which requires the .ts file. Compiled JavaScript is loaded as it is.
 */
function workerFile(given?: string): { filename: string; execArgv: string[]; workerData?: { tsWorker: string } } {
  const filename = given ?? path.resolve(__dirname, `bot-worker${path.extname(__filename)}`);
  if (!filename.endsWith('.ts')) return { filename, execArgv: [] };
  return {
    filename: path.resolve(__dirname, 'ts-worker.cjs'),
    execArgv: tsWorkerExecArgv(),
    workerData: { tsWorker: filename },
  };
}

export class BotPool {
  private readonly pool: Piscina;
  private readonly timeoutMs: number;
  readonly counts = { decisions: 0, timeouts: 0, errors: 0 };

  constructor(private readonly opts: BotPoolOptions = {}) {
    const { filename, execArgv, workerData } = workerFile(opts.filename);
    const threads = Math.max(1, opts.threads ?? 1);
    this.pool = new Piscina({
      filename,
      execArgv,
      workerData,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 60_000,
      env: { ...process.env, ...(opts.nice !== undefined ? { BOT_WORKER_NICE: String(opts.nice) } : {}) },
    });
    this.timeoutMs = opts.timeoutMs ?? 2000;
  }

  /**
   * The bot's action, or a greedy move if its worker crashed or ran out of time. `timeoutMs` counts from
   * the call (a queued task's wait included), so a pool should have a thread per seat it serves at once.
   */
  async choose(task: BotTask, timeoutMs?: number): Promise<Action>;
  async choose(task: TtrBotTask, timeoutMs?: number): Promise<TtrAction>;
  async choose(task: BotTask | TtrBotTask, timeoutMs = this.timeoutMs): Promise<Action | TtrAction> {
    this.counts.decisions++;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      return (await this.pool.run(task, { signal: abort.signal })) as Action | TtrAction;
    } catch (e) {
      const why = abort.signal.aborted ? 'timeout' : 'error';
      this.counts[why === 'timeout' ? 'timeouts' : 'errors']++;
      this.opts.onFallback?.(why, e as Error);
      if (task.game === 'ttr') return ttrGreedyChoice(ttrInput(task), { seed: task.seed });
      return greedyChoice({ view: { ...task.view, kind: 'view' }, seat: task.seat, history: task.history }, { seed: task.seed });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Worker threads alive now (piscina replaces a terminated one). */
  get threads(): number {
    return this.pool.threads.length;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
