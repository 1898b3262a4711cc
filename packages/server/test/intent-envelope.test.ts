/**
 * An intent's two parses (src/game/intent-parse.ts) take a body and an action of exactly the documented
 * shape without zod, for each game (Isle's and ttr's exact-shape checks, each its rules package's). Every client is hostile: whatever the msgpack decoder can hand over, the fast doors must
 * give the same answer as zod alone (the same value, or the same typed refusal) and never throw.
 */
import fc from 'fast-check';
import { Packr, unpack } from 'msgpackr';
import { handHostile, hostileJunk, mutantOf, plainCopy } from '@isle-of-trains/engine-core/testkit';
import { createGame as createIsle, currentDecision, legalActions as isleLegal, applyAction as isleApply, type Action as IsleAction } from '@isle-of-trains/rules';
import { createGame as createTtr, legalActions as ttrLegal, pending as ttrPending, applyAction as ttrApply, type Action as TtrAction } from '@isle-of-trains/ttr-rules';
import { IntentSchema, exactIntent } from '../src/wire/options';
import { parseIntentAction, parseIntentBody, type Parsed } from '../src/game/intent-parse';
import { isleServerGame } from '../src/games/isle';
import { ttrServerGame } from '../src/games/ttr';
import type { AnyServerGame } from '../src/game/server-game';
import { HOSTILE_BODIES, decoded } from './support/hostile-frames';

/** Bodies around the edges of the intent's shape. */
const bodies: unknown[] = [
  { action: { type: 'build' } }, { action: { type: 'build' }, id: 3 }, { action: null, id: 'x'.repeat(64) }, {},
  { action: 1, id: 'x'.repeat(65) }, { action: 1, id: 1.5 }, { action: 1, id: 2 ** 53 }, { action: 1, id: -7 }, { action: 1, id: null },
  { action: 1, extra: true }, { action: 1, id: undefined }, { action: undefined }, [], null, 'intent', 7, Object.create({ action: 1 }),
  Object.assign(Object.create(null), { action: 1 }), { action: 1, id: Number.NaN }, { id: 'only' },
];

test('every body the exact intent check accepts, zod accepts too, with the same data', () => {
  let accepted = 0;
  for (const body of bodies) {
    if (!exactIntent(body)) continue;
    accepted++;
    const parsed = IntentSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(body);
  }
  expect(accepted).toBe(5);
});

test('the exact check refuses what zod refuses', () => {
  for (const body of bodies) if (!IntentSchema.safeParse(body).success) expect(exactIntent(body)).toBe(false);
});

// ---- hostile input through both doors ----

/** Valid actions of both games: each seat's legal actions along the first moves of a seeded random game. */
function validActions(): unknown[] {
  const out: unknown[] = [];
  let s = createIsle({ players: 3, seed: 'envelope' });
  for (let i = 0; i < 120 && !s.gameOver; i++) {
    const seat = currentDecision(s)!.seat;
    const legal: IsleAction[] = isleLegal(s, seat);
    out.push(...legal.slice(0, 3));
    const r = isleApply(s, seat, legal[(i * 7) % legal.length]);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  let t = createTtr({ players: 3, seed: 'envelope' });
  for (let i = 0; i < 120 && !t.gameOver; i++) {
    const seat = ttrPending(t)[0].seat;
    const legal: TtrAction[] = ttrLegal(t, seat);
    out.push(...legal.slice(0, 3));
    const r = ttrApply(t, seat, legal[(i * 7) % legal.length]);
    if (!r.ok) throw new Error(r.error.message);
    t = r.state;
  }
  return out;
}
const actions = validActions();
const ids = fc.oneof(fc.string({ maxLength: 64 }), fc.integer(), fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 'x'.repeat(64), '💥'.repeat(32)));
const validIntent = fc.tuple(fc.constantFrom(...actions), fc.option(ids, { nil: undefined }))
  .map(([action, id]) => (id === undefined ? { action: plainCopy(action) } : { action: plainCopy(action), id }));

/** msgpackr's encoder (shared references and cycles kept) and the server's decoder; undefined when either refuses. */
const packr = new Packr({ structuredClone: true, moreTypes: true });
function overTheWire(v: unknown): unknown {
  try {
    return unpack(packr.pack(v));
  } catch {
    return undefined;
  }
}

const games: [string, AnyServerGame][] = [['isle', isleServerGame as unknown as AnyServerGame], ['ttr', ttrServerGame as unknown as AnyServerGame]];

function sameAnswer<T>(fast: Parsed<T>, slow: Parsed<T>): void {
  expect(fast.ok).toBe(slow.ok);
  if (fast.ok && slow.ok) expect(fast.value).toStrictEqual(slow.value);
  if (!fast.ok && !slow.ok) expect(fast.refusal).toStrictEqual(slow.refusal);
}

/**
 * Both parses of one body, with the fast doors and without: the same value or the same refusal (BAD_MESSAGE,
 * BAD_ACTION), for each game. Returns which door took the body and the action, to count.
 */
function bothDoors(body: unknown): { body: boolean; action: Set<string> } {
  const fast = parseIntentBody(body, true);
  const slow = parseIntentBody(body, false);
  sameAnswer(fast, slow);
  const exactActions = new Set<string>();
  if (!fast.ok) {
    expect(fast.refusal.code).toBe('BAD_MESSAGE');
    return { body: false, action: exactActions };
  }
  const exactBody = exactIntent(body);
  if (exactBody) expect(fast.value).toBe(body);
  for (const [id, game] of games) {
    const a = parseIntentAction(game, fast.value.action, true);
    sameAnswer(a, parseIntentAction(game, fast.value.action, false));
    if (!a.ok) expect(a.refusal.code).toBe('BAD_ACTION');
    if (game.exactAction?.(fast.value.action)) {
      exactActions.add(id);
      // The fast door hands the action on as it came: no copy, nothing dropped or added.
      expect(a.ok && a.value).toBe(fast.value.action);
    }
  }
  return { body: exactBody, action: exactActions };
}

test('hostile bodies, as they are and after the msgpack round trip: the fast doors answer as zod does', () => {
  let exactBodies = 0;
  const exactActions: Record<string, number> = { isle: 0, ttr: 0 };
  const body = fc.oneof(
    { arbitrary: mutantOf(validIntent), weight: 4 },
    { arbitrary: validIntent, weight: 1 },
    { arbitrary: hostileJunk(), weight: 2 },
    { arbitrary: fc.record({ action: hostileJunk(), id: fc.oneof(ids, hostileJunk()) }), weight: 1 },
  );
  fc.assert(
    fc.property(body, fc.boolean(), (b, wire) => {
      const seen = bothDoors(wire ? overTheWire(b) : b);
      if (seen.body) exactBodies++;
      for (const id of seen.action) exactActions[id]++;
    }),
    { numRuns: 800, seed: 3 },
  );
  // Both doors were taken often, each game's action door too: the property is not about refusals only.
  expect(exactBodies).toBeGreaterThan(100);
  expect(exactActions.isle).toBeGreaterThan(15);
  expect(exactActions.ttr).toBeGreaterThan(15);
});

test('hand-made hostile bodies and actions: the fast doors answer as zod does', () => {
  let cases = 0;
  const intents = [{ action: actions[0], id: 'a' }, { action: { type: 'skip' } }, { action: { type: 'keepTickets', keep: [1, 3] }, id: 2 }];
  for (const valid of intents) for (const [, b] of handHostile(valid)) { bothDoors(b); cases++; }
  for (const a of [{ type: 'loadCard', card: 'a', seat: 3, car: 'b', faceDown: true }, { type: 'claim', route: 3, pay: { red: 2, loco: 1 } }]) {
    for (const [, x] of handHostile(a as Record<string, unknown>)) { bothDoors({ action: x, id: 1 }); cases++; }
  }
  expect(cases).toBeGreaterThan(1000);
});

const answer = (p: Parsed<unknown>): string => (p.ok ? 'ok' : p.refusal.code);

test('bodies written byte by byte, read by the server\'s msgpack decoder: the fast doors answer as zod does', () => {
  const answers: Record<string, string> = {};
  for (const { name, body } of HOSTILE_BODIES) {
    const d = decoded(body);
    if (!d.ok) throw new Error(`the decoder cannot read "${name}"`);
    bothDoors(d.value);
    const b = parseIntentBody(d.value, true);
    answers[name] = b.ok ? games.map(([id, g]) => `${id} ${answer(parseIntentAction(g, b.value.action, true))}`).join(', ') : answer(b);
  }
  // The decoder never makes a prototype of a key: `__proto__` comes back as an own key `__proto_`.
  const proto = decoded(HOSTILE_BODIES.find((c) => c.name === 'key __proto__')!.body);
  if (!proto.ok) throw new Error('unreadable');
  expect(Object.getPrototypeOf(proto.value)).toBe(Object.prototype);
  expect(Object.keys(proto.value as object)).toEqual(['action', '__proto_']);
  // What each gets (an intent the server's guard cannot measure, a cycle or a BigInt, is refused before these parses).
  expect(answers).toEqual(BYTE_ANSWERS);
});

/** What each byte-written body gets from the two parses (the rules still refuse, later, a card no one holds). */
const BYTE_ANSWERS: Record<string, string> = Object.fromEntries(([
  ["isle ok, ttr BAD_ACTION", [
    "id -0 as a double",
    "id 64 emoji halves (64 UTF-16 units)",
    "id of 33 emoji (66 UTF-16 units, 33 characters)",
    "id undefined (msgpackr extension 0)",
    "seat -0 as a double",
    "card of 40 characters",
    "card constructor",
    "card __proto__",
    "a record with an inline definition",
  ]],
  ["BAD_MESSAGE", [
    "id NaN",
    "id Infinity",
    "id -Infinity",
    "id 1.5",
    "id 2^53",
    "id 5 as uint64 (a BigInt)",
    "id 2^63 as uint64",
    "id -2^63 as int64",
    "id as bytes",
    "id nil",
    "no action",
    "key __proto__",
    "key constructor",
    "key toString",
    "body as an array",
    "body as bytes",
    "body nil",
    "a shared reference (the items again under an extra key)",
    "a record with an inline definition and a key __proto__",
  ]],
  ["isle BAD_ACTION, ttr BAD_ACTION", [
    "action undefined",
    "action with a key __proto__",
    "action with a key constructor",
    "action type constructor",
    "action type __proto__",
    "seat NaN",
    "seat 1.5",
    "seat 1 as uint64 (a BigInt)",
    "seat 4",
    "seat -1",
    "route as uint64",
    "route NaN",
    "route 1.5",
    "route 2^53",
    "pay -1",
    "pay Infinity",
    "pay 115",
    "pay as bytes",
    "pay with a key __proto__",
    "keep as bytes",
    "keep of nine",
    "items of nine",
    "items with nil",
    "card of 41 characters",
    "drawFaceUp card hasOwnProperty",
    "action as a date (timestamp extension)",
    "action as a set",
    "action as a regular expression",
    "action as an error",
    "action as a typed array",
    "action as a big integer (extension 0x42)",
    "action as bytes",
    "action nested 200 deep",
    "body a cycle (its action is itself)",
  ]],
  ["isle BAD_ACTION, ttr ok", [
    "pay -0",
  ]],
] as [string, string[]][]).flatMap(([answer, names]) => names.map((n) => [n, answer])));
