/**
 * Real server processes for the ops tests: `node <V8 flags> packages/server/dist/main.js` (the same command the
 * Docker image runs), built once per test run with `tsc -b` under a lock, since several suites run
 * in parallel workers.
 */
import { execFileSync, spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { NODE_FLAGS } from '../../src/ops/node-flags';
import { nextWake } from './wake';

export const SERVER_DIR = path.resolve(__dirname, '../..');
export const REPO = path.resolve(SERVER_DIR, '../..');
export const MAIN_JS = path.join(SERVER_DIR, 'dist', 'main.js');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `tsc -b packages/server` (rules too, by reference), serialised across jest workers. */
export async function ensureBuilt(): Promise<void> {
  const lock = path.join(os.tmpdir(), `isle-ops-build-${Buffer.from(REPO).toString('hex').slice(-24)}.lock`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // a lock older than 3 minutes belongs to a dead run
      const st = fs.statSync(lock, { throwIfNoEntry: false });
      if (st && Date.now() - st.mtimeMs > 180_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for the build lock ' + lock);
      await sleep(200);
    }
  }
  const t0 = Date.now();
  try {
    execFileSync(process.execPath, [path.join(REPO, 'node_modules', 'typescript-7', 'bin', 'tsc'), '-b', 'packages/server'], { cwd: REPO, stdio: 'pipe' });
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer };
    const text = `${err.stdout?.toString() ?? ''}${err.stderr?.toString() ?? ''}`;
    // tsc -b still emits when only type errors were found; go on with a warning if main.js is fresh.
    const st = fs.statSync(MAIN_JS, { throwIfNoEntry: false });
    if (!st || st.mtimeMs < t0 - 1000) throw new Error(`build failed:\n${text}`);
    console.warn(`tsc -b packages/server reported errors (dist was emitted; testing it anyway):\n${text}`); // eslint-disable-line no-console
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProc {
  child: ChildProcess;
  port: number;
  url: string;
  http: string;
  /** stdout + stderr lines so far. */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** ms from spawn to /readyz 200 */
  readyMs: number;
}

/**
 * Spawn the built server with `env` (PORT set for you) and wait until /readyz says ready. `entry` replaces
 * `dist/main.js` with another script and its arguments (the benchmark's minimal Colyseus server).
 */
export async function startServer(env: Record<string, string>, port?: number, nodeFlags?: readonly string[], entry: readonly string[] = [MAIN_JS]): Promise<ServerProc> {
  port ??= await freePort();
  const t0 = Date.now();
  // The V8 flags of `npm start` and the image; `nodeFlags` replaces them (a benchmark compares without).
  const child = spawn(process.execPath, [...(nodeFlags ?? NODE_FLAGS), ...entry], {
    cwd: REPO,
    // Test clients all come from 127.0.0.1: per-address quotas off unless a test sets them.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ROOMS_PER_MINUTE_PER_ADDRESS: '1000000', PENDING_JOINS_PER_ADDRESS: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '1000000',
      // These processes test the game store; the players' database (PGlite) has its own tests.
      PLAYERS_DB: 'off',
      // New embedded databases copied from the run's template rather than created (scripts/jest-global-setup.js).
      ...(process.env.PLAYERS_DB_TEMPLATE ? { PLAYERS_DB_TEMPLATE: process.env.PLAYERS_DB_TEMPLATE } : {}),
      ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (b: Buffer) => output.push(...b.toString().split('\n').filter((l) => l !== ''));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
  const http = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => { gone = true; });
  for (;;) {
    if (gone) throw new Error(`server exited before it was ready:\n${output.join('\n')}`);
    // A bound only against a server that hangs: a start that is merely slow (a loaded machine starts Node,
    // compiles and opens its stores in several seconds) must not fail the test that waits for it.
    if (Date.now() - t0 > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after 60 s:\n${output.join('\n')}`);
    }
    try {
      const res = await fetch(`${http}/readyz`);
      if (res.status === 200) break;
    } catch { /* not listening yet */ }
    await sleep(50);
  }
  return { child, port, url: `ws://127.0.0.1:${port}`, http, output, exited, readyMs: Date.now() - t0 };
}

/** Stop a server if it still runs (SIGKILL), and wait for it to be gone. */
export async function killServer(p: ServerProc | undefined): Promise<void> {
  if (!p) return;
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await p.exited;
}

export function tempDir(tag: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `isle-${tag}-`));
}

/**
 * Resolves with `fn()`'s first truthy value. It looks again whenever a test client has received something
 * (./wake.ts: ops-game's clients and the harness's report each arrival) and at least every `everyMs`.
 */
export async function waitFor<T>(what: string, fn: () => T | undefined | null | false, timeoutMs = 10_000, everyMs = 20): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await nextWake(everyMs);
  }
}

/**
 * Waits for a server process's players' database to be open, as the process itself reports it: its line
 * "players database ready" (logged at info: start the process with LOG_LEVEL=info). The database opens in
 * the background after the start, and until then every players' request and every identity of a join is
 * refused (PLAYERS_UNAVAILABLE; a join goes on without its identity, so a table comes out unrated). How long
 * that takes is the machine's business: a first start of the embedded PGlite creates the database, about 19 s
 * of a core, which took 99 s at a load of 29. So no time is set here (the test's own timeout bounds it); what
 * fails at once is an open that failed ("players database unavailable") or a process that exited.
 */
export async function playersReady(srv: ServerProc): Promise<void> {
  let gone = false;
  void srv.exited.then(() => { gone = true; });
  for (;;) {
    // Joined without a separator: a line that came in two pieces of the pipe is whole again.
    const out = srv.output.join('');
    if (out.includes('"players database ready"')) return;
    if (out.includes('"players database unavailable"')) throw new Error(`the players' database did not open:\n${srv.output.join('\n')}`);
    if (gone) throw new Error(`the server exited before its players' database opened:\n${srv.output.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
