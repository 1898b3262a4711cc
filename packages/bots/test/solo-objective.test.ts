/**
 * The strong bot plays a solo chapter toward its objective: on fixed deals, after the same number of turns,
 * its train is further along the chapter's goal (soloStatus) than the greedy bot's, whose one-step
 * evaluation sees the objective but not the build-up it needs. A fixed number of worlds per decision keeps
 * every game identical on any machine.
 */
import { applyAction, createGame, playerView, soloStatus, type GameState } from '@isle-of-trains/rules';
import { createBot, type BotLevel } from '@isle-of-trains/bots';
import { wantsSoloReturn } from '../src/solo/search';

/** Play a chapter deal with one bot until `turns` turns are done (or the game ends); the objective's count then. */
function progressAfter(chapter: number, seed: string, level: BotLevel, turns: number): { current: number; state: GameState } {
  let s = createGame({ players: 1, seed, mode: 'scenario', scenario: chapter });
  const bot = createBot(level, { seed: 'objective', iterations: 1 });
  while (!s.gameOver && s.turn.number <= turns) {
    const a = bot.chooseAction({ view: playerView(s, 0), seat: 0, history: [] });
    const r = applyAction(s, 0, a);
    if (!r.ok) throw new Error(`${level} sent ${JSON.stringify(a)}: ${r.error.code}`);
    s = r.state;
  }
  return { current: soloStatus(s)!.current ?? 0, state: s };
}

describe('the strong bot pursues a solo chapter\'s objective', () => {
  it.each(['objective-0', 'objective-1'])('chapter 4 (13 cars), deal %s: more cars than greedy after 8 turns', (seed) => {
    const strong = progressAfter(4, seed, 'strong', 8);
    const greedy = progressAfter(4, seed, 'greedy', 8);
    expect(strong.current).toBeGreaterThan(greedy.current);
    expect(strong.current).toBeGreaterThanOrEqual(4);
  });

  it('chapter 9 (Level 3 engine and cars): further along than greedy after 8 turns', () => {
    const strong = progressAfter(9, 'objective-1', 'strong', 8);
    const greedy = progressAfter(9, 'objective-1', 'greedy', 8);
    expect(strong.current).toBeGreaterThan(greedy.current);
  });

  it('replays identically from the same seed', () => {
    const a = progressAfter(4, 'objective-2', 'strong', 3).state;
    const b = progressAfter(4, 'objective-2', 'strong', 3).state;
    expect(b).toEqual(a);
  });

  it('never reads the deck: two deals that differ only in the deck order get the same choices', () => {
    const s = createGame({ players: 1, seed: 'objective-3', mode: 'scenario', scenario: 5 });
    const t: GameState = { ...s, deck: [...s.deck].reverse() };
    expect(playerView(t, 0)).toEqual(playerView(s, 0));
    const bot = createBot('strong', { seed: 'peek', iterations: 3 });
    expect(bot.chooseAction({ view: playerView(t, 0), seat: 0, history: [] }))
      .toEqual(bot.chooseAction({ view: playerView(s, 0), seat: 0, history: [] }));
  });

  it('spends VP tokens on buying back cards only where they are worth nothing else', () => {
    const view = (opts: Parameters<typeof createGame>[0]) => playerView(createGame(opts), 0);
    expect(wantsSoloReturn(view({ players: 1, seed: 'r', mode: 'scenario', scenario: 4 }))).toBe(true);
    expect(wantsSoloReturn(view({ players: 1, seed: 'r', mode: 'scenario', scenario: 10 }))).toBe(true);
    expect(wantsSoloReturn(view({ players: 1, seed: 'r', mode: 'scenario', scenario: 3 }))).toBe(false);
    expect(wantsSoloReturn(view({ players: 1, seed: 'r', mode: 'challenge' }))).toBe(false);
  });
});
