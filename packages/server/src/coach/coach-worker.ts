/**
 * The body of a coach worker thread (piscina): one analysis per task. The task carries the finished game's
 * log (options and actions, as the replay route sends them) and the seat; progress goes back on the task's
 * port after each decision, the analysis is the task's answer.
 */
import { flushCompileCache } from '../ops/compile-cache';
import '../bots/worker-sources';
import type { MessagePort } from 'worker_threads';
import { analyseGame, type CoachAnalysis, type RecordedGame } from '@isle-of-trains/bots';
import { niceThisThread } from '../bots/thread-priority';

// Analyses are the process's background work, as the bots' searches are (BOT_WORKER_NICE, default 10).
niceThisThread(Number(process.env.BOT_WORKER_NICE ?? 10));
// Loaded: the next coach thread reads these modules compiled.
flushCompileCache();

export interface CoachTask {
  game: RecordedGame;
  seat: number;
  seed: string;
  maxWorlds: number;
  /** Receives { done, total } after each of the seat's decisions. */
  port: MessagePort;
}

/** The analysis, or `{ error: code }` for a log the coach cannot read (a CoachError): that is no crash. */
export default function analyse(task: CoachTask): CoachAnalysis | { error: string; message: string } {
  try {
    return analyseGame(task.game, task.seat, {
      seed: task.seed,
      maxWorlds: task.maxWorlds,
      onProgress: (done, total) => task.port.postMessage({ done, total }),
    });
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if ((e as Error).name === 'CoachError' && typeof code === 'string') return { error: code, message: (e as Error).message };
    throw e;
  } finally {
    task.port.close();
  }
}
