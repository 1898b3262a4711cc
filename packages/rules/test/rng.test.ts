/**
 * Draws nobody can predict (issue 10, item 7): every draw of a real game comes from ChaCha20 keyed by the
 * seed, and a seed plus the actions still replays the identical game.
 */
import { chacha20 } from '@noble/ciphers/chacha';
import { sha256 } from '@noble/hashes/sha256';
import { utf8ToBytes } from '@noble/hashes/utils';
import { applyAction, CARDS, createGame, currentDecision, legalActions, playerView, GameState } from '../src';
import { fastRng, nextUint32, randomInt, seedRng } from '../src/rng';

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

  test('createGame deals from the cipher stream: the deck order follows from the keystream', () => {
    const s = createGame({ players: 2, seed: 'deal' });
    expect(s.rng.kind).toBe('chacha20');
    // Redo createGame's first step by hand, a Fisher–Yates shuffle driven by the raw keystream words, and
    // compare: seat 0's hand is the top five cards of that shuffled deck.
    const engines = CARDS.filter((c) => c.kind === 'engine-1').map((c) => c.id).slice(0, 2);
    const deck = CARDS.map((c) => c.id).filter((id) => !engines.includes(id));
    const words = keystreamWords('deal', 40);
    let w = 0;
    for (let i = deck.length - 1; i > 0; i--) {
      const n = i + 1;
      const limit = Math.floor(0x100000000 / n) * n;
      let x = words[w++];
      while (x >= limit) x = words[w++];
      [deck[i], deck[x % n]] = [deck[x % n], deck[i]];
    }
    expect(s.players[0].hand).toEqual(deck.slice(-5).reverse());
    expect(randomInt(seedRng('deal'), 10)).toBe(randomInt(seedRng('deal'), 10));
  });

  test('a seed and the actions replay the identical game, generator position included', () => {
    let s: GameState = createGame({ players: 3, seed: 'replay' });
    const actions: { seat: number; a: unknown }[] = [];
    for (let i = 0; i < 300 && !s.gameOver; i++) {
      const seat = currentDecision(s)!.seat;
      const legal = legalActions(s, seat);
      const a = legal[(i * 13) % legal.length];
      actions.push({ seat, a });
      const r = applyAction(s, seat, a);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
    let t: GameState = createGame({ players: 3, seed: 'replay' });
    for (const { seat, a } of actions) {
      const r = applyAction(t, seat, a);
      if (!r.ok) throw new Error(r.error.code);
      t = r.state;
    }
    expect(t).toEqual(s);
    expect(s.rng.kind === 'chacha20' && s.rng.position).toBeGreaterThan(0);
  });

  test('no view carries the generator or its key', () => {
    const s = createGame({ players: 2, seed: 'secret' });
    const key = s.rng.kind === 'chacha20' ? s.rng.key : '';
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    for (const v of [0, 1, 'spectator'] as const) {
      const text = JSON.stringify(playerView(s, v));
      expect(text).not.toContain(key);
      expect(text).not.toContain('"rng"');
    }
  });

  test('simulated worlds may use the fast generator, which is reproducible from its words', () => {
    const a = fastRng([1, 2, 3, 4]);
    const b = fastRng([1, 2, 3, 4]);
    const xs = Array.from({ length: 8 }, () => nextUint32(a));
    expect(Array.from({ length: 8 }, () => nextUint32(b))).toEqual(xs);
    expect(fastRng([0, 0, 0, 0])).toEqual({ kind: 'xoshiro128', s: [1, 0, 0, 0] });
  });
});
