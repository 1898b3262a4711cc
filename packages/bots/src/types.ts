/**
 * What a bot is given and what it returns. A bot sees exactly what its seat
 * may see: a PlayerView (never the full GameState), its seat, and the public
 * log of the game so far.
 */
import type { Action, PlayerView } from '@isle-of-trains/rules';

/** One public log line, as the rules engine's GameEvent ({type, seat, text}) — events never hold hidden information. */
export interface PublicHistoryEntry {
  type: string;
  seat: number | null;
  text: string;
}

/** A view of the table from one seat. `kind: 'view'` is what makes a GameState (kind 'state') unacceptable here. */
export type BotView = PlayerView & { kind: 'view' };

export interface BotInput {
  view: BotView;
  seat: number;
  history: PublicHistoryEntry[];
}

export interface BotOptions {
  /** Seed for the bot's own randomness; the same seed and input give the same choice. */
  seed?: number | string;
  /** Wall-clock budget per decision for the strong bot (default 200 ms). */
  timeBudgetMs?: number;
  /**
   * Strong bot only: a fixed number of search iterations (determinised worlds). With it the time budget
   * is ignored, so the same seed, input and count always give the same choice, on any machine.
   */
  iterations?: number;
  /**
   * Strong bot only: 'tree' (ISMCTS over the rest of the turn), 'common' (every candidate played on the
   * same worlds) or, in solo games, 'plan' (objective-aware lookahead on common worlds, src/solo). Default:
   * 'plan' in solo games, 'common' with three or more players, 'tree' otherwise (BENCHMARKS.md, Bots).
   */
  search?: 'tree' | 'common' | 'plan';
}

export type BotLevel = 'random' | 'greedy' | 'strong';

export interface Bot {
  readonly level: BotLevel;
  chooseAction(input: BotInput): Action;
}

export const BOT_LEVELS: readonly BotLevel[] = ['random', 'greedy', 'strong'];
