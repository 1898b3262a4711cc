/**
 * The V8 flags the server runs with: the root `npm start`, the server package's `start`, the
 * Dockerfile's CMD and the processes the tests and benchmarks start (test/ops-docker.test.ts holds
 * them all to this list).
 *
 * `--max-semi-space-size=16`: under load V8 grows the young generation to 2 × 64 MB, all of it
 * resident, whatever the number of rooms (at 2,500 rooms that was ~50 KB of a room's resident memory);
 * 16 MB semi-spaces cost more frequent, as short, scavenges. Measured in BENCHMARKS.md ("5,000 players"):
 * 150 → 114 KB resident per room at 2,500 rooms, p99 24 → 13 ms.
 *
 * Tried and left out: `--heap-growing-percent=25` (full collections once the old generation grows 25 %
 * instead of V8's own factor) took a further ~10 KB per room early in games and ~70 KB mid-game, but
 * mid-game its more frequent full collections put the p99 at 479 ms (41 ms without): an operator short
 * of memory can add it, at that price.
 *
 * Node cannot take these at run time (v8.setFlagsFromString does not resize the young generation), so
 * they are on the command line.
 */
export const NODE_FLAGS = ['--max-semi-space-size=16'] as const;

/** The flags this process was started without (an operator running `node dist/main.js` by hand). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return NODE_FLAGS.filter((f) => !execArgv.includes(f));
}
