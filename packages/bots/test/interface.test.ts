import { createGame, playerView, legalActions, type GameState } from '@isle-of-trains/rules';
import { chooseAction, createBot, BOT_LEVELS, type BotInput } from '@isle-of-trains/bots';

describe('bots see only a player view', () => {
  const state: GameState = createGame({ players: 2, seed: 'iface' });
  const view = playerView(state, 0);

  it('refuses a GameState at the type level', () => {
    // @ts-expect-error a full GameState is not a PlayerView (kind 'state', hidden cards)
    const bad: BotInput = { view: state, seat: 0, history: [] };
    // @ts-expect-error nor can one be passed straight to chooseAction
    expect(() => chooseAction({ view: state, seat: 0, history: [] })).toThrow(/full game state/);
    expect(bad.seat).toBe(0);
  });

  it.each(BOT_LEVELS)('%s bot throws at run time when handed the full state', (level) => {
    const bot = createBot(level, { seed: 1, timeBudgetMs: 20, iterations: 1 });
    expect(() => bot.chooseAction({ view: state as unknown as BotInput['view'], seat: 0, history: [] })).toThrow(/full game state/);
  });

  it.each(BOT_LEVELS)('%s bot refuses a view that belongs to another seat', (level) => {
    const bot = createBot(level, { seed: 1, timeBudgetMs: 20, iterations: 1 });
    expect(() => bot.chooseAction({ view: playerView(state, 1), seat: 0, history: [] })).toThrow(/belongs to/);
  });

  it.each(BOT_LEVELS)('%s bot answers with one of the legal actions of its view', (level) => {
    const bot = createBot(level, { seed: 7, timeBudgetMs: 50, iterations: 2 });
    const a = bot.chooseAction({ view, seat: 0, history: [] });
    expect(legalActions(view, 0)).toContainEqual(a);
    expect(bot.level).toBe(level);
  });

  it('rejects unknown levels', () => {
    expect(() => createBot('expert' as never)).toThrow(/unknown bot level/);
  });
});
