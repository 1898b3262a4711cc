/**
 * Candidates compared on common worlds: every candidate is played in the same dealt world with the same
 * follow-up, so the luck of the deal cancels out of their differences. The multiplayer search's root
 * (strong.ts) and the solo planner (solo/search.ts) keep their sums here alike.
 */

/**
 * Add one complete world's values to the alive candidates' sums (and the squared paired differences against
 * the leader), then, from `pruneFrom` worlds on, drop each candidate whose mean trails the leader's by about
 * three standard errors of the paired difference (successive elimination), so the next worlds go to the
 * close contenders. `worlds` counts this world; `alive` is changed in place.
 */
export function addWorld(
  alive: number[], vals: ArrayLike<number>, sum: Float64Array, sumSq: Float64Array, worlds: number, pruneFrom: number,
): void {
  for (const i of alive) sum[i] += vals[i];
  const lead = bestOf(alive, sum);
  for (const i of alive) { const d = vals[i] - vals[lead]; sumSq[i] += d * d; }
  if (worlds < pruneFrom) return;
  for (let k = alive.length - 1; k >= 0; k--) {
    const i = alive[k];
    if (i === lead) continue;
    const meanDiff = (sum[i] - sum[lead]) / worlds;
    const sd = Math.sqrt(Math.max(1e-9, sumSq[i] / worlds - meanDiff * meanDiff));
    if (meanDiff < -3 * sd / Math.sqrt(worlds)) alive.splice(k, 1);
  }
}

/** The alive candidate with the largest sum (the earliest in `alive` on a tie). */
export function bestOf(alive: readonly number[], sum: ArrayLike<number>): number {
  let best = alive[0];
  for (const i of alive) if (sum[i] > sum[best]) best = i;
  return best;
}
