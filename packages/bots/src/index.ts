/**
 * @isle-of-trains/bots: computer players that see only what their seat may
 * see (a PlayerView), at three levels: random, greedy and strong; and, for the
 * second game (ttr), random and greedy (./ttr).
 */
export { searchStats } from './strong';
export { createBot, chooseAction, randomChoice, greedyChoice, strongChoice, DEFAULT_TIME_BUDGET_MS } from './bots';
export { determinise, unseenCards, visibleCards, bagPassengers, DeterminiseError } from './determinise';
export { evaluate, playerValue, objectiveProgress } from './evaluate';
export { keepValue } from './greedy';
export { assertBotInput } from './guard';
export { BOT_LEVELS } from './types';
export type { Bot, BotInput, BotLevel, BotOptions, BotView, PublicHistoryEntry } from './types';
export {
  createTtrBot, ttrChooseAction, ttrRandomChoice, ttrGreedyChoice, assertTtrBotInput, TTR_BOT_LEVELS, planTickets, readBoard, shortestPath,
} from './ttr';
export type { TtrBot, TtrBotInput, TtrBotLevel, TtrBotOptions } from './ttr';
export {
  analyseGame, analyseDecision, COACH_VERSION, COACH_FINGERPRINTS, deckDrawerGame, estimateDecision, seatDecisions, CoachError, movePhrase, adviceText,
} from './coach';
export type {
  AnalyseOptions, CoachAnalysis, CoachDecision, CoachMark, Alternative, DecisionEstimate, EstimateOptions, CoachUnit, RecordedGame, SeatDecision,
} from './coach';
