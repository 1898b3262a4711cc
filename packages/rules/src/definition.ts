/**
 * Isle of Trains as one object, in the shape every game package exports (engine-core's game-definition
 * interface), so that code running any game (the arena, the shared test kit, later the server's game
 * adapters) reaches this game's rules through it. It only names the functions this package already exports.
 */
import { gameScore, type GameDefinition, type GameScore } from '@isle-of-trains/engine-core';
import { ActionSchema, type Action } from './actions';
import { applyAction } from './apply';
import { currentDecision } from './decision';
import { legalActions } from './legal';
import { revealsHidden } from './reveal';
import { scoreBreakdown, type ScoreBreakdown } from './score';
import { createGame, GameOptionsSchema } from './setup';
import { createSimulator, type Simulator } from './simulator';
import type { Decision, GameEvent, GameOptions, GameState, PlayerView } from './types';
import { playerView } from './view';

/**
 * The rules' version. It changes whenever a rules change would make a stored seed and action log replay
 * differently (a different deal, a different outcome of an action, an action refused that was accepted);
 * a stored game is replayed only under the version it was played with.
 */
export const RULES_VERSION = '1';

export type IsleDefinition = GameDefinition<GameState, PlayerView, Action, GameOptions, Decision, GameEvent, Simulator, ScoreBreakdown>;

export const isleGame: IsleDefinition = {
  id: 'isle',
  rulesVersion: RULES_VERSION,
  seats: { min: 1, max: 4 },
  optionsSchema: GameOptionsSchema,
  actionSchema: ActionSchema,
  setup: createGame,
  // One seat decides at a time in this game: the current decision, as a list (empty once the game is over).
  pending(t) {
    const d = currentDecision(t);
    return d ? [d] : [];
  },
  legal: (t, seat) => legalActions(t, seat),
  apply: applyAction,
  view: playerView,
  revealsHidden,
  score: (t): GameScore<ScoreBreakdown> => gameScore(scoreBreakdown(t)),
  simulator: createSimulator,
};
