/**
 * The deck drawer, the bot-free recorder of the coach's fixtures and the server's coach tests: a finished game
 * that replays, the same log for the same options, and the deck taken at every decision where it may be.
 */
import { applyAction, createGame, legalActions } from '@isle-of-trains/rules';
import { deckDrawerGame, seatDecisions } from '@isle-of-trains/bots';

// Solo only: that is what it records, and a game of several such players need not end.
test('a solo game: finished, it replays, drawing from the deck whenever it may', () => {
  const options = { players: 1, seed: 'drawer-solo' };
  const g = deckDrawerGame(options);
  expect(g.options).toBe(options);
  expect(deckDrawerGame({ ...options })).toEqual(g);
  // The coach takes it: the log replays to the end of the game.
  expect(seatDecisions(g, 0).length).toBeGreaterThan(0);
  let s = createGame(options);
  let deckTaken = 0;
  for (const { seat, action } of g.actions) {
    const deck = legalActions(s, seat).find((a) => a.type === 'take' && a.from === 'deck');
    if (deck) {
      expect(action).toEqual(deck);
      deckTaken++;
    }
    const r = applyAction(s, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  expect(s.gameOver).toBe(true);
  expect(deckTaken).toBeGreaterThan(0);
});
