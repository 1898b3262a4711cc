/**
 * The V8 flags the server runs with: the root `npm start`, the server package's `start`, the
 * Dockerfile's CMD and the processes the tests and benchmarks start (test/ops-docker.test.ts holds
 * them all to this list). Both bound memory that grows with traffic rather than with rooms (issue 16,
 * ≤ 150 KB resident per 2-player room):
 *
 * - `--max-semi-space-size=16`: under load V8 grows the young generation to 2 × 64 MB, all of it
 *   resident, whatever the number of rooms; 16 MB semi-spaces cost more frequent (and each as short)
 *   scavenges.
 * - `--heap-growing-percent=25`: the old generation may grow 25 % past what the last full collection
 *   kept before the next one starts, instead of V8's own factor (up to 2× and more): a game's states
 *   live a few seconds at human pace, so they reach the old generation, and between full collections
 *   the dead ones piled up to about as much again as the live heap.
 *
 * Measured in BENCHMARKS.md ("5,000 players"): resident memory per room and the intent→patch p99 with
 * and without them, in one run. Node takes neither from NODE_OPTIONS reliably (the second is refused
 * there), and neither works when set at run time, so they are on the command line.
 */
export const NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=25'] as const;

/** The flags this process was started without (an operator running `node dist/main.js` by hand). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return NODE_FLAGS.filter((f) => !execArgv.includes(f));
}
