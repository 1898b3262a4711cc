/**
 * The body of a bot worker thread (piscina): one decision per task. The task carries the seat's view as
 * plain data (structured clone), never the game state; the answer is the chosen action.
 */
import './worker-sources';
import { chooseAction } from '@isle-of-trains/bots';
import type { Action } from '@isle-of-trains/rules';
import type { BotTask } from './bot-pool';

export default function decide(task: BotTask): Action {
  return chooseAction(
    { view: { ...task.view, kind: 'view' }, seat: task.seat, history: task.history },
    { level: task.level, seed: task.seed },
  );
}
