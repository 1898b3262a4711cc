/**
 * A reconnection token presented while its session is still connected (a second tab that reconnects
 * with the stored token): the newer connection takes the seat over (src/colyseus-patches/reconnect-takeover.ts).
 * The old connection is closed with 4100 (seat taken), never with 4002 (a frame the server could not
 * read); the seat is never played by a bot in between; the newer connection gets the seat, its hand
 * and plays on.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { autoplay, bootServer, until, watch, type TestServer } from './support/harness';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ RECONNECT_SECONDS: 30 }); });
afterAll(async () => { await ts.close(); });

const state = (r: SDKRoom) => r.state as any;

test('a live session\'s reconnection token used elsewhere moves the seat to the newer connection, with no bot in between', async () => {
  const a = await ts.client().create('isle', { seats: 2, name: 'Ada' });
  const sa = watch(a);
  const b = await ts.client().joinById(a.roomId, { name: 'Brunel' });
  const sb = watch(b);
  await until(() => sa.seat === 0 && sb.seat === 1 && state(a)?.seats?.[1]?.kind === 'human', 5000, 'seats');
  a.send('start', {});
  await until(() => state(a)?.phase === 'playing' && state(b)?.phase === 'playing', 5000, 'start');

  // Brunel's decoded state after every patch: Ada's seat must never be shown as played by a bot.
  const botSeen: number[] = [];
  b.onStateChange(() => { if (state(b)?.seats?.[0]?.botPlaying) botSeen.push(Date.now()); });
  let closedWith: number | null = null;
  a.onLeave((code) => { closedWith = code; });

  const a2 = await ts.client().reconnect(a.reconnectionToken);
  const sa2 = watch(a2);
  await until(() => closedWith !== null, 10_000, 'the old connection closed');
  expect(closedWith).toBe(4100);
  await until(() => sa2.seat === 0, 10_000, 'seat message on the newer connection');
  expect(sa2.token).toBe(sa.token);
  await until(() => (state(a2)?.game?.players?.[0]?.hand?.length ?? 0) > 0, 10_000, 'the hand on the newer connection');

  // The game goes on with the newer connection in the seat.
  const p2 = autoplay(a2, sa2);
  const pb = autoplay(b, sb);
  await until(() => p2.moves > 0 && pb.moves > 0, 30_000, 'moves by both seats');
  expect(state(b).seats[0]).toMatchObject({ kind: 'human', connected: true, botPlaying: false });
  expect(botSeen).toEqual([]);
  expect(ts.logLines.filter((l) => l.includes('"room":"' + a.roomId + '"') && l.includes('"event":"leave"'))).toEqual([]);
  expect([...sa2.errors, ...sb.errors].filter((e) => e.code !== 'NOT_YOUR_TURN')).toEqual([]);
  await Promise.all([a2.leave(), b.leave()]);
});
