/**
 * The strong bot's fixed-iteration mode: a seed and an iteration count reproduce a decision exactly, and
 * the count is honoured whatever the time budget (so a slow or busy machine cannot change the choice).
 */
import { currentDecision, legalActions, playerView, type GameState } from '@isle-of-trains/rules';
import { createBot, searchStats } from '@isle-of-trains/bots';
import { bots, playBots } from './helpers';

function midGame(): GameState {
  let found: GameState | null = null;
  playBots({ players: 3, seed: 'strong-fixed' }, bots(['greedy', 'greedy', 'greedy'], {}, 'sf'), (s) => {
    const d = currentDecision(s);
    if (!found && s.turn.number > 6 && d?.kind === 'action' && legalActions(s, d.seat).length > 4) found = s;
  }, 120);
  if (!found) throw new Error('no mid-game position found');
  return found;
}

test('fixed iterations (tree search): the same seed gives the same action, and every iteration runs even with a 1 ms budget', () => {
  const s = midGame();
  const seat = currentDecision(s)!.seat;
  const input = { view: playerView(s, seat), seat, history: [] };
  const opts = { seed: 7, timeBudgetMs: 1, iterations: 40, search: 'tree' as const };
  const a = createBot('strong', opts).chooseAction(input);
  expect(searchStats.lastIterations).toBe(40);
  const b = createBot('strong', opts).chooseAction(input);
  expect(b).toEqual(a);
  expect(legalActions(s, seat)).toContainEqual(a);
});

test('fixed iterations (common worlds, the default with 3+ players): reproducible, and the clock never ends the search', () => {
  const s = midGame();
  const seat = currentDecision(s)!.seat;
  const input = { view: playerView(s, seat), seat, history: [] };
  const opts = { seed: 11, timeBudgetMs: 1, iterations: 40 };
  const a = createBot('strong', opts).chooseAction(input);
  const worlds = searchStats.lastIterations;
  const left = searchStats.lastCandidatesLeft;
  // It stops after its 40 worlds, or earlier only because elimination left a single candidate: never at the 1 ms budget.
  expect(worlds).toBeGreaterThan(1);
  expect(worlds === 40 || left === 1).toBe(true);
  const b = createBot('strong', opts).chooseAction(input);
  expect(b).toEqual(a);
  expect(searchStats.lastIterations).toBe(worlds);
  expect(legalActions(s, seat)).toContainEqual(a);
});
