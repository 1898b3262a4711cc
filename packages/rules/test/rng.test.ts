/**
 * Draws nobody can predict: every draw of a real game comes from the shared ChaCha20 generator keyed by the
 * seed (@isle-of-trains/engine-core, whose own tests check it against the raw keystream), and a seed plus the
 * actions still replays the identical game.
 */
import { assertNoLeaks, assertReplays } from '@isle-of-trains/engine-core/testkit';
import {
  applyAction, CARDS, createGame, currentDecision, fastRng, isleGame, legalActions, nextUint32, playerView, randomInt, seedRng,
  shuffleInPlace, GameState,
} from '../src';

describe('the game generator', () => {
  test('the package still exports the generator, now the shared one', () => {
    for (const f of [seedRng, fastRng, nextUint32, randomInt, shuffleInPlace]) expect(typeof f).toBe('function');
  });

  test('createGame deals from the cipher stream: the deck order follows from the keystream', () => {
    const s = createGame({ players: 2, seed: 'deal' });
    expect(s.rng.kind).toBe('chacha20');
    // Redo createGame's first step by hand, a Fisher–Yates shuffle driven by the generator's raw words, and
    // compare: seat 0's hand is the top five cards of that shuffled deck.
    const engines = CARDS.filter((c) => c.kind === 'engine-1').map((c) => c.id).slice(0, 2);
    const deck = CARDS.map((c) => c.id).filter((id) => !engines.includes(id));
    const stream = seedRng('deal');
    for (let i = deck.length - 1; i > 0; i--) {
      const n = i + 1;
      const limit = Math.floor(0x100000000 / n) * n;
      let x = nextUint32(stream);
      while (x >= limit) x = nextUint32(stream);
      [deck[i], deck[x % n]] = [deck[x % n], deck[i]];
    }
    expect(s.players[0].hand).toEqual(deck.slice(-5).reverse());
  });

  test('a seed and the actions replay the identical game, generator position included', () => {
    let s: GameState = createGame({ players: 3, seed: 'replay' });
    const actions: { seat: number; action: unknown }[] = [];
    for (let i = 0; i < 300 && !s.gameOver; i++) {
      const seat = currentDecision(s)!.seat;
      const legal = legalActions(s, seat);
      const action = legal[(i * 13) % legal.length];
      actions.push({ seat, action });
      const r = applyAction(s, seat, action);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
    expect(s.rng.kind === 'chacha20' && s.rng.position).toBeGreaterThan(0);
    assertReplays(isleGame, { players: 3, seed: 'replay' }, actions, s);
  });

  test('no view carries the seed, the generator or its key', () => {
    const s = createGame({ players: 2, seed: 'secret' });
    const key = s.rng.kind === 'chacha20' ? s.rng.key : '';
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    for (const v of [0, 1, 'spectator'] as const) {
      assertNoLeaks(playerView(s, v), [
        { what: 'the generator key', value: key, match: 'part' },
        { what: 'the seed', value: 'secret' },
        { what: 'the generator', value: 'rng' },
      ], v);
    }
  });
});
