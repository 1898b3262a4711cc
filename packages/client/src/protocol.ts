/**
 * The wire protocol of an Isle of Trains Online room, in one place: the room name, every message type
 * and its body (zod schemas, so both ends can check what they receive), the error and close codes,
 * the room options, the room state's JSON shape, the players' HTTP API and the one mapping each way between that
 * state and the rules' `PlayerView`. The server validates with these very schemas; docs/PROTOCOL.md describes the same
 * protocol for clients in other languages.
 *
 * This module loads neither the SDK nor anything of the server, so the server uses it as is
 * (`@isle-of-trains/client/protocol`).
 *
 * @module
 */
export * from './codes';
export * from './messages';
export * from './options';
export * from './names';
export * from './state';
export * from './players-api';
export * from './replay';
export { viewFromState, type Viewer } from './view';
export { gameJSONFromView, privatePart, type PrivatePart } from './game-json';
export {
  stateFromWire, gameFromWire, gameWire, logLineWire, logLineFromWire, logNames, type IsleStateWire, type GameWire, type PlayerWire, type TurnWire,
} from './wire';
export { ISLE_LOG_TEMPLATES, type LogCodec, type LogTemplate } from './log-wire';
export * from './ttr/index';
