/**
 * Open the players' database and bring its schema up to date. PGlite (PostgreSQL compiled to WebAssembly,
 * in-process) keeps its files in `<DATA_DIR>/players-db` unless DATABASE_URL names a PostgreSQL server.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { DatabaseHealth } from './health';
import { migrationProvider } from './migrations';
import { postgresPool } from './pg-pool';
import type { Database } from './schema';

export interface DatabaseSettings {
  /** postgres:// URL of a PostgreSQL server; absent = embedded PGlite. */
  url?: string;
  /** Directory for the embedded database; absent with no url = in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests use a fresh one each); created when missing. */
  schema?: string;
  /** Told the outcome of every query to PostgreSQL (an outage is logged once, src/db/health.ts). */
  health?: DatabaseHealth;
}

export interface PlayersDb {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export class DatabaseError extends Error {}

/**
 * PGlite's WebAssembly and file-system bundle, read once from its package. Handing them over (instead of
 * letting PGlite fetch them with a dynamic import) makes loading the same everywhere, jest's vm included.
 */
type PGliteAssets = Pick<import('@electric-sql/pglite').PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;
let assets: PGliteAssets | null = null;
function pgliteAssets(): PGliteAssets {
  if (!assets) {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    // The Node typings in use do not declare the WebAssembly global, so reach it through globalThis.
    const WA = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => NonNullable<PGliteAssets['pgliteWasmModule']> } }).WebAssembly;
    assets = {
      pgliteWasmModule: new WA.Module(fs.readFileSync(path.join(dist, 'pglite.wasm'))),
      initdbWasmModule: new WA.Module(fs.readFileSync(path.join(dist, 'initdb.wasm'))),
      fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]),
    };
  }
  return assets;
}

export async function openDatabase(settings: DatabaseSettings): Promise<PlayersDb> {
  let db: Kysely<Database>;
  let kind: PlayersDb['kind'];
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
    let dir: string | undefined;
    if (settings.dataDir) {
      dir = path.join(settings.dataDir, 'players-db');
      fs.mkdirSync(dir, { recursive: true });
    }
    const pg = new PGlite({ ...(dir ? { dataDir: dir } : {}), ...pgliteAssets() });
    await pg.waitReady;
    if (schema) await pg.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema};`);
    db = new Kysely<Database>({ dialect: new PGliteDialect(pg) });
  }
  try {
    const { error, results } = await new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new DatabaseError(`database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  } catch (e) {
    await db.destroy().catch(() => undefined);
    if (e instanceof DatabaseError) throw e;
    throw new DatabaseError(`cannot open the players' database (${kind}): ${(e as Error).message}`);
  }
  return { db, kind, close: () => db.destroy() };
}
