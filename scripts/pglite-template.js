/**
 * Makes the file test runs copy new embedded databases from (the server's PLAYERS_DB_TEMPLATE): a PGlite
 * database just created, dumped uncompressed. Test files open many new embedded databases, in-process and
 * in the server processes they start; each one created by PGlite's initdb cost 1.7-2.9 s of CPU here,
 * copied from this file 0.4-0.6 s (the 27 test files that use the database: 251 s of CPU in all, 221 s
 * with the template).
 *
 * The write-ahead log's one segment is cut to the pages written so far (about 4.7 of its 16 MB, the rest
 * zeros), which makes each copy cheaper still: PostgreSQL reads the log only up to its last checkpoint at a
 * start and extends the file as it writes. For tests only: a server's own new database is made by initdb.
 *
 * Usage: node scripts/pglite-template.js <file>. Kept between runs, one file per PGlite version and version
 * of this script (the caller names it so): a file already there is left as it is. Written under another
 * name and renamed, so a run that starts while another writes it never reads half a file.
 */
const fs = require('fs');
const path = require('path');

/** The WAL segment's name in a dump (a tar archive's member). */
const WAL_SEGMENT = /(^|\/)pg_wal\/[0-9A-F]{24}$/;
const PAGE = 8192;

/**
 * The tar archive with each WAL segment cut after its last page holding a byte that is not zero. A tar
 * member is a 512-byte header (the size in octal at 124, the header's checksum at 148) and its data padded
 * to 512 bytes; an archive ends with zero blocks.
 */
function cutWal(tar) {
  const out = [];
  let off = 0;
  while (off + 512 <= tar.length) {
    const header = Buffer.from(tar.subarray(off, off + 512));
    if (header.every((b) => b === 0)) {
      out.push(tar.subarray(off));
      break;
    }
    const field = (at, len) => header.toString('latin1', at, at + len).replace(/\0.*$/s, '');
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    let data = tar.subarray(off + 512, off + 512 + Math.ceil(size / 512) * 512);
    if (WAL_SEGMENT.test(name)) {
      let last = size - 1;
      while (last >= 0 && data[last] === 0) last--;
      const keep = Math.ceil((last + 1) / PAGE) * PAGE;
      header.write(`${keep.toString(8).padStart(11, '0')}\0`, 124, 12, 'latin1');
      header.fill(0x20, 148, 156);
      let sum = 0;
      for (const b of header) sum += b;
      header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
      data = data.subarray(0, keep);
    }
    out.push(header, data);
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return Buffer.concat(out);
}

async function main(file) {
  if (fs.existsSync(file)) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite();
  await pg.waitReady;
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const part = `${file}.${process.pid}.part`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(part, cutWal(Buffer.from(await dump.arrayBuffer())));
  fs.renameSync(part, file);
}

main(process.argv[2]).catch((e) => {
  console.error(`cannot make the embedded database's template: ${e.message}`); // eslint-disable-line no-console
  process.exit(1);
});
