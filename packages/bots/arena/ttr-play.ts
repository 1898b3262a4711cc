/**
 * One game of the second game played by bots through the public interface: each deciding seat gets only its
 * view (ttrGame.view), its seat and the public events so far; its answer goes through ttrGame.apply, which
 * refuses anything illegal. Shared by the arena and the bots' tests.
 */
import { ttrGame, type Action, type GameEvent, type GameState } from '@isle-of-trains/ttr-rules';
import type { TtrBot } from '../src/ttr';

/**
 * The most actions a game can take, from the rules alone, whatever the players do:
 * - every card draw moves one card from the supply into a hand; the supply starts with the 114 cards and
 *   only gets back the cards paid for routes, one per train placed, at most 40 per player: ≤ 114 + 40·P draws;
 * - every claim places at least one train: ≤ 40·P claims;
 * - every ticket draw takes at least one ticket out of the ticket deck for good (one is always kept, the
 *   rest go back under it), and the deck never grows: ≤ 55 ticket draws, each followed by one choice;
 * - the opening choice: P actions;
 * - passes: the game ends at P passes in a row, so at most P − 1 passes follow each other action, and one
 *   run of P ends it.
 * So with N = 114 + 80·P + 110 + P non-pass actions, a game ends within N + (P − 1)·N + P = P·(N + 1) actions.
 * Games that end later than this are stuck in a bug, not in the rules.
 */
export function actionBound(players: number): number {
  const nonPass = 114 + 80 * players + 2 * 55 + players;
  return players * (nonPass + 1);
}

export interface PlayedTtrGame {
  state: GameState;
  actions: { seat: number; action: Action }[];
}

/** Plays a game to its end; throws on a refused action or when the game outlasts actionBound. */
export function playTtrGame(
  options: { players: number; seed: string },
  bots: readonly TtrBot[],
  each?: (s: GameState, seat: number, action: Action) => void,
): PlayedTtrGame {
  const bound = actionBound(options.players);
  let s = ttrGame.setup(options);
  const history: GameEvent[] = [];
  const actions: { seat: number; action: Action }[] = [];
  for (;;) {
    const deciding = ttrGame.pending(s);
    if (deciding.length === 0) break;
    if (actions.length >= bound) throw new Error(`game ${options.seed} did not end within ${bound} actions`);
    // During the opening ticket choice several seats decide at once; the first listed answers first.
    const seat = deciding[0].seat;
    const bot = bots[seat];
    const action = bot.chooseAction({ view: ttrGame.view(s, seat), seat, history });
    each?.(s, seat, action);
    const r = ttrGame.apply(s, seat, action);
    if (!r.ok) {
      throw new Error(`${bot.level} bot (seat ${seat}, game ${options.seed}, action ${actions.length}) sent ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    }
    history.push(...r.events);
    actions.push({ seat, action });
    s = r.state;
  }
  return { state: s, actions };
}
