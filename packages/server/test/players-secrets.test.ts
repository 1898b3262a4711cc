/**
 * Secret material is compared in constant time: guest secrets (as their SHA-256) and password
 * hashes go through crypto.timingSafeEqual, also when the lengths differ, so the time of a refusal says
 * nothing about how much of a guess was right.
 */
// Every use of crypto.timingSafeEqual is counted (the module's own export cannot be spied on in place).
jest.mock('crypto', () => {
  const actual = jest.requireActual<typeof import('crypto')>('crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});
import { timingSafeEqual } from 'crypto';
import { Accounts } from '../src/players/accounts';
import { sameSecret, hashPassword, verifyPassword, passwordCost } from '../src/players/secrets';
import { loadConfig } from '../src/ops/config';
import { freshDatabase } from './support/databases';

jest.setTimeout(60_000);
const spy = timingSafeEqual as jest.MockedFunction<typeof timingSafeEqual>;
beforeEach(() => spy.mockClear());

test('sameSecret answers through timingSafeEqual, equal lengths or not', () => {
  expect(sameSecret('3f9a', '3f9a')).toBe(true);
  expect(sameSecret('3f9a', '3f9b')).toBe(false);
  expect(sameSecret('3f9a', '3f9a00')).toBe(false);
  expect(spy).toHaveBeenCalledTimes(3);
});

test('a guest secret and a password are checked in constant time, right or wrong', async () => {
  const db = await freshDatabase('pglite');
  try {
    const accounts = new Accounts(db.db);
    const { player, secret } = await accounts.createGuest('Ada');
      await expect(accounts.authenticateGuest(player.id, secret)).resolves.toEqual(player);
    await expect(accounts.authenticateGuest(player.id, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`)).rejects.toThrow(/not known here/);
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockClear();
    const stored = await hashPassword('a long enough password');
    expect(await verifyPassword('a long enough password', stored)).toBe(true);
    expect(await verifyPassword('a long enough passworD', stored)).toBe(false);
    expect(spy).toHaveBeenCalledTimes(2);
  } finally {
    await db.drop();
  }
});

test('a password hash cost under the production floor is refused unless the run says it is a test', () => {
  expect(() => new Accounts({} as never, undefined, { cost: 14 })).toThrow(RangeError);
  expect(() => passwordCost(9, true)).toThrow(RangeError);
  expect(passwordCost(10, true)).toBe(10);
  expect(passwordCost(15)).toBe(15);
  expect(loadConfig({}).PASSWORD_HASH_COST).toBe(15);
  expect(() => loadConfig({ PASSWORD_HASH_COST: '12' })).toThrow(/PASSWORD_HASH_COST: must be at least 15/);
  expect(loadConfig({ PASSWORD_HASH_COST: '12', PASSWORD_HASH_TESTS_ONLY: 'yes' }).PASSWORD_HASH_COST).toBe(12);
});
