/**
 * What a bot for the second game is given and what it returns. As for Isle's bots, a bot sees exactly what
 * its seat may see: the seat's view of the table (never the full state), its seat, and the public log.
 */
import type { Action, GameEvent, GameView } from '@isle-of-trains/ttr-rules';

export type TtrBotLevel = 'random' | 'greedy' | 'strong';
export const TTR_BOT_LEVELS: readonly TtrBotLevel[] = ['random', 'greedy', 'strong'];

export interface TtrBotInput {
  /** `ttrGame.view(state, seat)`: its `kind: 'view'` is what keeps a full state (kind 'state') out at compile time. */
  view: GameView;
  seat: number;
  /** The public events so far (they never hold a hidden card or ticket). */
  history: readonly GameEvent[];
}

export interface TtrBotOptions {
  /** Seed for the bot's own choices (the random bot's picks, the greedy bot's tie-breaks): the same seed and input give the same action. */
  seed?: number | string;
  /** Strong bot: wall-clock budget per decision in ms (default 200; new work stops at three quarters of it). */
  timeBudgetMs?: number;
  /** Strong bot: ticket choices get this many times the budget (default 1). */
  ticketBudgetFactor?: number;
  /** Strong bot: a fixed number of worlds per decision instead of a budget; the answer then never depends on time. */
  iterations?: number;
}

export interface TtrBot {
  readonly game: 'ttr';
  readonly level: TtrBotLevel;
  chooseAction(input: TtrBotInput): Action;
}
