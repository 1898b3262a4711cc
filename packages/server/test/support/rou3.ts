/**
 * Jest 29 cannot require() ES modules, on any Node: it loads every module through its own
 * CommonJS loader in a vm context, not through Node's require, so Node 22.12+/24's require(esm)
 * does not apply (checked on Node 24.21: `require('@colyseus/core')` in a test fails with
 * "Unexpected token 'export'" in rou3). rou3 (a dependency of @colyseus/core through
 * @colyseus/better-call) ships only an .mjs build, so every test that loads @colyseus/core replaces
 * it with this CommonJS build, compiled from the real file (once: see commonJs below):
 *
 *   jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
 *
 * Plain Node (tsc output, ts-node) loads rou3 natively; this is for Jest only.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export function load(): unknown {
  const file = findRou3(__dirname);
  const source = fs.readFileSync(file, 'utf8');
  const mod = { exports: {} as Record<string, unknown> };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('exports', 'module', 'require', commonJs(source))(mod.exports, mod, require);
  return mod.exports;
}

/**
 * The CommonJS build of `source`, compiled once per rou3 and TypeScript version and kept in the temporary
 * directory: 35 test files load rou3, and loading TypeScript into each file's module registry and compiling
 * there took 0.3 s of CPU per file.
 */
function commonJs(source: string): string {
  const tsVersion = (JSON.parse(fs.readFileSync(require.resolve('typescript/package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256').update(`${tsVersion}\0${source}`).digest('hex').slice(0, 24);
  const cached = path.join(os.tmpdir(), `isle-rou3-${key}.cjs`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ts = require('typescript') as typeof import('typescript');
    const out = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    // Written whole, then renamed into place: a worker reading it meanwhile finds nothing or all of it.
    const tmp = `${cached}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, out);
    fs.renameSync(tmp, cached);
    return out;
  }
}

function findRou3(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', 'rou3', 'dist', 'index.mjs');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error('rou3 not found in any node_modules above ' + from);
  }
}
