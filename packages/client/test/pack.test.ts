/**
 * A fresh project outside the repository installs the packed packages (`npm pack` of engine-core, both games' rules
 * and client, `npm install` from the registry for their dependencies) and runs the README's example,
 * word for word, against a real server (the built one, in its own process) to the end of the game.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ensureBuilt, killServer, startServer, type ServerProc } from '../../server/test/support/ops-proc';

const REPO = path.join(__dirname, '..', '..', '..');

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 2 ** 20, timeout: 240_000 }, (e, stdout, stderr) => {
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

/** The README's example: the fenced block between the example markers. */
function readmeExample(): string {
  const readme = fs.readFileSync(path.join(REPO, 'packages', 'client', 'README.md'), 'utf8');
  const m = /<!-- example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- example:end -->/.exec(readme);
  if (!m) throw new Error('no example block in packages/client/README.md');
  return m[1];
}

let server: ServerProc | undefined;
let starting: Promise<ServerProc> | undefined;
let dir = '';
afterAll(async () => {
  // A server still starting when a step failed is waited for, and stopped too.
  await killServer(server ?? (await starting?.catch(() => undefined)));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('installs the packed packages in a fresh project and plays the README example to the end', async () => {
  const example = readmeExample();
  expect(example.split('\n').length).toBeLessThanOrEqual(40);
  await ensureBuilt(); // tsc -b packages/server: engine-core, rules, bots and client too
  // The server starts while the packages are packed and installed: it needs only the build, and its start
  // (a Node process compiling the server and opening its stores) took as long as the packing on a busy machine.
  starting = startServer({ LOG_LEVEL: 'warn', STORE: 'memory', BOT_DELAY_MS: '0' });
  starting.catch(() => undefined); // (a failed start is reported where it is awaited below)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-client-fresh-'));

  const packed = await run('npm', ['pack', '--silent', '--pack-destination', dir, './packages/engine-core', './packages/rules', './packages/ttr-rules', './packages/client'], REPO);
  expect(packed.code).toBe(0);
  const tarballs = fs.readdirSync(dir).filter((f) => f.endsWith('.tgz'));
  const core = tarballs.find((f) => f.includes('engine-core'))!;
  const rules = tarballs.find((f) => f.includes('-rules-') && !f.includes('ttr-rules'))!;
  const ttrRules = tarballs.find((f) => f.includes('ttr-rules'))!;
  const client = tarballs.find((f) => f.includes('-client-'))!;
  expect([core, rules, ttrRules, client].every(Boolean)).toBe(true);

  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({
    name: 'fresh-isle-client', private: true, type: 'module',
    // The SDK is the client's peer (the protocol alone needs none); the README says to install it beside.
    // The rules packages (the client's protocol holds both games') depend on engine-core, which is not on the
    // registry: its tarball stands in for it.
    dependencies: {
      '@isle-of-trains/engine-core': `file:./${core}`, '@isle-of-trains/rules': `file:./${rules}`,
      '@isle-of-trains/ttr-rules': `file:./${ttrRules}`, '@isle-of-trains/client': `file:./${client}`,
      '@colyseus/sdk': '^0.18.4',
    },
  }, null, 2));
  const installed = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], dir);
  expect(installed.code).toBe(0);
  // Nothing reaches back into the repository: the packages are copies in the project's own node_modules.
  expect(fs.lstatSync(path.join(dir, 'node_modules', '@isle-of-trains', 'client')).isSymbolicLink()).toBe(false);
  expect(fs.existsSync(path.join(dir, 'node_modules', '@isle-of-trains', 'client', 'dist', 'index.js'))).toBe(true);
  // One engine-core, the packed one, which the rules package uses (none nested under it from elsewhere).
  expect(fs.existsSync(path.join(dir, 'node_modules', '@isle-of-trains', 'engine-core', 'dist', 'index.js'))).toBe(true);
  expect(fs.existsSync(path.join(dir, 'node_modules', '@isle-of-trains', 'rules', 'node_modules'))).toBe(false);

  fs.writeFileSync(path.join(dir, 'example.ts'), example);
  server = await starting;
  const played = await run(process.execPath, ['example.ts'], dir, { ISLE_URL: server.url });
  if (played.code !== 0) throw new Error(`the example failed (exit ${played.code}):\n${played.out.slice(-3000)}`);
  expect(played.out).toMatch(/^Ada: \d+ points$/m);
  expect(played.out).toMatch(/^(You win\.|The bot wins\.)$/m);
  // The session paces itself under the server's default rate limit: nothing it sent was dropped.
  expect(played.out).not.toMatch(/RATE_LIMITED/);
}, 300_000);
