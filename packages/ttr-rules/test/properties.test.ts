/**
 * Random legal games at 2–5 players, played to the end on the shared property harness
 * (@isle-of-trains/engine-core/testkit): legal moves and decisions agree between a state and its seat's view,
 * every action goes through both the simulator and applyAction, which agree and leave their input alone, and
 * a seed plus the actions replays the identical game. This game's own properties, after every action: the
 * views hide every secret, cards and tickets are conserved, and at the end the score adds up.
 */
import { fastRng, randomInt, shuffleInPlace, type RngState } from '@isle-of-trains/engine-core';
import { assertNoLeaks, randomGames } from '@isle-of-trains/engine-core/testkit';
import {
  CARDS, cloneState, createGame, createSimulator, handSize, NORTHERN_EUROPE, playerView, scoreBreakdown, ttrGame,
  type Action, type Card, type GameState,
} from '../src';

/**
 * The same game with everything `viewer` may not see dealt differently: other seats' hands and the deck
 * mixed and re-dealt (same sizes), other seats' tickets, offers, returns and the ticket deck likewise, the
 * generator moved. The viewer's view must not change.
 */
function perturb(s: GameState, viewer: number | 'spectator', rng: RngState): GameState {
  const t = cloneState(s);
  const others = t.players.filter((p) => p.seat !== viewer);
  const cards: Card[] = [...t.deck];
  for (const p of others) for (const c of CARDS) for (let i = 0; i < p.hand[c]; i++) cards.push(c);
  shuffleInPlace(rng, cards);
  for (const p of others) {
    const n = handSize(p.hand);
    for (const c of CARDS) p.hand[c] = 0;
    for (let i = 0; i < n; i++) p.hand[cards.pop()!] += 1;
  }
  t.deck = cards;
  const tickets: number[] = [...t.ticketDeck];
  for (const p of others) tickets.push(...p.tickets, ...(p.offer ?? []), ...t.setupReturns[p.seat]);
  shuffleInPlace(rng, tickets);
  for (const p of others) {
    p.tickets = p.tickets.map(() => tickets.pop()!);
    if (p.offer) p.offer = p.offer.map(() => tickets.pop()!);
    t.setupReturns[p.seat] = t.setupReturns[p.seat].map(() => tickets.pop()!);
  }
  t.ticketDeck = tickets;
  t.rng = { kind: 'chacha20', key: 'f'.repeat(64), position: randomInt(rng, 1000) };
  return t;
}

function checkConservation(s: GameState): void {
  let cards = s.deck.length + s.discard.length + s.display.filter((c) => c !== null).length;
  for (const p of s.players) cards += handSize(p.hand);
  expect(cards).toBe(114);
  const tickets = [...s.ticketDeck, ...s.setupReturns.flat()];
  for (const p of s.players) tickets.push(...p.tickets, ...(p.offer ?? []));
  expect(tickets.sort((a, b) => a - b)).toEqual(NORTHERN_EUROPE.tickets.map((x) => x.id).sort((a, b) => a - b));
  for (const p of s.players) {
    const used = Object.entries(s.claims).filter(([, seat]) => seat === p.seat).reduce((n, [id]) => n + NORTHERN_EUROPE.route.get(Number(id))!.length, 0);
    expect(p.trainsLeft).toBe(40 - used);
    for (const c of CARDS) expect(p.hand[c]).toBeGreaterThanOrEqual(0);
  }
}

function checkViews(s: GameState, rng: RngState): void {
  const viewers: (number | 'spectator')[] = [...s.players.map((p) => p.seat), 'spectator'];
  for (const viewer of viewers) {
    const view = playerView(s, viewer);
    const text = JSON.stringify(view);
    assertNoLeaks(view, [
      { what: 'the seed', value: s.options.seed, match: 'part' },
      { what: 'the generator key', value: s.rng.kind === 'chacha20' ? s.rng.key : '', match: 'part' },
      { what: 'the deck', value: 'deck' },
      { what: 'the generator', value: 'rng' },
    ], viewer);
    for (const p of view.players) {
      if (p.seat === viewer) continue;
      expect(p.offer).toBeUndefined();
      if (!s.gameOver) {
        expect(p.hand).toBeUndefined();
        expect(p.tickets).toBeUndefined();
      }
    }
    if (!s.gameOver) expect(JSON.stringify(playerView(perturb(s, viewer, rng), viewer))).toBe(text);
  }
}

// Two games per player count in `npm test` (each action is checked from every seat, so a 5-player game costs
// seconds); PROP_RUNS=50 for a deeper run before a rules change lands.
const RUNS_PER_COUNT = Number(process.env.PROP_RUNS ?? 2);

test.each([2, 3, 4, 5])(`%i players: ${RUNS_PER_COUNT} random games end, hide every secret, and replay identically`, (n) => {
  let games = 0;
  randomGames(ttrGame, {
    runs: RUNS_PER_COUNT, options: (seed) => ({ players: n, seed }),
    fast: (initial) => {
      const sim = createSimulator(initial);
      return { get state() { return sim.state; }, apply: (seat: number, action: Action) => sim.apply(seat, action) };
    },
    watch: (initial) => {
      // The generator that deals the perturbed games of checkViews; a new stream for each game.
      const rng = fastRng([++games, 3, 5, 7]);
      checkViews(initial, rng);
      return {
        afterAction(s) {
          checkConservation(s);
          checkViews(s, rng);
        },
        atEnd(s) {
          const b = scoreBreakdown(s);
          expect(b.final).toBe(true);
          expect(b.players.map((p) => p.routePoints)).toEqual(s.players.map((p) => p.routePoints));
          expect(scoreBreakdown(playerView(s, 'spectator'))).toEqual(b);
        },
      };
    },
  });
}, 300_000); // about 3 s a 5-player game on a quiet machine; the bound only catches a hang

test('random games through the simulator alone end at every player count (and never stall)', () => {
  const rng = fastRng([42, 1, 2, 3]);
  for (const n of [2, 3, 4, 5]) {
    for (let g = 0; g < 10; g++) {
      const sim = createSimulator(createGame({ players: n, seed: `sim-${n}-${g}` }));
      let steps = 0;
      for (let step = sim.randomStep(rng); step; step = sim.randomStep(rng)) {
        sim.apply(step.seat, step.action);
        if (++steps > 5000) throw new Error('the game did not end');
      }
      expect(sim.gameOver).toBe(true);
      expect(sim.result()?.reason).toMatch(/^(trains|passes)$/);
    }
  }
});
