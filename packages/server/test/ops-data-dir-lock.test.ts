/**
 * One server per data directory: a second process started on a DATA_DIR that a running server uses stops
 * with exit 1 and one line naming the directory, before it restores or writes anything; with the file store
 * off (STORE=memory) the embedded PGlite in DATA_DIR still takes the lock. The lock is the kernel's, so a
 * server killed with SIGKILL leaves nothing behind: its successor starts at once.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { lockDataDir, DataDirInUseError } from '../src/ops/data-dir-lock';
import { ensureBuilt, freePort, killServer, MAIN_JS, REPO, startServer, tempDir, type ServerProc } from './support/ops-proc';

jest.setTimeout(90_000);

const procs: ServerProc[] = [];
beforeAll(async () => { await ensureBuilt(); }, 180_000);
afterAll(async () => { await Promise.all(procs.map((p) => killServer(p))); });

/** Run the server until it exits on its own (it should: the directory is taken). */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [MAIN_JS], {
    cwd: REPO, env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PORT: String(await freePort()), ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
  child.stderr!.on('data', (b: Buffer) => { err += b.toString(); });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, out, err };
}

function expectRefused(r: { code: number | null; out: string; err: string }, dir: string, what: RegExp): void {
  expect(r.code).toBe(1);
  expect(r.out).toBe('');
  const lines = r.err.trim().split('\n');
  expect(lines).toHaveLength(1);
  const msg = (JSON.parse(lines[0]) as { msg: string }).msg;
  expect(msg).toContain(`DATA_DIR ${dir} is in use by another server process (pid `);
  expect(msg).toMatch(what);
}

test('a second server on the same DATA_DIR (file store) exits 1 with one line; the first keeps its games', async () => {
  const dir = tempDir('lock-file');
  const first = await startServer({ DATA_DIR: dir });
  procs.push(first);
  const second = await runToExit({ DATA_DIR: dir, PLAYERS_DB: 'off' });
  expectRefused(second, dir, /corrupt its game logs;/);
  expect(String(first.child.pid)).toBe(second.err.match(/\(pid (\d+)/)![1]);
  // the first one is untouched and still ready
  expect((await fetch(`${first.http}/readyz`)).status).toBe(200);
});

test('STORE=memory with PGlite in DATA_DIR: the players database still holds the lock', async () => {
  const dir = tempDir('lock-pglite');
  const first = await startServer({ DATA_DIR: dir, STORE: 'memory', PLAYERS_DB: 'auto' });
  procs.push(first);
  const second = await runToExit({ DATA_DIR: dir, STORE: 'memory', PLAYERS_DB: 'auto' });
  expectRefused(second, dir, /corrupt its players database \(players-db\);/);
  // Without anything of its own in DATA_DIR (memory store, no players' database) a process takes no lock.
  const free = await startServer({ DATA_DIR: dir, STORE: 'memory', PLAYERS_DB: 'off' });
  procs.push(free);
});

test('after a SIGKILL the successor starts at once on the same DATA_DIR', async () => {
  const dir = tempDir('lock-kill');
  const first = await startServer({ DATA_DIR: dir });
  procs.push(first);
  first.child.kill('SIGKILL');
  await first.exited;
  expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(true); // left behind, and harmless
  const next = await startServer({ DATA_DIR: dir });
  procs.push(next);
  expect(next.output.join('\n')).not.toMatch(/in use/);
});

test('in one process: the lock is exclusive until released', () => {
  const dir = tempDir('lock-unit');
  const a = lockDataDir(dir, 'game logs');
  expect(() => lockDataDir(dir, 'game logs')).toThrow(DataDirInUseError);
  a.release();
  lockDataDir(dir, 'game logs').release();
});
