/**
 * The strong bot in solo games: objective-aware planning over determinised worlds.
 *
 * A solo game has no opponent: once the hidden cards are dealt, the rest is single-agent planning. The bot
 * cannot see the deck, so it plans in many worlds dealt from its view (`determinise`: the deck order, the
 * discard pile under its top card and the bag are guessed) and compares its candidate actions on the same
 * worlds (common random numbers, as the multiplayer common-worlds search does). In each world a candidate
 * is played, its follow-up (payments, bonus actions, delivery steps) is searched, and a small beam looks
 * `depth` main actions further, keeping the best `width` positions by `soloValue`: the chapter's objective
 * with partial credit for the build-up toward it (13 cars, four Level 3 cars, full ticket tiles, the named
 * contracts, building points) and the deck as the clock. A position that meets the objective ends the game
 * as won and outranks everything; in the Challenge a finished game counts its final score.
 *
 * A candidate's worth is the mean over worlds of the best position its beam reached. After a few worlds a
 * candidate that trails the leader by more than three standard errors of the paired difference is dropped,
 * and the search ends when one is left, at the time budget, or after `iterations` worlds.
 */
import {
  createSimulator, currentDecision, legalActions, playerScore, scenarioOf,
  type Action, type GameState, type PlayerView, type Simulator,
} from '@isle-of-trains/rules';
import { searchDeadline } from '../clock';
import { determinise } from '../determinise';
import { Rand } from '../random';
import { addWorld, bestOf } from '../common-worlds';
import { soloValue } from './heuristic';
import { soloChoices, soloDeliveryChoices, soloDiscard } from './choices';

export interface SoloSearchOptions {
  timeBudgetMs: number;
  /** Fixed number of worlds instead of the clock (reproducible on any machine). */
  iterations?: number;
  /** Main actions the beam looks past each candidate's own follow-up. */
  depth?: number;
  /** Positions the beam keeps per layer. */
  width?: number;
}

/** The last search, for the arena's report and tests. */
export const soloStats = { lastWorlds: 0, lastCandidatesLeft: 0 };

/** Leaves one candidate's follow-up (bonus actions, delivery steps) may branch into. */
const FOLLOW_UP_CAP = 6;
export const WON = 1e6;
/** Candidates the one-action shortlist passes on to the two-action search. */
const SHORTLIST = 4;
/** A shortlist that took more than this share of the budget means too slow a machine for two actions. */
const SLOW_SHORTLIST = 0.3;

const isForced = (kind: string): boolean => kind === 'pay' || kind === 'discard' || kind === 'handLimit';

/**
 * VP tokens buy back cards (the top of the discard pile onto the deck: one more turn of clock). In a
 * chapter whose objective is not points they are worth nothing else, so the bot spends them whenever it
 * can at a main decision; in chapter 10 they even count against the score. Bounded by the turn number so
 * no loop of earning and spending tokens can keep a game going.
 */
export function wantsSoloReturn(t: GameState | PlayerView): boolean {
  const sc = scenarioOf(t);
  if (!sc || t.turn.number > 150) return false;
  if (sc.objective.kind === 'score') return sc.rules.tokensNegative === true;
  return true;
}

/** A position's worth: a win beats everything (sooner is better); a loss is worst. */
function valueOf(s: GameState): number {
  if (s.gameOver) {
    if (s.result?.solo === 'won') return WON - s.turn.number;
    if (s.result?.solo === 'lost') return -WON + soloValue(s);
    return 3 * playerScore(s, 0).total;
  }
  return soloValue(s);
}

/** Play the forced steps and branch the real ones until the next main decision or the end. */
function resolve(sim: Simulator, out: Simulator[], cap: number): void {
  for (let guard = 0; guard < 80; guard++) {
    if (out.length >= cap) return;
    if (sim.gameOver) { out.push(sim); return; }
    const d = sim.decision()!;
    if (d.kind === 'action') { out.push(sim); return; }
    if (isForced(d.kind)) { sim.apply(soloDiscard(sim.state)); continue; }
    const legal = sim.legal();
    const opts = d.kind === 'delivery' ? soloDeliveryChoices(sim.state, legal) : soloChoices(sim.state, legal);
    if (opts.length === 0) { out.push(sim); return; }
    if (opts.length === 1) { sim.apply(opts[0]); continue; }
    for (const a of opts) {
      if (out.length >= cap) return;
      const next = sim.clone();
      next.apply(a);
      resolve(next, out, cap);
    }
    return;
  }
  out.push(sim);
}

/**
 * The best worth a beam reaches from `sim` (after its follow-up) within `depth` more main actions; NaN when
 * the clock ran out on the way (the world is then dropped, so a decision never waits for a whole world).
 */
export function lookahead(sim: Simulator, depth: number, width: number, outOfTime: () => boolean): number {
  const leaves: Simulator[] = [];
  resolve(sim, leaves, FOLLOW_UP_CAP);
  let layer = leaves.map((s) => ({ s, v: valueOf(s.state) })).sort((x, y) => y.v - x.v).slice(0, width);
  for (let d = 0; d < depth; d++) {
    const next: { s: Simulator; v: number }[] = [];
    for (const n of layer) {
      if (n.s.gameOver) { next.push(n); continue; }
      for (const a of soloChoices(n.s.state, n.s.legal())) {
        if (outOfTime()) return NaN;
        const c = n.s.clone();
        c.apply(a);
        const out: Simulator[] = [];
        resolve(c, out, FOLLOW_UP_CAP);
        for (const l of out) next.push({ s: l, v: valueOf(l.state) });
      }
    }
    if (next.length === 0) break;
    next.sort((x, y) => y.v - x.v);
    layer = next.slice(0, width);
    if (layer[0].v >= WON / 2) break;
  }
  return layer.length > 0 ? layer[0].v : valueOf(sim.state);
}

export function soloChoose(view: PlayerView, rand: Rand, opts: SoloSearchOptions): Action {
  const start = Date.now();
  const timed = opts.iterations === undefined;
  const deadline = searchDeadline(start, opts.timeBudgetMs);
  const outOfTime = () => timed && Date.now() > deadline;
  const legal = legalActions(view, 0);
  if (legal.length === 0) throw new Error('no legal action for this seat');
  const d = currentDecision(view)!;
  if (d.kind === 'action' && legal.some((a) => a.type === 'returnCard') && wantsSoloReturn(view)) return { type: 'returnCard' };
  const main = legal.filter((a) => a.type !== 'returnCard');
  if (main.length === 1) return main[0];
  soloStats.lastWorlds = 0;
  soloStats.lastCandidatesLeft = 0;
  const w0 = determinise(view, 0, rand.uint32());
  if (isForced(d.kind)) return soloDiscard(w0);
  const candidates = d.kind === 'delivery' ? soloDeliveryChoices(w0, main) : soloChoices(w0, main);
  if (candidates.length === 1) return candidates[0];
  let depth = opts.depth ?? 2;
  const width = opts.width ?? 2;
  const maxWorlds = opts.iterations ?? Infinity;

  const n = candidates.length;
  const sum = new Float64Array(n);
  const sumSq = new Float64Array(n);
  let alive = candidates.map((_, i) => i);
  // A shortlist first: every candidate with a one-action beam on the first world, the best few go on to
  // the deeper search. Two actions of look-ahead are what plans a build-up (a car and the cards to pay for
  // the next), but cost about twice one action per candidate; the shortlist pays for them.
  let fallback = 0;
  if (depth > 1 && alive.length > SHORTLIST) {
    const base = createSimulator(w0);
    const quick = new Float64Array(n).fill(-Infinity);
    for (const i of alive) {
      const sim = base.clone();
      sim.apply(candidates[i]);
      const v = lookahead(sim, 1, width, outOfTime);
      if (Number.isNaN(v)) break;
      quick[i] = v;
    }
    alive.sort((x, y) => quick[y] - quick[x]);
    fallback = alive[0];
    if (outOfTime()) return candidates[fallback];
    alive = alive.slice(0, SHORTLIST);
    // On a slow or busy machine the deeper search would not finish one world in the budget left; several
    // worlds at one action beat one cut short (on a machine at load 15-25 the two-action search then
    // finished no world in most decisions).
    if (timed && Date.now() - start > opts.timeBudgetMs * SLOW_SHORTLIST) depth = 1;
  }
  let worlds = 0;
  let world: GameState = w0;
  while (worlds < maxWorlds && alive.length > 1) {
    if (worlds > 0) world = determinise(view, 0, rand.uint32());
    const base = createSimulator(world);
    const vals = new Float64Array(n);
    const played: number[] = [];
    let complete = true;
    for (const i of alive) {
      // A world counts only when every candidate was played in it (the first one too, unless the clock
      // runs out: then the first candidate played best in the part of the world that was searched).
      if (outOfTime()) { complete = false; break; }
      const sim = base.clone();
      sim.apply(candidates[i]);
      const v = lookahead(sim, depth, width, outOfTime);
      if (Number.isNaN(v)) { complete = false; break; }
      vals[i] = v;
      played.push(i);
    }
    if (!complete) {
      if (worlds === 0) {
        let best = played.length > 0 ? played[0] : fallback;
        for (const i of played) if (vals[i] > vals[best]) best = i;
        return candidates[best];
      }
      break;
    }
    worlds++;
    addWorld(alive, vals, sum, sumSq, worlds, 6);
    if (!timed && worlds >= maxWorlds) break;
    if (outOfTime()) break;
  }
  soloStats.lastWorlds = worlds;
  soloStats.lastCandidatesLeft = alive.length;
  return candidates[bestOf(alive, sum)];
}
