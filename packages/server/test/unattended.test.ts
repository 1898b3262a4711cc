/**
 * A game that only bots are playing, with no player connected, stops after MAX_UNATTENDED_MOVES
 * moves in a row: weak bots can go round in circles forever, and such a room would never close
 * while its log grew without end. A player at the table resets the count.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { autoplay, bootServer, sleep, until, watch, type Seen, type TestServer } from './support/harness';
import { inside } from './support/room-inside';

const LIMIT = 25;
let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ RECONNECT_SECONDS: 1, MAX_UNATTENDED_MOVES: LIMIT, BOT_DELAY_MS: 5 }); });
afterAll(async () => { await ts.close(); });

const state = (r: SDKRoom) => r.state as any;
const server = (roomId: string) => inside(ts.room(roomId) as unknown | undefined);
const dropSocket = (r: SDKRoom) => (r.connection.transport as unknown as { ws: { terminate(): void } }).ws.terminate();

async function startedWithBot(): Promise<{ a: SDKRoom; sa: Seen }> {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada', botLevel: 'random' });
  const sa = watch(a);
  await until(() => sa.seat === 0 && state(a)?.seats?.[1]?.kind === 'bot', 3000, 'seats');
  a.send('start', {});
  await until(() => state(a)?.phase === 'playing', 3000, 'start');
  return { a, sa };
}

test('bots alone stop after the limit: the game is closed unfinished and the room goes away', async () => {
  const { a } = await startedWithBot();
  const roomId = a.roomId;
  a.reconnection.enabled = false;
  dropSocket(a);
  // After the reconnection window a bot plays for Ada too; from then on nobody is at the table.
  await until(() => server(roomId) === undefined, 20_000, 'the room to close');
  const log = await ts.srv.store.read(roomId);
  expect(log).not.toBeNull();
  const last = log![log!.length - 1] as { t: string; reason?: string };
  expect(last).toMatchObject({ t: 'abandon', reason: 'unattended' });
  expect(log!.some((e) => e.t === 'end')).toBe(false);
  // The bots stopped at the limit (plus the moves made while Ada was still connected).
  const actions = log!.filter((e) => e.t === 'action').length;
  expect(actions).toBeGreaterThanOrEqual(LIMIT);
  expect(await ts.srv.store.listOpen()).not.toContain(roomId);
  expect(ts.logLines.some((l) => l.includes('unattended game stopped') && l.includes(roomId))).toBe(true);
}, 40_000);

test('a connected player resets the count: the game goes on past the limit', async () => {
  const { a, sa } = await startedWithBot();
  const roomId = a.roomId;
  // Ada stays at the table and plays random legal moves; the bot plays the other seat.
  const p = autoplay(a, sa);
  await until(() => (server(roomId)?.actionLog.length ?? 0) > 3 * LIMIT, 20_000, 'well past the limit');
  expect(server(roomId)).toBeDefined();
  const log = await ts.srv.store.read(roomId);
  expect(log!.some((e) => e.t === 'abandon')).toBe(false);
  p.paused = true;
  await sleep(20);
  await a.leave();
}, 40_000);
