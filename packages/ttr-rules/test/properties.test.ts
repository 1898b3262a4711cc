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

/**
 * The checks below run after every action from every seat, so they throw a plain Error instead of calling
 * jest's expect: each expect call builds an assertion error object up front, and in this loop that was most
 * of the file's time (a CPU profile of one game per player count: about half in expect and its garbage).
 */
function fail(s: GameState, what: string): never {
  throw new Error(`turn ${s.turn.number}: ${what}`);
}

const ALL_TICKETS = JSON.stringify(NORTHERN_EUROPE.tickets.map((x) => x.id).sort((a, b) => a - b));

function checkConservation(s: GameState): void {
  let cards = s.deck.length + s.discard.length + s.display.filter((c) => c !== null).length;
  for (const p of s.players) cards += handSize(p.hand);
  if (cards !== 114) fail(s, `${cards} cards in the game, not 114`);
  const tickets = [...s.ticketDeck, ...s.setupReturns.flat()];
  for (const p of s.players) tickets.push(...p.tickets, ...(p.offer ?? []));
  const held = JSON.stringify(tickets.sort((a, b) => a - b));
  if (held !== ALL_TICKETS) fail(s, `the tickets in the game are ${held}, not the map's ${ALL_TICKETS}`);
  for (const p of s.players) {
    const used = Object.entries(s.claims).filter(([, seat]) => seat === p.seat).reduce((n, [id]) => n + NORTHERN_EUROPE.route.get(Number(id))!.length, 0);
    if (p.trainsLeft !== 40 - used) fail(s, `seat ${p.seat} has ${p.trainsLeft} trains left after claiming ${used} spaces of routes`);
    for (const c of CARDS) if (!(p.hand[c] >= 0)) fail(s, `seat ${p.seat} holds ${p.hand[c]} ${c} cards`);
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
      if (p.offer !== undefined) fail(s, `${viewer}'s view shows seat ${p.seat}'s ticket offer`);
      if (!s.gameOver) {
        if (p.hand !== undefined) fail(s, `${viewer}'s view shows seat ${p.seat}'s hand`);
        if (p.tickets !== undefined) fail(s, `${viewer}'s view shows seat ${p.seat}'s tickets`);
      }
    }
    if (!s.gameOver) {
      const other = JSON.stringify(playerView(perturb(s, viewer, rng), viewer));
      if (other !== text) fail(s, `${viewer}'s view changed when what it may not see was dealt differently:\n${text}\n${other}`);
    }
  }
}

// Two games per player count in every `npm test`, a fixed regression check (each action is checked from every
// seat, a re-dealt world for each); before a rules change lands, the deep run plays 50 per count:
// `npm run test:properties -w @isle-of-trains/ttr-rules` (PROP_RUNS sets any other number).
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
