/**
 * `npm run typecheck`: every package type-checked, tests included, each source file once.
 *
 * - The build of the six Node packages (`tsc -b`) checks their sources and writes dist/, declarations included.
 * - The root tsconfig.test.json checks those packages' tests, benches, arenas and examples in one program, reading
 *   the sources' types from the declarations the build just wrote; so it runs after the build. Checked per package
 *   with the sources pulled in through `paths`, each package's sources were checked again by every package that
 *   depends on it: 45 s of CPU for the six test programs against 13 s for the one.
 * - The web client: its tests with jest's settings, and its sources with the bundler's.
 *
 * The checker is TypeScript 7 (the `typescript-7` package, the compiler ported to native code), the same compiler
 * that builds dist/ (`npm run build`): from no build at all this whole check took 16 s of wall time and 30 s of CPU
 * with TypeScript 5.9 and takes 5 s and 10 s with 7 (BENCHMARKS.md, "The test suite"), reporting the same errors,
 * and the JavaScript it writes is byte for byte the same. TypeScript 5.9 (`typescript`) stays for the tools that load the compiler as a library (ts-node,
 * typedoc, @colyseus/schema). The two chains do not depend on one another, so they run side by side when there are
 * two cores or more. Each check's output is printed whole when it ends; the exit code is non-zero when any check failed,
 * and a chain stops at its first failure (the tests' check needs the build's declarations).
 */
const { spawn } = require('child_process');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');

// The longer chain first, so that on one core the shorter one is not left to the end.
const CHAINS = [
  [
    ['-b', 'packages/engine-core', 'packages/rules', 'packages/ttr-rules', 'packages/bots', 'packages/client', 'packages/server'],
    ['-p', 'tsconfig.test.json'],
  ],
  [
    ['-p', 'packages/client-web/tsconfig.test.json'],
    ['-p', 'packages/client-web/tsconfig.json', '--noEmit'],
  ],
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
  const queue = [...CHAINS];
  const lanes = Math.min(queue.length, Math.max(1, os.availableParallelism?.() ?? os.cpus().length));
  let ok = true;
  await Promise.all(Array.from({ length: lanes }, async () => {
    for (let chain = queue.shift(); chain; chain = queue.shift()) {
      for (const args of chain) {
        const passed = await run(args);
        ok = passed && ok;
        if (!passed) break;
      }
    }
  }));
  process.exitCode = ok ? 0 : 1;
}

void main();
