/**
 * How the suite's jest workers end (scripts/jest-environment.js): a worker that holds nothing when jest asks it to
 * end exits at once, and one that a test left holding a timer is not let off: jest still warns that it had to be
 * killed, and the worker names what it held. Run on a jest of its own over two small test files, one of which
 * leaves an interval running.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const REPO = path.join(__dirname, '..', '..', '..');

let dir = '';
afterAll(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

test('a worker holding nothing exits when asked; one holding a timer is left to jest\'s warning and names it', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-jest-end-'));
  fs.writeFileSync(path.join(dir, 'clean.test.js'), "test('nothing left', () => { expect(1).toBe(1); });\n");
  fs.writeFileSync(path.join(dir, 'leak.test.js'), "test('an interval left', () => { setInterval(() => undefined, 1000); expect(1).toBe(1); });\n");
  fs.writeFileSync(path.join(dir, 'jest.config.js'), `module.exports = ${JSON.stringify({
    rootDir: dir,
    testEnvironment: path.join(REPO, 'scripts', 'jest-environment.js'),
    transform: {},
    // Two workers, and no saved timings (a cache of its own), so that jest does not run the files in its own process.
    maxWorkers: 2,
    cacheDirectory: path.join(dir, 'cache'),
  })};\n`);
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp);
  const out = await new Promise<string>((resolve) => {
    execFile(process.execPath, [require.resolve('jest/bin/jest', { paths: [REPO] }), '--config', path.join(dir, 'jest.config.js')], {
      cwd: dir,
      // The worker's record of its end goes to TMPDIR/jest-open-handles-at-end.txt.
      env: { ...process.env, JEST_OPEN_HANDLES: '1', TMPDIR: tmp, NODE_OPTIONS: '' },
      timeout: 120_000,
    }, (_e, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });
  expect(out).toMatch(/Tests:\s+2 passed/);
  // The interval is not hidden by the quick exit: jest kills that worker and says so.
  expect(out).toContain('A worker process has failed to exit gracefully');
  const record = fs.readFileSync(path.join(tmp, 'jest-open-handles-at-end.txt'), 'utf8');
  expect(record).toMatch(/still holds:\n {2}1 timer/);
  expect(record).toContain('holds nothing: exits now');
}, 150_000);
