/**
 * The second game's protocol pieces (Ticket to Ride with the Northern Lights rules, room `ttr`): the create
 * options, the `game` part of the room state in wire and JSON form, and the mappings each way between it and
 * ttr-rules' views. Every name starts with `ttr`/`Ttr`/`TTR_`, beside Isle's.
 */
export * from './options';
export type * from './state';
export { ttrGameWire, ttrGameFromWire, ttrStateFromWire, type TtrGameWire, type TtrPlayerWire } from './wire';
export { ttrGameJSONFromView, ttrPrivatePart, type TtrPrivatePart } from './game-json';
export { ttrViewFromGame, ttrViewFromState, type TtrViewer } from './view';
export { ttrEventLine, paidWords, type TtrLogLine } from './log-text';
export { TTR_LOG_TEMPLATES } from './log-templates';
