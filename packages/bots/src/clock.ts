/**
 * When a timed search stops starting work: at three quarters of its budget. The rest is for the work in
 * flight (one iteration, one world's beam cut mid-way), the final choice and the caller, and above all for
 * the machine: on a loaded one a process may wait for a core after any step, and garbage collection may
 * pause it, so a search that ran to the budget's last 20 ms ended far past it (the arena's p99 target is
 * budget + 50 ms).
 */
export const BUDGET_SHARE = 0.75;

/** The wall-clock time (Date.now) after which a search with this budget, started at `start`, starts nothing new. */
export function searchDeadline(start: number, budgetMs: number): number {
  return start + Math.max(1, budgetMs * BUDGET_SHARE);
}
