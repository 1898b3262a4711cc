/**
 * Open the players' database and bring its schema up to date. PGlite (PostgreSQL compiled to WebAssembly)
 * runs in a worker thread of its own (pglite-thread.ts) and keeps its files in `<DATA_DIR>/players-db`,
 * unless DATABASE_URL names a PostgreSQL server.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type { DatabaseHealth } from './health';
import { migrationProvider } from './migrations';
import { postgresPool } from './pg-pool';
import { PGliteThread, PGliteThreadDialect } from './pglite-thread';
import type { Database } from './schema';

export interface DatabaseSettings {
  /** postgres:// URL of a PostgreSQL server; absent = embedded PGlite. */
  url?: string;
  /** Directory for the embedded database; absent with no url = in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests use a fresh one each); created when missing. */
  schema?: string;
  /** Embedded PGlite only: a new database is copied from this archive instead of created (pglite-worker.ts). */
  template?: string;
  /** Told the outcome of every query to PostgreSQL (an outage is logged once, src/db/health.ts). */
  health?: DatabaseHealth;
}

export interface PlayersDb {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's thread (PGlite only): replaced when it dies; its events say so. */
  thread?: PGliteThread;
}

export class DatabaseError extends Error {}

/** Bring a database's schema up to date (at open, and on each replacement of the embedded database's thread). */
async function migrate(db: Kysely<Database>, schema: string | undefined, kind: PlayersDb['kind']): Promise<void> {
  // Kysely's migrator, given no schema, takes its tables for there when one of that name is in any schema of
  // the database, then queries them by the search path: on a PostgreSQL database where another schema holds
  // migration tables and the URL's search_path names a new one, every open failed ("relation
  // kysely_migration_lock does not exist") and kept failing. So it is always told the schema queries go to.
  const tableSchema = schema ?? (kind === 'postgres' ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]?.s : undefined);
  const { error, results } = await new Migrator({ db, provider: migrationProvider, ...(tableSchema ? { migrationTableSchema: tableSchema } : {}) }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new DatabaseError(`database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
}

export async function openDatabase(settings: DatabaseSettings): Promise<PlayersDb> {
  let db: Kysely<Database>;
  let kind: PlayersDb['kind'];
  let thread: PGliteThread | undefined;
  const schema = settings.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new DatabaseError(`bad schema name "${schema}"`);
  if (settings.url) {
    kind = 'postgres';
    // Connection faults fail only the query they hit, and are counted in settings.health (src/db/pg-pool.ts).
    const pool = postgresPool(settings.url, schema, settings.health);
    if (schema) {
      const c = await pool.pg.connect().catch((e: Error) => { throw new DatabaseError(`cannot reach PostgreSQL at DATABASE_URL: ${e.message}`); });
      try { await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`); } finally { c.release(); }
    }
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    kind = 'pglite';
    const dir = settings.dataDir ? path.join(settings.dataDir, 'players-db') : undefined;
    if (dir) fs.mkdirSync(dir, { recursive: true });
    // A replacement thread is migrated (a no-op on disk; in memory it starts empty) before it takes queries.
    thread = new PGliteThread({ dataDir: dir, schema, ...(settings.template ? { template: settings.template } : {}), prepare: (t) => migrate(new Kysely<Database>({ dialect: new PGliteThreadDialect(t, true) }), schema, 'pglite') });
    db = new Kysely<Database>({ dialect: new PGliteThreadDialect(thread) });
    // Opening (WebAssembly compile, initdb on a first start) happens in the thread; the first query waits for it.
    thread.start().catch(() => undefined);
  }
  try {
    await migrate(db, schema, kind);
  } catch (e) {
    await db.destroy().catch(() => undefined);
    if (e instanceof DatabaseError) throw e;
    throw new DatabaseError(`cannot open the players' database (${kind}): ${(e as Error).message}`);
  }
  return { db, kind, close: () => db.destroy(), ...(thread ? { thread } : {}) };
}
