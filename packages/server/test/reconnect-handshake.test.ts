/**
 * A connection that comes back with the SDK's reconnection token keeps the frame buckets of the one it
 * replaces (src/admission/frame-gate.ts). Its join handshake must still get through when the player had
 * used up the burst just before the drop: a dropped handshake left the connection half-joined for good
 * (the server sent it no state, no patch and no message, so the game, its end included, never reached
 * the player) while the seat counted as connected.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { bootServer, sleep, until, watch, type TestServer } from './support/harness';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ RATE_LIMIT: 1, RATE_LIMIT_BURST: 3, RECONNECT_SECONDS: 30 }); });
afterAll(async () => { await ts.close(); });

const cut = (r: SDKRoom) => (r.connection.transport as unknown as { ws: { terminate(): void } }).ws.terminate();

test('the handshake of a reconnection gets through when the player had used up its burst', async () => {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
  const seen = watch(a);
  Object.assign(a.reconnection, { minUptime: 0, delay: 20, minDelay: 20, maxDelay: 200 });
  await until(() => seen.seat === 0, 10_000, 'seat');
  // Use up the burst (the bucket refills at 1 a second): the last requests are refused RATE_LIMITED.
  for (let i = 0; i < 5; i++) a.send('log', { limit: 1 });
  await until(() => seen.errors.some((e) => e.code === 'RATE_LIMITED'), 10_000, 'RATE_LIMITED');
  const seatsBefore = seen.messages.filter((m) => m.type === 'seat').length;
  let back = false;
  a.onReconnect(() => { back = true; });
  cut(a);
  await until(() => back, 10_000, 'the SDK reconnected');
  // Once joined, the server sends the full state and the `seat` message again: they must arrive.
  await until(() => seen.messages.filter((m) => m.type === 'seat').length > seatsBefore, 10_000, 'the seat message on the new connection');
  const server = ts.room(a.roomId) as unknown as { clients: { sessionId: string; state: number }[] };
  expect(server.clients.find((c) => c.sessionId === a.sessionId)?.state).toBe(1); // ClientState.JOINED
  await sleep(50);
  await a.leave();
});
