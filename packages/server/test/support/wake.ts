/**
 * Waiting on test clients without spinning: a wait looks at its condition again when an SDK client of the
 * test has received something (a frame, a message, a state change), and otherwise only every so often.
 *
 * The waits used to look every 2 to 5 ms whatever happened. A game played through the network waits twice per
 * action (for the actor's state, for the reply), so the test process woke hundreds of times a second and
 * recomputed its condition, on the same two cores as the server it waited for. What a client receives is
 * what such conditions read, so a look after each arrival finds it as soon as polling would; the slow look
 * remains for conditions on anything else (a server's internals, a file, a log line).
 */

const sleepers = new Set<() => void>();

/** Let every wait under way look at its condition now: something it may be waiting for has arrived. */
export function wake(): void {
  if (sleepers.size === 0) return;
  const all = [...sleepers];
  sleepers.clear();
  for (const s of all) s();
}

/** Resolves at the next wake(), or after `ms` if none comes first. */
export function nextWake(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sleepers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    sleepers.add(done);
  });
}
