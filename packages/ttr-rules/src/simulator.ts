/**
 * The simulation door for bots and tools: a private copy of a state, changed in place by trusted actions
 * (ones legal() listed), through the same runAction and legalActions code as applyAction.
 */
import type { Action } from './actions';
import { runAction } from './apply';
import { cloneState } from './clone';
import { pending } from './decision';
import { legalActions } from './legal';
import { randomInt, type RngState } from '@isle-of-trains/engine-core';
import type { Decision, GameResult, GameState, Seat } from './types';

export interface Simulator {
  /** The simulator's own state, to read; apply() changes it in place. */
  readonly state: GameState;
  readonly gameOver: boolean;
  /** Seats deciding now (several during the opening ticket choice). */
  pending(): Decision[];
  legal(seat: Seat): Action[];
  /** Carry out a legal action of a deciding seat (trusted: not checked). */
  apply(seat: Seat, action: Action): void;
  /** The first deciding seat and a uniformly random legal action of it, drawn from `rng`; null once the game is over. */
  randomStep(rng: RngState): { seat: Seat; action: Action } | null;
  clone(): Simulator;
  result(): GameResult | null;
}

class Sim implements Simulator {
  constructor(readonly state: GameState) {}
  get gameOver(): boolean {
    return this.state.gameOver;
  }
  pending(): Decision[] {
    return pending(this.state);
  }
  legal(seat: Seat): Action[] {
    return legalActions(this.state, seat);
  }
  apply(seat: Seat, action: Action): void {
    runAction(this.state, seat, action, null);
  }
  randomStep(rng: RngState): { seat: Seat; action: Action } | null {
    const d = pending(this.state)[0];
    if (!d) return null;
    const legal = legalActions(this.state, d.seat);
    return { seat: d.seat, action: legal[randomInt(rng, legal.length)] };
  }
  clone(): Simulator {
    return new Sim(cloneState(this.state));
  }
  result(): GameResult | null {
    return this.state.result;
  }
}

export function createSimulator(state: GameState): Simulator {
  if (!state || state.kind !== 'state') throw new Error('createSimulator needs a full game state');
  return new Sim(cloneState(state));
}
