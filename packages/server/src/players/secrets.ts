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

const SCRYPT = { N: 1 << 15, r: 8, p: 1, keylen: 64 };

function scrypt(password: string, salt: Buffer, o: { N: number; r: number; p: number; keylen: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: o.N, r: o.r, p: o.p, maxmem: 256 * o.N * o.r };
  return new Promise((resolve, reject) => scryptCb(password.normalize('NFKC'), salt, o.keylen, options, (e, key) => (e ? reject(e) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A stored hash of a password nobody has, to spend the same time when the username is unknown. */
let dummy: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(newToken());
  return dummy;
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
