/**
 * applyAction parses with zod only what the hand-written exact-shape check refuses. The check must never
 * accept anything zod would refuse or change: whenever it says yes, zod agrees and gives back an equal value.
 */
import fc from 'fast-check';
import { handHostile, holdsDoor, hostileJunk, mutantOf, zodKeepsAsIs } from '@isle-of-trains/engine-core/testkit';
import { ActionSchema, applyAction, createGame, currentDecision, legalActions, type Action, type GameState } from '../src';
import { isExactAction } from '../src/actions';
import { randomPlayout } from './helpers';

const TYPES = ['take', 'build', 'loadCard', 'loadPassenger', 'deliver', 'deliverPrimary', 'deliverSecondary', 'deliverTicket',
  'deliverAnyPassenger', 'deliverSpecial', 'endDelivery', 'discard', 'skip', 'returnCard', 'other'];
const KEYS = ['type', 'from', 'card', 'upgrade', 'replace', 'scrap', 'seat', 'car', 'faceDown', 'passenger', 'at', 'items', 'contract', 'to', 'item', 'extra'];

const id = fc.oneof(fc.string({ minLength: 0, maxLength: 42 }), fc.constantFrom('hopper-1.1', 'p-alpine-1', 'alpine', ''), fc.string({ minLength: 39, maxLength: 41 }));
const value = fc.oneof(
  id,
  fc.constantFrom('display', 'deck', 'bag', 0, 1, 2, 3, 4, -1, 0.5, -0, NaN, Infinity, true, false, null, undefined),
  fc.array(id, { minLength: 0, maxLength: 10 }),
  fc.integer(),
  fc.anything(),
);
/** Objects close to actions: a real type and a random subset of the known keys with plausible values. */
const nearAction = fc.record({ type: fc.constantFrom(...TYPES) }).chain((base) =>
  fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 5 }).map((rest) => ({ ...rest, ...base })),
);

test('the exact-shape check accepts only what ActionSchema accepts unchanged', () => {
  fc.assert(
    fc.property(fc.oneof(nearAction, fc.anything()), (x) => {
      if (!isExactAction(x)) return;
      const parsed = ActionSchema.safeParse(x);
      expect(parsed.success).toBe(true);
      if (parsed.success) expect(parsed.data).toStrictEqual(x);
    }),
    { numRuns: 3000, seed: 12 },
  );
});

test('every action legalActions lists passes the exact-shape check (so no zod on the common path)', () => {
  const s = createGame({ players: 4, seed: 'shape' });
  for (const a of legalActions(s, 0, { everyCopy: true })) expect(isExactAction(a)).toBe(true);
});

test('input the exact-shape check refuses is still parsed by zod: undefined optional fields and bad shapes', () => {
  const s = createGame({ players: 2, seed: 'zod-door' });
  const card = s.display[0];
  // An explicit undefined is refused by the fast check but valid for zod: same result as without it.
  const withUndefined = { type: 'take', from: 'display', card, extra: undefined };
  expect(isExactAction(withUndefined)).toBe(false);
  expect(applyAction(s, 0, { type: 'build', card: s.players[0].hand[0], upgrade: undefined }).ok)
    .toBe(applyAction(s, 0, { type: 'build', card: s.players[0].hand[0] }).ok);
  const bad = applyAction(s, 0, { type: 'take', from: 'display', card, extra: 1 });
  expect(bad.ok).toBe(false);
  if (!bad.ok) expect(bad.error.code).toBe('BAD_ACTION');
  const r = applyAction(s, 0, { type: 'take', from: 'display', card });
  expect(r.ok).toBe(true);
});

/** States of two seeded random games, one at each kind of decision, with the deciding seat's legal actions. */
function decisionPoints(): { state: GameState; seat: number; legal: Action[] }[] {
  const points: { state: GameState; seat: number; legal: Action[] }[] = [];
  const seen = new Set<string>();
  for (const [players, seed] of [[2, 3], [4, 8]] as const) {
    randomPlayout({ players, seed: `hostile-${seed}` }, seed, 600, (before, _after, _a, seat) => {
      const legal = legalActions(before, seat);
      const kind = currentDecision(before)!.kind;
      if (seen.has(kind)) return;
      seen.add(kind);
      points.push({ state: before, seat, legal });
    });
  }
  return points;
}

const points = decisionPoints();
/** Every kind of action, and every optional field present in one of them (the last two: shapes, not legal anywhere). */
const samples: Action[] = (() => {
  const out = new Map<string, Action>();
  const kind = (a: Action) => a.type + ('from' in a ? a.from : '');
  const shapes: Action[] = [
    { type: 'take', from: 'display', card: 'hopper-1.1' }, { type: 'take', from: 'deck' }, { type: 'take', from: 'bag' },
    { type: 'build', card: 'hopper-1.1', upgrade: 'hopper-1.2', replace: 'research', scrap: 'x'.repeat(40) },
    { type: 'loadCard', card: 'a', seat: 3, car: 'b', faceDown: true }, { type: 'loadPassenger', passenger: 'p-alpine-1', seat: 0, car: 'c' },
    { type: 'deliver', at: 'alpine' }, { type: 'deliverPrimary', items: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] },
    { type: 'deliverSecondary', contract: 1, items: ['a'] }, { type: 'deliverTicket', passenger: 'p-alpine-1', to: 'alpine' },
    { type: 'deliverAnyPassenger', passenger: 'p-alpine-2' }, { type: 'deliverSpecial', item: 'i' }, { type: 'endDelivery' },
    { type: 'discard', card: 'd' }, { type: 'skip' }, { type: 'returnCard' },
  ];
  // A real action of each kind where the games had one (real card and car ids), else the shape above.
  for (const a of [...points.flatMap((p) => p.legal), ...shapes]) if (!out.has(kind(a))) out.set(kind(a), a);
  return [...out.values(), shapes[3], shapes[4]];
})();

test('hostile values: the exact-shape check accepts exactly what ActionSchema accepts unchanged', () => {
  expect(new Set(samples.map((a) => a.type)).size).toBe(14);
  let accepted = 0;
  fc.assert(
    fc.property(fc.oneof(mutantOf(fc.constantFrom(...samples)), mutantOf(fc.constantFrom(...samples)), hostileJunk()), (x) => {
      if (holdsDoor(isExactAction, ActionSchema, x)) accepted++;
    }),
    { numRuns: 1000, seed: 7 },
  );
  expect(accepted).toBeGreaterThan(20);
});

test('hand-made hostile actions of every kind: the check agrees with zod', () => {
  let cases = 0;
  let accepted = 0;
  for (const valid of samples) {
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
  expect(cases).toBeGreaterThan(3000);
  expect(accepted).toBeGreaterThan(30);
  const refused = (x: unknown) => {
    expect(isExactAction(x)).toBe(false);
    expect(zodKeepsAsIs(ActionSchema, x)).toBe(false);
  };
  for (const seat of [NaN, Infinity, 4, -1, 0.5, 2 ** 53]) refused({ type: 'loadPassenger', passenger: 'p', seat, car: 'c' });
  for (const contract of [NaN, 2, -1, 0.5]) refused({ type: 'deliverSecondary', contract, items: ['a'] });
  refused(JSON.parse('{"type":"skip","__proto__":{"type":"skip"}}'));
  refused({ type: 'constructor' });
  refused({ type: 'toString' });
  refused({ type: 'deliverPrimary', items: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] });
  refused({ type: 'deliverPrimary', items: [] });
  refused({ type: 'deliver', at: 'x'.repeat(41) });
  // Zod counts characters, the check UTF-16 units: 21 characters of two units each go to zod, which accepts them.
  expect(isExactAction({ type: 'deliver', at: '💥'.repeat(21) })).toBe(false);
  expect(ActionSchema.safeParse({ type: 'deliver', at: '💥'.repeat(21) }).success).toBe(true);
});

test('applyAction on hostile values never throws: a typed refusal, or the same game as the zod door', () => {
  let played = 0;
  const tried = (point: (typeof points)[number], x: unknown, checkInput = true) => {
    const { state, seat } = point;
    const before = checkInput ? JSON.stringify(state) : '';
    const r = applyAction(state, seat, x);
    if (checkInput) expect(JSON.stringify(state)).toBe(before);
    if (!r.ok) {
      expect(r.error.code).toMatch(/^[A-Z_]+$/);
      expect(typeof r.error.message).toBe('string');
      return;
    }
    played++;
    // The zod door (a copy with no prototype is never taken as it is) plays exactly the same.
    const viaZod = applyAction(state, seat, Object.assign(Object.create(null) as object, ActionSchema.parse(x)));
    expect(viaZod.ok).toBe(true);
    if (viaZod.ok) expect(JSON.stringify([r.state, r.events])).toBe(JSON.stringify([viaZod.state, viaZod.events]));
  };
  fc.assert(
    fc.property(fc.constantFrom(...points).chain((p) => fc.tuple(fc.constant(p), fc.oneof(mutantOf(fc.constantFrom(...p.legal)), fc.constantFrom(...p.legal), hostileJunk()))),
      ([p, x]) => tried(p, x)),
    { numRuns: 300, seed: 5 },
  );
  for (const p of points) for (const [, x] of handHostile(p.legal[0] as Record<string, unknown>)) tried(p, x, false);
  expect(played).toBeGreaterThan(50);
});
