/**
 * The spectator limit is counted by the room, not by Colyseus' maxClients: a full gallery refuses
 * another spectator with ROOM_FULL but never a player who comes back with a seat token.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { bootServer, until, watch, type TestServer } from './support/harness';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ MAX_SPECTATORS: 2 }); });
afterAll(async () => { await ts.close(); });

const state = (r: { state: unknown }) => r.state as any;

test('spectators beyond MAX_SPECTATORS get ROOM_FULL; a seat token still gets in', async () => {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0 && !!sa.token, 3000, 'seat');
  a.send('start', {});
  await until(() => state(a)?.phase === 'playing', 3000, 'start');
  const watchers = [await ts.client().joinById(a.roomId, { name: 'W1' }), await ts.client().joinById(a.roomId, { name: 'W2' })];
  await expect(ts.client().joinById(a.roomId, { name: 'W3' })).rejects.toThrow(/ROOM_FULL/);
  // The room is at its spectator limit and the old connection is still open: the seat token gets in.
  const back = await ts.client().joinById(a.roomId, { seatToken: sa.token });
  const sb = watch(back);
  await until(() => sb.seat === 0, 3000, 'seat retaken');
  for (const w of watchers) await w.leave();
  await back.leave();
});

test('players see who is watching: the names and count of the spectators connected now', async () => {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 3000, 'seat');
  a.send('start', {});
  await until(() => state(a)?.phase === 'playing', 3000, 'start');
  const names = () => JSON.parse(state(a).toJSON().spectatorsJson as string) as string[];
  expect(names()).toEqual([]);
  const w1 = await ts.client().joinById(a.roomId, { name: 'Bea' });
  const w2 = await ts.client().joinById(a.roomId, {});
  await until(() => names().length === 2, 3000, 'two spectators');
  expect(names()).toEqual(['Bea', 'Spectator']);
  await w1.leave();
  await until(() => names().length === 1, 3000, 'one left');
  expect(names()).toEqual(['Spectator']);
  await w2.leave();
  await until(() => names().length === 0, 3000, 'none left');
  await a.leave();
});
