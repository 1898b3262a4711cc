/**
 * Who plays a seat that no human plays: the @isle-of-trains/bots package (random, greedy, strong),
 * behind a small BotFactory interface so tests (and a later issue) can swap it. `randomBot` is the
 * fallback when a bot throws or picks an illegal action. A bot only ever sees its seat's PlayerView
 * and the public event history.
 */
import { randomInt } from 'crypto';
import { createBot } from '@isle-of-trains/bots';
import { legalActions, type Action, type PlayerView } from '@isle-of-trains/rules';

export type BotLevel = 'random' | 'greedy' | 'strong';
export const BOT_LEVELS: readonly BotLevel[] = ['random', 'greedy', 'strong'];

export interface BotInput {
  view: PlayerView;
  seat: number;
  history: { type: string; seat: number | null; text: string }[];
}

export interface BotPlayer {
  chooseAction(input: BotInput): Action;
}

export type BotFactory = (level: BotLevel) => BotPlayer;

/** Uniform over the legal actions, leaving out the solo `returnCard` while anything else is legal. */
export const randomBot: BotPlayer = {
  chooseAction({ view, seat }) {
    const legal = legalActions(view, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} has no decision to make`);
    const pool = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
    return pool[randomInt(pool.length)];
  },
};

/** The bots package at `level`, with a fresh random seed per room. */
export const packageBots: BotFactory = (level) => {
  const bot = createBot(level, { seed: randomInt(2 ** 31) });
  return { chooseAction: (input) => bot.chooseAction({ ...input, view: { ...input.view, kind: 'view' } }) };
};

export function defaultBotFactory(): { factory: BotFactory; source: string } {
  return { factory: packageBots, source: '@isle-of-trains/bots' };
}
