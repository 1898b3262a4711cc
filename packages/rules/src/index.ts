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
export { fastRng, randomInt } from './rng';
// The seeded game generator, for the other game's rules package (packages/ttr-rules) until both move to a shared core package.
export { seedRng, shuffleInPlace, nextUint32 } from './rng';
export type { RngState } from './rng';
export * from './catalogue';
export * from './types';
export {
  capacityOf, weightOf, carAccepts, itemsOnTrain, loadItemId, locations, buildingLimit, isSolo, scenarioOf, nameOf, loadedCount,
} from './table';
export type { Table, TrainItem } from './table';
