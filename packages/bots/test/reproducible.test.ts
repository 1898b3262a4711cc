import { applyAction, createGame, currentDecision, playerView, type GameState } from '@isle-of-trains/rules';
import { createBot, BOT_LEVELS } from '@isle-of-trains/bots';
import { bots, playBots } from './helpers';

/** A few positions from a greedy game (main actions, bonuses, payments, deliveries). */
function positions(): GameState[] {
  const out: GameState[] = [];
  let k = 0;
  playBots({ players: 3, seed: 'repro' }, bots(['greedy', 'greedy', 'greedy'], {}, 'repro'), (s) => {
    if (k++ % 9 === 0) out.push(s);
  }, 200);
  return out;
}

describe('a fixed seed gives a reproducible choice', () => {
  const states = positions();

  it.each(BOT_LEVELS)('%s bot', (level) => {
    const opts = { timeBudgetMs: 10000, iterations: 2 };
    const some = level === 'strong' ? states.slice(0, 8) : states;
    for (const s of some) {
      const seat = currentDecision(s)!.seat;
      const input = { view: playerView(s, seat), seat, history: [] };
      const a = createBot(level, { ...opts, seed: 42 }).chooseAction(input);
      const b = createBot(level, { ...opts, seed: 42 }).chooseAction(input);
      expect(b).toEqual(a);
      expect(applyAction(s, seat, a).ok).toBe(true);
    }
  });

  it('random bot choices vary with the seed', () => {
    const s = createGame({ players: 2, seed: 'vary' });
    const input = { view: playerView(s, 0), seat: 0, history: [] };
    const seen = new Set<string>();
    for (let seed = 0; seed < 30; seed++) seen.add(JSON.stringify(createBot('random', { seed }).chooseAction(input)));
    expect(seen.size).toBeGreaterThan(1);
  });

  it('whole greedy games replay identically', () => {
    const a = playBots({ players: 2, seed: 'replay' }, bots(['greedy', 'greedy'], {}, 'r'), undefined, 150).state;
    const b = playBots({ players: 2, seed: 'replay' }, bots(['greedy', 'greedy'], {}, 'r'), undefined, 150).state;
    expect(b).toEqual(a);
  });
});
