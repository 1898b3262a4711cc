/** The second game's bot levels behind one interface, and a factory per bot seat. */
import type { Action } from '@isle-of-trains/ttr-rules';
import { ttrGreedyChoice } from './greedy';
import { ttrRandomChoice } from './random';
import { ttrStrongChoice } from './strong';
import { TTR_BOT_LEVELS, type TtrBot, type TtrBotInput, type TtrBotLevel, type TtrBotOptions } from './types';

/** Choose an action for the seat that owns `input.view`, at the given level (default greedy). */
export function ttrChooseAction(input: TtrBotInput, options: TtrBotOptions & { level?: TtrBotLevel } = {}): Action {
  switch (options.level ?? 'greedy') {
    case 'random': return ttrRandomChoice(input, options);
    case 'greedy': return ttrGreedyChoice(input, options);
    case 'strong': return ttrStrongChoice(input, options);
    default: throw new Error(`unknown bot level ${String(options.level)} for the second game (${TTR_BOT_LEVELS.join(', ')})`);
  }
}

export function createTtrBot(level: TtrBotLevel = 'greedy', opts: TtrBotOptions = {}): TtrBot {
  if (!TTR_BOT_LEVELS.includes(level)) throw new Error(`unknown bot level ${String(level)} for the second game (${TTR_BOT_LEVELS.join(', ')})`);
  return { game: 'ttr', level, chooseAction: (input: TtrBotInput) => ttrChooseAction(input, { ...opts, level }) };
}
