/**
 * node packages/server/bench/pglite-open.cjs [template] [dist=packages/server/dist]
 *
 * One open of a new embedded players' database, in memory, as a test's server opens one: `openDatabase` from
 * the built server (PGlite in its thread, the players' tables made), then closed. Prints the wall time to open
 * and this process's CPU so far; run it under `/usr/bin/time` for the whole process's CPU (the thread's
 * start and end, the kernel's work on PGlite's memory), which is what a test file pays per database. With a
 * template (PLAYERS_DB_TEMPLATE: scripts/pglite-template.js) the database is copied from it, else initdb
 * creates it.
 */
const path = require('path');

const [template, dist = path.join(__dirname, '..', 'dist')] = process.argv.slice(2);
const { openDatabase } = require(path.resolve(dist, 'db', 'connect.js'));

(async () => {
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  const db = await openDatabase({ schema: 'bench_open', ...(template ? { template } : {}) });
  const opened = Date.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await db.close();
  console.log(JSON.stringify({ openMs: opened, cpuSecondsAtOpen: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)) }));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
