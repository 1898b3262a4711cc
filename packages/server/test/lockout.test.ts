/**
 * No connection pattern locks a room. Spectators that join and drop, and connections
 * the server closes itself (a frame over MAX_PAYLOAD_BYTES), get no reconnection window; Colyseus'
 * maxClients (which counts those windows and locks the room) is not used. A returning seat always
 * gets in, and so does the next spectator.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { bootServer, until, watch, type TestServer } from './support/harness';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ MAX_SPECTATORS: 2, RECONNECT_SECONDS: 120, MAX_PAYLOAD_BYTES: 2048, MAX_MESSAGE_BYTES: 1024 }); });
afterAll(async () => { await ts.close(); });

const state = (r: SDKRoom) => r.state as any;

/** Close the socket without consent (as a lost network does), and wait until the server saw it. */
async function dropSocket(r: SDKRoom): Promise<void> {
  r.connection.close(4999, 'gone');
  await until(() => !r.connection.isOpen, 3000, 'socket closed');
}

/**
 * Spectators join and go, one after another. A connection the server closed for an oversize frame is no
 * longer read and is ended after a short grace (so that its close code reaches it): the room counts it until
 * then, so each cycle waits until the room has let the spectator go before the next one comes.
 */
async function churn(roomId: string, cycles: number): Promise<void> {
  const clients = () => (ts.room(roomId) as unknown as { clients: unknown[] }).clients.length;
  const before = clients();
  for (let i = 0; i < cycles; i++) {
    const w = await ts.client().joinById(roomId, { name: `W${i}` });
    await until(() => state(w)?.seats?.length > 0, 3000, 'spectator state');
    if (i % 2 === 0) await dropSocket(w);
    else {
      // A frame larger than MAX_PAYLOAD_BYTES: the server closes the connection (1009).
      w.send('intent', { action: { type: 'take', from: 'deck' }, pad: 'x'.repeat(4000) });
      await until(() => !w.connection.isOpen, 3000, 'closed by the server');
    }
    await until(() => clients() === before, 5000, 'the spectator gone from the room');
  }
}

test('spectators dropping and server-closed connections leave a playing room open to its seats', async () => {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0 && !!sa.token, 3000, 'seat');
  a.send('start', {});
  await until(() => state(a)?.phase === 'playing', 3000, 'start');
  await churn(a.roomId, 12);
  const room = ts.room(a.roomId) as unknown as { _reservedSeats: Record<string, unknown>; locked: boolean };
  expect(Object.keys(room._reservedSeats)).toHaveLength(0);
  expect(room.locked).toBe(false);
  // The seat token gets in, and so do spectators up to MAX_SPECTATORS.
  const back = await ts.client().joinById(a.roomId, { seatToken: sa.token });
  const sb = watch(back);
  await until(() => sb.seat === 0, 3000, 'seat retaken');
  const w = await ts.client().joinById(a.roomId, { name: 'Late' });
  const sw = watch(w);
  await until(() => sw.seat === -1, 3000, 'spectator seat');
  await w.leave();
  await back.leave();
});

test('a lobby stays joinable after many spectator drops', async () => {
  const a = await ts.client().create('isle', { seats: 3, name: 'Ada' });
  await ts.client().joinById(a.roomId, { name: 'Brunel' });
  const c = await ts.client().joinById(a.roomId, { name: 'Cy' });
  // The lobby is full of players: later joiners are spectators.
  await churn(a.roomId, 12);
  await c.leave();
  const d = await ts.client().joinById(a.roomId, { name: 'Dee' });
  const sd = watch(d);
  await until(() => sd.seat === 2, 3000, 'free seat taken');
});

test('a seated player who drops keeps the reconnection window', async () => {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 3000, 'seat');
  a.send('start', {});
  await until(() => state(a)?.phase === 'playing', 3000, 'start');
  const room = ts.room(a.roomId) as unknown as { _reservedSeats: Record<string, unknown> };
  await dropSocket(a);
  await until(() => Object.keys(room._reservedSeats).length === 1, 3000, 'reconnection window');
  expect(state(a).seats[0].botPlaying).toBe(false);
});
