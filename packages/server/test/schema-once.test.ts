/**
 * The server process loads @colyseus/schema once (src/wire/colyseus-schema.ts). Under Node, @colyseus/core's
 * ESM build imports the schema's ESM build; the server's own CommonJS `require` used to load the CommonJS
 * build beside it: two copies, each with its own classes and statics. The built server's modules are
 * loaded in a plain Node process (the test runner's module system resolves both to CommonJS, so the
 * question cannot be asked in here), with a module hook noting every schema file it loads.
 */
import { spawnSync } from 'child_process';
import { ensureBuilt, MAIN_JS, SERVER_DIR } from './support/ops-proc';
import * as path from 'path';

jest.setTimeout(240_000);

const PROBE = `
const m = require('module');
const loaded = [];
m.registerHooks({ load(url, context, next) { if (url.includes('/@colyseus/schema/build/')) loaded.push(url.replace(/^.*\\/@colyseus\\/schema\\//, '')); return next(url, context); } });
require(${JSON.stringify(path.join(path.dirname(MAIN_JS), 'app.js'))});
const ours = require(${JSON.stringify(path.join(path.dirname(MAIN_JS), 'wire', 'colyseus-schema.js'))});
// The room's encoder is built by core's copy: the one an ESM import resolves to when core's build is ESM.
const core = require.resolve('@colyseus/core');
const esm = core.endsWith('.mjs');
(esm ? import('@colyseus/schema') : Promise.resolve(require('@colyseus/schema'))).then((theirs) => {
  console.log(JSON.stringify({ loaded, esm, same: ours.Encoder === theirs.Encoder && ours.StateView === theirs.StateView && ours.schema === theirs.schema }));
});
`;

test('the built server loads one copy of @colyseus/schema, the one @colyseus/core uses', async () => {
  await ensureBuilt();
  const run = spawnSync(process.execPath, ['-e', PROBE], { cwd: SERVER_DIR, encoding: 'utf8', timeout: 120_000 });
  expect(run.stderr).toBe('');
  const { loaded, esm, same } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { loaded: string[]; esm: boolean; same: boolean };
  // (The hook sees a file again when a second path asks for a module already loaded: distinct files count.)
  const mains = [...new Set(loaded.filter((f) => /^build\/index\.(mjs|cjs|js)$/.test(f)))];
  expect(mains).toEqual([esm ? 'build/index.mjs' : 'build/index.cjs']);
  expect(same).toBe(true);
});
