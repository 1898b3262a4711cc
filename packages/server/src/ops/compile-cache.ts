/**
 * Node's on-disk cache of compiled JavaScript (`module.enableCompileCache`), turned on as the first thing a
 * server process or one of its worker threads does, so that every module loaded after it is compiled once per
 * version of its source and read back on the next start.
 *
 * Why: compiling the server's modules and their dependencies is about a quarter of the CPU a start costs (a
 * restart after a crash, a rolling deploy, each process a test starts). Node keys each entry by the source's
 * hash and its own version, so a changed file is simply compiled again, and it checks every entry it reads.
 *
 * Where: `NODE_COMPILE_CACHE` names the directory, else Node's default (`node-compile-cache` in the system's
 * temporary directory); `NODE_DISABLE_COMPILE_CACHE=1` turns it off. A directory that cannot be written
 * (a read-only image with no tmpfs) only means no cache: Node reports it and the process goes on compiling
 * as before.
 *
 * Node writes what it compiled when the process exits normally. A server that is killed never exits
 * normally, so the entry point writes it once the server is ready (`flushCompileCache`), and each worker
 * thread once its modules are loaded.
 */
import * as nodeModule from 'module';

type CacheApi = {
  enableCompileCache?: () => { status: number; message?: string; directory?: string };
  flushCompileCache?: () => void;
};
const api = nodeModule as unknown as CacheApi;

/** What enabling it gave: the directory, or why there is none (kept for the start's log line). */
export const compileCache: { directory?: string; message?: string } = (() => {
  if (typeof api.enableCompileCache !== 'function') return { message: 'this Node has no compile cache' };
  try {
    const r = api.enableCompileCache();
    return r.directory !== undefined ? { directory: r.directory } : { message: r.message ?? 'disabled' };
  } catch (e) {
    // Documented not to throw; a cache is never worth a failed start.
    return { message: e instanceof Error ? e.message : String(e) };
  }
})();

/** Write what this process (or thread) has compiled so far; failures are Node's to swallow. */
export function flushCompileCache(): void {
  if (compileCache.directory === undefined || typeof api.flushCompileCache !== 'function') return;
  try {
    api.flushCompileCache();
  } catch {
    // A cache that cannot be written is a slower next start, nothing more.
  }
}
