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
