/**
 * @isle-of-trains/engine-core: what every game's rules package shares: the game-definition interface and the
 * seeded generator kept inside a game's state. Pure: no I/O, no clock, no Math.random. The test kit is a
 * separate entry point, `@isle-of-trains/engine-core/testkit`, so that it never lands in a production bundle.
 */
export type {
  GameDefinition, AnyGameDefinition, GameId, Decision, SetupOptions, RuleError, ApplyResult, Viewer, GameScore, SimulatorBase,
} from './definition';
export { GameOptionsError, parseGameOptions } from './options';
export { gameScore } from './definition';
export { seedRng, fastRng, copyRng, nextUint32, randomInt, shuffleInPlace } from './rng';
export type { RngState } from './rng';
