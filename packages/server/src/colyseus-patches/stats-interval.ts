/**
 * One room-count interval per process, however many servers it starts.
 *
 * Colyseus' matchMaker starts an interval (one minute) that writes this process's room count to presence each
 * time a server starts listening (`accept`), and clears only the newest one when a server shuts down. A process
 * that started a second server (the tests start many, one after another and side by side) kept the first one's
 * interval running for good, and the process alive with it. The matchMaker is one per process, so one interval
 * is enough: the one before is cleared as the next server starts. (Room counts are also written at each room's
 * creation and disposal; the interval only refreshes them.)
 */
import { matchMaker } from '@colyseus/core';

interface Stats { clearAutoPersistInterval(): void }

export function oneStatsInterval(): void {
  const stats = (matchMaker as unknown as { stats?: Partial<Stats> }).stats;
  // Fail loudly if a Colyseus update moves what this relies on.
  if (typeof stats?.clearAutoPersistInterval !== 'function') {
    throw new Error('matchMaker.stats.clearAutoPersistInterval not found: check stats-interval.ts against this @colyseus/core');
  }
  stats.clearAutoPersistInterval();
}
