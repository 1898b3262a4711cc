/**
 * applyAction shares with its input what the action cannot write: an action that neither draws nor pays cards
 * leaves the deck, the discard pile and the display as they were while every display slot is full (the turn's
 * refill draws only into an empty slot), so the new state holds the input's own arrays; one that draws or pays
 * gets copies. (That the input is never changed is the property tests' check, after every action.)
 */
import { applyAction, createGame, legalActions, pending, type GameState } from '../src';
import { picker } from './helpers';

test('ticket actions and passes share the deck, discard pile and display; draws and claims copy them', () => {
  const shared = { tickets: 0, cards: 0 };
  for (const [players, seed] of [[2, 1], [3, 2], [5, 3]] as const) {
    const pick = picker(seed);
    let s: GameState = createGame({ players, seed: `sharing-${seed}` });
    while (!s.gameOver) {
      const d = pending(s)[0];
      const legal = legalActions(s, d.seat);
      const action = legal[pick(legal.length)];
      const r = applyAction(s, d.seat, action);
      if (!r.ok) throw new Error(r.error.message);
      const same = r.state.deck === s.deck && r.state.discard === s.discard && r.state.display === s.display;
      if (action.type === 'drawFaceUp' || action.type === 'drawBlind' || action.type === 'claim') {
        expect({ action: action.type, same }).toEqual({ action: action.type, same: false });
        shared.cards++;
      } else if (!s.display.includes(null)) {
        expect({ action: action.type, same }).toEqual({ action: action.type, same: true });
        shared.tickets++;
      }
      s = r.state;
    }
  }
  // Every game opens with each seat's ticket choice, and tickets are drawn during play.
  expect(shared.tickets).toBeGreaterThanOrEqual(10);
  expect(shared.cards).toBeGreaterThan(100);
});
