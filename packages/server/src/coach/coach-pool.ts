/**
 * The coach's worker threads (piscina), apart from the bots' pool: an analysis takes seconds, and a bot
 * decision queued behind one would run out of its time limit. Loaded from TypeScript sources the worker goes
 * through ts-worker.cjs, as the bots' does (src/bots/bot-pool.ts).
 */
import path from 'path';
import { MessageChannel } from 'worker_threads';
import { Piscina } from 'piscina';
import type { CoachAnalysis, RecordedGame } from '@isle-of-trains/bots';
import { tsWorkerExecArgv } from '../ops/ts-workers';

export interface CoachJob {
  game: RecordedGame;
  seat: number;
  seed: string;
  maxWorlds: number;
}

export type CoachOutcome = CoachAnalysis | { error: string; message: string };

export class CoachPool {
  private readonly pool: Piscina;

  constructor(threads: number, nice: number) {
    const file = path.resolve(__dirname, `coach-worker${path.extname(__filename)}`);
    const fromTs = file.endsWith('.ts');
    this.pool = new Piscina({
      filename: fromTs ? path.resolve(__dirname, '../bots/ts-worker.cjs') : file,
      execArgv: fromTs ? tsWorkerExecArgv() : [],
      workerData: fromTs ? { tsWorker: file } : undefined,
      minThreads: 0,
      maxThreads: Math.max(1, threads),
      idleTimeout: 60_000,
      env: {
        ...process.env,
        BOT_WORKER_NICE: String(nice),
      },
    });
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.pool.queueSize;
  }

  /** Run one analysis; `progress` hears after each decision of the seat. */
  async run(job: CoachJob, progress: (done: number, total: number) => void): Promise<CoachOutcome> {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (m: { done: number; total: number }) => progress(m.done, m.total));
    try {
      return (await this.pool.run({ ...job, port: port2 }, { transferList: [port2] })) as CoachOutcome;
    } finally {
      port1.close();
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
