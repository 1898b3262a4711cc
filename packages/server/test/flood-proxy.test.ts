/**
 * Behind a trusted proxy every socket comes from the proxy's address: a flooder must be slowed by the
 * client address X-Forwarded-For names, not by the proxy's, or one flooder would slow every player
 * behind the same front (a proxy named in TRUSTED_PROXIES).
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { Client, type Room as SDKRoom } from '@colyseus/sdk';
import { bootServer, floodUntilClosed, sleep, until, watch, type TestServer } from './support/harness';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';

let ts: TestServer;
// Bots wait a minute a move: the bot that takes the flooder's seat must not play the game to its end (and
// the room away) while the spectators below come and go.
beforeAll(async () => { ts = await bootServer({ RATE_LIMIT: 10, RATE_LIMIT_BURST: 30, TRUSTED_PROXIES: '127.0.0.1', BOT_DELAY_MS: 60_000 }); });
afterAll(async () => { await ts.close(); });

/** An SDK client whose connections the (trusted) proxy says come from `address`. */
const behindProxy = (address: string) => new Client(ts.url, { headers: { 'x-forwarded-for': address } });

/** How many of 20 `start`s sent at once a fresh spectator connection from `address` gets handled. */
async function handledOutOf20(roomId: string, address: string): Promise<number> {
  const w = await behindProxy(address).joinById(roomId, { name: 'Next' });
  const sw = watch(w);
  await until(() => sw.seat === -1, 3000, 'spectator');
  for (let i = 0; i < 20; i++) w.send('start', {});
  await until(() => sw.errors.length >= 13, 3000, 'replies');
  await sleep(200);
  await w.leave();
  return sw.errors.filter((e) => e.code === 'ALREADY_STARTED').length;
}

test('a flooder behind a trusted proxy is slowed by its forwarded address; others behind the proxy keep their limit', async () => {
  const r: SDKRoom = await behindProxy('198.51.100.7').create('isle', { seats: 2, bots: 1, name: 'Flo' });
  const seen = watch(r);
  await until(() => seen.seat === 0, 3000, 'seat');
  r.send('start', {});
  await until(() => (r.state as { phase?: string }).phase === 'playing', 3000, 'start');
  r.reconnection.enabled = false;
  const closed = new Promise<number>((res) => r.onLeave((code) => res(code)));
  expect(await floodUntilClosed(r, closed)).toBe(CLOSE_CODES.FLOODING);
  // Another player behind the same proxy: the whole burst (30) is there for its 20 messages.
  expect(await handledOutOf20(r.roomId, '198.51.100.8')).toBe(20);
  // The flooder's own address comes back with a quarter of the limit (a burst of 7).
  expect(await handledOutOf20(r.roomId, '198.51.100.7')).toBeLessThanOrEqual(8);
}, 120_000); // the flood lasts until the server closes it, longer on a loaded machine
