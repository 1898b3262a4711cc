/**
 * Lobby, options, HTTP endpoints and every kind of refused message: each gets an `error` to its
 * sender only, changes nothing, and leaves everyone else's game running.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { legalActions, type GameState } from '@isle-of-trains/rules';
import { autoplay, bootServer, getJSON, sleep, until, viewOf, watch, type Seen, type TestServer } from './support/harness';
import { inside } from './support/room-inside';

let ts: TestServer;
// Every client here is 127.0.0.1: the oversize frame of one test would slow the address for the
// rate-limit test after it (abuse.test.ts and slowed.test.ts test the slow-down).
beforeAll(async () => { ts = await bootServer({ RATE_LIMIT: 10, RATE_LIMIT_BURST: 30, MAX_MESSAGE_BYTES: 4096, MAX_PAYLOAD_BYTES: 64 * 1024, FLOOD_SLOWDOWN_SECONDS: 0 }); });
afterAll(async () => { await ts.close(); });

const state = (r: SDKRoom) => r.state as any;
/** Close a room whose game is still running (otherwise bots would finish it in the background). */
const dispose = async (roomId: string) => { await (ts.room(roomId) as unknown as { disconnect(code?: number): Promise<unknown> } | undefined)?.disconnect(4000); };
const serverGame = (roomId: string) => inside(ts.room(roomId)).game;

async function errorAfter(seen: Seen, send: () => void, ms = 3000) {
  const before = seen.errors.length;
  send();
  await until(() => seen.errors.length > before, ms, 'error reply');
  return seen.errors[seen.errors.length - 1];
}

/** A started 2-human table plus a spectator. */
async function table() {
  const a = await ts.client().create('isle', { seats: 2, name: 'Ada' });
  const sa = watch(a);
  const b = await ts.client().joinById(a.roomId, { name: 'Brunel' });
  const sb = watch(b);
  await until(() => sa.seat === 0 && sb.seat === 1, 3000, 'seats');
  const s = await ts.client().joinById(a.roomId, { name: 'Watcher' });
  const ss = watch(s);
  await until(() => ss.seat === -1, 3000, 'spectator seat');
  return { a, sa, b, sb, s, ss };
}

describe('lobby and options', () => {
  it('refuses bad create and join options with readable errors', async () => {
    // the SDK warns about the sockets of refused joins; expected here
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const c = ts.client();
    await expect(c.create('isle', { seats: 5 })).rejects.toThrow(/BAD_OPTIONS/);
    await expect(c.create('isle', { seats: 2, bots: 2 })).rejects.toThrow(/BAD_OPTIONS.*bots/);
    await expect(c.create('isle', { seats: 2, mode: 'scenario', scenario: 2 })).rejects.toThrow(/BAD_OPTIONS/);
    await expect(c.create('isle', { seats: 1, mode: 'scenario' })).rejects.toThrow(/BAD_OPTIONS.*scenario/);
    await expect(c.create('isle', { seats: 2, botLevel: 'genius' })).rejects.toThrow(/BAD_OPTIONS/);
    await expect(c.create('isle', { seats: 2, name: 'x'.repeat(40) })).rejects.toThrow(/BAD_OPTIONS.*24/);
    // Control characters are refused (the one name rule), runs of spaces and line breaks become one space.
    await expect(c.create('isle', { seats: 2, name: '  Ada \u0007 Lovelace  ' })).rejects.toThrow(/BAD_OPTIONS: name: a name cannot contain U\+0007/);
    const a = await c.create('isle', { seats: 3, name: '  Ada \n Lovelace  ', private: true });
    watch(a);
    await until(() => state(a)?.seats?.length === 3);
    expect(state(a).seats[0].name).toBe('Ada Lovelace');
    await expect(c.joinById(a.roomId, { name: '   ' })).rejects.toThrow(/BAD_OPTIONS/);
    await expect(c.joinById(a.roomId, { name: 'B', code: 'ZZZZZZ' })).rejects.toThrow(/BAD_CODE/);
    await expect(c.joinById(a.roomId, { seatToken: 'nope' })).rejects.toThrow(/BAD_SEAT_TOKEN/);
    const b = await c.joinById(a.roomId, { name: 'Brunel', code: state(a).code.toLowerCase() });
    const sb = watch(b);
    await until(() => sb.seat === 1);
    await a.leave();
    await b.leave();
    warn.mockRestore();
  });

  it('seat names follow the one name rule: marks and NFC accepted, direction controls and non-text refused', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const c = ts.client();
    await expect(c.create('isle', { seats: 2, name: 'Ada\u202Eevil' })).rejects.toThrow(/BAD_OPTIONS: name: a name cannot contain U\+202E/);
    await expect(c.create('isle', { seats: 2, name: null as unknown as string })).rejects.toThrow(/BAD_OPTIONS: name: a name must be text, not null/);
    const a = await c.create('isle', { seats: 3, name: 'नमस्ते' });
    watch(a);
    await until(() => state(a)?.seats?.length === 3);
    await expect(c.joinById(a.roomId, { name: '\u2067Brunel' })).rejects.toThrow(/BAD_OPTIONS: name: .*U\+2067/);
    await expect(c.joinById(a.roomId, { name: { toString: 'x' } as unknown as string })).rejects.toThrow(/BAD_OPTIONS: name: a name must be text, not an object/);
    const b = await c.joinById(a.roomId, { name: 'Zoe\u0308' });
    const sb = watch(b);
    await until(() => sb.seat === 1);
    await until(() => state(a).seats[1].name === 'Zoë');
    expect(state(a).seats.map((x: { name: string }) => x.name)).toEqual(['नमस्ते', 'Zoë', '']);
    await a.leave();
    await b.leave();
    warn.mockRestore();
  });

  it('lists public rooms, finds private ones by code, and starts only when every seat is filled', async () => {
    const pub = await ts.client().create('isle', { seats: 3, bots: 1, name: 'Ada', botLevel: 'random' });
    const spub = watch(pub);
    const priv = await ts.client().create('isle', { seats: 2, private: true, name: 'Eve' });
    watch(priv);
    await until(() => !!state(priv)?.code && !!state(pub)?.code);
    await sleep(50);
    const { body: rooms } = await getJSON<any[]>(`${ts.http}/api/rooms`);
    const listed = rooms.find((r) => r.roomId === pub.roomId);
    expect(listed.metadata).toMatchObject({ seats: 3, freeSeats: 1, bots: 1, humans: 1, mode: 'multiplayer', phase: 'lobby', creator: 'Ada' });
    expect(listed.metadata.code).toBeUndefined();
    expect(rooms.some((r) => r.roomId === priv.roomId)).toBe(false);
    const byCode = await getJSON<{ roomId: string }>(`${ts.http}/api/rooms/by-code/${state(priv).code.toLowerCase()}`);
    expect(byCode).toEqual({ status: 200, body: { roomId: priv.roomId } });
    expect((await getJSON(`${ts.http}/api/rooms/by-code/NOPE42`)).status).toBe(404);

    // intent in the lobby, start with an empty seat, start by a non-creator
    expect((await errorAfter(spub, () => pub.send('intent', { action: { type: 'take', from: 'deck' } }))).code).toBe('NOT_STARTED');
    expect((await errorAfter(spub, () => pub.send('start', {}))).code).toBe('SEATS_NOT_FILLED');
    const b = await ts.client().joinById(pub.roomId, { name: 'Brunel' });
    const sb = watch(b);
    await until(() => sb.seat === 1);
    expect((await errorAfter(sb, () => b.send('start', {}))).code).toBe('NOT_CREATOR');
    expect((await errorAfter(spub, () => pub.send('start', { now: true }))).code).toBe('BAD_MESSAGE');
    // a late joiner in a full lobby is a spectator
    const late = await ts.client().joinById(pub.roomId, { name: 'Late' });
    const slate = watch(late);
    await until(() => slate.seat === -1);
    pub.send('start', {});
    await until(() => state(pub).phase === 'playing' && state(b).phase === 'playing');
    expect(state(pub).seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(state(pub).seed).toBe('');
    expect((await errorAfter(spub, () => pub.send('start', {}))).code).toBe('ALREADY_STARTED');
    const replay = await getJSON<{ code: string }>(`${ts.http}/api/games/${pub.roomId}/replay`);
    expect(replay.status).toBe(409);
    expect((await getJSON(`${ts.http}/api/games/no-such-game/replay`)).status).toBe(404);
    const meta = (await getJSON<any[]>(`${ts.http}/api/rooms`)).body.find((r) => r.roomId === pub.roomId);
    expect(meta.metadata.phase).toBe('playing');
    await dispose(pub.roomId);
    await priv.leave();
  });

  it('answers /healthz and /readyz', async () => {
    expect(await getJSON(`${ts.http}/healthz`)).toEqual({ status: 200, body: { ok: true } });
    expect(await getJSON(`${ts.http}/readyz`)).toEqual({ status: 200, body: { ready: true } });
  });
});

describe('refused messages', () => {
  it('out-of-turn, spectator, malformed, unknown, oversized: an error to the sender, nothing changes', async () => {
    const { a, sa, b, sb, s, ss } = await table();
    a.send('start', {});
    await until(() => state(a).phase === 'playing' && !!viewOf(b, 1) && !!viewOf(a, 0));
    const before = JSON.stringify(serverGame(a.roomId));
    const logBefore = state(a).logJson.length;
    const legal0 = legalActions(viewOf(a, 0)!, 0);
    const anAction = legal0.find((x) => x.type === 'take') ?? legal0[0];

    const cases: [SDKRoom, Seen, () => void, string][] = [
      [b, sb, () => b.send('intent', { action: anAction, id: 'x1' }), 'NOT_YOUR_TURN'],
      [s, ss, () => s.send('intent', { action: anAction }), 'NOT_YOUR_SEAT'],
      [a, sa, () => a.send('intent', { action: anAction, seat: 1 }), 'BAD_MESSAGE'],
      [a, sa, () => a.send('intent', 'take the deck'), 'BAD_MESSAGE'],
      [a, sa, () => a.send('intent', 42), 'BAD_MESSAGE'],
      [a, sa, () => a.send('intent', { action: { type: 'fly', to: 'moon' }, id: 7 }), 'BAD_ACTION'],
      [a, sa, () => a.send('intent', { action: { type: 'take', from: 'deck', extra: 1 } }), 'BAD_ACTION'],
      [a, sa, () => a.send('intent', { action: { type: 'discard', card: 'bank.1' } }), 'WRONG_DECISION'],
      [a, sa, () => a.send('intent', { action: { type: 'build', card: 'no-such-card.1' } }), 'CARD_NOT_IN_HAND'],
      [a, sa, () => a.send('fly', { to: 'moon' }), 'UNKNOWN_MESSAGE'],
      [a, sa, () => a.send(99 as unknown as string, {}), 'UNKNOWN_MESSAGE'],
      // Types named like an object's own members are looked up as the room's own message types only.
      [a, sa, () => a.send('constructor', {}), 'UNKNOWN_MESSAGE'],
      [a, sa, () => a.send('toString', {}), 'UNKNOWN_MESSAGE'],
      [a, sa, () => a.send('__proto__', {}), 'UNKNOWN_MESSAGE'],
      [a, sa, () => a.send('intent', { action: { type: 'take', from: 'x'.repeat(10_000) } }), 'TOO_LARGE'],
    ];
    for (const [, seen, send, code] of cases) {
      const err = await errorAfter(seen, send);
      expect(err.code).toBe(code);
      expect(typeof err.message).toBe('string');
      expect(err.message.length).toBeGreaterThan(0);
    }
    expect(sb.errors.find((e) => e.code === 'NOT_YOUR_TURN')?.id).toBe('x1');
    expect(sa.errors.find((e) => e.code === 'BAD_ACTION')?.id).toBe(7);
    await sleep(100);
    expect(JSON.stringify(serverGame(a.roomId))).toBe(before);
    expect(state(a).logJson.length).toBe(logBefore);
    // errors went to their senders only
    expect(sa.errors.map((e) => e.code)).not.toContain('NOT_YOUR_TURN');
    expect(sb.errors.map((e) => e.code)).toEqual(['NOT_YOUR_TURN']);
    expect(ss.errors.map((e) => e.code)).toEqual(['NOT_YOUR_SEAT']);

    // A frame over the transport limit closes only that connection; the others play on.
    const big = await ts.client().joinById(a.roomId, { name: 'Big' });
    watch(big);
    big.reconnection.enabled = false;
    const bigClosed = new Promise<number>((res) => big.onLeave((code) => res(code)));
    big.send('intent', { action: { type: 'take', from: 'x'.repeat(100_000) } });
    expect([1006, 1009]).toContain(await bigClosed);

    // the right seat can still play, and the game goes on to the end for both players
    const pa = autoplay(a, sa);
    const pb = autoplay(b, sb);
    await until(() => pa.moves > 3 && pb.moves > 3, 10_000, 'play after refusals');
    expect(sa.errors.length).toBe(cases.filter(([r]) => r === a).length);
    await dispose(a.roomId);
  });

  it('rate-limits floods without disturbing the other players', async () => {
    const { a, sa, b, sb, s } = await table();
    a.send('start', {});
    await until(() => state(a).phase === 'playing' && !!viewOf(a, 0));
    const before = JSON.stringify(serverGame(a.roomId));
    for (let i = 0; i < 200; i++) b.send('intent', { action: { type: 'take', from: 'deck' }, id: i });
    await until(() => sb.errors.some((e) => e.code === 'RATE_LIMITED'), 3000, 'RATE_LIMITED');
    await sleep(200);
    const codes = sb.errors.map((e) => e.code);
    // 29 (the burst of 30, less the join handshake frame: every frame counts) are handled and refused
    // by the rules check; RATE_LIMITED replies are limited by a second bucket of the same size; the
    // rest is dropped without a reply. One burst does not close the connection.
    expect(codes.filter((c) => c === 'NOT_YOUR_TURN').length).toBeGreaterThanOrEqual(29);
    expect(codes.filter((c) => c === 'NOT_YOUR_TURN').length).toBeLessThanOrEqual(32);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(30);
    expect(codes.length).toBeLessThan(70);
    expect(JSON.stringify(serverGame(a.roomId))).toBe(before);
    expect(sa.errors).toEqual([]);
    // seat 0 plays on while seat 1 is throttled; seat 1 gets tokens back after a pause
    const pa = autoplay(a, sa);
    await until(() => pa.moves >= 1 || state(a).game.turn.seat === 1, 5000, 'seat 0 plays');
    await sleep(1100);
    const pb = autoplay(b, sb);
    await until(() => pa.moves > 3 && pb.moves > 3, 10_000, 'both play');
    await dispose(a.roomId);
  });

  it('refuses intents after the end with GAME_OVER and publishes the seed', async () => {
    const r = await ts.client().create('isle', { seats: 1, name: 'Solo' });
    const seen = watch(r);
    autoplay(r, seen);
    await until(() => state(r)?.phase === 'ended', 30_000, 'solo end');
    // playing as fast as it can, the client hit the rate limit and waited; nothing else went wrong
    expect(seen.errors.filter((e) => e.code !== 'RATE_LIMITED')).toEqual([]);
    seen.errors.length = 0;
    expect(state(r).seed).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(state(r).scoresJson).players).toHaveLength(1);
    expect(JSON.parse(state(r).soloJson).mode).toBe('challenge');
    await sleep(300); // let the rate limiter refill after the fast game
    expect((await errorAfter(seen, () => r.send('intent', { action: { type: 'take', from: 'deck' } }))).code).toBe('GAME_OVER');
    const replay = await getJSON<{ options: { seed: string } }>(`${ts.http}/api/games/${r.roomId}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.body.options.seed).toBe(state(r).seed);
    await r.leave();
  });
});
