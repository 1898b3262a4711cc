/**
 * What running PGlite's WebAssembly on V8's baseline compiler only (`--liftoff-only`, as the players'
 * database thread does) costs: one process creates an empty database, fills a table of 20,000 rows, reads
 * it back and closes. Compare the two tiers with farm-bench, each as a whole process:
 *
 *   cd packages/server && N=$(node -p 'process.execPath')   # the project's Node 24 under `npm run`
 *   farm-bench -n 7 --vs "$N bench/pglite-tiers.mjs" -- $N --liftoff-only bench/pglite-tiers.mjs
 *
 * Prints the milliseconds from `new PGlite` to the last answer.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'pglite-tiers-'));
try {
  const t0 = performance.now();
  const db = new PGlite(dir);
  await db.query('select 1');
  await db.exec(`create table t (a int primary key, b text);
    insert into t select g, md5(g::text) from generate_series(1, 20000) g;`);
  await db.query('select count(*), max(b) from t where a % 7 = 0');
  const ms = Math.round(performance.now() - t0);
  await db.close();
  console.log(JSON.stringify({ ms }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
