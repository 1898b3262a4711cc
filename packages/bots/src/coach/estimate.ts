/**
 * One decision judged from the seat's view alone: what the move made is worth against the best
 * alternatives, in the judge's unit.
 *
 * The hidden cards (other hands, the deck order, the discard pile under its top card, the bag, face-down
 * loads) are dealt at random from the view (`determinise`), many times; every candidate is played in the same
 * worlds with the same follow-up seed (common random numbers), so the luck of a deal cancels out of the
 * differences between candidates and a few worlds tell them apart. Nothing here reads anything but the view:
 * the same view and seed give the same estimate whatever the real hidden cards were.
 */
import { currentDecision, legalActions, type Action, type PlayerView } from '@isle-of-trains/rules';
import { determinise } from '../determinise';
import { Rand } from '../random';
import { judgeFor, type CoachUnit } from './judge';

export interface EstimateOptions {
  /** Candidates besides the move made, after a first ranking on one world (default 6). */
  width?: number;
  /** Worlds every surviving candidate is played in before the early stop may end the estimate (default 6). */
  minWorlds?: number;
  /** Most worlds per decision (default 16). */
  maxWorlds?: number;
  /**
   * The estimate stops early, after `minWorlds`, once the move made is within this much of the leader
   * (a loss too small to be worth a mark, in the judge's unit; default 1).
   */
  smallLoss?: number;
}

export interface Alternative {
  action: Action;
  /** Mean worth over the worlds less the move made's (positive: better than what was played). */
  gain: number;
}

export interface DecisionEstimate {
  unit: CoachUnit;
  made: Action;
  /** The best candidate (may be the move made itself, or one the rules treat as the same). */
  best: Action;
  /** Mean worth lost by the move made against the best candidate, ≥ 0. */
  loss: number;
  /** Standard error of that loss (paired over the worlds). */
  se: number;
  worlds: number;
  /** The candidates that did better than the move made, best first (at most three). */
  better: Alternative[];
}

const keyOf = (a: Action): string => JSON.stringify(a, Object.keys(a).sort());

/**
 * The estimate for the seat's decision in `view`, or null when there was nothing to choose (a single
 * distinct move). `seed` fixes every world and follow-up.
 */
export function estimateDecision(
  view: PlayerView, seat: number, made: Action, seed: number | string, opts: EstimateOptions = {},
): DecisionEstimate | null {
  const d = currentDecision(view);
  if (!d || d.seat !== seat || view.viewer !== seat) throw new Error(`the view is not seat ${seat}'s decision`);
  const width = opts.width ?? 6;
  const minWorlds = opts.minWorlds ?? 6;
  const maxWorlds = Math.max(minWorlds, opts.maxWorlds ?? 16);
  const smallLoss = opts.smallLoss ?? 1;
  const rand = new Rand(typeof seed === 'number' ? seed : `coach:${seed}`);
  const judge = judgeFor(view, seat);
  const legal = legalActions(view, seat);

  // The first world ranks the candidates; only the best few are compared with the move made.
  const w0 = determinise(view, seat, rand.uint32());
  const roll0 = rand.uint32();
  const madeKey = keyOf(made);
  const pool = judge.candidates(view, w0, legal).filter((a) => keyOf(a) !== madeKey);
  if (pool.length === 0) return null;
  const ranked = pool.map((a) => ({ a, v: judge.value(w0, a, roll0) })).sort((x, y) => y.v - x.v);
  const cands: Action[] = [made, ...ranked.slice(0, width).map((c) => c.a)];
  const n = cands.length;

  // Paired differences against the move made (index 0): sum and sum of squares per candidate.
  const sum = new Float64Array(n);
  const sumSq = new Float64Array(n);
  let alive = cands.map((_, i) => i);
  let worlds = 0;
  while (worlds < maxWorlds) {
    const world = determinise(view, seat, rand.uint32());
    const roll = rand.uint32();
    const base = judge.value(world, made, roll);
    for (const i of alive) {
      if (i === 0) continue;
      const x = judge.value(world, cands[i], roll) - base;
      sum[i] += x;
      sumSq[i] += x * x;
    }
    worlds++;
    if (worlds < minWorlds) continue;
    const mean = (i: number) => sum[i] / worlds;
    const se = (i: number) => Math.sqrt(Math.max(0, sumSq[i] / worlds - mean(i) ** 2) / Math.max(1, worlds - 1));
    // Candidates clearly worse than the move made cannot be the better alternative: drop them.
    alive = alive.filter((i) => i === 0 || mean(i) + 2 * se(i) > 0);
    // Stop once no candidate can be worth a mark: the best upper bound is under the small loss.
    if (alive.every((i) => i === 0 || mean(i) + 2 * se(i) < smallLoss)) break;
    if (alive.length === 1) break;
  }
  const mean = (i: number) => (worlds > 0 ? sum[i] / worlds : 0);
  let best = 0;
  for (const i of alive) if (mean(i) > mean(best)) best = i;
  const loss = mean(best);
  const se = best === 0 ? 0 : Math.sqrt(Math.max(0, sumSq[best] / worlds - loss ** 2) / Math.max(1, worlds - 1));
  const better = alive.filter((i) => i !== 0 && mean(i) > 0).sort((x, y) => mean(y) - mean(x)).slice(0, 3)
    .map((i) => ({ action: cands[i], gain: mean(i) }));
  return { unit: judge.unit, made, best: cands[best], loss, se, worlds, better };
}
