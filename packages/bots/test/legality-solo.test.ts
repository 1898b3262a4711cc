/**
 * Every bot only ever submits actions that applyAction accepts (playBots
 * throws on the first refusal). Solo half: the Challenge and all ten chapters.
 */
import { bots, playBots } from './helpers';

const modes = [undefined, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const opts = (g: number, tag: string) => {
  const ch = modes[g % modes.length];
  return ch === undefined
    ? { players: 1, seed: `${tag}-${g}`, mode: 'challenge' as const }
    : { players: 1, seed: `${tag}-${g}`, mode: 'scenario' as const, scenario: ch };
};

describe('solo bots only send legal actions', () => {
  it('random bot: 1000 complete solo games', () => {
    let decisions = 0;
    for (let g = 0; g < 1000; g++) {
      const r = playBots(opts(g, 'rs'), bots(['random'], {}, `rs${g}`));
      expect(r.state.gameOver).toBe(true);
      decisions += r.decisions;
    }
    expect(decisions).toBeGreaterThan(1000 * 20);
  });

  it('greedy bot: 22 complete solo games (every mode twice)', () => {
    for (let g = 0; g < 22; g++) {
      const r = playBots(opts(g, 'gs'), bots(['greedy'], {}, `gs${g}`));
      expect(r.state.gameOver).toBe(true);
    }
  });

  it('strong bot (tiny budget): a Challenge game and the start of a chapter', () => {
    const strong = bots(['strong'], { timeBudgetMs: 30, iterations: 1 }, 'ss');
    expect(playBots(opts(0, 'ss'), strong).state.gameOver).toBe(true);
    playBots(opts(5, 'ss'), strong, undefined, 40);
  });
});
