/**
 * The second game's bots always answer with a legal action, read from their view, and never stall: seeded
 * games at 2–5 players are played to the end through ttrGame.apply (which refuses anything illegal) within
 * the rules' own bound on a game's length (actionBound: trains, cards and tickets run out, and everyone
 * passing ends the game).
 */
import { legalActions, payments, ttrGame, type Action, type GameState } from '@isle-of-trains/ttr-rules';
import { createTtrBot, type TtrBotLevel } from '@isle-of-trains/bots';
import { actionBound, playTtrGame } from '../arena/ttr-play';
import { opened, ttrBots } from './ttr-helpers';

/** Whether `action` is one the rules offer the seat from its view: listed by legal(), or a claim paid by one of payments(). */
function offered(s: GameState, seat: number, action: Action): boolean {
  const view = ttrGame.view(s, seat);
  const key = JSON.stringify(action);
  if (legalActions(view, seat).some((a) => JSON.stringify(a) === key)) return true;
  return action.type === 'claim' && payments(view, seat, action.route).some((p) => JSON.stringify(p) === JSON.stringify(action.pay));
}

const tables: [string, TtrBotLevel[]][] = [
  ['2 players, greedy and random', ['greedy', 'random']],
  ['3 players, greedy, random, greedy', ['greedy', 'random', 'greedy']],
  ['4 players, greedy and random alternating', ['random', 'greedy', 'random', 'greedy']],
  ['5 players, greedy and random alternating', ['greedy', 'random', 'greedy', 'random', 'greedy']],
  ['2 players, greedy against greedy', ['greedy', 'greedy']],
  ['5 players, all greedy', ['greedy', 'greedy', 'greedy', 'greedy', 'greedy']],
];

describe('second game bots play whole games legally', () => {
  it.each(tables)('%s: every action is offered by the rules and the game ends within the bound', (_name, levels) => {
    const seed = `legal-${levels.length}-${levels.join('')}`;
    const seen = new Set<string>();
    const game = playTtrGame({ players: levels.length, seed }, ttrBots(levels, seed), (s, seat, action) => {
      if (!offered(s, seat, action)) throw new Error(`seat ${seat} sent ${JSON.stringify(action)}, which its view does not offer`);
      seen.add(action.type);
    });
    expect(game.state.gameOver).toBe(true);
    expect(game.actions.length).toBeLessThan(actionBound(levels.length));
    // The bots did play the game: opening choice, draws and claims at least.
    for (const t of ['keepTickets', 'drawBlind', 'claim']) expect(seen).toContain(t);
  });

  it.each(['random', 'greedy'] as TtrBotLevel[])('%s bot passes when nothing else is possible, and a table of such bots ends the game by passing', (level) => {
    // No card to draw (deck, discard pile and display empty), no ticket to draw, no card in any hand.
    const s = opened(3, `dry-${level}`);
    s.deck = [];
    s.discard = [];
    s.display = s.display.map(() => null);
    s.ticketDeck = [];
    for (const p of s.players) for (const c of Object.keys(p.hand) as (keyof typeof p.hand)[]) p.hand[c] = 0;
    const seat = s.turn.seat;
    const bot = createTtrBot(level, { seed: 'dry' });
    expect(bot.chooseAction({ view: ttrGame.view(s, seat), seat, history: [] })).toEqual({ type: 'pass' });
    // playTtrGame plays on from a dealt game; here the table is already dry, so play it by hand.
    let t = s;
    for (let i = 0; i < 3; i++) {
      const d = ttrGame.pending(t)[0];
      const r = ttrGame.apply(t, d.seat, createTtrBot(level, { seed: i }).chooseAction({ view: ttrGame.view(t, d.seat), seat: d.seat, history: [] }));
      if (!r.ok) throw new Error(r.error.message);
      t = r.state;
    }
    expect(t.gameOver).toBe(true);
    expect(t.result?.reason).toBe('passes');
  });

  it('the bound follows from the rules and grows with the seats', () => {
    // 2 players: 114 cards + 80 per player back from claims and as claims, 110 ticket actions, 2 opening choices.
    expect(actionBound(2)).toBe(2 * (114 + 160 + 110 + 2 + 1));
    expect(actionBound(5)).toBeGreaterThan(actionBound(4));
  });
});
