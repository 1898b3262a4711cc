/**
 * The connection pool to a PostgreSQL server (DATABASE_URL), made to ride through faults: a connection the
 * server kills (an idle-connection killer, a restart, a failover) fails only the query running on it, and
 * the pool opens a fresh one for the next.
 *
 *  - Every client gets an 'error' listener as soon as it connects, for its whole life. pg emits 'error' on
 *    a client whose connection is lost, checked out or idle; the pool listens only while a client is idle,
 *    so a connection lost while in use would otherwise end the process (and every game on it).
 *  - Each query's outcome goes to the DatabaseHealth (one log line per outage, the isle_players_db_up
 *    metric); a client whose query failed for a connection fault is handed back with the error, so the
 *    pool discards it rather than lend it again.
 *  - Bounded waits: connecting gives up after CONNECT_TIMEOUT_MS, a statement after STATEMENT_TIMEOUT_MS on
 *    the server, and a query whose answer never comes (a silent network) after QUERY_TIMEOUT_MS here; TCP
 *    keep-alive notices a vanished server on idle connections.
 */
import { Pool, type PoolClient } from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { isConnectionFault, type DatabaseHealth } from './health';

export const CONNECT_TIMEOUT_MS = 5000;
export const STATEMENT_TIMEOUT_MS = 10_000;
export const QUERY_TIMEOUT_MS = 15_000;

export interface WatchedPool extends PostgresPool {
  /** The pg pool underneath (for the one-off statements before Kysely takes over). */
  pg: Pool;
}

export function postgresPool(url: string, schema: string | undefined, health: DatabaseHealth | undefined): WatchedPool {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A lost connection is noticed by the query that was running on it (counted in the health); the
  // client's own 'error' event has nothing to add, but without a listener it would end the process.
  pool.on('connect', (c) => c.on('error', () => undefined));
  // The pool re-emits an idle client's error: the same, nothing to do (the pool drops that client).
  pool.on('error', () => undefined);

  const watch = (client: PoolClient): PostgresPoolClient => {
    let broken: Error | undefined;
    return {
      query: ((...args: unknown[]) => {
        const result = (client.query as (...a: unknown[]) => unknown)(...args);
        if (!(result instanceof Promise)) return result; // a cursor: not used here
        return result.then((r) => {
          health?.succeeded();
          return r;
        }, (e: Error) => {
          health?.failed(e);
          if (isConnectionFault(e)) broken = e;
          throw e;
        });
      }) as PostgresPoolClient['query'],
      release: () => client.release(broken),
    };
  };

  return {
    pg: pool,
    async connect() {
      try {
        return watch(await pool.connect());
      } catch (e) {
        health?.failed(e);
        throw e;
      }
    },
    end: () => pool.end(),
  };
}
