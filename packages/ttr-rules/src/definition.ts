/** The game as one object, in the shape every game package exports (engine-core's game-definition interface). */
import { gameScore, type GameDefinition, type GameScore } from '@isle-of-trains/engine-core';
import { ActionSchema, type Action } from './actions';
import { applyAction } from './apply';
import { pending } from './decision';
import { legalActions } from './legal';
import { revealsHidden } from './reveal';
import { scoreBreakdown, type ScoreBreakdown } from './score';
import { createGame, GameOptionsSchema, RULES_VERSION } from './setup';
import { createSimulator, type Simulator } from './simulator';
import type { Decision, GameEvent, GameOptions, GameState, GameView } from './types';
import { playerView } from './view';

export type TtrDefinition = GameDefinition<GameState, GameView, Action, GameOptions, Decision, GameEvent, Simulator, ScoreBreakdown>;

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
  score: (t): GameScore<ScoreBreakdown> => gameScore(scoreBreakdown(t)),
  simulator: createSimulator,
};
