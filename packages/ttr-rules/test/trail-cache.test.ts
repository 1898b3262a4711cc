/**
 * TrailCache against the plain search: over random games at 2–5 seats, with take-backs to earlier states
 * mixed in, the cached trail and the standings computed with the cache equal the uncached ones after every
 * action, and the cache searches again only when a seat's routes changed since it last asked.
 */
import {
  bonusStandings, createGame, edgesOf, legalActions, longestTrail, NORTHERN_EUROPE, pending, playerView, TrailCache, type GameState,
} from '../src';
import { must, picker } from './helpers';

/** The routes each seat holds, as text: what the cache must notice changing. */
function networks(s: GameState): string[] {
  return s.players.map((p) => edgesOf(NORTHERN_EUROPE, s.claims, p.seat).map((e) => e.id).join(','));
}

test('cached trails and standings equal the uncached ones over random games, take-backs included', () => {
  let checked = 0;
  for (let g = 0; g < 4; g++) {
    const players = 2 + (g % 4);
    const pick = picker(500 + g);
    let s = createGame({ players, seed: `trail-cache-${g}` });
    // The card that needs the trail is in play in every game here.
    if (!s.bonusCards.includes('nordic-express')) s = { ...s, bonusCards: ['nordic-express', ...s.bonusCards.slice(1)] };
    const cache = new TrailCache();
    const history: GameState[] = [s];
    let asked: string[] = s.players.map(() => '(never)');
    let changes = 0;
    const check = (t: GameState): void => {
      const now = networks(t);
      now.forEach((n, seat) => {
        if (n !== asked[seat]) changes++;
      });
      asked = now;
      for (const p of t.players) {
        const edges = edgesOf(NORTHERN_EUROPE, t.claims, p.seat);
        expect(cache.trail(NORTHERN_EUROPE.id, p.seat, edges)).toBe(longestTrail(edges));
      }
      expect(cache.searches).toBe(changes);
      // The standings through the cache, on the state and on a spectator's view (the uncached ones search
      // every seat's network each time: compared on every third state only, to keep the test quick).
      const cached = bonusStandings(t, cache);
      const view = playerView(t, 'spectator');
      const cachedView = bonusStandings(view, cache);
      if (checked % 3 === 0) {
        expect(cached).toEqual(bonusStandings(t));
        expect(cachedView).toEqual(bonusStandings(view));
      }
      expect(cache.searches).toBe(changes);
      checked++;
    };
    while (!s.gameOver) {
      check(s);
      // Now and then a take-back: back a few states, as an undo does, and play on from there.
      if (history.length > 4 && pick(12) === 0) {
        history.length -= 1 + pick(3);
        s = history[history.length - 1];
        check(s);
      }
      const d = pending(s)[0];
      const legal = legalActions(s, d.seat);
      s = must(s, d.seat, legal[pick(legal.length)]);
      history.push(s);
    }
    check(s);
    // Far fewer searches than asks: one per change of a seat's routes.
    expect(cache.searches).toBeLessThan(checked * players);
  }
  expect(checked).toBeGreaterThan(400);
});

test('a search only when the seat itself claims: another seat\'s claim and a card draw leave its trail remembered', () => {
  const cache = new TrailCache();
  const claims: Record<string, number> = {};
  const r = NORTHERN_EUROPE.routes;
  claims[String(r[0].id)] = 0;
  const ask = (seat: number): number => cache.trail(NORTHERN_EUROPE.id, seat, edgesOf(NORTHERN_EUROPE, claims, seat));
  expect(ask(0)).toBe(r[0].length);
  expect(ask(1)).toBe(0);
  expect(cache.searches).toBe(2);
  claims[String(r[5].id)] = 1; // seat 1 claims
  expect(ask(0)).toBe(r[0].length);
  expect(cache.searches).toBe(2);
  expect(ask(1)).toBe(r[5].length);
  expect(cache.searches).toBe(3);
  delete claims[String(r[0].id)]; // a take-back of seat 0's claim
  expect(ask(0)).toBe(0);
  expect(cache.searches).toBe(4);
});
