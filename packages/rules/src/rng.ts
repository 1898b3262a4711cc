/**
 * Seeded randomness kept inside the game state (xoshiro128**), so that a seed
 * plus the list of actions always replays to the identical game. The state is
 * four unsigned 32-bit integers; every function here returns a new state.
 */
export type RngState = [number, number, number, number];

/** Hash an arbitrary seed string into 128 bits (cyrb128). */
export function seedRng(seed: string): RngState {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const s: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  // xoshiro must not start from all zeros.
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1;
  return s;
}

/** Next 32-bit output; mutates the given state array in place (callers own a copy). */
export function nextUint32(s: RngState): number {
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

/** Uniform integer in [0, n) without modulo bias. */
export function randomInt(s: RngState, n: number): number {
  if (n <= 0) throw new Error('randomInt needs n > 0');
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    const x = nextUint32(s);
    if (x < limit) return x % n;
  }
}

/** Fisher–Yates shuffle in place. */
export function shuffleInPlace<T>(s: RngState, arr: T[]): void {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = randomInt(s, i + 1);
    const tmp = arr[i];
    arr[i] = arr[j];
    arr[j] = tmp;
  }
}
