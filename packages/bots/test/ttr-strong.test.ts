/**
 * The second game's strong bot: legal at 2–5 players over whole games, reproducible for a seed and a world
 * count, searching (not just echoing greedy) when given worlds, and far stronger than a random mover.
 * Its view-only guarantees are proven with the other levels' in ttr-view-only.test.ts. Whole games here run
 * with a small time budget (the search falls back to greedy's choice when it has too few worlds, so the
 * outcomes asserted do not depend on the machine's speed); the search itself is exercised with fixed counts.
 */
import { legalActions, payments, scoreBreakdown, ttrGame, type Action, type GameState } from '@isle-of-trains/ttr-rules';
import { createTtrBot, type TtrBot } from '@isle-of-trains/bots';
import { determiniseTtr, ttrSearchStats } from '../src/ttr';
import { fastRng } from '@isle-of-trains/engine-core';
import { playTtrGame } from '../arena/ttr-play';
import { ttrBots } from './ttr-helpers';

function offered(s: GameState, seat: number, action: Action): boolean {
  const view = ttrGame.view(s, seat);
  const key = JSON.stringify(action);
  if (legalActions(view, seat).some((a) => JSON.stringify(a) === key)) return true;
  return action.type === 'claim' && payments(view, seat, action.route).some((p) => JSON.stringify(p) === JSON.stringify(action.pay));
}

/** Positions of a greedy game at `players`, every `every`-th decision (opening choices included). */
function positions(players: number, seed: string, every: number): { s: GameState; seat: number }[] {
  const out: { s: GameState; seat: number }[] = [];
  let i = 0;
  playTtrGame({ players, seed }, ttrBots(Array(players).fill('greedy'), seed), (s, seat) => {
    if (i++ % every === 0) out.push({ s: JSON.parse(JSON.stringify(s)) as GameState, seat });
  });
  return out;
}

describe('second game strong bot', () => {
  it.each([2, 3, 4, 5])('plays a whole game legally at %i players (strong at one seat, greedy at the others)', (players) => {
    const seed = `strong-legal-${players}`;
    const bots: TtrBot[] = [createTtrBot('strong', { seed, timeBudgetMs: 15 }), ...ttrBots(Array(players - 1).fill('greedy'), seed)];
    let strongMoves = 0;
    const game = playTtrGame({ players, seed }, bots, (s, seat, action) => {
      if (seat !== 0) return;
      strongMoves++;
      if (!offered(s, seat, action)) throw new Error(`strong sent ${JSON.stringify(action)}, which its view does not offer`);
    });
    expect(game.state.gameOver).toBe(true);
    expect(game.state.result?.reason).toBe('trains');
    expect(strongMoves).toBeGreaterThan(20);
  });

  it('searches a fixed number of worlds, stays legal, and gives the same answer for the same seed', () => {
    const seen = new Set<string>();
    for (const { s, seat } of positions(3, 'strong-det', 37)) {
      const view = ttrGame.view(s, seat);
      const a = createTtrBot('strong', { seed: 'det', iterations: 5 }).chooseAction({ view, seat, history: [] });
      const worlds = ttrSearchStats.lastWorlds;
      const b = createTtrBot('strong', { seed: 'det', iterations: 5 }).chooseAction({ view, seat, history: [] });
      expect(b).toEqual(a);
      expect(offered(s, seat, a)).toBe(true);
      if (ttrSearchStats.lastCandidates > 1) {
        expect(ttrSearchStats.lastWorlds).toBe(worlds);
        expect(worlds).toBeGreaterThanOrEqual(1);
        seen.add(view.turn.step);
      }
    }
    // The search ran on ticket choices and on whole turns, not only on forced moves.
    expect(seen).toContain('turn');
    expect([...seen].some((x) => x === 'setup' || x === 'keepTickets')).toBe(true);
  });

  it('deals worlds that agree with the view: the seat sees the same table in every world', () => {
    const [{ s, seat }] = positions(4, 'strong-world', 97).slice(1, 2);
    const view = ttrGame.view(s, seat);
    for (let k = 0; k < 5; k++) {
      const world = determiniseTtr(view, seat, fastRng([k + 1, 2, 3, 4]));
      expect(ttrGame.view(world, seat)).toEqual(view);
      // Every card is somewhere: 114 in deck, discard pile, display and hands.
      const cards = world.deck.length + world.discard.length + world.display.filter((c) => c !== null).length
        + world.players.reduce((n, p) => n + Object.values(p.hand).reduce((x, y) => x + y, 0), 0);
      expect(cards).toBe(114);
    }
  });

  it('beats a random mover by a wide margin', () => {
    const bots: TtrBot[] = [createTtrBot('strong', { seed: 'vs', timeBudgetMs: 15 }), createTtrBot('random', { seed: 'vs' })];
    const game = playTtrGame({ players: 2, seed: 'strong-vs-random' }, bots);
    const sb = scoreBreakdown(game.state);
    expect(sb.winners).toEqual([0]);
    expect(sb.players[0].total - sb.players[1].total).toBeGreaterThan(40);
    expect(sb.players[0].completedTickets).toBeGreaterThanOrEqual(2);
  });
});
