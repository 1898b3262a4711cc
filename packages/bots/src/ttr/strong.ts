/**
 * The strong bot for the second game: a tuned greedy's choice (STRONG_TUNING below), checked against a few
 * alternatives by Monte-Carlo over determinised worlds.
 *
 * - Candidates: the greedy choice first, then on a turn a ticket draw (while trains allow), the longest
 *   claims it can pay for and a blind draw; for a ticket choice every allowed subset of the offer. The
 *   second card of a draw is left to greedy: it only follows the colour plan of the first.
 * - Worlds: each one is dealt from the seat's view alone (determinise.ts: opponents' cards from the unseen
 *   ones, their tickets weighted by their claims). Every candidate is played in the same world with the
 *   same seeded playout (common random numbers), so the luck of the deal cancels out of the comparison.
 * - Playout: every seat plays greedy on its own view of the world. Once any player is near the end of its
 *   trains the playout runs to the end and the real count decides; earlier it stops after a few turns per
 *   player and the position is valued (evaluate below), since whole games cost too much per world.
 * - Choice: a candidate replaces the greedy choice only when its mean margin over greedy's, paired world by
 *   world, is clearly positive (beyond the noise and a small threshold); candidates clearly worse than
 *   greedy are dropped as worlds come in, so the budget goes to the close ones.
 *
 * Two modes, as Isle's strong bot: a wall-clock budget per decision (`ticketBudgetFactor` gives ticket
 * choices more, for the arena; the server keeps one budget for every decision), or a fixed number of worlds (`iterations`), in which nothing depends on
 * time, so a seed reproduces a decision exactly.
 */
import {
  createSimulator, legalActions, playerView, scoreBreakdown, ROUTE_POINTS,
  type Action, type GameState, type GameView, type Simulator,
} from '@isle-of-trains/ttr-rules';
import { nextUint32 } from '@isle-of-trains/engine-core';
import { determiniseTtr } from './determinise';
import { GREEDY_TUNING, ttrGreedyChoice, type GreedyTuning } from './greedy';
import { assertTtrBotInput } from './guard';
import { planTickets, readBoard } from './plan';
import { decisionRng } from './seed';
import { searchDeadline } from '../clock';
import type { TtrBotInput, TtrBotOptions } from './types';

/**
 * The default budget per decision, Isle's strong bot's: the server's bot seats decide within it, ticket
 * choices included (they used to get three times as much, which put the decision p99 near a second).
 */
export const TTR_DEFAULT_BUDGET_MS = 200;
/** Once a player has this few trains the playout runs to the end of the game. */
const FULL_PLAYOUT_TRAINS = 14;
/** Turns per player a playout lasts before the position is valued (earlier in the game). */
const HORIZON_TURNS_PER_PLAYER = 4;
/** What a card in hand is worth in the valuation: it will pay for trains later. */
const CARD_VALUE = 0.8;
/** The share of a ticket's swing (from −points to +points) credited when its plan fits in the trains left. */
const TICKET_HOPE = 0.7;
/** Trains the fastest player places per turn of its own, for the turns the game probably has left. */
const TRAINS_PER_TURN = 1.2;
/** A plan needing more than (1 − SLACK) of the turns left starts to lose its credit, all of it at 100 %. */
const SLACK = 0.3;
/** Alternatives tried beside greedy's choice on a turn. */
const TURN_ALTERNATIVES = 4;
/** A candidate must beat greedy's choice by this many points on average, and by 2 standard errors. */
const SWITCH_MARGIN = 1;
/** Worlds before candidates may be dropped or chosen. */
const MIN_WORLDS = 4;

const NO_HISTORY: never[] = [];

/**
 * The strong bot's own policy: greedy with route costs that favour long routes (PlanCosts.pointsWeight).
 * Long routes score more per train and take fewer turns; measured in the arena against plain greedy this
 * tuning alone wins about 70 % of 2-player games (BENCHMARKS.md, second game). Opponents in the playouts
 * are modelled as plain greedy.
 */
export const STRONG_TUNING: GreedyTuning = { ...GREEDY_TUNING, pointsWeight: 1 };

/** The last search, for the arena and tests. */
export const ttrSearchStats = { lastWorlds: 0, lastCandidates: 0, lastSwitched: false };

export function ttrStrongChoice(input: TtrBotInput, options: TtrBotOptions = {}): Action {
  assertTtrBotInput(input);
  const { view, seat } = input;
  const legal = legalActions(view, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has no decision to make`);
  ttrSearchStats.lastWorlds = 0;
  ttrSearchStats.lastCandidates = 1;
  ttrSearchStats.lastSwitched = false;
  if (legal.length === 1) return legal[0];
  const greedy = ttrGreedyChoice(input, { seed: options.seed }, STRONG_TUNING);
  if (view.turn.step === 'secondCard') return greedy;
  const keep = legal[0].type === 'keepTickets';
  const candidates = keep ? keepCandidates(legal, greedy) : turnCandidates(view, seat, legal, greedy);
  ttrSearchStats.lastCandidates = candidates.length;
  if (candidates.length === 1) return greedy;

  const start = Date.now();
  const timed = options.iterations === undefined;
  const budget = (options.timeBudgetMs ?? TTR_DEFAULT_BUDGET_MS) * (keep ? options.ticketBudgetFactor ?? 1 : 1);
  // New work stops at three quarters of the budget (clock.ts: the rest absorbs the step in flight and a
  // loaded machine's waits for a core).
  const deadline = searchDeadline(start, budget);
  const outOfTime = (): boolean => timed && Date.now() > deadline;
  const maxWorlds = options.iterations ?? Infinity;
  const rng = decisionRng(input, `strong:${String(options.seed ?? 0)}`);

  const n = candidates.length;
  // Paired differences against greedy's choice (candidate 0).
  const sum = new Float64Array(n);
  const sumSq = new Float64Array(n);
  const alive = candidates.map((_, i) => i);
  const P = view.players.length;
  const full = view.players.some((p) => p.trainsLeft <= FULL_PLAYOUT_TRAINS);
  const horizon = full ? Infinity : view.turn.number + HORIZON_TURNS_PER_PLAYER * P;
  let worlds = 0;
  while (worlds < maxWorlds && alive.length > 1 && !outOfTime()) {
    const world = determiniseTtr(view, seat, rng);
    const playSeed = nextUint32(rng);
    const vals = new Float64Array(n);
    let complete = true;
    for (const i of alive) {
      if (outOfTime()) { complete = false; break; }
      const sim = createSimulator(world);
      sim.apply(seat, candidates[i]);
      // A playout cut short by the clock leaves the world incomplete: it is not counted.
      if (!playout(sim, seat, horizon, playSeed, outOfTime)) { complete = false; break; }
      vals[i] = evaluate(sim.state, seat);
    }
    if (!complete) break;
    worlds++;
    for (const i of alive) {
      const d = vals[i] - vals[0];
      sum[i] += d;
      sumSq[i] += d * d;
    }
    if (worlds >= MIN_WORLDS) {
      for (let k = alive.length - 1; k >= 1; k--) {
        const i = alive[k];
        const { mean, se } = stats(sum[i], sumSq[i], worlds);
        // Clearly worse than greedy's choice: no more worlds for it.
        if (mean < -2 * se) alive.splice(k, 1);
      }
    }
  }
  ttrSearchStats.lastWorlds = worlds;
  if (worlds < MIN_WORLDS) return greedy;
  let best = 0;
  let bestMean = 0;
  for (const i of alive) {
    if (i === 0) continue;
    const { mean, se } = stats(sum[i], sumSq[i], worlds);
    if (mean > SWITCH_MARGIN && mean > 2 * se && mean > bestMean) {
      best = i;
      bestMean = mean;
    }
  }
  ttrSearchStats.lastSwitched = best !== 0;
  return candidates[best];
}

function stats(sum: number, sumSq: number, n: number): { mean: number; se: number } {
  const mean = sum / n;
  const variance = Math.max(1e-9, sumSq / n - mean * mean);
  return { mean, se: Math.sqrt(variance / n) };
}

const key = (a: Action): string => JSON.stringify(a);

function keepCandidates(legal: Action[], greedy: Action): Action[] {
  return [greedy, ...legal.filter((a) => key(a) !== key(greedy))];
}

/** Greedy's choice, then a ticket draw, the longest claims it can pay for (one payment each) and a blind draw. */
function turnCandidates(view: GameView, seat: number, legal: Action[], greedy: Action): Action[] {
  const out: Action[] = [greedy];
  const me = view.players[seat];
  const lastTurn = view.finalTurnsLeft !== null;
  const tickets = legal.find((a) => a.type === 'drawTickets');
  if (tickets && greedy.type !== 'drawTickets' && !lastTurn && me.trainsLeft >= 10) out.push(tickets);
  const map = readBoard(view, seat).map;
  const seen = new Set<number>(greedy.type === 'claim' ? [greedy.route] : []);
  const claims = legal.flatMap((a) => (a.type === 'claim' ? [a] : []))
    .sort((x, y) => map.route.get(y.route)!.length - map.route.get(x.route)!.length || x.route - y.route);
  for (const c of claims) {
    if (out.length >= TURN_ALTERNATIVES) break;
    if (seen.has(c.route)) continue;
    seen.add(c.route);
    if (ROUTE_POINTS[map.route.get(c.route)!.length] < 2 && !lastTurn) continue;
    out.push(c);
  }
  const blind = legal.find((a) => a.type === 'drawBlind');
  if (blind && greedy.type !== 'drawBlind' && greedy.type !== 'drawFaceUp' && !lastTurn) out.push(blind);
  return out.slice(0, TURN_ALTERNATIVES + 1);
}

/** Every seat plays greedy (the bot its own tuning) on its own view of the world until the game ends or the horizon turn begins. */
function playout(sim: Simulator, me: number, horizon: number, seed: number, outOfTime: () => boolean): boolean {
  for (let guard = 0; guard < 5000; guard++) {
    if (sim.gameOver) return true;
    const s = sim.state;
    if (s.turn.number >= horizon && s.turn.step === 'turn' && s.finalTurnsLeft === null) return true;
    // Whole-game playouts at 5 players run to a few hundred moves: the clock is read before each one (a
    // move plans shortest paths, and on a thread getting a few percent of a core eight of them took
    // hundreds of milliseconds).
    if (outOfTime()) return false;
    const d = sim.pending()[0];
    const view = playerView(s, d.seat);
    sim.apply(d.seat, ttrGreedyChoice({ view, seat: d.seat, history: NO_HISTORY }, { seed }, d.seat === me ? STRONG_TUNING : GREEDY_TUNING));
  }
  return true;
}

/**
 * The seat's margin over its best opponent. At the end: the real count. Before: the count if the game
 * ended now (open tickets cost their points), plus, per player, part of the swing of each open ticket its
 * plan can still reach within its trains and the turns left, and a little per card in hand.
 */
function evaluate(s: GameState, seat: number): number {
  const sb = scoreBreakdown(s);
  const value = sb.players.map((p) => p.total);
  if (!s.gameOver) {
    const turnsLeft = Math.max(1, Math.min(...s.players.map((p) => p.trainsLeft)) / TRAINS_PER_TURN);
    for (const p of s.players) {
      let v = CARD_VALUE * Object.values(p.hand).reduce((a, b) => a + b, 0);
      const view = playerView(s, p.seat);
      const open = view.players[p.seat].tickets!.filter((t) => !t.completed);
      if (open.length > 0) {
        const board = readBoard(view, p.seat);
        const plan = planTickets(board, open.map((t) => board.map.ticket.get(t.id)!), p.trainsLeft);
        // Turns the plan takes: one per claim, and one per two cards still missing. A plan that does not fit
        // in the turns the game probably has left is worth less the more it overruns them.
        const held = Object.values(p.hand).reduce((a, b) => a + b, 0);
        const turnsNeeded = plan.pairs.length + Math.max(0, plan.trains - held) / 2;
        const fits = Math.min(1, Math.max(0, (turnsLeft - turnsNeeded) / (SLACK * turnsLeft)));
        for (const t of plan.reached) v += 2 * TICKET_HOPE * fits * t.points;
      }
      value[p.seat] += v;
    }
  }
  let best = -Infinity;
  for (let i = 0; i < value.length; i++) if (i !== seat && value[i] > best) best = value[i];
  return value[seat] - best;
}
