/** Bots for the second game (Northern Lights rules on the Northern Europe map): random, greedy and strong, view-only. */
export { createTtrBot, ttrChooseAction } from './bots';
export { ttrRandomChoice } from './random';
export { ttrGreedyChoice, TICKET_DRAW_MIN_TRAINS, NEAR_END_TRAINS } from './greedy';
export { ttrStrongChoice, ttrSearchStats, TTR_DEFAULT_BUDGET_MS } from './strong';
export { determiniseTtr } from './determinise';
export { planTickets, readBoard, shortestPath } from './plan';
export type { Board, Pair, Plan, PlanCosts } from './plan';
export { assertTtrBotInput } from './guard';
export { TTR_BOT_LEVELS } from './types';
export type { TtrBot, TtrBotInput, TtrBotLevel, TtrBotOptions } from './types';
