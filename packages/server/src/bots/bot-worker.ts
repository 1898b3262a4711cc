/**
 * The body of a bot worker thread (piscina): one decision per task. The task carries the seat's view as
 * plain data (structured clone), never the game state; the answer is the chosen action. Tasks of the
 * second game say so (`game: 'ttr'`).
 */
import { flushCompileCache } from '../ops/compile-cache';
import './worker-sources';
import { chooseAction, ttrChooseAction } from '@isle-of-trains/bots';
import type { Action } from '@isle-of-trains/rules';
import type { Action as TtrAction } from '@isle-of-trains/ttr-rules';
import { ttrInput, type BotTask, type TtrBotTask } from './bot-pool';
import { niceThisThread } from './thread-priority';

// The searches are the process's background work: the event loop's thread goes first when both want a core
// (BOT_WORKER_NICE, default 10; 0 leaves the priority alone).
niceThisThread(Number(process.env.BOT_WORKER_NICE ?? 10));
// The bots and both games' rules are loaded: a thread started later (or by the next process) reads them compiled.
flushCompileCache();

export default function decide(task: BotTask | TtrBotTask): Action | TtrAction {
  // Both games' bots decide with their defaults (the strong bots' 200 ms budget), as a room's seat asks.
  if (task.game === 'ttr') return ttrChooseAction(ttrInput(task), { level: task.level, seed: task.seed });
  return chooseAction(
    { view: { ...task.view, kind: 'view' }, seat: task.seat, history: task.history },
    { level: task.level, seed: task.seed },
  );
}
