/**
 * @isle-of-trains/ttr-rules: the Northern Lights rules of Ticket to Ride on an original map of Northern
 * Europe, as pure functions over plain JSON data. No I/O, no clock, no Math.random.
 *
 * Everything the package offers, with the current maps only: the web client bundles this module (its Vite
 * alias) and registers an archived map when it replays a game stored on one. index.ts, the entry for Node,
 * adds every archived map.
 */
export { createGame, GameOptionsSchema, GameOptionsError, RULES_VERSION, TRAINS_PER_PLAYER } from './setup';
export { applyAction, runAction } from './apply';
export type { ApplyResult } from './apply';
export { legalActions, payments } from './legal';
export { pending, KEEP_AT_SETUP, KEEP_LATER } from './decision';
export { playerView } from './view';
export { revealsHidden } from './reveal';
export { scoreBreakdown } from './score';
export type { ScoreBreakdown, SeatScore, TicketScore, BonusScore, DecidedBy } from './score';
export { createSimulator } from './simulator';
export type { Simulator } from './simulator';
export { ActionSchema, PaymentSchema, isExactAction } from './actions';
export type { Action, ActionType, Payment } from './actions';
export { isExactPayment, paymentsFor, canonicalPayments } from './payments';
export { usableTracks } from './table';
export { longestTrail, components, edgesOf } from './network';
export type { Edge } from './network';
export { BONUS_CARDS, BONUS_CARD_IDS, bonusCard, bonusMeasure } from './bonus';
export type { BonusCardDef, SeatRecord } from './bonus';
export { bonusStandings } from './standings';
export { TrailCache } from './trail-cache';
export type { BonusStanding } from './standings';
export {
  loadMap, mapOf, mapIds, mapVersions, builtInMap, mapRef, registerMap, isArchivedMap, ARCHIVED_MAP_VERSIONS, MapError, NORTHERN_EUROPE,
  DEFAULT_MAP_ID, ROUTE_POINTS,
} from './map';
export type { GameMap, MapRef } from './map';
export { MapSchema } from './map-schema';
export type { MapData, CityData, RouteData, TicketData } from './map-schema';
export { COLOURS, CARDS, emptyHand, handSize } from './cards';
export type { Card, Colour, Hand } from './cards';
export { ttrGame } from './definition';
export type { TtrDefinition } from './definition';
export { cloneState } from './clone';
export type * from './types';
