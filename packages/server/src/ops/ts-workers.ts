/**
 * How the server's worker threads (the players' database, the bots, the coach) load its TypeScript sources when
 * the server runs from them, as the tests and the benches run it: through ./ts-require.cjs, which transpiles
 * with SWC. Compiled JavaScript never uses this.
 */
import * as path from 'path';

/** The worker's `execArgv`: the require hook, loaded before the worker's own file. */
export function tsWorkerExecArgv(): string[] {
  // The starting thread keeps SWC's native binding loaded for as long as the process lives. The binding's state
  // is the process's: once the last thread that had loaded it ended, a thread loading it again crashed the whole
  // process (a segmentation fault, when a server run from its sources by ts-node closed its threads and started
  // new ones). Jest's own transform holds it loaded in the tests, which is why only the benches met it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a native binding kept loaded, not used here
  require('@swc/core');
  return ['-r', path.resolve(__dirname, 'ts-require.cjs')];
}
