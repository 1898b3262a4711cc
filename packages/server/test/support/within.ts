/**
 * `p`, or undefined after `ms` if it has not settled by then: a bound on a wait that may never settle. The
 * bound's timer goes as soon as either side settles, so a finished wait leaves nothing that keeps the process
 * (a jest worker at the end of a run) alive for the rest of `ms`.
 */
export async function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<undefined>((r) => { timer = setTimeout(() => r(undefined), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}
