/** The bot levels behind one interface, and a factory the server uses per bot seat. */
import { currentDecision, legalActions, type Action } from '@isle-of-trains/rules';
import { determinise } from './determinise';
import { assertBotInput } from './guard';
import { greedyOnState } from './greedy';
import { Rand, hashString } from './random';
import { strongChoose } from './strong';
import type { Bot, BotInput, BotLevel, BotOptions } from './types';

export const DEFAULT_TIME_BUDGET_MS = 200;

/** A seed for one decision: the bot's seed mixed with where the game stands, so repeated calls differ but replay identically. */
function decisionSeed(input: BotInput, seed: number | string | undefined): number {
  const v = input.view;
  const where = `${input.seat}|${v.turn.number}|${v.turn.actionsLeft}|${v.turn.queue.length}|${v.deckCount}|${v.discardCount}|${v.bagCount}|${input.history.length}`;
  return hashString(`${String(seed ?? 0)}#${where}`);
}

export function randomChoice(input: BotInput, options: BotOptions = {}): Action {
  assertBotInput(input);
  const legal = legalActions(input.view, input.seat);
  if (legal.length === 0) throw new Error(`seat ${input.seat} has no decision to make`);
  const rand = new Rand(decisionSeed(input, options.seed));
  // returnCard (solo) is always on the list; a uniform pick would mostly waste tokens on it.
  const pool = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
  return pool[rand.int(pool.length)];
}

export function greedyChoice(input: BotInput, options: BotOptions = {}): Action {
  assertBotInput(input);
  const { view, seat } = input;
  const d = currentDecision(view);
  if (!d || d.seat !== seat) throw new Error(`seat ${seat} has no decision to make`);
  const rand = new Rand(decisionSeed(input, options.seed));
  const world = determinise(view, seat, rand.uint32());
  return greedyOnState(world, seat, rand);
}

export function strongChoice(input: BotInput, options: BotOptions = {}): Action {
  assertBotInput(input);
  const { view, seat } = input;
  const d = currentDecision(view);
  if (!d || d.seat !== seat) throw new Error(`seat ${seat} has no decision to make`);
  const rand = new Rand(decisionSeed(input, options.seed));
  return strongChoose(view, seat, rand, {
    timeBudgetMs: options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS,
    iterations: options.iterations,
    search: options.search,
  });
}

/** Choose an action for the seat that owns `input.view`, at the given level (default greedy). */
export function chooseAction(input: BotInput, options: BotOptions & { level?: BotLevel } = {}): Action {
  switch (options.level ?? 'greedy') {
    case 'random': return randomChoice(input, options);
    case 'greedy': return greedyChoice(input, options);
    case 'strong': return strongChoice(input, options);
    default: throw new Error(`unknown bot level ${String(options.level)}`);
  }
}

export function createBot(level: BotLevel = 'greedy', opts: BotOptions = {}): Bot {
  if (level !== 'random' && level !== 'greedy' && level !== 'strong') throw new Error(`unknown bot level ${String(level)}`);
  return {
    level,
    chooseAction: (input: BotInput) => chooseAction(input, { ...opts, level }),
  };
}
