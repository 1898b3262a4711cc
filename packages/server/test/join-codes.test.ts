/**
 * GET /api/rooms/by-code answers from an index kept with the rooms (presence),
 * for lobbies and games in play, public or private, not for ended games; it is rate-limited per
 * address (429 RATE_LIMITED).
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { matchMaker } from '@colyseus/core';
import { autoplay, bootServer, getJSON, sleep, until, watch, type TestServer } from './support/harness';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer(); });
afterAll(async () => { await ts.close(); });

const state = (r: { state: unknown }) => r.state as any;
const lookup = (code: string) => getJSON<{ roomId?: string; code?: string }>(`${ts.http}/api/rooms/by-code/${code}`);

test('codes are found without a scan, for open rooms only, and lookups are rate-limited', async () => {
  // The lookup must not scan the rooms: the matchmaking driver's query is not called.
  const query = jest.spyOn(matchMaker.driver, 'query');
  const priv = await ts.client().create('isle', { seats: 2, private: true, name: 'P' });
  await until(() => !!state(priv)?.code, 3000, 'code');
  const solo = await ts.client().create('isle', { seats: 1, name: 'S' });
  const seen = watch(solo);
  await until(() => !!state(solo)?.code, 3000, 'solo code');
  query.mockClear();
  expect((await lookup(state(priv).code.toLowerCase())).body.roomId).toBe(priv.roomId);
  expect((await lookup(state(solo).code)).body.roomId).toBe(solo.roomId);
  expect(query).not.toHaveBeenCalled();
  query.mockRestore();
  // An ended game no longer answers.
  const soloCode = state(solo).code;
  autoplay(solo, seen);
  await until(() => state(solo)?.phase === 'ended', 60_000, 'solo ended');
  await sleep(50);
  expect((await lookup(soloCode)).status).toBe(404);
  // A disposed lobby neither.
  const privCode = state(priv).code;
  await priv.leave();
  await until(() => !matchMaker.getLocalRoomById(priv.roomId), 5000, 'lobby disposed');
  await sleep(50);
  expect((await lookup(privCode)).status).toBe(404);
  // Lookups per address: a burst of 10, then 2 a second. Twenty at once, and the count allowed is bounded by the
  // time they took: one after another, a loaded machine served them slowly enough for the bucket to refill
  // between them, and the refusals this counted were the machine's speed, not the limit's.
  const t0 = Date.now();
  const answers = await Promise.all(Array.from({ length: 20 }, () => lookup('ZZZZZZ')));
  const seconds = (Date.now() - t0) / 1000;
  const answered = answers.filter((a) => a.status !== 429);
  const refused = answers.filter((a) => a.status === 429);
  expect(answered.every((a) => a.status === 404)).toBe(true);
  expect(answered.length).toBeLessThanOrEqual(10 + Math.ceil(2 * seconds));
  expect(refused.length).toBeGreaterThan(0);
  expect(refused.every((a) => a.body.code === 'RATE_LIMITED')).toBe(true);
  await solo.leave();
}, 90_000);
