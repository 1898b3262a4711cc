/**
 * Every inbound frame counts against the connection's limit,
 * request frames included (and they are refused, never applied); a connection that keeps flooding
 * is closed with 4029 and its address slowed; refusals echo a readable id; bad input is logged at
 * warn, a few lines per connection per minute, without a stack.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import type { GameState } from '@isle-of-trains/rules';
import { bootServer, floodUntilClosed, sleep, until, watch, type Seen, type TestServer } from './support/harness';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';
import { inside } from './support/room-inside';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ RATE_LIMIT: 10, RATE_LIMIT_BURST: 30 }); });
afterAll(async () => { await ts.close(); });

const state = (r: SDKRoom) => r.state as any;
const serverGame = (roomId: string): GameState | null => inside(ts.room(roomId)).game;

/** A started 2-seat game (seat 1 a bot that waits: BOT_DELAY_MS is 0 but seat 0 moves first). */
async function table(): Promise<{ r: SDKRoom; seen: Seen }> {
  const r = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
  const seen = watch(r);
  await until(() => seen.seat === 0, 3000, 'seat');
  r.send('start', {});
  await until(() => state(r)?.phase === 'playing', 3000, 'start');
  return { r, seen };
}

/** Log lines (pino JSON) about one room. */
function lines(roomId: string): Record<string, unknown>[] {
  return ts.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.room === roomId);
}

test('a request frame is refused with REQUEST_NOT_SUPPORTED and applies nothing', async () => {
  const { r } = await table();
  const before = JSON.stringify(serverGame(r.roomId));
  await expect(r.request('intent', { action: { type: 'take', from: 'deck' } })).rejects.toMatchObject({ name: 'rejected', reason: { code: 'REQUEST_NOT_SUPPORTED' } });
  await expect(r.request('anything', {})).rejects.toMatchObject({ name: 'rejected', reason: { code: 'REQUEST_NOT_SUPPORTED' } });
  expect(JSON.stringify(serverGame(r.roomId))).toBe(before);
  await r.leave();
});

test('request frames count against the rate limit', async () => {
  const { r, seen } = await table();
  // 60 requests at once spend the burst of 30 ...
  for (let i = 0; i < 60; i++) r.request('anything', {}).catch(() => undefined);
  // ... so a message right after them is dropped with RATE_LIMITED, not handled.
  r.send('start', {});
  await until(() => seen.errors.length > 0, 3000, 'a reply to start');
  expect(seen.errors[0].code).toBe('RATE_LIMITED');
  await r.leave();
});

test('refusals of malformed bodies echo a readable id', async () => {
  const { r, seen } = await table();
  r.send('intent', { id: 'mine-1', bogus: true });
  r.send('start', { id: 7, extra: 1 });
  r.send('nonsense', { id: 'n1' });
  await until(() => seen.errors.length >= 3, 3000, 'three refusals');
  expect(seen.errors.map((e) => [e.code, e.id])).toEqual([['BAD_MESSAGE', 'mine-1'], ['BAD_MESSAGE', 7], ['UNKNOWN_MESSAGE', 'n1']]);
  await r.leave();
});

test('bad input is logged at warn, a few lines per connection, without a stack', async () => {
  const { r, seen } = await table();
  const from = ts.logLines.length;
  for (let i = 0; i < 25; i++) r.send('intent', { action: { type: 'nope' }, id: i });
  await until(() => seen.errors.length >= 25, 3000, 'refusals');
  // An unreadable frame (msgpack cut short) closes the connection with 4002, logged the same way.
  r.reconnection.enabled = false;
  const closed = new Promise<number>((res) => r.onLeave((code) => res(code)));
  r.connection.send(Uint8Array.from([13, 6, ...Buffer.from('intent'), 0xdc, 0xff]));
  expect(await closed).toBe(4002);
  await sleep(100);
  const mine = ts.logLines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.room === r.roomId && l.session === r.sessionId);
  const bad = mine.filter((l) => l.msg === 'bad client input');
  expect(bad.length).toBe(3);
  expect(bad.every((l) => l.level === 40)).toBe(true);
  expect(ts.logLines.slice(from).some((l) => /"stack"|\\n\s+at /.test(l))).toBe(false);
  expect(ts.logLines.slice(from).some((l) => (JSON.parse(l) as { level: number }).level >= 50)).toBe(false);
});

// Last: it slows this process's view of 127.0.0.1 (every test client's address) for a minute.
test('a connection that keeps flooding is closed with 4029; its address is slowed; a burst is not closed', async () => {
  const { r, seen } = await table();
  r.reconnection.enabled = false;
  const closed = new Promise<number>((res) => r.onLeave((code) => res(code)));
  // One burst of 100: dropped past the limit, the connection stays.
  for (let i = 0; i < 100; i++) r.send('start', {});
  await sleep(1500);
  expect(r.connection.isOpen).toBe(true);
  expect(seen.errors.some((e) => e.code === 'RATE_LIMITED')).toBe(true);
  // A steady flood: closed once it has lasted past the grace.
  expect(await floodUntilClosed(r, closed)).toBe(CLOSE_CODES.FLOODING);
  const line = lines(r.roomId).find((l) => l.event === 'flooding');
  expect(line).toMatchObject({ level: 40 });
  // The game did not stall: a flooding seat gets no reconnection window; a bot takes over.
  await until(() => (ts.room(r.roomId) as unknown as { table: { slots: { botPlaying: boolean }[] } }).table.slots[0].botPlaying, 3000, 'bot takes the seat');
  // A new connection from the same address takes its frames from the address's quarter bucket (burst
  // 7, not 30, and what the flooder used stays used).
  const w = await ts.client().joinById(r.roomId, { name: 'Next' });
  const sw = watch(w);
  await until(() => sw.seat === -1, 3000, 'spectator');
  for (let i = 0; i < 20; i++) w.send('start', {});
  await until(() => sw.errors.some((e) => e.code === 'RATE_LIMITED'), 3000, 'replies');
  await sleep(100);
  expect(sw.errors.filter((e) => e.code === 'ALREADY_STARTED').length).toBeLessThanOrEqual(8);
  await w.leave();
}, 120_000); // the flood lasts until the server closes it, longer on a loaded machine

test('a frame over MAX_PAYLOAD_BYTES closes the connection with 1009, logged once at warn without a stack', async () => {
  // A lobby: the address is slowed by now, and its few frames were spent by the test above.
  const r = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
  r.reconnection.enabled = false;
  const closed = new Promise<number>((res) => r.onLeave((code) => res(code)));
  const from = ts.logLines.length;
  r.send('intent', { action: { type: 'take', from: 'deck' }, pad: 'x'.repeat(20_000) });
  expect(await closed).toBe(1009);
  await until(() => ts.logLines.slice(from).some((l) => l.includes('frame over MAX_PAYLOAD_BYTES')), 3000, 'log line');
  const logged = ts.logLines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(logged.find((l) => l.what === 'frame over MAX_PAYLOAD_BYTES')).toMatchObject({ level: 40, code: 1009 });
  expect(logged.filter((l) => String(l.msg ?? '').includes('Max payload'))).toEqual([]);
});
