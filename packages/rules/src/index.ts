/**
 * @isle-of-trains/rules: the complete rules of Isle of Trains: All Aboard as
 * pure functions over plain JSON data. No I/O, no clock, no network.
 */
export { createGame, GameOptionsSchema, GameOptionsError } from './setup';
export { applyAction } from './apply';
export { createSimulator } from './simulator';
export type { Simulator } from './simulator';
export { legalActions } from './legal';
export type { LegalOptions } from './legal';
export { playerView } from './view';
export { currentDecision } from './decision';
export { revealsHidden } from './reveal';
export { scoreBreakdown, playerScore, challengeRating, buildingPoints } from './score';
export type { ScoreBreakdown, PlayerScore, BuildingScore } from './score';
export { soloStatus } from './solo';
export type { SoloStatus } from './solo';
export { ActionSchema, isExactAction } from './actions';
export type { Action, ActionType } from './actions';
export { validate } from './validate';
// The seeded generator lives in @isle-of-trains/engine-core (both games share it); re-exported as before.
export { fastRng, randomInt, seedRng, shuffleInPlace, nextUint32 } from '@isle-of-trains/engine-core';
export type { RngState } from '@isle-of-trains/engine-core';
export { isleGame, RULES_VERSION } from './definition';
export type { IsleDefinition } from './definition';
export * from './catalogue';
// Which cards are copies of one another (one legal move names only the first): a table offers every copy the same way.
export { cardClass } from './choices';
export * from './types';
export {
  capacityOf, weightOf, carAccepts, itemsOnTrain, loadItemId, locations, buildingLimit, isSolo, scenarioOf, nameOf, loadedCount,
} from './table';
export type { Table, TrainItem } from './table';
