/**
 * Draws nobody can predict: a real game's generator is ChaCha20 keyed by SHA-256 of the seed, its position
 * kept in the state so that a copy continues exactly where the original stands; simulations may use the
 * fast xoshiro128** generator.
 */
import { chacha20 } from '@noble/ciphers/chacha';
import { sha256 } from '@noble/hashes/sha256';
import { utf8ToBytes } from '@noble/hashes/utils';
import { copyRng, fastRng, nextUint32, randomInt, seedRng, shuffleInPlace } from '../src';

function keystreamWords(seed: string, blocks: number): number[] {
  const key = sha256(utf8ToBytes(`isle-of-trains/rng/chacha20/v1:${seed}`));
  const bytes = chacha20(key, new Uint8Array(12), new Uint8Array(64 * blocks));
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: 16 * blocks }, (_, i) => dv.getUint32(i * 4, true));
}

describe('the game generator', () => {
  test('is the ChaCha20 keystream under a SHA-256 key of the seed, word by word, across block boundaries', () => {
    const r = seedRng('table 7');
    expect(r).toMatchObject({ kind: 'chacha20', position: 0 });
    const got = Array.from({ length: 48 }, () => nextUint32(r));
    expect(got).toEqual(keystreamWords('table 7', 3));
    expect(r).toMatchObject({ position: 48 });
  });

  test('its position is kept in the state: a copy continues exactly where the original stands', () => {
    const r = seedRng('copy');
    for (let i = 0; i < 21; i++) nextUint32(r);
    const copy = JSON.parse(JSON.stringify(r));
    const a = Array.from({ length: 20 }, () => nextUint32(r));
    const b = Array.from({ length: 20 }, () => nextUint32(copy));
    expect(b).toEqual(a);
    expect(a).toEqual(keystreamWords('copy', 3).slice(21, 41));
  });

  test('different seeds give unrelated streams; the same seed the same stream', () => {
    const a = seedRng('a'), a2 = seedRng('a'), b = seedRng('b');
    const wa = Array.from({ length: 16 }, () => nextUint32(a));
    expect(Array.from({ length: 16 }, () => nextUint32(a2))).toEqual(wa);
    expect(Array.from({ length: 16 }, () => nextUint32(b))).not.toEqual(wa);
  });

  test('randomInt draws without modulo bias: words at or above the largest multiple of n are skipped', () => {
    // Each result is the next keystream word below the largest multiple of n under 2^32, modulo n.
    const n = 7;
    const limit = Math.floor(0x100000000 / n) * n;
    const words = keystreamWords('ints', 2);
    const r = seedRng('ints');
    let w = 0;
    for (let i = 0; i < 20; i++) {
      let x = words[w++];
      while (x >= limit) x = words[w++];
      expect(randomInt(r, n)).toBe(x % n);
    }
    expect(() => randomInt(r, 0)).toThrow('n > 0');
  });

  test('shuffleInPlace is Fisher–Yates driven by randomInt, and keeps every element', () => {
    const arr = Array.from({ length: 30 }, (_, i) => i);
    shuffleInPlace(seedRng('shuffle'), arr);
    const expected = Array.from({ length: 30 }, (_, i) => i);
    const r = seedRng('shuffle');
    for (let i = expected.length - 1; i > 0; i--) {
      const j = randomInt(r, i + 1);
      [expected[i], expected[j]] = [expected[j], expected[i]];
    }
    expect(arr).toEqual(expected);
    expect([...arr].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  test('a generator key that is not 64 hex digits is refused by name', () => {
    expect(() => nextUint32({ kind: 'chacha20', key: 'zz', position: 0 })).toThrow('64 hex digits');
  });
});

test('simulated worlds may use the fast generator, which is reproducible from its words', () => {
  const a = fastRng([1, 2, 3, 4]);
  const b = fastRng([1, 2, 3, 4]);
  const xs = Array.from({ length: 8 }, () => nextUint32(a));
  expect(Array.from({ length: 8 }, () => nextUint32(b))).toEqual(xs);
  expect(fastRng([0, 0, 0, 0])).toEqual({ kind: 'xoshiro128', s: [1, 0, 0, 0] });
  // xoshiro128** from (1, 2, 3, 4): the first outputs of a separate transliteration of the reference C code.
  expect(xs.slice(0, 4)).toEqual([11520, 0, 5927040, 70819200]);
});

test('copyRng: the copy continues the same stream, and drawing from it leaves the original where it was', () => {
  for (const original of [seedRng('copy me'), fastRng([5, 6, 7, 8])]) {
    nextUint32(original);
    const before = JSON.stringify(original);
    const copy = copyRng(original);
    const fromCopy = Array.from({ length: 20 }, () => nextUint32(copy));
    expect(JSON.stringify(original)).toBe(before);
    expect(Array.from({ length: 20 }, () => nextUint32(original))).toEqual(fromCopy);
  }
});
