/**
 * Who plays a seat that no human plays: the @isle-of-trains/bots package (random, greedy, strong),
 * behind a small BotFactory interface so tests (and later work) can swap it. `randomBot` is the
 * fallback when a bot throws or picks an illegal action. A bot only ever sees its seat's PlayerView
 * and the public event history.
 */
import { randomInt } from 'crypto';
import { createBot } from '@isle-of-trains/bots';
import { legalActions, type Action, type PlayerView } from '@isle-of-trains/rules';
import type { Action as TtrAction, GameView as TtrView } from '@isle-of-trains/ttr-rules';
import { BotPool } from './bot-pool';
import type { Config } from '../ops/config';

export type BotLevel = 'random' | 'greedy' | 'strong';
export const BOT_LEVELS: readonly BotLevel[] = ['random', 'greedy', 'strong'];

export interface BotInput {
  view: PlayerView;
  seat: number;
  history: { type: string; seat: number | null; text: string }[];
}

export interface BotPlayer {
  /** A promise when the decision runs elsewhere (a worker thread); the room then drops it if the game moved on. */
  chooseAction(input: BotInput): Action | Promise<Action>;
}

/** A second-game bot seat's decisions (ttr-rules' view, events and actions). */
export interface TtrBotPlayer {
  chooseAction(input: { view: TtrView; seat: number; history: readonly { type: string; seat: number | null; text: string }[] }): TtrAction | Promise<TtrAction>;
}

/**
 * Isle's bots at a level; `ttr`, when present, the second game's from the same source (the worker pool).
 * A factory without it (tests' scripted bots) leaves the second game's adapter to its own main-thread bots.
 */
export type BotFactory = ((level: BotLevel) => BotPlayer) & { ttr?: (level: BotLevel) => TtrBotPlayer };

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

/** How much of the public history goes to a worker with each decision (the bots read only its length). */
const HISTORY_TO_WORKER = 50;

/**
 * The bots package at `level`, each decision run in the pool's worker threads, for both games (`ttr`). The
 * view is sent as data; a crashed or hung worker is replaced by the pool and the seat gets a greedy move.
 * Given a function, the pool is made by it at the first decision.
 */
export function workerBots(poolOrMake: BotPool | (() => BotPool)): BotFactory {
  const poolOf = typeof poolOrMake === 'function' ? poolOrMake : () => poolOrMake;
  const isle = (level: BotLevel): BotPlayer => {
    const seed = randomInt(2 ** 31);
    let n = 0;
    return {
      chooseAction: ({ view, seat, history }) =>
        poolOf().choose({ level, view, seat, history: history.slice(-HISTORY_TO_WORKER), seed: (seed + n++) % 2 ** 31 }),
    };
  };
  // The second game's bots read only the history's length (in their per-decision seed, which differs per
  // decision here anyway), so it is cut as Isle's is.
  const ttr = (level: BotLevel): TtrBotPlayer => {
    const seed = randomInt(2 ** 31);
    let n = 0;
    return {
      chooseAction: ({ view, seat, history }) =>
        poolOf().choose({ game: 'ttr', level, view, seat, history: history.slice(-HISTORY_TO_WORKER), seed: (seed + n++) % 2 ** 31 }),
    };
  };
  return Object.assign(isle, { ttr });
}

let sharedPool: BotPool | null = null;

/** The shared worker pool's decision counts (for /metrics), or null when bots run on the main thread. */
export function botPoolCounts(): BotPool['counts'] | null {
  return sharedPool?.counts ?? null;
}

/**
 * BOT_WORKERS=n (n ≥ 1) runs every bot decision in a pool of n worker threads (BOT_TIMEOUT_MS is the time limit
 * per decision, BOT_WORKER_NICE the threads' priority); 0 keeps them on the main thread. The values come
 * validated from the server's settings (src/config.ts).
 */
export function defaultBotFactory(s: Pick<Config, 'BOT_WORKERS' | 'BOT_TIMEOUT_MS' | 'BOT_WORKER_NICE'>): { factory: BotFactory; source: string } {
  const threads = s.BOT_WORKERS;
  if (threads > 0) {
    // The threads start with the first bot decision, not with the server: a server whose tables have no
    // bots pays nothing for them, and a start is not slowed by threads loading the rules and bots.
    const pool = () => (sharedPool ??= new BotPool({ threads, timeoutMs: s.BOT_TIMEOUT_MS, nice: s.BOT_WORKER_NICE }));
    return { factory: workerBots(pool), source: `@isle-of-trains/bots in ${threads} worker thread(s)` };
  }
  return { factory: packageBots, source: '@isle-of-trains/bots' };
}
