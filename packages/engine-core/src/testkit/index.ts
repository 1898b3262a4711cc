/**
 * @isle-of-trains/engine-core/testkit: what both games' tests share, for any game definition: replay from a
 * seed and an action log, the leak scan of views, random legal games played to the end, and hostile input for the
 * checks at a game's door. For tests only (the random games and the hostile values need fast-check, a development
 * dependency); nothing in production imports it.
 */
export { replay, assertReplays } from './replay';
export type { LoggedAction, Definition } from './replay';
export { findLeaks, assertNoLeaks, assertViewsHide } from './leaks';
export type { Secret } from './leaks';
export { playRandomGame, randomGames } from './random-games';
export type { FastDoor, GameWatcher, RandomGame, RandomGameSettings, RandomGamesSettings } from './random-games';
export {
  HOSTILE_KEYS, HOSTILE_NUMBERS, HOSTILE_STRINGS, handHostile, holdsDoor, hostileJunk, hostileLeaf, holdsSurrogates, mutantOf, plainCopy, shown, withOwnKey,
  zodKeepsAsIs,
} from './hostile';
export type { Parses } from './hostile';
