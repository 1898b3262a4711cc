/**
 * Makes the file test runs copy new embedded databases from (the server's PLAYERS_DB_TEMPLATE): a PGlite
 * database just created, dumped uncompressed. Test files open many new embedded databases, in-process and
 * in the server processes they start; each one created by PGlite's initdb cost 1.7-2.9 s of CPU here,
 * copied from this file 0.4-0.6 s (the 27 test files that use the database: 251 s of CPU in all, 221 s
 * with the template).
 *
 * Usage: node scripts/pglite-template.js <file>. Kept between runs, one file per PGlite version (the
 * caller names it so): a file already there is left as it is. Written under another name and renamed, so a
 * run that starts while another writes it never reads half a file.
 */
const fs = require('fs');
const path = require('path');

async function main(file) {
  if (fs.existsSync(file)) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite();
  await pg.waitReady;
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const part = `${file}.${process.pid}.part`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(part, file);
}

main(process.argv[2]).catch((e) => {
  console.error(`cannot make the embedded database's template: ${e.message}`); // eslint-disable-line no-console
  process.exit(1);
});
