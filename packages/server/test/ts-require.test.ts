/**
 * The require hook of the worker threads when the server runs from its TypeScript sources (src/ops/ts-require.cjs):
 * it loads a worker's sources without the TypeScript compiler, and stack traces name the .ts lines.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const HOOK = path.resolve(__dirname, '../src/ops/ts-require.cjs');

function node(code: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['-r', HOOK, '-e', code], { cwd: path.resolve(__dirname, '..'), encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('the bot worker\'s sources load without the TypeScript compiler', () => {
  const worker = path.resolve(__dirname, '../src/bots/bot-worker.ts');
  const r = node(`require(${JSON.stringify(worker)});
    const loaded = Object.keys(require.cache);
    console.log(JSON.stringify({ rules: loaded.some((f) => f.endsWith('/rules/src/index.ts')), typescript: loaded.some((f) => /node_modules\\/typescript\\//.test(f)) }));`);
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout)).toEqual({ rules: true, typescript: false });
});

test('a thrown error names the .ts file\'s own line and column; decorators and type-only syntax compile', () => {
  // (the real path: a required file's stack frames name it so, whatever links lead to it)
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ts-require-')));
  const file = path.join(dir, 'thrower.ts');
  fs.writeFileSync(file, [
    'interface Shape { size: number }',
    'const mark = (_t: object, _k: string): void => undefined;',
    'class Box implements Shape { @mark size: number = 2; }',
    'export function boom(s: Shape): never {',
    '  throw new Error(`boom ${s.size}`);',
    '}',
    'boom(new Box());',
    '',
  ].join('\n'));
  try {
    const r = node(`try { require(${JSON.stringify(file)}); } catch (e) { console.log(e.stack.split('\\n').slice(0, 2).join('\\n')); }`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('boom 2');
    expect(r.stdout).toContain(`${file}:5:9`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a process without SWC of its own starts, ends and starts again threads through the hook (it crashed once the first had ended)', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ts-require-')));
  const file = path.join(dir, 'tiny.ts');
  fs.writeFileSync(file, 'const n: number = 1;\nexport const x = n;\n');
  const workers = path.resolve(__dirname, '../src/ops/ts-workers.ts');
  // ts-node in the process, as the benches and the arena run the server: no SWC binding loaded but the threads'.
  const script = `
    const { Worker } = require('worker_threads');
    const { tsWorkerExecArgv } = require(${JSON.stringify(workers)});
    (async () => {
      for (let i = 0; i < 3; i++) {
        const w = new Worker("require('${file}'); require('worker_threads').parentPort.postMessage('up');", { eval: true, execArgv: tsWorkerExecArgv() });
        await new Promise((resolve, reject) => { w.once('message', resolve); w.once('error', reject); });
        await w.terminate();
      }
      console.log('three threads started and ended');
    })();`;
  try {
    const r = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
      cwd: path.resolve(__dirname, '..'), encoding: 'utf8', timeout: 120_000,
      env: { ...process.env, NODE_OPTIONS: '', TS_NODE_PROJECT: path.resolve(__dirname, '../tsconfig.json'), TS_NODE_TRANSPILE_ONLY: 'true' },
    });
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.signal).toBeNull();
    expect(r.stdout).toContain('three threads started and ended');
    expect(r.status).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
