/**
 * Secrets for identities and sessions. Guest secrets and session tokens are 256 random bits, stored only as
 * SHA-256 (a hash of a high-entropy secret cannot be guessed back). Passwords are low-entropy, so they get
 * scrypt, memory-hard, with a per-user salt. Every comparison of secret material is constant-time.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'crypto';

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Constant-time equality of two hex digests (or any two strings of secret material). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  if (x.length !== y.length) {
    // Still spend the comparison, so a length difference does not answer faster.
    timingSafeEqual(x, x);
    return false;
  }
  return timingSafeEqual(x, y);
}

/**
 * scrypt's cost is N = 2^cost. The default, 15, is the least a deployment may set: below it a stolen hash is
 * cheaper to guess at. Costs down to PASSWORD_COST_TEST_FLOOR are for test runs only (a test that makes a
 * hundred accounts spends seconds of CPU at the default) and are refused unless asked for by name. Above
 * PASSWORD_COST_MAX one hash would need over 256 MiB of memory.
 */
export const PASSWORD_COST_DEFAULT = 15;
export const PASSWORD_COST_FLOOR = 15;
export const PASSWORD_COST_TEST_FLOOR = 10;
export const PASSWORD_COST_MAX = 18;

/** The cost, checked: below PASSWORD_COST_FLOOR only with `testsOnly` (a RangeError otherwise). */
export function passwordCost(cost: number, testsOnly = false): number {
  const floor = testsOnly ? PASSWORD_COST_TEST_FLOOR : PASSWORD_COST_FLOOR;
  if (!Number.isInteger(cost) || cost < floor || cost > PASSWORD_COST_MAX) {
    throw new RangeError(`a password hash cost is a whole number from ${floor} to ${PASSWORD_COST_MAX}${testsOnly ? '' : ` (down to ${PASSWORD_COST_TEST_FLOOR} in test runs only)`}, not ${cost}`);
  }
  return cost;
}

const SCRYPT = { r: 8, p: 1, keylen: 64 };

function scrypt(password: string, salt: Buffer, o: { N: number; r: number; p: number; keylen: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: o.N, r: o.r, p: o.p, maxmem: 256 * o.N * o.r };
  return new Promise((resolve, reject) => scryptCb(password.normalize('NFKC'), salt, o.keylen, options, (e, key) => (e ? reject(e) : resolve(key))));
}

/**
 * The stored hash carries its parameters (`scrypt$N$r$p$salt$hash`), so a password hashed at one cost still
 * verifies after the setting changes. `cost` is taken as checked (passwordCost) by the caller.
 */
export async function hashPassword(password: string, cost = PASSWORD_COST_DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scrypt(password, salt, { N, ...SCRYPT });
  return `scrypt$${N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * A stored hash of a password nobody has, to spend the same time when the username is unknown: one per cost,
 * so an unknown name costs what a known one hashed at the current setting does.
 */
const dummies = new Map<number, Promise<string>>();
export function dummyPasswordHash(cost = PASSWORD_COST_DEFAULT): Promise<string> {
  let d = dummies.get(cost);
  if (!d) dummies.set(cost, d = hashPassword(newToken(), cost));
  return d;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const want = Buffer.from(parts[5], 'base64url');
  const got = await scrypt(password, salt, { N, r, p, keylen: want.length });
  return got.length === want.length && timingSafeEqual(got, want);
}
