/**
 * applyAction parses with zod only what the hand-written exact-shape check refuses. The check must never
 * accept anything zod would refuse or change: whenever it says yes, zod agrees and gives back an equal value.
 */
import fc from 'fast-check';
import { handHostile, holdsDoor, hostileJunk, mutantOf, zodKeepsAsIs } from '@isle-of-trains/engine-core/testkit';
import { ActionSchema, applyAction, CARDS, cloneState, createGame, handSize, legalActions, pending, type Action, type GameState } from '../src';
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

/**
 * States of one seeded random game at each kind of decision (the opening ticket choice, a turn with routes
 * the seat can claim, a second card, a later ticket choice), each with the seat to decide and its legal
 * actions: the valid actions the hostile values below are made from.
 */
function decisionPoints(): { state: GameState; seat: number; legal: Action[] }[] {
  const pick = picker(31);
  let t = createGame({ players: 3, seed: 'hostile' });
  const points: { state: GameState; seat: number; legal: Action[] }[] = [];
  const seen = new Set<string>();
  for (let step = 0; !t.gameOver && step < 400; step++) {
    const d = pending(t)[0];
    const legal = legalActions(t, d.seat);
    const kind = `${d.kind}:${legal.some((a) => a.type === 'claim')}:${t.turn.step}`;
    if (!seen.has(kind)) {
      seen.add(kind);
      points.push({ state: cloneState(t), seat: d.seat, legal });
    }
    t = must(t, d.seat, legal[pick(legal.length)]);
  }
  return points;
}

const points = decisionPoints();
/** One valid action of each kind, the longest ticket choice and the claim with the most kinds of card paid. */
const samples: Action[] = (() => {
  const all = points.flatMap((p) => p.legal);
  const out = new Map<string, Action>();
  const size = (a: Action) => (a.type === 'keepTickets' ? a.keep.length : a.type === 'claim' ? Object.keys(a.pay).length : 0);
  for (const a of all) if (!out.has(a.type) || size(a) > size(out.get(a.type)!)) out.set(a.type, a);
  out.set('keepTickets', { type: 'keepTickets', keep: [1, 2, 3, 4, 5, 6, 7, 8] });
  return [...out.values()];
})();

test('hostile values: the exact-shape check accepts exactly what ActionSchema accepts unchanged', () => {
  expect(samples.map((a) => a.type).sort()).toEqual(['claim', 'drawBlind', 'drawFaceUp', 'drawTickets', 'keepTickets']);
  let accepted = 0;
  fc.assert(
    fc.property(fc.oneof(mutantOf(fc.constantFrom(...samples)), mutantOf(fc.constantFrom(...samples)), hostileJunk()), (x) => {
      if (holdsDoor(isExactAction, ActionSchema, x)) accepted++;
    }),
    { numRuns: 1000, seed: 7 },
  );
  // Mutants that stay valid (a count of -0, another ticket list) are among them: the check is exercised both ways.
  expect(accepted).toBeGreaterThan(20);
});

test('hand-made hostile actions of every kind: the check agrees with zod', () => {
  let cases = 0;
  let accepted = 0;
  for (const valid of [...samples, { type: 'pass' }]) {
    expect(holdsDoor(isExactAction, ActionSchema, valid)).toBe(true);
    for (const [name, x] of handHostile(valid as Record<string, unknown>)) {
      cases++;
      try {
        if (holdsDoor(isExactAction, ActionSchema, x)) accepted++;
      } catch (e) {
        throw new Error(`${valid.type}, ${name}: ${(e as Error).message}`);
      }
    }
  }
  expect(cases).toBeGreaterThan(1000);
  expect(accepted).toBeGreaterThan(10);
  // A few by name, refused by both doors.
  const refused = (x: unknown) => {
    expect(isExactAction(x)).toBe(false);
    expect(zodKeepsAsIs(ActionSchema, x)).toBe(false);
  };
  for (const route of [NaN, Infinity, -0, 0.5, 2 ** 53, -1]) refused({ type: 'claim', route, pay: { red: 1 } });
  refused(JSON.parse('{"type":"pass","__proto__":{"type":"pass"}}'));
  refused({ type: 'drawFaceUp', card: 'constructor' });
  refused({ type: 'drawFaceUp', card: 'toString' });
  refused({ type: 'claim', route: 1, pay: JSON.parse('{"__proto__":{"red":1}}') });
  refused({ type: 'keepTickets', keep: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
  refused({ type: 'keepTickets', keep: Uint8Array.from([1, 2]) });
  refused({ type: 'keepTickets', keep: [BigInt(1)] });
});

test('applyAction on hostile values never throws: a typed refusal, or the same game as the zod door', () => {
  const codes = new Set(['BAD_ACTION', 'NOT_YOUR_TURN', 'ILLEGAL', 'GAME_OVER']);
  let played = 0;
  const tried = (point: (typeof points)[number], x: unknown, checkInput = true) => {
    const { state, seat } = point;
    const before = checkInput ? JSON.stringify(state) : '';
    const r = applyAction(state, seat, x);
    if (checkInput) expect(JSON.stringify(state)).toBe(before);
    if (!r.ok) {
      expect(codes.has(r.error.code)).toBe(true);
      expect(typeof r.error.message).toBe('string');
      return;
    }
    played++;
    // The zod door (a copy with no prototype is never taken as it is) plays exactly the same.
    const parsed = ActionSchema.parse(x);
    const viaZod = applyAction(state, seat, Object.assign(Object.create(null) as object, parsed));
    expect(viaZod.ok).toBe(true);
    if (viaZod.ok) expect(JSON.stringify([r.state, r.events])).toBe(JSON.stringify([viaZod.state, viaZod.events]));
    // Nothing impossible got in: cards and trains stay whole numbers within bounds.
    let cards = r.state.deck.length + r.state.discard.length + r.state.display.filter((c) => c !== null).length;
    for (const p of r.state.players) {
      for (const c of CARDS) expect(Number.isSafeInteger(p.hand[c]) && p.hand[c] >= 0).toBe(true);
      expect(Number.isSafeInteger(p.trainsLeft) && p.trainsLeft >= 0).toBe(true);
      cards += handSize(p.hand);
    }
    expect(cards).toBe(114);
  };
  const point = fc.constantFrom(...points);
  fc.assert(
    fc.property(point.chain((p) => fc.tuple(fc.constant(p), fc.oneof(mutantOf(fc.constantFrom(...p.legal)), fc.constantFrom(...p.legal), hostileJunk()))),
      ([p, x]) => tried(p, x)),
    { numRuns: 300, seed: 5 },
  );
  for (const p of points) for (const [, x] of handHostile(p.legal[p.legal.length - 1] as Record<string, unknown>)) tried(p, x, false);
  expect(played).toBeGreaterThan(50);
});
