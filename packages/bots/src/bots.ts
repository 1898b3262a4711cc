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

/** Share of greedy moves in a random bot's play: none through 40 turns per seat, all of them from 80 on. */
export function randomEndgamePull(view: BotInput['view']): number {
  if (view.players.length < 2) return 0;
  const perSeat = view.turn.number / view.players.length;
  return Math.max(0, Math.min(1, (perSeat - 40) / 40));
}

export function randomChoice(input: BotInput, options: BotOptions = {}): Action {
  assertBotInput(input);
  const legal = legalActions(input.view, input.seat);
  if (legal.length === 0) throw new Error(`seat ${input.seat} has no decision to make`);
  const rand = new Rand(decisionSeed(input, options.seed));
  // returnCard (solo) is always on the list; a uniform pick would mostly waste tokens on it.
  const pool = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
  // A contract or ticket delivery that is on offer is always made: those are the moves that advance the
  // progress train, and a uniform pick among them and the special deliveries (which return the goods to
  // the discard pile) left a random bot facing passive opponents playing for ever.
  const advancing = pool.filter((a) => a.type === 'deliverPrimary' || a.type === 'deliverSecondary' || a.type === 'deliverTicket');
  if (advancing.length > 0) return advancing[rand.int(advancing.length)];
  // Uniform moves seldom line up the goods a contract needs, so against opponents who never move the
  // progress train a random game need never end. Past a normal game's length the random bot plays more
  // and more of the greedy moves, which head for the end (evaluate's drive).
  if (rand.next() < randomEndgamePull(input.view)) return greedyChoice(input, options);
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
