/**
 * Bounded fuzz over the network: 21,000 malformed messages from players
 * and spectators of a lobby and of a game in play. Each gets exactly one typed refusal with a
 * documented code (never INTERNAL), the state of both rooms is unchanged, and a canary game played
 * alongside finishes without a single refusal. Then intent frames written byte by byte (values no SDK
 * sends, and near-valid mutants of the legal actions) from a seat not deciding: each gets the refusal
 * zod alone would give, in order, though the server's fast doors take the well-formed ones without zod.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import type { Room as SDKRoom } from '@colyseus/sdk';
import { mutantOf } from '@isle-of-trains/engine-core/testkit';
import { currentDecision, isleGame, legalActions } from '@isle-of-trains/rules';
import { IntentSchema } from '../src/wire/options';
import { autoplay, bootServer, until, watch, type Seen, type TestServer } from './support/harness';
import { inside } from './support/room-inside';
import { HOSTILE_BODIES, decoded, messageFrame } from './support/hostile-frames';

let ts: TestServer;
beforeAll(async () => {
  // Limits high enough that every message is read and answered (the limiter has its own tests).
  ts = await bootServer({ RATE_LIMIT: 1_000_000, RATE_LIMIT_BURST: 1_000_000, MAX_MESSAGE_BYTES: 2048 });
});
afterAll(async () => { await ts.close(); });

/** Room refusal codes of docs/PROTOCOL.md, and the rules refusals an intent can get through. */
const DOCUMENTED = new Set([
  'UNKNOWN_MESSAGE', 'BAD_MESSAGE', 'TOO_LARGE', 'NOT_STARTED', 'GAME_OVER', 'NOT_YOUR_SEAT', 'NOT_YOUR_TURN',
  'BAD_ACTION', 'NOT_CREATOR', 'ALREADY_STARTED', 'SEATS_NOT_FILLED',
]);

/** Small deterministic PRNG (mulberry32): the same messages on every run. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function garbage(r: () => number, depth = 0): unknown {
  const pick = Math.floor(r() * (depth > 3 ? 6 : 10));
  switch (pick) {
    case 0: return null;
    case 1: return Math.floor(r() * 2 ** 40) * (r() < 0.5 ? -1 : 1);
    case 2: return r() < 0.5 ? 'x'.repeat(Math.floor(r() * 40)) : ['take', 'deck', 'constructor', '__proto__', '', '💥'][Math.floor(r() * 6)];
    case 3: return r() < 0.5;
    case 4: return r() * 1e9;
    case 5: return 'y'.repeat(3000); // over MAX_MESSAGE_BYTES once serialised
    case 6: return Array.from({ length: Math.floor(r() * 4) }, () => garbage(r, depth + 1));
    case 7: {
      const o: Record<string, unknown> = {};
      // No keys named after Object.prototype members ('constructor', 'toString', ...): @colyseus/sdk 0.18's
      // msgpack encoder garbles such objects, and the server closes a connection whose frame it cannot
      // read (4002, see abuse.test.ts). Type NAMES like 'constructor' are fuzzed below.
      for (const k of ['type', 'card', 'from', 'seat', 'car', 'id', 'action', 'x']) if (r() < 0.3) o[k] = garbage(r, depth + 1);
      return o;
    }
    case 8: { let v: unknown = 1; for (let i = 0; i < 40; i++) v = { a: v }; return v; }
    default: return { type: ['take', 'build', 'load', 'deliver', 'pass', 'discard', '?'][Math.floor(r() * 7)], ...(r() < 0.5 ? { card: garbage(r, depth + 1) } : {}) };
  }
}

/**
 * One malformed message, under the WebSocket frame limit (16 KiB; a larger frame closes the connection:
 * tested elsewhere). 6,000 JSON bytes stay under it as msgpack even when made of small floats (≤ 2.25×).
 */
function message(r: () => number): [string | number, unknown] {
  const [type, body] = anyMessage(r);
  return (JSON.stringify(body)?.length ?? 0) > 6_000 ? [type, 'y'.repeat(3000)] : [type, body];
}

/** A malformed message: [type, body]. Never a valid `start` (undefined, null or {}). */
function anyMessage(r: () => number): [string | number, unknown] {
  const kind = r();
  if (kind < 0.45) {
    // An intent whose body is wrong somewhere: not an object, extra keys, a garbage action or id.
    const v = r();
    if (v < 0.2) return ['intent', garbage(r)];
    if (v < 0.4) return ['intent', { action: garbage(r), id: garbage(r), extra: 1 }];
    if (v < 0.6) return ['intent', { action: garbage(r), id: r() < 0.5 ? Math.floor(r() * 1000) : `f${Math.floor(r() * 1000)}` }];
    return ['intent', { action: garbage(r) }];
  }
  if (kind < 0.6) {
    let body = garbage(r);
    if (body === null || body === undefined || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body as object).length === 0)) body = { x: 1 };
    return ['start', body];
  }
  const types: (string | number)[] = ['', 'INTENT', 'constructor', '__proto__', 'toString', 'ack', 'error', 'seat', 7, 0, -1, 'z'.repeat(60)];
  return [types[Math.floor(r() * types.length)], garbage(r)];
}

interface Fuzzer { room: SDKRoom; seen: Seen; sent: number }

async function fuzz(f: Fuzzer, count: number, seed: number): Promise<void> {
  const r = rng(seed);
  for (let done = 0; done < count;) {
    const batch = Math.min(250, count - done);
    const want = f.seen.errors.length + batch;
    for (let i = 0; i < batch; i++) {
      const [type, body] = message(r);
      f.room.send(type as string, body);
    }
    f.sent += batch;
    done += batch;
    await until(() => f.seen.errors.length >= want, 60_000, 'replies to a batch').catch((e: Error) => {
      throw new Error(`${e.message}: ${f.seen.errors.length} of ${want}, connection open: ${f.room.connection.isOpen} ${ts.logLines.filter((l) => /"level":(40|50)|"event":"(leave|drop)"/.test(l)).slice(-4).join(' | ')}`);
    });
  }
}

test('21,000 malformed messages: typed refusals, no change, and a canary game finishes', async () => {
  // A lobby (creator + spectator-to-be: the 3-seat lobby keeps a free seat, so no start is possible) ...
  const lobby = await ts.client().create('isle', { seats: 3, name: 'Lobby' });
  const lobbySeen = watch(lobby);
  const lobbyJoiner = await ts.client().joinById(lobby.roomId, { name: 'Second' });
  const joinerSeen = watch(lobbyJoiner);
  // ... and a game in play whose deciding seat stays quiet: only the other seat and a spectator fuzz.
  const game = await ts.client().create('isle', { seats: 2, name: 'A' });
  const gameSeen = watch(game);
  const other = await ts.client().joinById(game.roomId, { name: 'B' });
  const otherSeen = watch(other);
  await until(() => gameSeen.seat === 0 && otherSeen.seat === 1 && (game.state as any)?.seats?.length === 2, 3000, 'seats');
  game.send('start', {});
  await until(() => (game.state as any)?.phase === 'playing', 3000, 'start');
  const watcher = await ts.client().joinById(game.roomId, { name: 'W' });
  const watcherSeen = watch(watcher);
  await until(() => lobbySeen.seat === 0 && joinerSeen.seat === 1 && watcherSeen.seat === -1, 3000, 'all seated');

  // The canary: a solo game played to the end by a client alongside the fuzz.
  const canary = await ts.client().create('isle', { seats: 1, name: 'Canary' });
  const canarySeen = watch(canary);
  autoplay(canary, canarySeen);

  const snapshot = (roomId: string) => JSON.stringify((ts.room(roomId) as unknown as { state: { toJSON(): unknown } }).state.toJSON());
  const hidden = (roomId: string) => JSON.stringify(inside(ts.room(roomId)).game);
  const before = { lobby: snapshot(lobby.roomId), game: snapshot(game.roomId), gameHidden: hidden(game.roomId) };

  const fuzzers: Fuzzer[] = [lobby, lobbyJoiner, other, watcher].map((room, i) => ({ room, seen: [lobbySeen, joinerSeen, otherSeen, watcherSeen][i], sent: 0 }));
  await Promise.all(fuzzers.map((f, i) => fuzz(f, 5250, 1000 + i)));

  const sent = fuzzers.reduce((n, f) => n + f.sent, 0);
  expect(sent).toBe(21_000);
  for (const f of fuzzers) {
    // Exactly one refusal per message, each with a documented code.
    expect(f.seen.errors.length).toBe(f.sent);
    expect(f.seen.errors.filter((e) => !DOCUMENTED.has(e.code)).map((e) => e.code)).toEqual([]);
    expect(f.room.connection.isOpen).toBe(true);
  }
  expect(snapshot(lobby.roomId)).toBe(before.lobby);
  expect(snapshot(game.roomId)).toBe(before.game);
  expect(hidden(game.roomId)).toBe(before.gameHidden);
  expect(gameSeen.errors).toEqual([]);

  await until(() => (canary.state as any)?.phase === 'ended', 60_000, 'canary game over');
  expect(canarySeen.errors).toEqual([]);
  for (const r of [lobby, lobbyJoiner, game, other, watcher, canary]) await r.leave();
}, 600_000);

/** The refusal a body gets from a seated player who is not deciding, worked out with zod alone (src/wire/intake.ts, src/game/moves.ts). */
function zodAnswer(body: unknown): string {
  try {
    if (body !== undefined && Buffer.byteLength(JSON.stringify(body) ?? '') > 2048) return 'TOO_LARGE';
  } catch {
    return 'BAD_MESSAGE'; // a cycle or a BigInt: the body cannot be measured
  }
  const parsed = IntentSchema.safeParse(body);
  if (!parsed.success) return 'BAD_MESSAGE';
  return isleGame.actionSchema.safeParse(parsed.data.action).success ? 'NOT_YOUR_TURN' : 'BAD_ACTION';
}

test('intent frames written byte by byte: each gets the refusal zod alone would give, and nothing changes', async () => {
  const game = await ts.client().create('isle', { seats: 2, name: 'A' });
  const gameSeen = watch(game);
  const other = await ts.client().joinById(game.roomId, { name: 'B' });
  const otherSeen = watch(other);
  await until(() => gameSeen.seat === 0 && otherSeen.seat === 1, 3000, 'seats');
  game.send('start', {});
  await until(() => (game.state as any)?.phase === 'playing', 3000, 'start');
  const state = inside(ts.room(game.roomId)).game!;
  const decider = currentDecision(state)!.seat;
  const legal = legalActions(state, decider, { everyCopy: true });
  expect(legal.length).toBeGreaterThan(3);
  const [sender, senderSeen] = decider === 0 ? [other, otherSeen] : [game, gameSeen];
  const quietSeen = decider === 0 ? gameSeen : otherSeen;

  // Mutants of the deciding seat's legal actions (many still valid), encoded by msgpackr as a client could.
  const packr = new Packr({ structuredClone: true, moreTypes: true });
  const valid = fc.record({ action: fc.constantFrom(...legal), id: fc.nat() });
  const intents = [...fc.sample(mutantOf(valid), { numRuns: 600, seed: 11 }), ...fc.sample(valid, { numRuns: 100, seed: 12 })];
  const bodies: number[][] = HOSTILE_BODIES.map((c) => c.body);
  for (const v of intents) {
    try {
      bodies.push([...packr.pack(v)]);
    } catch { /* not encodable: no client can send it */ }
  }
  const expected: string[] = [];
  const before = JSON.stringify(inside(ts.room(game.roomId)).game);
  for (const body of bodies) {
    const d = decoded(body);
    // Unreadable, or over the WebSocket frame limit: the connection would be closed (abuse.test.ts).
    if (!d.ok || body.length > 12_000) continue;
    expected.push(zodAnswer(d.value));
    sender.connection.send(messageFrame('intent', body));
  }
  expect(expected.filter((c) => c === 'NOT_YOUR_TURN').length).toBeGreaterThan(100);
  expect(expected.filter((c) => c === 'BAD_ACTION').length).toBeGreaterThan(50);
  await until(() => senderSeen.errors.length >= expected.length, 60_000, 'a refusal for each frame');
  expect(senderSeen.errors.map((e) => e.code)).toEqual(expected);
  expect(sender.connection.isOpen).toBe(true);
  expect(JSON.stringify(inside(ts.room(game.roomId)).game)).toBe(before);
  expect(quietSeen.errors).toEqual([]);
  for (const r of [game, other]) await r.leave();
}, 60_000);
