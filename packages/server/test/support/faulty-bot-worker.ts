/**
 * A bot worker for the pool tests: seed 1 makes its thread exit mid-decision (a crash), seed 2 makes it
 * spin forever (a hang); any other seed decides like the real worker.
 */
import decide from '../../src/bots/bot-worker';
import type { BotTask } from '../../src/bots/bot-pool';

export default function faulty(task: BotTask): unknown {
  if (task.seed === 1) process.exit(3);
  if (task.seed === 2) for (;;) { /* hang */ }
  return decide(task);
}
