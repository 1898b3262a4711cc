/**
 * A rematch room nobody came back to closes when its reservation time (RECONNECT_SECONDS) is over; a later
 * ask for a rematch then sets up a new room instead of naming the closed one.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { matchMaker } from '@colyseus/core';
import { autoplay, bootServer, stateJSON, until, watch, type Seen, type TestServer } from './support/harness';

jest.setTimeout(120_000);

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ RECONNECT_SECONDS: 1 }); });
afterAll(async () => { await ts.close(); });

const rematchOf = (seen: Seen) => seen.messages.filter((m) => m.type === 'rematch').map((m) => (m.body as { roomId: string }).roomId);

test('after the rematch room has closed unused, a new ask gets a new room the player can join', async () => {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada', botLevel: 'random' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 3000, 'seat');
  a.send('start', {});
  await until(() => stateJSON(a).phase === 'playing', 3000, 'start');
  const token = sa.token;
  autoplay(a, sa);
  await until(() => stateJSON(a).phase === 'ended', 90_000, 'the end');

  a.send('rematch', { id: 'r1' });
  await until(() => sa.acks.includes('r1'), 5000, 'first rematch');
  const [first] = rematchOf(sa);
  // Nobody goes there: it closes after the reservation time.
  await until(() => !matchMaker.getLocalRoomById(first), 10_000, 'the unused rematch room closes');

  a.send('rematch', { id: 'r2' });
  await until(() => sa.acks.includes('r2'), 5000, 'second rematch');
  const second = rematchOf(sa)[1];
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);
  const back = await ts.client().joinById(second, { seatToken: token });
  const sb = watch(back);
  await until(() => sb.seat !== null, 3000, 'seat in the new rematch room');
  expect(sb.seat).toBe(0);
  await back.leave();
});
