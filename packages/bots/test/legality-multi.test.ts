/**
 * Every bot only ever submits actions that applyAction accepts (playBots
 * throws on the first refusal). Multiplayer half: 2–4 players, mixed levels.
 */
import type { BotLevel } from '@isle-of-trains/bots';
import { bots, playBots } from './helpers';

describe('multiplayer bots only send legal actions', () => {
  it('random bots: 15 complete games of 2, 3 and 4 players', () => {
    for (let g = 0; g < 15; g++) {
      const players = 2 + (g % 3);
      const r = playBots({ players, seed: `rm-${g}` }, bots(Array(players).fill('random'), {}, `rm${g}`));
      expect(r.state.gameOver).toBe(true);
    }
  });

  it('greedy bots, alone and mixed with random ones', () => {
    const tables: BotLevel[][] = [['greedy', 'greedy'], ['greedy', 'random', 'greedy'], ['greedy', 'greedy', 'greedy', 'greedy'], ['random', 'greedy']];
    tables.forEach((levels, g) => {
      playBots({ players: levels.length, seed: `gm-${g}` }, bots(levels, {}, `gm${g}`), undefined, 300);
    });
  });

  it('strong bot (tiny budget) against greedy and random', () => {
    playBots({ players: 2, seed: 'sm-0' }, bots(['strong', 'greedy'], { timeBudgetMs: 30, iterations: 1 }, 'sm0'), undefined, 150);
    playBots({ players: 3, seed: 'sm-1' }, bots(['random', 'strong', 'greedy'], { timeBudgetMs: 30, iterations: 1 }, 'sm1'), undefined, 150);
  });
});
