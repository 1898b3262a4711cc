/**
 * applyAction parses with zod only what the hand-written exact-shape check refuses. The check must never
 * accept anything zod would refuse or change: whenever it says yes, zod agrees and gives back an equal value.
 */
import fc from 'fast-check';
import { ActionSchema, applyAction, CARDS, createGame, legalActions, pending, type GameState } from '../src';
import { isExactAction } from '../src/actions';
import { must, picker, setHand, started } from './helpers';

const TYPES = ['keepTickets', 'drawFaceUp', 'drawBlind', 'claim', 'drawTickets', 'pass', 'other'];
const KEYS = ['type', 'keep', 'card', 'route', 'pay', 'extra'];

const number = fc.oneof(
  fc.constantFrom(0, 1, 2, 3, 8, 114, 115, -1, 0.5, -0, NaN, Infinity, 2 ** 53, 2 ** 53 - 1),
  fc.integer(),
  fc.double(),
);
const payment = fc.oneof(
  fc.dictionary(fc.constantFrom(...CARDS, 'gray', 'extra'), fc.oneof(number, fc.constantFrom(undefined, null, '2')), { maxKeys: 4 }),
  fc.anything(),
);
const value = fc.oneof(
  number,
  fc.constantFrom(...CARDS, 'gray', '', true, false, null, undefined),
  fc.array(number, { maxLength: 10 }),
  fc.array(fc.anything(), { maxLength: 3 }),
  payment,
  fc.anything(),
);
/** Objects close to actions: a real type and a random subset of the known keys with plausible values. */
const nearAction = fc.record({ type: fc.constantFrom(...TYPES) }).chain((base) =>
  fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 4 }).map((rest) => ({ ...rest, ...base })),
);

test('the exact-shape check accepts only what ActionSchema accepts unchanged', () => {
  let accepted = 0;
  fc.assert(
    fc.property(fc.oneof(nearAction, fc.anything()), (x) => {
      if (!isExactAction(x)) return;
      accepted++;
      const parsed = ActionSchema.safeParse(x);
      expect(parsed.success).toBe(true);
      if (parsed.success) expect(parsed.data).toStrictEqual(x);
    }),
    { numRuns: 4000, seed: 12 },
  );
  expect(accepted).toBeGreaterThan(50);
});

test('every action legalActions lists passes the exact-shape check (so no zod on the common path)', () => {
  const s = started(4, 'shape');
  setHand(s, s.turn.seat, { red: 3, blue: 2, green: 2, loco: 2, white: 1 });
  const first = legalActions(s, s.turn.seat);
  expect(first.some((a) => a.type === 'claim')).toBe(true);
  for (const a of first) expect(isExactAction(a)).toBe(true);
  // A whole random game from the opening choice: every kind of action, at every step.
  const pick = picker(9);
  let t = createGame({ players: 3, seed: 'shape-game' });
  const kinds = new Set<string>();
  while (!t.gameOver) {
    for (const d of pending(t)) {
      for (const a of legalActions(t, d.seat)) {
        expect(isExactAction(a)).toBe(true);
        kinds.add(a.type);
      }
    }
    const d = pending(t)[0];
    const legal = legalActions(t, d.seat);
    t = must(t, d.seat, legal[pick(legal.length)]);
  }
  expect([...kinds].sort()).toEqual(['claim', 'drawBlind', 'drawFaceUp', 'drawTickets', 'keepTickets']);
});

test('input the exact-shape check refuses is still parsed by zod: undefined optional fields, bad shapes', () => {
  const s: GameState = started(2, 'zod-door');
  const seat = s.turn.seat;
  // An explicit undefined card count is refused by the fast check but valid for zod: the same claim.
  setHand(s, seat, { red: 3, loco: 3 });
  const claim = legalActions(s, seat).find((a) => a.type === 'claim')!;
  expect(claim).toBeDefined();
  const withUndefined = { ...claim, pay: { ...(claim as { pay: object }).pay, green: undefined } };
  expect(isExactAction(withUndefined)).toBe(false);
  const a = applyAction(s, seat, withUndefined);
  const b = applyAction(s, seat, claim);
  expect(a.ok && b.ok).toBe(true);
  if (a.ok && b.ok) {
    expect(a.state).toEqual(b.state);
    expect(a.events).toEqual(b.events);
  }
  const bad = applyAction(s, seat, { type: 'drawBlind', extra: 1 });
  expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_ACTION' } });
  expect(applyAction(s, seat, { ...claim, pay: { red: -1 } })).toMatchObject({ ok: false, error: { code: 'BAD_ACTION' } });
});

test('apply keeps no reference to the action it was given: changing it afterwards changes nothing', () => {
  const s = started(2, 'no-alias');
  const seat = s.turn.seat;
  setHand(s, seat, { red: 3, loco: 3 });
  const claim = legalActions(s, seat).find((a) => a.type === 'claim') as { type: 'claim'; route: number; pay: Record<string, number> };
  const r = applyAction(s, seat, claim);
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  const text = JSON.stringify([r.state, r.events]);
  claim.pay.red = 99;
  claim.route = 1;
  expect(JSON.stringify([r.state, r.events])).toBe(text);
});
