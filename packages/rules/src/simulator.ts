/**
 * The simulation door: the same rules as applyAction/legalActions, for bots and tools that play many
 * moves on a state of their own (search, rollouts, property tests).
 *
 * A simulator owns a private copy of the state and changes it in place. `apply` trusts its action (it
 * must be one `legal()` listed, or one applyAction would accept): no zod parse, no validation, no event
 * text. It runs the very code applyAction runs (`runAction` in apply.ts, `legalActions` in legal.ts),
 * so the two doors cannot disagree (test/simulator.test.ts plays random games through both and compares
 * the states after every action).
 */
import type { Action } from './actions';
import { runAction } from './apply';
import { cloneState } from './clone';
import { currentDecision } from './decision';
import { legalActions } from './legal';
import { randomInt, type RngState } from '@isle-of-trains/engine-core';
import type { Decision, GameResult, GameState, Seat } from './types';

export interface Simulator {
  /**
   * The simulator's own state, to read (evaluate a position, take a playerView). Writing to it is
   * undefined behaviour; `apply` replaces nothing, it changes this object in place.
   */
  readonly state: GameState;
  /** Who decides now and what about; null once the game is over. */
  decision(): Decision | null;
  /** The seat that decides now (-1 once the game is over). */
  seat(): Seat;
  /** legalActions for the deciding seat (one per real choice); [] once the game is over. */
  legal(): Action[];
  /** Carry out a legal action of the deciding seat (trusted: not checked). */
  apply(action: Action): void;
  /** A uniformly random entry of legal(), drawn from `rng` (which advances); null once the game is over. */
  randomLegal(rng: RngState): Action | null;
  /** An independent simulator at the same position. */
  clone(): Simulator;
  /** The game's result once it is over (null while it runs). */
  result(): GameResult | null;
  readonly gameOver: boolean;
}

class Sim implements Simulator {
  constructor(readonly state: GameState) {}

  get gameOver(): boolean {
    return this.state.gameOver;
  }
  decision(): Decision | null {
    return currentDecision(this.state);
  }
  seat(): Seat {
    return this.state.gameOver ? -1 : this.state.turn.seat;
  }
  legal(): Action[] {
    if (this.state.gameOver) return [];
    return legalActions(this.state, this.state.turn.seat);
  }
  apply(action: Action): void {
    runAction(this.state, this.state.turn.seat, action, null);
  }
  randomLegal(rng: RngState): Action | null {
    const legal = this.legal();
    return legal.length === 0 ? null : legal[randomInt(rng, legal.length)];
  }
  clone(): Simulator {
    return new Sim(cloneState(this.state));
  }
  result(): GameResult | null {
    return this.state.result;
  }
}

/** A simulator starting from a copy of `state` (a real one, or a bot's determinised guess); `state` is never touched. */
export function createSimulator(state: GameState): Simulator {
  if (!state || state.kind !== 'state') throw new Error('createSimulator needs a full game state (determinise a view first)');
  return new Sim(cloneState(state));
}
