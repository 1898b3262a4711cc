/**
 * `@isle-of-trains/client`: the Isle of Trains Online protocol for TypeScript and JavaScript clients.
 *
 * - {@link IsleClient} and {@link Session}: create, join, rejoin, spectate and play over `@colyseus/sdk`;
 * - {@link viewFromState}: the rules' `PlayerView` from the decoded room state;
 * - the message, option and state shapes, and the error and close codes (also alone, without the
 *   SDK, from `@isle-of-trains/client/protocol`).
 *
 * @packageDocumentation
 */
export * from './protocol';
export { IsleError, type IsleErrorCode, type SessionErrorCode } from './errors';
export {
  IsleClient, Session, memorySeatStore, httpBase, DEFAULT_REJOIN, DEFAULT_PACE,
  type ClientOptions, type Pace, type Closed, type RejoinPolicy, type SeatStore, type SessionStatus, type StoredSeat,
} from './session';
export type { SdkClient, SdkRoom } from './sdk-types';
export type { GameKind, GameTypes } from './games';
export { fetchReplay, verifyReplay, type FetchReplayOptions, type ReplayCheck } from './replay-check';
export type { PlayedAgain } from './play-recorded';
