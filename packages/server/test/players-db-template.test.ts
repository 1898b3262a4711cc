/**
 * A new embedded players' database can be copied from a template (PLAYERS_DB_TEMPLATE: a PGlite database
 * just created, dumped) instead of created by initdb; test runs use it to open many databases cheaply.
 *
 * A copy is told from a database initdb made by PostgreSQL's system identifier, which initdb draws anew
 * for each database it creates and a copy keeps. The template is the run's own (jest's global setup makes
 * it), so the test itself creates only one database with initdb.
 */
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { sql } from 'kysely';
import { DatabaseError, openDatabase, type PlayersDb } from '../src/db/connect';
import { startWorker } from '../src/db/pglite-thread';
import { ConfigError, loadConfig } from '../src/ops/config';
import { TEMPLATE } from './support/databases';

jest.setTimeout(120_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-pg-template-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const systemId = async (d: PlayersDb) => (await sql<{ id: string }>`SELECT system_identifier::text AS id FROM pg_control_system()`.execute(d.db)).rows[0]!.id;
const bufferCache = async (d: PlayersDb) => (await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(d.db)).rows[0]!.shared_buffers;
const playerIds = async (d: PlayersDb) => (await d.db.selectFrom('players').select('id').orderBy('id').execute()).map((r) => r.id);
const addPlayer = (d: PlayersDb, id: string) => d.db.insertInto('players')
  .values({ id, secret_hash: 'x', display_name: id, username: null, password_hash: null, created_at: new Date() }).execute();

async function using<T>(open: Promise<PlayersDb>, use: (d: PlayersDb) => Promise<T>): Promise<T> {
  const d = await open;
  try {
    return await use(d);
  } finally {
    await d.close();
  }
}

test('new databases, in memory and on disk, are copies of the template; an existing database ignores it', async () => {
  // jest's global setup names the run's template; without it every test's database would run initdb.
  const template = TEMPLATE.template;
  expect(template).toBeDefined();
  const copyId = await using(openDatabase({ template }), async (d) => {
    expect(await bufferCache(d)).toBe('16MB');
    await addPlayer(d, 'p_mem'); // the players' tables were made on the copy
    expect(await playerIds(d)).toEqual(['p_mem']);
    return systemId(d);
  });

  // On disk: a copy too, and opened again with the template its rows are still there (not copied over).
  const fromTemplate = path.join(dir, 'new');
  await using(openDatabase({ dataDir: fromTemplate, template }), async (d) => {
    expect(await systemId(d)).toBe(copyId);
    await addPlayer(d, 'p_kept');
  });
  await using(openDatabase({ dataDir: fromTemplate, template }), async (d) => {
    expect(await playerIds(d)).toEqual(['p_kept']);
  });

  // Made by initdb (no template): a database of its own, which a template given later does not replace.
  const existing = path.join(dir, 'existing');
  const ownId = await using(openDatabase({ dataDir: existing }), async (d) => {
    // Every embedded database runs with the small buffer cache (PGlite's thread starts PostgreSQL so), a copy or not.
    expect(await bufferCache(d)).toBe('16MB');
    await addPlayer(d, 'p_before');
    return systemId(d);
  });
  expect(ownId).not.toBe(copyId);
  await using(openDatabase({ dataDir: existing, template }), async (d) => {
    expect(await systemId(d)).toBe(ownId);
    expect(await playerIds(d)).toEqual(['p_before']);
  });
});

/** Each WAL segment in a tar archive, by name, with its size (a member is a 512-byte header and its data in 512-byte blocks). */
function walSegments(tar: Buffer): Map<string, number> {
  const out = new Map<string, number>();
  for (let off = 0; off + 512 <= tar.length;) {
    const field = (at: number, len: number) => tar.toString('latin1', off + at, off + at + len).replace(/\0.*$/s, '');
    const name = field(0, 100);
    if (!name) break;
    const size = parseInt(field(124, 12).trim() || '0', 8);
    if (/pg_wal\/[0-9A-F]{24}$/.test(name)) out.set(name, size);
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

test('the run\'s template holds the log only as far as written, and a copy on disk writes past the cut and opens again whole', async () => {
  const template = TEMPLATE.template!;
  // The log's segment holds only its written pages: less than PostgreSQL's 16 MB, a whole number of 8 KB pages.
  const segments = [...walSegments(fs.readFileSync(template)).values()];
  expect(segments).toHaveLength(1);
  expect(segments[0]).toBeLessThan(16 * 1024 * 1024);
  expect(segments[0] % 8192).toBe(0);
  const at = path.join(dir, 'past-the-cut');
  const names = Array.from({ length: 4000 }, (_, i) => `p_${String(i).padStart(4, '0')}`);
  await using(openDatabase({ dataDir: at, template }), async (d) => {
    // Rows with long random texts (which PostgreSQL cannot compress away) until the log has grown well past the cut.
    for (let i = 0; i < names.length; i += 500) {
      await d.db.insertInto('players').values(names.slice(i, i + 500).map((id) => ({
        id, secret_hash: randomBytes(1500).toString('base64'), display_name: id, username: null, password_hash: null, created_at: new Date(),
      }))).execute();
    }
  });
  const walDir = path.join(at, 'players-db', 'pg_wal');
  const written = fs.readdirSync(walDir).filter((f) => /^[0-9A-F]{24}$/.test(f)).reduce((n, f) => n + fs.statSync(path.join(walDir, f)).size, 0);
  expect(written).toBeGreaterThan(segments[0] + 2 * 1024 * 1024);
  await using(openDatabase({ dataDir: at, template }), async (d) => {
    expect(await playerIds(d)).toEqual(names);
  });
});

test('a template that cannot be read or is not a dump fails the open with a message naming it and makes no database; a missing one is a configuration error', async () => {
  const gone = path.join(dir, 'no-such-template.tar');
  const opening = openDatabase({ template: gone });
  await expect(opening).rejects.toThrow(DatabaseError);
  await expect(opening).rejects.toThrow(`cannot read the new database's template ${gone}`);
  // A file that is not a dump of a database: the open fails, naming it, and creates nothing.
  const junk = path.join(dir, 'junk.tar');
  fs.writeFileSync(junk, 'not a database '.repeat(100));
  const target = path.join(dir, 'from-junk');
  const fromJunk = openDatabase({ dataDir: target, template: junk });
  await expect(fromJunk).rejects.toThrow(DatabaseError);
  await expect(fromJunk).rejects.toThrow(`cannot load the new database's template ${junk}: not a dump of a PGlite database (neither a tar archive nor a gzipped one)`);
  expect(fs.existsSync(path.join(target, 'players-db', 'PG_VERSION'))).toBe(false);
  // One that starts as a gzipped file does: PGlite tries to unpack it, and its failure ends the same way.
  const badGzip = path.join(dir, 'bad.tar.gz');
  fs.writeFileSync(badGzip, Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), Buffer.from('not a database '.repeat(100))]));
  const fromBadGzip = openDatabase({ dataDir: path.join(dir, 'from-bad-gzip'), template: badGzip });
  await expect(fromBadGzip).rejects.toThrow(`cannot load the new database's template ${badGzip}`);
  expect(() => loadConfig({ PLAYERS_DB_TEMPLATE: gone })).toThrow(ConfigError);
  expect(() => loadConfig({ PLAYERS_DB_TEMPLATE: gone })).toThrow(`PLAYERS_DB_TEMPLATE: no file at ${gone}`);
  expect(() => loadConfig({ PLAYERS_DB_TEMPLATE: dir })).toThrow(`PLAYERS_DB_TEMPLATE: no file at ${dir}`);
  const file = path.join(dir, 'a-file.tar');
  fs.writeFileSync(file, '');
  expect(loadConfig({ PLAYERS_DB_TEMPLATE: file }).PLAYERS_DB_TEMPLATE).toBe(file);
});

test('a worker whose template PGlite fails to unpack reports that, and is not ended first by PGlite\'s own stray rejection', async () => {
  // PGlite rejects its readiness and, just after, leaves the failure of its gzip stream unhandled: by default that
  // ends the thread (an `error` event) and the reason the worker gave could be lost behind it.
  const badGzip = path.join(dir, 'worker-bad.tar.gz');
  fs.writeFileSync(badGzip, Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), Buffer.from('not a database '.repeat(100))]));
  const w = startWorker({ template: badGzip });
  const messages: { type: string; message?: string }[] = [];
  const errors: string[] = [];
  w.on('error', (e) => errors.push(String(e)));
  w.on('message', (m: { type: string; message?: string }) => {
    messages.push(m);
    // The stray rejection comes right after the failure: give it time to end the thread if nothing handles it.
    if (m.type === 'failed') setTimeout(() => void w.terminate(), 1500);
  });
  await new Promise((resolve) => w.once('exit', resolve));
  expect(messages).toEqual([{ type: 'failed', message: expect.stringContaining(`cannot load the new database's template ${badGzip}`) }]);
  expect(errors).toEqual([]);
});
