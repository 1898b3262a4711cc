/** The post-game coach: a finished game's decisions of one seat judged from its view, the costliest marked. */
export { analyseGame, analyseDecision, COACH_VERSION, COACH_FINGERPRINTS } from './analyse';
export type { AnalyseOptions, CoachAnalysis, CoachDecision, CoachMark } from './analyse';
export { estimateDecision } from './estimate';
export type { Alternative, DecisionEstimate, EstimateOptions } from './estimate';
export type { CoachUnit } from './judge';
export { seatDecisions, CoachError } from './record';
export { deckDrawerGame } from './deck-drawer';
export type { RecordedGame, SeatDecision } from './record';
export { movePhrase, adviceText } from './words';
