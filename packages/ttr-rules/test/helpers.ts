/** Shared helpers for the rules tests: seeded choices and random games. */
import { fastRng, randomInt } from '@isle-of-trains/rules';
import { applyAction, createGame, legalActions, pending, type Action, type GameState } from '../src';

/** A seeded chooser of an index in [0, n). */
export function picker(seed: number): (n: number) => number {
  const rng = fastRng([seed, seed ^ 0x9e3779b9, 7, 11]);
  return (n) => randomInt(rng, n);
}

/** Applies an action that must be accepted; throws with the refusal otherwise. */
export function must(s: GameState, seat: number, action: unknown): GameState {
  const r = applyAction(s, seat, action);
  if (!r.ok) throw new Error(`${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
  return r.state;
}

/** A game past the opening ticket choice: every seat keeps its whole offer. */
export function started(players: number, seed = 'start'): GameState {
  let s = createGame({ players, seed });
  for (const d of pending(s)) s = must(s, d.seat, { type: 'keepTickets', keep: s.players[d.seat].offer });
  return s;
}

/** Plays random legal actions until the game ends, returning the actions taken. */
export function playRandom(s0: GameState, seed: number, limit = 20000): { state: GameState; actions: { seat: number; action: Action }[] } {
  const pick = picker(seed);
  let s = s0;
  const actions: { seat: number; action: Action }[] = [];
  while (!s.gameOver) {
    if (actions.length >= limit) throw new Error(`no end after ${limit} actions`);
    const d = pending(s)[0];
    const legal = legalActions(s, d.seat);
    const action = legal[pick(legal.length)];
    s = must(s, d.seat, action);
    actions.push({ seat: d.seat, action });
  }
  return { state: s, actions };
}
