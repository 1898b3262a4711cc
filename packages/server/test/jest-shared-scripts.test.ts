/**
 * The suite's jest runtime (scripts/jest-runtime.js) compiles a module once per worker and runs that compiled script
 * in every test file that loads it. Run on a jest of its own, in one process, over four small test files that load
 * one module: the module's compilation is reused, yet each file still gets the module afresh (its own state, its own
 * global object), and a module that uses `import()` still imports within the file that runs it.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const REPO = path.join(__dirname, '..', '..', '..');

let dir = '';
afterAll(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

test('each module is compiled once and still runs afresh in every test file; import() resolves in the file that calls it', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-jest-scripts-'));
  const write = (name: string, text: string): void => fs.writeFileSync(path.join(dir, name), text);
  // Module state and a mark on the file's global object: a module shared between files (rather than its compiled
  // code) would count 2 in the second file.
  write('counter.js', 'let n = 0;\nglobalThis.loads = (globalThis.loads || 0) + 1;\nmodule.exports = { next: () => ++n };\n');
  write('importer.js', "module.exports = () => import('./counter.js');\n");
  const direct = "const c = require('./counter.js');\ntest('fresh', () => { expect(c.next()).toBe(1); expect(globalThis.loads).toBe(1); });\n";
  const dynamic = "test('imported here', async () => { const m = await require('./importer.js')(); expect(m.default.next()).toBe(1); expect(globalThis.loads).toBe(1); });\n";
  write('a.test.js', direct);
  write('b.test.js', direct);
  write('c.test.js', dynamic);
  write('d.test.js', dynamic);
  write('jest.config.js', `module.exports = ${JSON.stringify({
    rootDir: dir,
    runtime: path.join(REPO, 'scripts', 'jest-runtime.js'),
    transform: {},
    cacheDirectory: path.join(dir, 'cache'),
  })};\n`);
  const log = path.join(dir, 'scripts.log');
  const out = await new Promise<string>((resolve) => {
    execFile(process.execPath, [require.resolve('jest/bin/jest', { paths: [REPO] }), '--config', path.join(dir, 'jest.config.js'), '--runInBand'], {
      cwd: dir,
      env: { ...process.env, JEST_SHARED_SCRIPTS_LOG: log, NODE_OPTIONS: '--experimental-vm-modules' },
      timeout: 120_000,
    }, (_e, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });
  expect(out).toMatch(/Tests:\s+4 passed, 4 total/);
  // counter.js is loaded by all four files (twice through importer.js): compiled once, reused three times at least
  // (jest's own per-file modules add to both counts).
  const counts = /reused (\d+) made (\d+)/.exec(fs.readFileSync(log, 'utf8'));
  expect(counts).not.toBeNull();
  expect(Number(counts![1])).toBeGreaterThanOrEqual(3);
}, 150_000);
