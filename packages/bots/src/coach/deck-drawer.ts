/**
 * A game recorded without bots, for the coach's fixtures and tests: a fixed log that no change to the bots'
 * play can move. It draws from the deck whenever it can: in a solo Challenge the deck then runs out within a
 * few dozen moves, so the game is short.
 */
import {
  applyAction, createGame, currentDecision, legalActions, type Action, type GameOptions,
} from '@isle-of-trains/rules';

/**
 * Plays `options`' game to its end (a solo game: with several players drawing like this, a game need not end),
 * each deciding seat taking from the deck when that is legal and otherwise a legal action picked by a fixed
 * linear congruential sequence; gives the options and every action, as recorded. Throws if the rules refuse
 * one of its actions. The result is a RecordedGame whose log is a plain array (as the server's archive takes one).
 */
export function deckDrawerGame(options: GameOptions): { options: GameOptions; actions: { seat: number; action: Action }[] } {
  let s = createGame(options);
  const actions: { seat: number; action: Action }[] = [];
  let x = 7;
  while (!s.gameOver) {
    const d = currentDecision(s)!;
    const legal = legalActions(s, d.seat);
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const a = legal.find((l) => l.type === 'take' && l.from === 'deck') ?? legal[x % legal.length];
    const r = applyAction(s, d.seat, a);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
    actions.push({ seat: d.seat, action: a });
  }
  return { options, actions };
}
