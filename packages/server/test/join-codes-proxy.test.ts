/**
 * Behind the front (nginx, TRUSTED_PROXIES) every request's TCP peer is the proxy: the code-lookup limit
 * must count the client address X-Forwarded-For names, as the matchmaking quotas do, or 20 players joining by
 * code share one address's 10 lookups, and one client guessing codes blocks code joins for everyone.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { bootServer, until, type TestServer } from './support/harness';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ TRUSTED_PROXIES: '127.0.0.1' }); });
afterAll(async () => { await ts.close(); });

/** A lookup the (trusted) proxy forwards for `client`. */
async function lookup(code: string, client: string): Promise<{ status: number; body: { roomId?: string; code?: string } }> {
  const res = await fetch(`${ts.http}/api/rooms/by-code/${code}`, { headers: { 'x-forwarded-for': client } });
  return { status: res.status, body: await res.json() as { roomId?: string; code?: string } };
}

test('code lookups behind a trusted proxy are counted per client address', async () => {
  const room = await ts.client().create('isle', { seats: 4, private: true, name: 'Host' });
  await until(() => !!(room.state as { code?: string }).code, 3000, 'code');
  const code = (room.state as { code: string }).code;
  // A code guesser behind the front uses up its own lookups (30 at once: a burst of 10, then 2 a second)...
  const guesser = await Promise.all(Array.from({ length: 30 }, () => lookup('ZZZZZZ', '198.51.100.66')));
  expect(guesser.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(10);
  // ...and 20 players behind the same front, each at its own address, still find the room.
  const players: number[] = [];
  for (let i = 1; i <= 20; i++) players.push((await lookup(code, `203.0.113.${i}`)).status);
  expect(players).toEqual(Array(20).fill(200));
  expect((await lookup(code, '203.0.113.1')).body.roomId).toBe(room.roomId);
  await room.leave();
});
