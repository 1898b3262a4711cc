/**
 * `npm run typecheck`: every package type-checked, tests included. The build of the four library packages
 * (`tsc -b`, which also writes their dist/), the web client's sources with the bundler's settings, and each
 * package's tsconfig.test.json (sources, tests, benches and examples with jest's settings).
 *
 * tsc uses one core, and these checks do not depend on one another (the test configs read the sources
 * through `paths`, not the built dist/), so they run side by side, as many at once as there are cores:
 * one after another they took 37 s on a 2-core machine, with one core idle. Each check's output is printed
 * whole when it ends; the exit code is non-zero when any check failed.
 */
const { spawn } = require('child_process');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

// The longest first, so that the last one to start is a short one.
const CHECKS = [
  ['-b', 'packages/engine-core', 'packages/rules', 'packages/ttr-rules', 'packages/bots', 'packages/client', 'packages/server'],
  ['-p', 'packages/client-web/tsconfig.test.json'],
  ['-p', 'packages/server/tsconfig.test.json'],
  ['-p', 'packages/client/tsconfig.test.json'],
  ['-p', 'packages/client-web/tsconfig.json', '--noEmit'],
  ['-p', 'packages/rules/tsconfig.test.json'],
  ['-p', 'packages/bots/tsconfig.test.json'],
  ['-p', 'packages/ttr-rules/tsconfig.test.json'],
  ['-p', 'packages/engine-core/tsconfig.test.json'],
];

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b) => { out += b; });
    child.stderr.on('data', (b) => { out += b; });
    child.on('close', (code, signal) => {
      process.stdout.write(`tsc ${args.join(' ')}${code === 0 ? '' : `: failed (${signal ?? `exit ${code}`})`}\n${out}`);
      resolve(code === 0);
    });
  });
}

async function main() {
  const queue = [...CHECKS];
  const lanes = Math.min(queue.length, Math.max(1, os.availableParallelism?.() ?? os.cpus().length));
  let ok = true;
  await Promise.all(Array.from({ length: lanes }, async () => {
    for (let args = queue.shift(); args; args = queue.shift()) ok = (await run(args)) && ok;
  }));
  process.exitCode = ok ? 0 : 1;
}

void main();
