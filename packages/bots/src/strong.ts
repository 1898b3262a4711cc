/**
 * The strong bot: information-set Monte-Carlo tree search (single observer) over determinisations.
 *
 * The bot never sees hidden cards. Each iteration deals one world consistent with its view (`determinise`:
 * the other hands, the deck order, the bag and other players' face-down loads are guessed), and walks one
 * tree shared by all worlds. The tree holds the bot's own choices for the rest of its turn (main actions,
 * bonuses, delivery steps); a node's children are keyed by the action, and a child is only offered when it
 * is legal in the current world (availability counts enter the UCB term, as in ISMCTS). Forced payments
 * and discards follow the greedy card ranking instead of branching. Once the walk leaves the tree, the turn
 * is finished by the greedy policy (over a random subset of at most eight distinct actions) and the
 * position is scored with `evaluate`, which values points, potential and each solo chapter's objective.
 *
 * At the root only the `width` best actions by the greedy one-step evaluation on one world are searched.
 * The answer is the most visited root child. Two modes: a wall-clock budget, or a fixed iteration count
 * (`iterations`), in which nothing depends on time, so a seed and the count reproduce a decision exactly.
 * Everything runs on the rules simulator (createSimulator): no zod, no event text, same rules.
 *
 * With three or more players the root candidates are compared flat on common worlds instead of by the tree
 * (`commonWorlds` below; option `search`).
 */
import {
  createSimulator, currentDecision, isSolo, legalActions, type Action, type PlayerView, type Seat, type Simulator,
} from '@isle-of-trains/rules';
import { determinise } from './determinise';
import { driveWeightAt, evaluate } from './evaluate';
import { discardChoice, distinctActions, greedyOnState, settle, wantsReturn } from './greedy';
import { searchDeadline } from './clock';
import { Rand } from './random';
import { addWorld, bestOf } from './common-worlds';
import { soloChoose, soloStats } from './solo/search';

export interface StrongOptions {
  timeBudgetMs: number;
  /** Fixed number of iterations (worlds); the choice then no longer depends on machine speed or load. */
  iterations?: number;
  /** Root actions searched, after the greedy one-step ranking. */
  width?: number;
  /** Exploration constant, in units of the spread of the values seen so far. */
  exploration?: number;
  /**
   * 'tree': the ISMCTS over the rest of the turn; 'common': every root candidate played out on the same
   * worlds (see commonWorlds). Default: 'common' with three or more players, 'tree' otherwise.
   */
  search?: 'tree' | 'common' | 'plan';
}

const now = (): number => Date.now();


/**
 * The last search, for the arena's report and tests (not used by the search): its iterations (tree: walks;
 * common worlds: worlds, each playing every candidate still in the running), and, for the common-worlds
 * search, how many candidates were still in the running when it ended (1 when elimination decided).
 */
export const searchStats = { lastIterations: 0, lastCandidatesLeft: 0 };

interface Node {
  action: Action | null;
  children: Map<string, Node>;
  visits: number;
  sum: number;
  /** How many times this node was selectable (legal in the iteration's world) when its parent was visited. */
  avail: number;
}

const newNode = (action: Action | null): Node => ({ action, children: new Map(), visits: 0, sum: 0, avail: 0 });
const keyOf = (a: Action): string => JSON.stringify(a);
const isForced = (kind: string): boolean => kind === 'pay' || kind === 'discard' || kind === 'handLimit';

/** The seat's own free choices now (returnCard left to the root rule). */
function choices(sim: Simulator): Action[] {
  const legal = sim.legal();
  return legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
}

/** Play forced steps (payments, discards, single choices) of `seat` in this turn; stop at a real choice. */
function forcedSteps(sim: Simulator, seat: Seat, turn: number): void {
  for (let guard = 0; guard < 100; guard++) {
    if (sim.gameOver || sim.state.turn.number !== turn || sim.seat() !== seat) return;
    const d = sim.decision()!;
    if (isForced(d.kind)) { sim.apply(discardChoice(sim.state, seat)); continue; }
    const c = choices(sim);
    if (c.length !== 1) return;
    sim.apply(c[0]);
  }
}

/**
 * The default policy for the rest of the bot's turn: the greedy choice (one-step evaluation after the
 * forced follow-up) over at most `candidates` distinct actions, a random subset when there are more.
 * False when the clock ran out before the turn was finished.
 */
export function finishTurn(
  sim: Simulator, seat: Seat, turn: number, rand: Rand, drive: number, outOfTime: () => boolean, candidates = 8,
): boolean {
  for (let guard = 0; guard < 40; guard++) {
    forcedSteps(sim, seat, turn);
    if (sim.gameOver || sim.state.turn.number !== turn || sim.seat() !== seat) return true;
    // The clock is read before every step, not only between iterations: on a loaded machine a thread may
    // get a few percent of a core, and one whole playout then took half a second of wall-clock time past
    // the deadline. A playout cut short is not counted.
    if (outOfTime()) return false;
    sim.apply(greedyOnState(sim.state, seat, rand, { maxCandidates: candidates, drive }));
  }
  return true;
}

export function strongChoose(view: PlayerView, seat: Seat, rand: Rand, opts: StrongOptions): Action {
  if (isSolo(view) && (opts.search === undefined || opts.search === 'plan')) {
    const a = soloChoose(view, rand, { timeBudgetMs: opts.timeBudgetMs, iterations: opts.iterations });
    searchStats.lastIterations = soloStats.lastWorlds;
    return a;
  }
  const start = now();
  const timed = opts.iterations === undefined;
  const deadline = searchDeadline(start, opts.timeBudgetMs);
  const outOfTime = () => timed && now() > deadline;
  const legal = legalActions(view, seat);
  if (legal.length === 0) throw new Error('no legal action for this seat');
  if (legal.some((a) => a.type === 'returnCard') && wantsReturn(view, seat)) return { type: 'returnCard' };
  const main = legal.filter((a) => a.type !== 'returnCard');
  if (main.length === 1) return main[0];
  const d = currentDecision(view)!;
  if (isForced(d.kind)) return discardChoice(view, seat);

  // Root candidates: the greedy one-step ranking on one world (actions not reached in time rank last).
  const w0 = determinise(view, seat, rand.uint32());
  // One drive weight for the whole decision, from the position it is made in (evaluate).
  const drive = driveWeightAt(view, seat);
  const ranked = distinctActions(view, seat, main).map((a) => ({ a, v: -Infinity }));
  for (const c of ranked) {
    const sim = createSimulator(w0);
    sim.apply(c.a);
    c.v = evaluate(settle(sim.state, seat, drive), seat, drive);
    if (outOfTime()) break;
  }
  ranked.sort((x, y) => y.v - x.v);
  const search = opts.search ?? (view.players.length >= 3 ? 'common' : 'tree');
  // The flat search spends nothing on later choices, so it can afford to compare more root candidates.
  const width = opts.width ?? (search === 'common' ? 8 : 5);
  const rootActions = ranked.slice(0, width).filter((c) => c.v > -Infinity).map((c) => c.a);
  searchStats.lastIterations = 0;
  if (rootActions.length <= 1) return ranked[0].a;

  if (search === 'common') return commonWorlds(view, seat, rand, rootActions, opts.iterations ?? Infinity, outOfTime, drive);

  const root = newNode(null);
  for (const a of rootActions) root.children.set(keyOf(a), newNode(a));
  const c = opts.exploration ?? 0.4;
  let lo = Infinity;
  let hi = -Infinity;
  const turn = view.turn.number;
  const maxIterations = opts.iterations ?? Infinity;

  for (let it = 0; it < maxIterations && !outOfTime(); it++) {
    const sim = createSimulator(determinise(view, seat, rand.uint32()));
    const rr = new Rand(rand.uint32());
    const path: Node[] = [root];
    let node = root;
    let first = true;
    for (;;) {
      if (!first) forcedSteps(sim, seat, turn);
      if (sim.gameOver || sim.state.turn.number !== turn || sim.seat() !== seat) break;
      // The root's children are fixed (the ranked candidates); deeper nodes grow as they are met.
      const options = first ? rootActions : choices(sim);
      first = false;
      const available: Node[] = [];
      let untried: Action[] = [];
      for (const a of options) {
        const child = node.children.get(keyOf(a));
        if (child === undefined) untried.push(a);
        else if (child.visits === 0) { untried.push(a); child.avail++; }
        else { child.avail++; available.push(child); }
      }
      if (untried.length > 0) {
        untried = untried.length > 1 ? [untried[rr.int(untried.length)]] : untried;
        const a = untried[0];
        const k = keyOf(a);
        let child = node.children.get(k);
        if (child === undefined) { child = newNode(a); child.avail = 1; node.children.set(k, child); }
        sim.apply(a);
        path.push(child);
        break;
      }
      const spread = hi > lo ? hi - lo : 1;
      let best = available[0];
      let bestU = -Infinity;
      for (const ch of available) {
        const u = ch.sum / ch.visits + c * spread * Math.sqrt(Math.log(ch.avail) / ch.visits);
        if (u > bestU) { bestU = u; best = ch; }
      }
      sim.apply(best.action!);
      path.push(best);
      node = best;
    }
    if (!finishTurn(sim, seat, turn, rr, drive, outOfTime)) break;
    const v = evaluate(sim.state, seat, drive);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
    for (const n of path) { n.visits++; n.sum += v; }
  }

  searchStats.lastIterations = root.visits;
  let best: Node | null = null;
  for (const ch of root.children.values()) {
    if (ch.visits === 0) continue;
    if (best === null || ch.visits > best.visits || (ch.visits === best.visits && ch.sum / ch.visits > best.sum / best.visits)) best = ch;
  }
  return best?.action ?? rootActions[0];
}

/**
 * Flat Monte-Carlo with common random numbers: each iteration deals one world and plays every root
 * candidate in it, the rest of the turn finished by the same seeded greedy policy, so candidates are
 * compared on the same hidden cards and the same draws. The tree search compares them on different worlds
 * and spreads its iterations over its own later choices; in 4-player games, where the luck of the deal
 * varies more than the candidates differ, that noise cost it more than the deeper look gained
 * (BENCHMARKS.md, Bots). After every round of worlds a candidate whose mean trails the best by more than
 * the noise allows is dropped (successive elimination), so the worlds go to the close contenders.
 */
function commonWorlds(
  view: PlayerView, seat: Seat, rand: Rand, candidates: Action[], maxWorlds: number, outOfTime: () => boolean,
  drive: number,
): Action {
  const turn = view.turn.number;
  const n = candidates.length;
  const sum = new Float64Array(n);
  const sumSq = new Float64Array(n);
  const alive: number[] = candidates.map((_, i) => i);
  let worlds = 0;
  while (worlds < maxWorlds && !outOfTime() && alive.length > 1) {
    const world = determinise(view, seat, rand.uint32());
    const seed = rand.uint32();
    const vals = new Float64Array(n);
    let complete = true;
    for (const i of alive) {
      // A world counts only when every candidate was played in it; one cut short by the clock is dropped
      // (the first one too: with no world complete, the greedy ranking's first choice is played).
      if (outOfTime()) { complete = false; break; }
      const sim = createSimulator(world);
      sim.apply(candidates[i]);
      if (!finishTurn(sim, seat, turn, new Rand(seed), drive, outOfTime)) { complete = false; break; }
      vals[i] = evaluate(sim.state, seat, drive);
    }
    if (!complete) break;
    worlds++;
    addWorld(alive, vals, sum, sumSq, worlds, 8);
  }
  searchStats.lastIterations = worlds;
  searchStats.lastCandidatesLeft = alive.length;
  return candidates[bestOf(alive, sum)];
}
