/**
 * Scaled out, the players' brute-force limits live in Redis (src/players/limits.ts): two processes count the
 * same sign-in failures (per account+address and per address) and new identities, so an attacker gains nothing
 * by spreading attempts over the replicas behind the front. Uses the local Redis (TEST_REDIS_URL, default 127.0.0.1:6379).
 */
import { randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import { blockedFor, clear, PAIR_HOLD_SECONDS, pairKey, PlayerLimits, take } from '../src/players/limits';

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

test('two replicas share one count of sign-in failures per account+address and per address, and of new identities', async () => {
  const settings = { failuresPerAccountAndAddress: 3, failuresPerAddressPerDay: 5, passwordAttemptsPerAddress: 100, guestsPerAddress: 4 };
  const one = new PlayerLimits(settings, { client: a, prefix });
  const two = new PlayerLimits(settings, { client: b, prefix });
  const pair = pairKey('ada', '198.51.100.1');
  // Failures alternate between the replicas: the pair is held after the third, on both, for the hold time.
  expect(await take(one.failuresByPair, pair, PAIR_HOLD_SECONDS)).toBeNull();
  expect(await take(two.failuresByPair, pair, PAIR_HOLD_SECONDS)).toBeNull();
  expect(await blockedFor(one.failuresByPair, pair)).toBeNull();
  expect(await take(one.failuresByPair, pair, PAIR_HOLD_SECONDS)).toBeNull();
  const held = await blockedFor(two.failuresByPair, pair);
  expect(held).toBeGreaterThan(PAIR_HOLD_SECONDS - 60);
  expect(held).toBeLessThanOrEqual(PAIR_HOLD_SECONDS);
  expect(await blockedFor(one.failuresByPair, pair)).toBeGreaterThan(0);
  // The same account from another address, and another account from this one, are not held.
  expect(await blockedFor(two.failuresByPair, pairKey('ada', '198.51.100.2'))).toBeNull();
  expect(await blockedFor(two.failuresByPair, pairKey('bea', '198.51.100.1'))).toBeNull();
  // A success on one replica ends a run of failures counted on the other.
  const other = pairKey('cy', '198.51.100.1');
  await take(one.failuresByPair, other, PAIR_HOLD_SECONDS);
  await take(two.failuresByPair, other, PAIR_HOLD_SECONDS);
  await clear(one.failuresByPair, other);
  expect(await two.failuresByPair.get(other)).toBeNull();
  // Failures per address per day, whichever replica counts them.
  for (let i = 0; i < 5; i++) expect(await take(i % 2 === 0 ? one.failuresByAddress : two.failuresByAddress, '198.51.100.9')).toBeNull();
  expect(await blockedFor(one.failuresByAddress, '198.51.100.9')).toBeGreaterThan(0);
  // New guests from one address: four in all, whichever replica makes them.
  const made = [];
  for (let i = 0; i < 6; i++) made.push(await take(i % 2 === 0 ? one.guests : two.guests, '203.0.113.7'));
  expect(made.map((w) => w === null)).toEqual([true, true, true, true, false, false]);
  // The counts are Redis keys under the server's prefix (they expire with their window).
  const keys = await a.keys(`${prefix}rl:*`);
  expect(keys.length).toBeGreaterThanOrEqual(3);
  for (const k of keys) expect(await a.pttl(k)).toBeGreaterThan(0);
});
