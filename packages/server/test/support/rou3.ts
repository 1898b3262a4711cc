/**
 * Jest 29 cannot require() ES modules, on any Node: it loads every module through its own
 * CommonJS loader in a vm context, not through Node's require, so Node 22.12+/24's require(esm)
 * does not apply (checked on Node 24.21: `require('@colyseus/core')` in a test fails with
 * "Unexpected token 'export'" in rou3). rou3 (a dependency of @colyseus/core through
 * @colyseus/better-call) ships only an .mjs build, so every test that loads @colyseus/core replaces
 * it with this CommonJS build, compiled from the real file when the test starts:
 *
 *   jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
 *
 * Plain Node (tsc output, ts-node) loads rou3 natively; this is for Jest only.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

export function load(): unknown {
  const file = findRou3(__dirname);
  const source = fs.readFileSync(file, 'utf8');
  const out = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const mod = { exports: {} as Record<string, unknown> };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('exports', 'module', 'require', out.outputText)(mod.exports, mod, require);
  return mod.exports;
}

function findRou3(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', 'rou3', 'dist', 'index.mjs');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error('rou3 not found in any node_modules above ' + from);
  }
}
