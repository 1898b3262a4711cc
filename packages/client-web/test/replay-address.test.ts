/** The replay's address: the game, a private game's share key, and the seat the coach analyses. */
import { replayRoute } from '../src/shell/history';

test('a replay address names the game, its key and the seat to analyse; anything malformed is left out', () => {
  expect(replayRoute('?replay=abc')).toEqual({ id: 'abc' });
  expect(replayRoute('?replay=abc&key=k_1&analyse=1')).toEqual({ id: 'abc', key: 'k_1', analyse: 1 });
  expect(replayRoute('?replay=abc&analyse=0')).toEqual({ id: 'abc', analyse: 0 });
  // Not a seat: the replay opens without an analysis.
  expect(replayRoute('?replay=abc&analyse=x')).toEqual({ id: 'abc' });
  expect(replayRoute('?replay=abc&analyse=12')).toEqual({ id: 'abc' });
  expect(replayRoute('?replay=a%20b&analyse=1')).toBeNull();
});
