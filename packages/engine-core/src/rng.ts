/**
 * Seeded randomness kept inside the game state, so that a seed plus the list of actions always replays to
 * the identical game.
 *
 * Real games draw from ChaCha20 (RFC 8439, from @noble/ciphers): the key is SHA-256 of the seed, and the
 * state keeps the key and the number of 32-bit words used so far. A player sees many outputs (their draws,
 * the display, reshuffles); a linear generator's internal state can be worked out from enough outputs, which
 * would reveal the deck order and the bag, while a cipher's keystream gives nothing about its key or later
 * words. Simulated worlds (a bot's guesses at hidden cards, its rollouts) have no secret to keep and may use
 * the small xoshiro128** generator instead, which is much cheaper.
 *
 * Every function here mutates the state object it is given (callers hold their own copy, as applyAction does).
 */
import { chacha20 } from '@noble/ciphers/chacha';
import { sha256 } from '@noble/hashes/sha256';
import { utf8ToBytes } from '@noble/hashes/utils';

export type RngState =
  | { kind: 'chacha20'; /** 32-byte key, hex. */ key: string; /** 32-bit words drawn so far. */ position: number }
  | { kind: 'xoshiro128'; s: [number, number, number, number] };

/** Domain separation, so a seed used elsewhere never yields this generator's key. */
const KEY_PREFIX = 'isle-of-trains/rng/chacha20/v1:';

/** The cryptographic generator of a real game, keyed by the seed. */
export function seedRng(seed: string): RngState {
  const digest = sha256(utf8ToBytes(KEY_PREFIX + seed));
  return { kind: 'chacha20', key: toHex(digest), position: 0 };
}

/** The fast generator for simulated worlds (four 32-bit words; not all zero). */
export function fastRng(words: [number, number, number, number]): RngState {
  const s: [number, number, number, number] = [words[0] >>> 0, words[1] >>> 0, words[2] >>> 0, words[3] >>> 0];
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1;
  return { kind: 'xoshiro128', s };
}

/** A copy of a generator state that later draws from the original leave alone (every game's state copy uses it). */
export function copyRng(r: RngState): RngState {
  return r.kind === 'xoshiro128' ? { kind: r.kind, s: [r.s[0], r.s[1], r.s[2], r.s[3]] } : { kind: r.kind, key: r.key, position: r.position };
}

/** Next 32-bit output; advances the state in place. */
export function nextUint32(r: RngState): number {
  if (r.kind === 'xoshiro128') return xoshiro(r.s);
  const block = Math.floor(r.position / WORDS_PER_BLOCK);
  const words = keystreamBlock(r.key, block);
  const out = words[r.position % WORDS_PER_BLOCK];
  r.position += 1;
  return out;
}

/** Uniform integer in [0, n) without modulo bias. */
export function randomInt(r: RngState, n: number): number {
  if (n <= 0) throw new Error('randomInt needs n > 0');
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    const x = nextUint32(r);
    if (x < limit) return x % n;
  }
}

/** Fisher–Yates shuffle in place. */
export function shuffleInPlace<T>(r: RngState, arr: T[]): void {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = randomInt(r, i + 1);
    const tmp = arr[i];
    arr[i] = arr[j];
    arr[j] = tmp;
  }
}

// ---- ChaCha20 keystream -------------------------------------------------------------------------------

const WORDS_PER_BLOCK = 16;
const ZERO_BLOCK = new Uint8Array(WORDS_PER_BLOCK * 4);
const NONCE = new Uint8Array(12);

/**
 * The last block computed per key. Draws walk the stream forward, so one block serves sixteen draws; the
 * cache changes nothing but speed (a block is a pure function of key and index).
 */
const cache = new Map<string, { block: number; words: Uint32Array; key: Uint8Array }>();
const CACHE_KEYS = 256;

function keystreamBlock(keyHex: string, block: number): Uint32Array {
  const hit = cache.get(keyHex);
  if (hit && hit.block === block) return hit.words;
  // The key's bytes are kept with the cached block: decoding the hex once per block showed in profiles.
  const key = hit ? hit.key : fromHex(keyHex);
  const bytes = chacha20(key, NONCE, ZERO_BLOCK, undefined, block);
  const words = new Uint32Array(WORDS_PER_BLOCK);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < WORDS_PER_BLOCK; i++) words[i] = dv.getUint32(i * 4, true);
  if (!hit && cache.size >= CACHE_KEYS) cache.delete(cache.keys().next().value as string);
  cache.set(keyHex, { block, words, key });
  return words;
}

function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

function fromHex(hex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('the generator key must be 64 hex digits');
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

// ---- xoshiro128** (simulations only) ------------------------------------------------------------------

function xoshiro(s: [number, number, number, number]): number {
  const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
  const t = s[1] << 9;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  s[0] >>>= 0; s[1] >>>= 0; s[2] >>>= 0; s[3] >>>= 0;
  return result;
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
