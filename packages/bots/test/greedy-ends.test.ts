/**
 * Greedy games end. On these deals two greedy bots used to go round in circles past 6,000 actions (loading a
 * card, giving it up as a special delivery for two cards, discarding down to the hand limit, again): the
 * leader's ticket delivery that would have ended the game looked worse than drawing cards, because the
 * evaluation counted the end only once the rules had marked it at the end of the turn.
 */
import { applyAction, createGame, currentDecision, playerView, CATALOGUE, type GameState } from '@isle-of-trains/rules';
import { createBot } from '@isle-of-trains/bots';
import { evaluate, staleness } from '../src/evaluate';

function greedyGame(seed: string, players: number, cap: number): { state: GameState; actions: number } {
  let s = createGame({ players, seed });
  const bots = Array.from({ length: players }, (_, i) => createBot('greedy', { seed: 1000 + i }));
  let actions = 0;
  for (; actions < cap; actions++) {
    const d = currentDecision(s);
    if (!d) break;
    // No history: what a bot gets after a restore, and what the server's ops tests' driver passes.
    const a = bots[d.seat].chooseAction({ view: playerView(s, d.seat), seat: d.seat, history: [] });
    const r = applyAction(s, d.seat, a);
    if (!r.ok) throw new Error(`${seed}: ${a.type} refused: ${r.error.code}`);
    s = r.state;
  }
  return { state: s, actions };
}

test.each(['hunt-2', 'hunt-28'])('two greedy bots finish deal %s (it used to loop past 6,000 actions)', (seed) => {
  const { state, actions } = greedyGame(seed, 2, 2500);
  expect(state.gameOver).toBe(true);
  expect(actions).toBeLessThan(1500);
});

test('a leader whose delivery moves the progress train to the end values that above the same position one step short', () => {
  // A mid-game state, then the same state with the train at the end of its track (not yet marked as the end).
  const { state } = greedyGame('hunt-2', 2, 120);
  const th = CATALOGUE.progressThresholds['2'];
  const leader = evaluate(state, 0) >= evaluate(state, 1) ? 0 : 1;
  const short = { ...state, progress: th - 1, endTriggered: false };
  const atEnd = { ...state, progress: th, endTriggered: false };
  expect(evaluate(atEnd, leader) - evaluate(short, leader)).toBeGreaterThan(3);
});

test('staleness: nothing in a game of normal length, a full lean far past it', () => {
  const { state } = greedyGame('hunt-2', 2, 120);
  expect(staleness(state)).toBe(0);
  expect(staleness({ ...state, turn: { ...state.turn, number: 400 } })).toBe(1);
});
