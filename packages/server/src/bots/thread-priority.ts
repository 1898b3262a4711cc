/**
 * Lower the scheduling priority of the calling thread only. On Linux the nice value belongs to each thread
 * (setpriority with a thread id changes that thread alone), so a bot worker thread can yield the CPU to
 * the event loop's thread whenever both want it: on a machine with fewer free cores than busy threads, a
 * searching bot otherwise takes time slices from the main thread, which shows up as event-loop lag for
 * every room of the process. Elsewhere (or when /proc/thread-self is missing) nothing changes.
 */
import os from 'os';
import { readlinkSync } from 'fs';

/** The calling thread's kernel id (Linux), or null. */
export function threadId(): number | null {
  if (process.platform !== 'linux') return null;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Raise this thread's nice value to `nice` (0–19; never lowers it). Returns the thread id it applied to, or
 * null when it could not (not Linux, not permitted).
 */
export function niceThisThread(nice: number): number | null {
  if (!Number.isInteger(nice) || nice <= 0) return null;
  const tid = threadId();
  if (tid === null) return null;
  try {
    const target = Math.min(19, nice);
    if (os.getPriority(tid) < target) os.setPriority(tid, target);
    return tid;
  } catch {
    return null;
  }
}
