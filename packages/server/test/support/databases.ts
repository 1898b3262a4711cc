/**
 * The players' database tests run twice: on embedded PGlite and on a real PostgreSQL. The PostgreSQL run
 * uses TEST_DATABASE_URL, by default the machine's local server (postgres://postgres@127.0.0.1:5432/test,
 * trust auth); point it elsewhere to run there. Each test gets a schema of its own, dropped afterwards.
 */
import { randomBytes } from 'crypto';
import { Client } from 'pg';
import { openDatabase, type PlayersDb } from '../../src/db/connect';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const DATABASES: ['pglite' | 'postgres'][] = [['pglite'], ['postgres']];

/**
 * The run's template of a new embedded database, for openDatabase (scripts/jest-global-setup.js makes it):
 * a new database copied from it rather than created by initdb, as the servers under test do.
 */
export const TEMPLATE: { template?: string } = process.env.PLAYERS_DB_TEMPLATE ? { template: process.env.PLAYERS_DB_TEMPLATE } : {};

export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<PlayersDb & { drop(): Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  if (kind === 'pglite') {
    const d = await openDatabase({ schema, ...TEMPLATE });
    return { ...d, drop: () => d.close() };
  }
  const d = await openDatabase({ url: POSTGRES_URL, schema });
  return {
    ...d,
    drop: async () => {
      await d.close();
      const c = new Client({ connectionString: POSTGRES_URL });
      await c.connect();
      try { await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`); } finally { await c.end(); }
    },
  };
}
