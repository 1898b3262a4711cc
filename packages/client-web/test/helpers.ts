/** Test helpers: a room state (as the server publishes it, see docs/PROTOCOL.md) built from a rules game. */
import { applyAction, createGame, currentDecision, legalActions, type Action, type GameState, type GameOptions } from '@isle-of-trains/rules';
export { roomFromState } from '../src/isle/local-room';

export function game(opts: Partial<GameOptions> = {}): GameState {
  return createGame({ players: 2, seed: 'client-test', names: ['Ada', 'Brunel'], ...opts });
}

export function apply(s: GameState, a: Action, seat = currentDecision(s)!.seat): GameState {
  const r = applyAction(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} (${JSON.stringify(a)})`);
  return r.state;
}

/** A tiny seeded generator so random playouts are repeatable. */
export function rng(seed = 1): () => number {
  let x = Math.imul(seed + 0x9e3779b9, 0x85ebca6b) >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x / 0x100000000;
  };
}

/**
 * Play until `done` (or the game ends): the first legal move matching `prefer` if any, else a
 * seeded random one (main actions weighted toward building and delivering so games end).
 */
export function playUntil(s: GameState, done: (s: GameState) => boolean, prefer: (a: Action) => boolean = () => false, max = 4000, seed: number | (() => number) = 7): GameState {
  const r = typeof seed === 'function' ? seed : rng(seed);
  for (let i = 0; i < max && !done(s) && !s.gameOver; i++) {
    const d = currentDecision(s)!;
    const legal = legalActions(s, d.seat).filter((a) => a.type !== 'returnCard');
    const good = legal.filter((a) => ['build', 'deliver', 'deliverPrimary', 'deliverSecondary', 'deliverTicket'].includes(a.type));
    const pool = good.length > 0 && r() < 0.7 ? good : legal;
    s = apply(s, legal.find(prefer) ?? pool[Math.floor(r() * pool.length)], d.seat);
  }
  return s;
}
