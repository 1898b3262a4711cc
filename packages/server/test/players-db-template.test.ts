/**
 * A new embedded players' database can be copied from a template (PLAYERS_DB_TEMPLATE: a PGlite database
 * just created, dumped) instead of created by initdb; test runs use it to open hundreds of databases cheaply.
 * The template here carries a marker table, so each test can tell a copy from a database made by initdb.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { DatabaseError, openDatabase, type PlayersDb } from '../src/db/connect';
import { ConfigError, loadConfig } from '../src/ops/config';
import { TEMPLATE } from './support/databases';

jest.setTimeout(120_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-pg-template-'));
const marked = path.join(dir, 'marked.tar');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  // From the run's own template when there is one (cheaper), else from initdb: either way a new database.
  const pg = new PGlite(TEMPLATE.template ? { loadDataDir: new Blob([fs.readFileSync(TEMPLATE.template)]) } : {});
  await pg.exec('CREATE TABLE public.made_from_template (n int); INSERT INTO public.made_from_template VALUES (7);');
  fs.writeFileSync(marked, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  await pg.close();
});

async function marker(d: PlayersDb): Promise<number | null> {
  const r = await sql<{ t: string | null }>`SELECT to_regclass('public.made_from_template')::text AS t`.execute(d.db);
  if (r.rows[0]?.t === null) return null;
  return (await sql<{ n: number }>`SELECT n FROM public.made_from_template`.execute(d.db)).rows[0]!.n;
}

test('a new database in memory is a copy of the template, with the players\' tables made on it', async () => {
  const d = await openDatabase({ template: marked, schema: 't_mem' });
  try {
    expect(await marker(d)).toBe(7);
    await d.db.insertInto('players').values({ id: 'p_t', secret_hash: 'x', display_name: 'T', username: null, password_hash: null, created_at: new Date() }).execute();
    expect((await d.db.selectFrom('players').select('id').execute()).map((r) => r.id)).toEqual(['p_t']);
  } finally {
    await d.close();
  }
});

test('a new database on disk is a copy of the template and keeps its rows; an existing one ignores the template', async () => {
  const fromTemplate = path.join(dir, 'new');
  let d = await openDatabase({ dataDir: fromTemplate, template: marked });
  try {
    expect(await marker(d)).toBe(7);
    await d.db.insertInto('players').values({ id: 'p_kept', secret_hash: 'x', display_name: 'K', username: null, password_hash: null, created_at: new Date() }).execute();
  } finally {
    await d.close();
  }
  // Opened again with the template: the rows written since are there (the files were not copied over again).
  d = await openDatabase({ dataDir: fromTemplate, template: marked });
  try {
    expect((await d.db.selectFrom('players').select('id').execute()).map((r) => r.id)).toEqual(['p_kept']);
  } finally {
    await d.close();
  }
  // A database made without the template is not replaced by it later.
  const existing = path.join(dir, 'existing');
  d = await openDatabase({ dataDir: existing, ...TEMPLATE });
  await d.db.insertInto('players').values({ id: 'p_before', secret_hash: 'x', display_name: 'B', username: null, password_hash: null, created_at: new Date() }).execute();
  await d.close();
  d = await openDatabase({ dataDir: existing, template: marked });
  try {
    expect(await marker(d)).toBeNull();
    expect((await d.db.selectFrom('players').select('id').execute()).map((r) => r.id)).toEqual(['p_before']);
  } finally {
    await d.close();
  }
});

test('a template that cannot be read fails the open with a message naming it; a missing one is a configuration error', async () => {
  const gone = path.join(dir, 'no-such-template.tar');
  const opening = openDatabase({ template: gone });
  await expect(opening).rejects.toThrow(DatabaseError);
  await expect(opening).rejects.toThrow(`cannot read the new database's template ${gone}`);
  expect(() => loadConfig({ PLAYERS_DB_TEMPLATE: gone })).toThrow(ConfigError);
  expect(() => loadConfig({ PLAYERS_DB_TEMPLATE: gone })).toThrow(`PLAYERS_DB_TEMPLATE: no file at ${gone}`);
  expect(() => loadConfig({ PLAYERS_DB_TEMPLATE: dir })).toThrow(`PLAYERS_DB_TEMPLATE: no file at ${dir}`);
  expect(loadConfig({ PLAYERS_DB_TEMPLATE: marked }).PLAYERS_DB_TEMPLATE).toBe(marked);
});
