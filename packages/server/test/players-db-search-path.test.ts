/**
 * A PostgreSQL database whose URL picks a schema by its search path (`?options=-c search_path=…`, as a shared
 * database gives each deployment its own schema) opens and migrates in that schema even when another schema
 * of the same database already holds migration tables: the migrator must look for its tables where it
 * queries them, not anywhere in the database (the open failed, and every retry after it).
 */
import { randomBytes } from 'crypto';
import { Client } from 'pg';
import { openDatabase } from '../src/db/connect';
import { POSTGRES_URL } from './support/databases';

jest.setTimeout(120_000);

test('a search_path schema is migrated beside another schema\'s migration tables', async () => {
  const other = `t_${randomBytes(6).toString('hex')}`;
  const mine = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    // Another deployment's schema, migrated: its kysely_migration_lock is in the database.
    const first = await openDatabase({ url: POSTGRES_URL, schema: other });
    await first.close();
    await admin.query(`CREATE SCHEMA ${mine}`);
    const url = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${mine}`)}`;
    const db = await openDatabase({ url });
    try {
      const tables = await admin.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`, [mine]);
      const names = tables.rows.map((r) => r.table_name);
      expect(names).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'players']));
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${mine} CASCADE`);
    await admin.end();
  }
});
