/**
 * @isle-of-trains/bots: computer players that see only what their seat may
 * see (a PlayerView), at three levels: random, greedy and strong.
 */
export { searchStats } from './strong';
export { createBot, chooseAction, randomChoice, greedyChoice, strongChoice, DEFAULT_TIME_BUDGET_MS } from './bots';
export { determinise, unseenCards, visibleCards, bagPassengers, DeterminiseError } from './determinise';
export { evaluate, playerValue, objectiveProgress } from './evaluate';
export { keepValue } from './greedy';
export { assertBotInput } from './guard';
export { BOT_LEVELS } from './types';
export type { Bot, BotInput, BotLevel, BotOptions, BotView, PublicHistoryEntry } from './types';
