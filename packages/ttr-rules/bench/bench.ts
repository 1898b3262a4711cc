/**
 * npm run bench -w @isle-of-trains/ttr-rules [-- games]: the second game's rules speed, each figure against
 * a baseline measured in the same process on the same positions (the machine is shared: only ratios hold).
 *
 *  - A decision: `legalActions` for the seat to move plus `applyAction` of its chosen action (what a table
 *    costs per move: the server applies, the client lists), against a JSON round trip of the same state
 *    (`JSON.parse(JSON.stringify(state))`, the cheapest whole copy of a state there is). Random legal play
 *    at 2–5 seats; every position of those games is timed in both ways.
 *    The two halves are also shown on their own.
 *  - The longest trail (the Nordic Express bonus and the end screen) of a connected 40-train network of one
 *    seat, grown at random over the map's routes, against the same JSON round trip of a mid-game state.
 *  - The bonus standings as the server mirrors them after every move (`bonusStandings` of the spectator
 *    view, Nordic Express in play), without and with a TrailCache kept per game, over the 5-seat games.
 *
 * Timings are this process's CPU time (process.cpuUsage), the best of three passes over the same inputs, after
 * untimed warm-up rounds over every seat count (see warmUp).
 */
import './register';
import { fastRng, randomInt } from '@isle-of-trains/engine-core';
import {
  applyAction, bonusStandings, createGame, edgesOf, legalActions, longestTrail, mapOf, pending, playerView, TrailCache,
  type Action, type GameState, type GameView,
} from '../src';

const games = Number(process.argv[2] ?? 20);
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** The best of three passes of `run` (ms of CPU). */
function best(run: () => void): number {
  let min = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = cpuMs();
    run();
    min = Math.min(min, cpuMs() - t0);
  }
  return min;
}

interface Position { game: number; state: GameState; seat: number; action: Action }

/** Random legal games; every position with the action taken there. */
function play(players: number): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let s = createGame({ players, seed: `ttr-bench-${players}-${g}` });
    const rng = fastRng([g + 1, players, 3, 5]);
    for (let n = 0; n < 5_000; n++) {
      const d = pending(s)[0];
      if (!d) break;
      const legal = legalActions(s, d.seat);
      const action = legal[randomInt(rng, legal.length)];
      out.push({ game: g, state: s, seat: d.seat, action });
      const r = applyAction(s, d.seat, action);
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      s = r.state;
    }
  }
  return out;
}

/** Every timed loop below, run over every seat count's positions until a whole round costs no less than the one before (at most 10 rounds). */
function warmUp(): void {
  let last = Infinity;
  for (let round = 0; round < 10; round++) {
    const t0 = cpuMs();
    for (const positions of played) {
      for (const p of positions) {
        sink += legalActions(p.state, p.seat).length;
        const r = applyAction(p.state, p.seat, p.action);
        if (r.ok) sink += r.events.length;
        roundTrip(p.state);
      }
    }
    const took = cpuMs() - t0;
    if (took >= last * 0.97) return;
    last = took;
  }
}

let sink = 0;
const roundTrip = (s: GameState): void => {
  sink += (JSON.parse(JSON.stringify(s)) as GameState).turn.number;
};

console.log(`# second game: ${games} random games per player count; CPU ms, best of 3 passes`);
console.log('| seats | positions | legal + apply per decision | JSON round trip of the state | ratio | legal alone | apply alone |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
const SEATS = [2, 3, 4, 5];
const played = SEATS.map(play);
const midGame: GameState = played[0][Math.floor(played[0].length / 2)].state;
const fiveSeats: Position[] = played[SEATS.indexOf(5)];
// Warm-up, untimed: process.cpuUsage counts V8's compiler threads too, and on a loaded machine the optimised
// engine arrives several passes late; without this the first row timed paid for compiling the engine (the
// 2-seat row read 0.5 where the same positions timed again read 0.3).
warmUp();
for (const [row, players] of SEATS.entries()) {
  const positions = played[row];
  const engine = best(() => {
    for (const p of positions) {
      sink += legalActions(p.state, p.seat).length;
      const r = applyAction(p.state, p.seat, p.action);
      if (r.ok) sink += r.events.length;
    }
  });
  const json = best(() => {
    for (const p of positions) roundTrip(p.state);
  });
  const legal = best(() => {
    for (const p of positions) sink += legalActions(p.state, p.seat).length;
  });
  const apply = best(() => {
    for (const p of positions) {
      const r = applyAction(p.state, p.seat, p.action);
      if (r.ok) sink += r.events.length;
    }
  });
  const us = (ms: number) => `${((ms * 1000) / positions.length).toFixed(1)} µs`;
  console.log(`| ${players} | ${positions.length} | ${us(engine)} | ${us(json)} | **${(engine / json).toFixed(2)}** | ${us(legal)} (${(legal / json).toFixed(2)}) | ${us(apply)} (${(apply / json).toFixed(2)}) |`);
}

// A connected network of at least 40 trains for seat 0, grown one route at a time from a random city.
const map = mapOf(midGame.options.map);
function network(seed: number): Record<string, number> {
  const rng = fastRng([seed, 40, 7, 9]);
  const claims: Record<string, number> = {};
  const cities = new Set<string>([map.routes[randomInt(rng, map.routes.length)].from]);
  let trains = 0;
  while (trains < 40) {
    const next = map.routes.filter((r) => claims[String(r.id)] === undefined && (cities.has(r.from) || cities.has(r.to)));
    if (next.length === 0) break;
    const r = next[randomInt(rng, next.length)];
    claims[String(r.id)] = 0;
    cities.add(r.from);
    cities.add(r.to);
    trains += r.length;
  }
  return claims;
}
const networks = Array.from({ length: 200 }, (_, i) => edgesOf(map, network(i + 1), 0));
let longest = 0;
const trail = best(() => {
  for (const e of networks) longest = Math.max(longest, longestTrail(e));
});
const oneTrip = best(() => {
  for (let i = 0; i < networks.length; i++) roundTrip(midGame);
});
const routes = networks.reduce((n, e) => n + e.length, 0) / networks.length;
console.log('');
console.log(`longest trail of a connected 40-train network (${networks.length} networks, ${routes.toFixed(1)} routes each, longest ${longest} trains): ` +
  `${((trail * 1000) / networks.length).toFixed(1)} µs each; a JSON round trip of a mid-game state ${((oneTrip * 1000) / networks.length).toFixed(1)} µs; ratio **${(trail / oneTrip).toFixed(2)}**`);

// The server's mirror after every move: the bonus standings of the spectator view, the longest-trail card
// in play, over every position of the 5-seat games in order (one cache per game, as one per room).
const views: { game: number; view: GameView }[] = fiveSeats.map((p) => {
  const s = p.state.bonusCards.includes('nordic-express') ? p.state : { ...p.state, bonusCards: ['nordic-express' as const, ...p.state.bonusCards.slice(1)] };
  return { game: p.game, view: playerView(s, 'spectator') };
});
const plain = best(() => {
  for (const v of views) sink += bonusStandings(v.view).length;
});
let searches = 0;
const cached = best(() => {
  const caches = new Map<number, TrailCache>();
  searches = 0;
  for (const v of views) {
    let c = caches.get(v.game);
    if (!c) caches.set(v.game, (c = new TrailCache()));
    sink += bonusStandings(v.view, c).length;
  }
  for (const c of caches.values()) searches += c.searches;
});
const perMove = (ms: number) => `${((ms * 1000) / views.length).toFixed(1)} µs`;
console.log(`bonus standings per move, 5 seats, Nordic Express in play (${views.length} moves): ${perMove(plain)} without a trail cache, ` +
  `${perMove(cached)} with one per game (${searches} searches for ${views.length * 5} seat-moves); ratio **${(cached / plain).toFixed(3)}**`);

// The same late in a game where every seat has built a large connected network: five networks grown in turn,
// one route a move, to about 40 trains each; the standings after each of the last 50 moves, without a cache
// and with one that saw the move before (so only the claimer's network is searched again).
const late = (() => {
  const base = createGame({ players: 5, seed: 'ttr-bench-late' });
  const s: GameState = { ...base, bonusCards: ['nordic-express', ...base.bonusCards.slice(1)] };
  const rng = fastRng([5, 40, 11, 13]);
  const claims: Record<string, number> = {};
  const reach = s.players.map(() => new Set<string>());
  const trains = s.players.map(() => 0);
  const states: GameState[] = [];
  for (let move = 0; move < 400; move++) {
    const seat = move % 5;
    if (trains[seat] >= 40) continue;
    const next = map.routes.filter((r) => claims[String(r.id)] === undefined && r.length <= 40 - trains[seat]
      && (reach[seat].size === 0 || reach[seat].has(r.from) || reach[seat].has(r.to)));
    if (next.length === 0) continue;
    const r = next[randomInt(rng, next.length)];
    claims[String(r.id)] = seat;
    reach[seat].add(r.from);
    reach[seat].add(r.to);
    trains[seat] += r.length;
    states.push({ ...s, claims: { ...claims }, players: s.players.map((p, i) => ({ ...p, trainsLeft: 40 - trains[i] })) });
  }
  return { states: states.slice(-51).map((x) => playerView(x, 'spectator')), trains };
})();
const lateMoves = late.states.length - 1;
const latePlain = best(() => {
  for (let i = 1; i < late.states.length; i++) sink += bonusStandings(late.states[i]).length;
});
const lateCached = best(() => {
  const c = new TrailCache();
  sink += bonusStandings(late.states[0], c).length;
  for (let i = 1; i < late.states.length; i++) sink += bonusStandings(late.states[i], c).length;
});
console.log(`bonus standings per move late in a 5-seat game (networks of ${late.trains.join(', ')} trains, last ${lateMoves} moves): ` +
  `${((latePlain * 1000) / lateMoves).toFixed(1)} µs without a trail cache, ${((lateCached * 1000) / lateMoves).toFixed(1)} µs with one; ratio **${(lateCached / latePlain).toFixed(3)}**`);
if (sink === 0.5) console.log(sink);
