/**
 * A new embedded players' database can be copied from a template (PLAYERS_DB_TEMPLATE: a PGlite database
 * just created, dumped) instead of created by initdb; test runs use it to open many databases cheaply.
 *
 * A copy is told from a database initdb made by PostgreSQL's system identifier, which initdb draws anew
 * for each database it creates and a copy keeps. The template is the run's own (jest's global setup makes
 * it), so the test itself creates only one database with initdb.
 */
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
    await addPlayer(d, 'p_before');
    return systemId(d);
  });
  expect(ownId).not.toBe(copyId);
  await using(openDatabase({ dataDir: existing, template }), async (d) => {
    expect(await systemId(d)).toBe(ownId);
    expect(await playerIds(d)).toEqual(['p_before']);
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
