/** Double and triple routes: how many tracks may be used by player count, and never two by one player. */
import { applyAction, legalActions, usableTracks, type GameState } from '../src';
import { must, routeBetween, setHand, started } from './helpers';

const DOUBLE = [routeBetween('oslo', 'bergen', 1), routeBetween('oslo', 'bergen', 2)]; // black, red; 3 spaces
const TRIPLE = [routeBetween('oslo', 'karlstad', 1), routeBetween('oslo', 'karlstad', 2), routeBetween('oslo', 'karlstad', 3)]; // purple, blue, white; 2 spaces

/** Every seat holds locomotives enough to claim anything. */
function rich(players: number): GameState {
  const s = started(players, `locks-${players}`);
  for (let seat = 0; seat < players; seat++) setHand(s, seat, { loco: 20 });
  return s;
}

function claimable(s: GameState, seat: number, id: number): boolean {
  return legalActions(s, seat).some((a) => a.type === 'claim' && a.route === id);
}

/** Claims `id` by the seat whose turn it is, then plays the others' turns with a blind draw until `next` moves. */
function claimThenTurnTo(s: GameState, id: number, length: number, next: number): GameState {
  let t = must(s, s.turn.seat, { type: 'claim', route: id, pay: { loco: length } });
  while (t.turn.seat !== next) {
    t = must(t, t.turn.seat, { type: 'drawBlind' });
    t = must(t, t.turn.seat, { type: 'drawBlind' });
  }
  return t;
}

test('the usable-track table', () => {
  expect([2, 3, 4, 5].map((n) => [usableTracks(n, 1), usableTracks(n, 2), usableTracks(n, 3)])).toEqual([[1, 1, 1], [1, 1, 2], [1, 2, 3], [1, 2, 3]]);
});

test.each([2, 3])('%i players: once one track of a double is taken the other is closed to everyone', (n) => {
  let s = rich(n);
  const first = s.turn.seat;
  const other = (first + 1) % n;
  expect(claimable(s, first, DOUBLE[1])).toBe(true);
  expect(claimable(s, other, DOUBLE[1])).toBe(false); // not their turn
  s = claimThenTurnTo(s, DOUBLE[0], 3, other);
  expect(claimable(s, other, DOUBLE[1])).toBe(false);
  const r = applyAction(s, other, { type: 'claim', route: DOUBLE[1], pay: { loco: 3 } });
  expect(r).toMatchObject({ ok: false, error: { code: 'ILLEGAL', message: expect.stringContaining(`only 1 of the 2 tracks`) } });
});

test.each([4, 5])('%i players: both tracks of a double, but never both by one player', (n) => {
  let s = rich(n);
  const first = s.turn.seat;
  const other = (first + 1) % n;
  s = claimThenTurnTo(s, DOUBLE[0], 3, other);
  expect(claimable(s, other, DOUBLE[1])).toBe(true);
  // the first player, back on turn later, may not take the second track
  const back = claimThenTurnTo(s, TRIPLE[0], 2, first);
  expect(claimable(back, first, DOUBLE[1])).toBe(false);
  expect(applyAction(back, first, { type: 'claim', route: DOUBLE[1], pay: { loco: 3 } })).toMatchObject({ ok: false, error: { message: expect.stringContaining('already hold a track') } });
});

test.each<[number, number]>([[2, 1], [3, 2], [4, 3], [5, 3]])('%i players: a triple route takes %i claims, then closes', (n, usable) => {
  let s = rich(n);
  for (let k = 0; k < 3; k++) {
    const seat = s.turn.seat;
    const open = TRIPLE.filter((id) => s.claims[String(id)] === undefined);
    const canClaim = open.some((id) => claimable(s, seat, id));
    expect({ claim: k, open: canClaim }).toEqual({ claim: k, open: k < usable });
    if (!canClaim) break;
    s = claimThenTurnTo(s, open[0], 2, (seat + 1) % n);
  }
  expect(Object.keys(s.claims).filter((id) => TRIPLE.includes(Number(id)))).toHaveLength(usable);
});
