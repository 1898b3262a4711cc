import { sameData } from './helpers';
import { createGame } from '../src';
import { cloneState } from '../src/clone';

// The property tests' state comparison: a sameData that said "equal" too often would let them pass unseen.
test('sameData: equal plain data is equal, key order aside; any difference is not', () => {
  expect(sameData({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
  expect(sameData({ a: 1, u: undefined }, { a: 1 })).toBe(true);
  expect(sameData({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  expect(sameData({ a: 1, b: 2 }, { a: 1 })).toBe(false);
  expect(sameData([1, 2], [1, 2, 3])).toBe(false);
  expect(sameData([1, [2]], [1, [3]])).toBe(false);
  expect(sameData({ a: [] }, { a: {} })).toBe(false);
  expect(sameData({ a: null }, { a: {} })).toBe(false);
  expect(sameData('1', 1)).toBe(false);
});

test('sameData on whole game states: a clone is equal, one card moved is not', () => {
  const s = createGame({ players: 3, seed: 'same-data' });
  const c = cloneState(s);
  expect(sameData(s, c)).toBe(true);
  c.players[1].hand.push(c.deck.pop()!);
  expect(sameData(s, c)).toBe(false);
});
