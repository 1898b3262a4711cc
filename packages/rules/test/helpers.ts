import { applyAction, createGame, legalActions, currentDecision, GameState, GameOptions, Action } from '../src';

/** A tiny deterministic generator for picking moves in tests (independent of the game's own). */
export function picker(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

export function act(s: GameState, a: Action): GameState {
  const d = currentDecision(s)!;
  const r = applyAction(s, d.seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} for ${JSON.stringify(a)}`);
  return r.state;
}

export interface Playout { state: GameState; actions: { seat: number; action: Action }[] }

/** Play random legal actions to the end (or maxSteps). */
export function randomPlayout(options: GameOptions, moveSeed: number, maxSteps = 20000, each?: (before: GameState, after: GameState, a: Action, seat: number) => void, prepare?: (initial: GameState) => void): Playout {
  let s = createGame(options);
  prepare?.(s);
  const pick = picker(moveSeed);
  const actions: Playout['actions'] = [];
  for (let i = 0; i < maxSteps && !s.gameOver; i++) {
    const seat = currentDecision(s)!.seat;
    const legal = legalActions(s, seat);
    if (legal.length === 0) throw new Error(`no legal action for seat ${seat} at step ${i}`);
    const a = legal[pick(legal.length)];
    const r = applyAction(s, seat, a);
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code} ${JSON.stringify(a)}`);
    each?.(s, r.state, a, seat);
    actions.push({ seat, action: a });
    s = r.state;
  }
  return { state: s, actions };
}
