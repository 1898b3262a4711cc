/**
 * @colyseus/schema as @colyseus/core loads it, so the process holds one copy of it. Import its values
 * from here, never from '@colyseus/schema' (type-only imports are erased and may stay).
 *
 * Node 22+ lets `require` load ES modules and then honours the "module-sync" export condition:
 * @colyseus/core 0.18 lists it, so the server's `require('@colyseus/core')` gets core's ESM build, whose
 * `import '@colyseus/schema'` takes the schema's ESM build. @colyseus/schema 5 has no "module-sync", so
 * this CommonJS server's own `require('@colyseus/schema')` took its CommonJS build: two copies, each with
 * its own classes and statics (the room's encoder came from one, the StateViews, the state classes and
 * `Encoder.BUFFER_SIZE` the server used from the other). That cost ~1.3 MB of heap and up to a few
 * hundred ms of startup, and worked only because the two copies happened to agree on every symbol and
 * shape they exchanged. Here the schema's ESM build is required by path when core's build is ESM; where
 * core's CommonJS build is used (older Node, the test runner's module system) so is the schema's.
 */
import * as fs from 'fs';
import * as path from 'path';

type SchemaLib = typeof import('@colyseus/schema');

/** The file the "import" condition of `pkgDir`'s package.json names for its main entry. */
function esmEntry(fromFile: string): string {
  for (let dir = path.dirname(fromFile); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; exports?: { '.'?: { import?: unknown } } };
    if (pkg.name !== '@colyseus/schema') continue;
    const entry = pkg.exports?.['.']?.import;
    if (typeof entry !== 'string') break;
    return path.join(dir, entry);
  }
  throw new Error(`@colyseus/schema's ESM entry not found from ${fromFile}: check colyseus-schema.ts against this @colyseus/schema`);
}

function load(): SchemaLib {
  const core = require.resolve('@colyseus/core');
  if (!core.endsWith('.mjs')) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@colyseus/schema') as SchemaLib;
  }
  // The copy core's own import resolves to (from core's directory, should it ever have one of its own).
  const seenByCore = require.resolve('@colyseus/schema', { paths: [path.dirname(core)] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(esmEntry(seenByCore)) as SchemaLib;
}

const lib = load();

export const schema: SchemaLib['schema'] = lib.schema;
export const t: SchemaLib['t'] = lib.t;
export const StateView: SchemaLib['StateView'] = lib.StateView;
export const Encoder: SchemaLib['Encoder'] = lib.Encoder;
export const decode: SchemaLib['decode'] = lib.decode;
