/**
 * Scaled out, the players' brute-force limits live in Redis (src/players/limits.ts): two processes count the
 * same sign-in failures and new identities, so an attacker gains nothing by spreading attempts over the
 * replicas behind the front. Uses the local Redis (TEST_REDIS_URL, default 127.0.0.1:6379).
 */
import { randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import { blockedFor, PlayerLimits, take } from '../src/players/limits';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `isle-test-${randomBytes(4).toString('hex')}:`;
let a: Redis;
let b: Redis;

beforeAll(() => {
  a = new Redis(REDIS_URL);
  b = new Redis(REDIS_URL);
});
afterAll(async () => {
  const keys = await a.keys(`${prefix}*`);
  if (keys.length) await a.del(...keys);
  await a.quit();
  await b.quit();
});

test('two replicas share one count of sign-in failures per account and of new identities per address', async () => {
  const settings = { loginPerAccount: 3, loginPerAddress: 100, guestsPerAddress: 4 };
  const one = new PlayerLimits(settings, { client: a, prefix });
  const two = new PlayerLimits(settings, { client: b, prefix });
  // Failures alternate between the replicas: the account is held after the third, on both.
  expect(await take(one.loginAccount, 'ada')).toBeNull();
  expect(await take(two.loginAccount, 'ada')).toBeNull();
  expect(await blockedFor(one.loginAccount, 'ada')).toBeNull();
  expect(await take(one.loginAccount, 'ada')).toBeNull();
  expect(await blockedFor(two.loginAccount, 'ada')).toBeGreaterThan(0);
  expect(await blockedFor(one.loginAccount, 'ada')).toBeGreaterThan(0);
  expect(await blockedFor(two.loginAccount, 'bea')).toBeNull();
  // New guests from one address: four in all, whichever replica makes them.
  const made = [];
  for (let i = 0; i < 6; i++) made.push(await take(i % 2 === 0 ? one.guests : two.guests, '203.0.113.7'));
  expect(made.map((w) => w === null)).toEqual([true, true, true, true, false, false]);
  // The counts are Redis keys under the server's prefix (they expire with their window).
  const keys = await a.keys(`${prefix}rl:*`);
  expect(keys.length).toBeGreaterThanOrEqual(2);
  for (const k of keys) expect(await a.pttl(k)).toBeGreaterThan(0);
});
