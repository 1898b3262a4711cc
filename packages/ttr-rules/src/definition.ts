/**
 * The game as one object, in the shape every game package is meant to export (the design's game-definition
 * interface). The interface is declared here until a shared core package holds it for both games.
 */
import type { z } from 'zod';
import { ActionSchema, type Action } from './actions';
import { applyAction, type ApplyResult } from './apply';
import { pending } from './decision';
import { legalActions } from './legal';
import { revealsHidden } from './reveal';
import { scoreBreakdown, type ScoreBreakdown } from './score';
import { createGame, GameOptionsSchema, RULES_VERSION } from './setup';
import { createSimulator, type Simulator } from './simulator';
import type { Decision, GameOptions, GameState, GameView, Seat } from './types';
import { playerView } from './view';

export interface GameDefinition<S extends { kind: 'state' }, V extends { kind: 'view' }, A, O, R, Sim> {
  id: 'isle' | 'ttr';
  rulesVersion: string;
  seats: { min: number; max: number };
  optionsSchema: z.ZodType<O>;
  actionSchema: z.ZodType<A>;
  setup(o: O): S;
  pending(t: S | V): Decision[];
  legal(t: S | V, seat: number): A[];
  apply(s: S, seat: number, action: unknown): R;
  view(s: S, viewer: number | 'spectator'): V;
  revealsHidden(before: S, after: S): boolean;
  score(t: S | V): { players: { seat: number; total: number }[]; winners: number[]; decidedBy: string; detail: unknown };
  simulator(s: S): Sim;
}

export type TtrDefinition = GameDefinition<GameState, GameView, Action, GameOptions, ApplyResult, Simulator>;

export const ttrGame: TtrDefinition = {
  id: 'ttr',
  rulesVersion: String(RULES_VERSION),
  seats: { min: 2, max: 5 },
  optionsSchema: GameOptionsSchema,
  actionSchema: ActionSchema,
  setup: createGame,
  pending,
  legal: legalActions,
  apply: applyAction,
  view: playerView,
  revealsHidden,
  score(t): { players: { seat: Seat; total: number }[]; winners: Seat[]; decidedBy: string; detail: ScoreBreakdown } {
    const b = scoreBreakdown(t);
    return { players: b.players.map((p) => ({ seat: p.seat, total: p.total })), winners: b.winners, decidedBy: b.decidedBy, detail: b };
  },
  simulator: createSimulator,
};
