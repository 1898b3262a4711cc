/**
 * The embedded players' database (PGlite) run in a worker thread (pglite-worker.ts), and a Kysely dialect
 * whose queries go to it as messages. The game's event loop only posts a query and later reads its rows.
 *
 * PGlite is one PostgreSQL session, so the dialect lends its one connection to one user at a time (as
 * kysely-pglite-dialect does in-process): a Kysely transaction holds it from BEGIN to COMMIT, and nothing
 * else runs inside the transaction meanwhile (the archive's SELECT … FOR UPDATE relies on that).
 *
 * A thread that dies (a crash, an out-of-memory abort, a terminate) fails every query it had, and every
 * later query of a transaction it held (that transaction died with it: it is never carried over to the
 * next thread). It is replaced after a pause that grows while replacements fail; in between, queries fail
 * at once, so the players' routes answer PLAYERS_UNAVAILABLE rather than wait.
 */
import { EventEmitter } from 'events';
import * as fs from 'fs';
import * as path from 'path';
import { setFlagsFromString } from 'v8';
import { Worker } from 'worker_threads';
import { tsWorkerExecArgv } from '../ops/ts-workers';
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings,
} from 'kysely';
import type { CompiledModules, FromWorker, PGliteWorkerData, ToWorker } from './pglite-worker';

// WebAssembly runs on V8's baseline compiler only, with no optimising tier-up in background threads. Node 24's
// V8 can abort the whole process (a failed check while freeing compiled WebAssembly code: "Check failed:
// jit_page_->allocations_.erase(addr) == 1") when PGlite's module is instantiated and freed again and again,
// as restarts of the thread and test runs do; it was seen about once in seven full test runs here, and is
// reported upstream (nodejs/node#64500). Without background tier-up there is no concurrent code swap to race
// with. The cost is slower WebAssembly, in a database thread off the game's event loop that serves a
// handful of small queries per finished game. Set before any module is compiled (flags are per process).
setFlagsFromString('--liftoff-only');

/** The embedded database cannot answer now (its thread is starting again, or the server is closing). */
export class DatabaseUnavailable extends Error {}

/** WebAssembly compiled by the first thread of the process, handed to every later one (restarts, tests). */
let compiled: CompiledModules | undefined;

/**
 * From TypeScript sources (tests, ts-node) the thread loads its .ts file through the sources' require hook
 * (../ops/ts-require.cjs), as the bot pool's workers do; compiled JavaScript is loaded as it is.
 */
export function startWorker(data: PGliteWorkerData): Worker {
  const ext = path.extname(__filename);
  const file = path.resolve(__dirname, `pglite-worker${ext}`);
  if (ext !== '.ts') return new Worker(file, { workerData: data });
  return new Worker(`require(${JSON.stringify(file)});`, {
    eval: true,
    workerData: data,
    execArgv: tsWorkerExecArgv(),
  });
}

type State = 'starting' | 'up' | 'down' | 'closed';

interface Pending {
  resolve: (r: { rows: unknown[]; affectedRows?: number }) => void;
  reject: (e: Error) => void;
}

export interface PGliteThreadOptions {
  dataDir?: string;
  schema?: string;
  /** Archive a new database is copied from instead of created (PGliteWorkerData.template). */
  template?: string;
  /** Pause before the first replacement of a dead thread (doubles while replacements fail, up to 30 s). */
  restartDelayMs?: number;
  /** Run on each replacement thread before other queries are let through (the migrations). */
  prepare?: (thread: PGliteThread) => Promise<void>;
}

/**
 * Events: 'down' (Error) when a thread that was up stops; 'up' when its replacement answers;
 * 'restart-failed' (Error) when a replacement could not open (another is tried later).
 */
export class PGliteThread extends EventEmitter {
  private worker: Worker | null = null;
  private generation = 0;
  private state: State = 'starting';
  private everUp = false;
  private ready: Promise<void> = Promise.resolve();
  /** The first start (creating the database when needed, then opening it). */
  private opening: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private restartTimer: NodeJS.Timeout | null = null;
  private delay: number;
  private closedSignal: (() => void) | null = null;
  /** Why a replacement was ended before it was up (its preparation failed). */
  private failure: Error | null = null;
  /** Threads started to replace one that died. */
  restarts = 0;

  constructor(private readonly opts: PGliteThreadOptions) {
    super();
    this.delay = opts.restartDelayMs ?? 500;
  }

  /**
   * Start the first thread; resolves once the database is open in it. A database created now (PGlite's
   * initdb, which runs a second PostgreSQL instance) is created by a thread of its own that then ends:
   * that thread held some 300 MiB more than one that opens an existing database, until its end gave it back.
   */
  start(): Promise<void> {
    this.opening = (async () => {
      if (this.opts.dataDir && !fs.existsSync(path.join(this.opts.dataDir, 'PG_VERSION'))) {
        await this.spawn(false);
        await this.stopWorker();
      }
      await this.spawn();
    })();
    return this.opening;
  }

  /** Resolves once the first thread is up (at once after that). */
  async started(): Promise<void> {
    if (!this.everUp && this.opening) await this.opening;
  }

  /** The current thread's number (a transaction belongs to the thread it began on). */
  get current(): number {
    return this.generation;
  }

  get isUp(): boolean {
    return this.state === 'up';
  }

  /** The thread itself (tests end it to see a crash handled). */
  get thread(): Worker | null {
    return this.worker;
  }

  /** End the current thread after closing its database (its files left consistent). */
  private async stopWorker(): Promise<void> {
    const w = this.worker;
    if (!w) return;
    this.worker = null;
    ++this.generation; // its exit is not a crash
    const closed = new Promise<void>((resolve) => { this.closedSignal = resolve; });
    w.postMessage({ type: 'close' } satisfies ToWorker);
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000).unref())]);
    await w.terminate();
  }

  /** `takeQueries` false: a thread that only creates the database, then is ended. */
  private spawn(takeQueries = true): Promise<void> {
    if (this.state === 'closed') return Promise.reject(new DatabaseUnavailable('the players\' database is closed'));
    const gen = ++this.generation;
    this.state = 'starting';
    const w = startWorker({ dataDir: this.opts.dataDir, schema: this.opts.schema, template: this.opts.template, modules: compiled });
    this.worker = w;
    let settle!: { resolve: () => void; reject: (e: Error) => void };
    this.ready = new Promise<void>((resolve, reject) => { settle = { resolve, reject }; });
    this.ready.catch(() => undefined);
    let why: Error | null = null;
    w.on('message', (m: FromWorker) => {
      if (m.type === 'ready') {
        compiled ??= m.modules;
        settle.resolve();
      } else if (m.type === 'failed') {
        why = new Error(`cannot open the embedded players' database: ${m.message}`);
        void w.terminate();
      } else if (m.type === 'result') {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if ('error' in m) p.reject(Object.assign(new Error(m.error.message), m.error));
        else p.resolve(m);
      } else if (m.type === 'closed') {
        this.closedSignal?.();
      }
    });
    // The reason the thread gave first is kept: an error after its 'failed' message is only how it ended.
    w.on('error', (e) => { why ??= e; });
    w.on('exit', (code) => {
      if (gen !== this.generation) return;
      const err = why ?? this.failure ?? new Error(`the players' database thread stopped (exit code ${code})`);
      this.failure = null;
      this.worker = null;
      for (const p of this.pending.values()) p.reject(new DatabaseUnavailable(`the players' database stopped during the query: ${err.message}`));
      this.pending.clear();
      settle.reject(err);
      if (this.state === 'closed') return;
      const wasUp = this.state === 'up';
      this.state = 'down';
      // A first open that fails is the opener's to report and retry (openDatabase rejects); only a database
      // that was working is brought back here.
      if (!this.everUp) return;
      this.emit(wasUp ? 'down' : 'restart-failed', err);
      this.scheduleRestart();
    });
    if (!takeQueries) return this.ready;
    // A first thread is up once open (the opener then migrates through it); a replacement once prepared.
    return this.ready.then(async () => {
      if (this.everUp) await this.opts.prepare?.(this);
      if (gen !== this.generation || this.state === 'closed') return;
      const restarted = this.everUp;
      this.everUp = true;
      this.state = 'up';
      this.delay = this.opts.restartDelayMs ?? 500;
      if (restarted) this.emit('up');
    });
  }

  private scheduleRestart(): void {
    const wait = this.delay;
    this.delay = Math.min(30_000, this.delay * 2);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.state === 'closed') return;
      this.restarts++;
      this.spawn().catch((e: Error) => {
        // The replacement opened but could not be prepared: end it; its exit schedules the next attempt.
        if (this.worker && this.state === 'starting') {
          this.failure = e;
          void this.worker.terminate();
        }
      });
    }, wait);
    this.restartTimer.unref();
  }

  /**
   * Run one statement in the thread. `owner` is the thread number a transaction began on: its statements
   * fail once that thread is gone. `early` lets a replacement's preparation through before it is up.
   */
  async query(sql: string, params: readonly unknown[], owner: number | null = null, early = false): Promise<{ rows: unknown[]; affectedRows?: number }> {
    if (this.state === 'closed') throw new DatabaseUnavailable('the players\' database is closed');
    if (owner !== null && owner !== this.generation) throw new DatabaseUnavailable('the players\' database restarted during this transaction; nothing of it was kept');
    if (!this.everUp) {
      // Until the first thread is up, every query waits for it (the opener's migrations first).
      if (!this.opening) throw new DatabaseUnavailable('the players\' database has not been started');
      await this.opening;
    } else if (this.state === 'starting' && early) await this.ready;
    else if (this.state !== 'up' && !early) throw new DatabaseUnavailable('the players\' database is restarting; try again shortly');
    const w = this.worker;
    if (!w) throw new DatabaseUnavailable('the players\' database is restarting; try again shortly');
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ type: 'query', id, sql, params: [...params] } satisfies ToWorker);
    });
  }

  /** Close the database (its files are left consistent) and end the thread. */
  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (this.restartTimer) clearTimeout(this.restartTimer);
    await this.stopWorker();
    for (const p of this.pending.values()) p.reject(new DatabaseUnavailable('the players\' database is closed'));
    this.pending.clear();
  }
}

class ThreadConnection implements DatabaseConnection {
  /** While a transaction is open: the thread it began on. */
  owner: number | null = null;

  constructor(private readonly thread: PGliteThread, private readonly early: boolean) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.thread.query(q.sql, q.parameters, this.owner, this.early);
    return { rows: r.rows as R[], ...(r.affectedRows !== undefined ? { numAffectedRows: BigInt(r.affectedRows) } : {}) };
  }

  async *streamQuery<R>(q: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(q);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

class ThreadDriver implements Driver {
  private readonly connection: ThreadConnection;
  private busy = false;
  private readonly queue: ((c: ThreadConnection) => void)[] = [];

  constructor(private readonly thread: PGliteThread, private readonly early: boolean, private readonly owns: boolean) {
    this.connection = new ThreadConnection(thread, early);
  }

  async init(): Promise<void> {}

  /** One user of the session at a time; the others wait their turn in order. */
  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.busy) {
      this.busy = true;
      return this.connection;
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  async releaseConnection(): Promise<void> {
    this.connection.owner = null;
    const next = this.queue.shift();
    if (next) next(this.connection);
    else this.busy = false;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = conn as ThreadConnection;
    // Bound to the thread that will run it: the one that opens the database when it is not up yet.
    await this.thread.started();
    c.owner = this.thread.current;
    await c.executeQuery(CompiledQuery.raw(settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin'));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as ThreadConnection;
    try { await c.executeQuery(CompiledQuery.raw('commit')); } finally { c.owner = null; }
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as ThreadConnection;
    // A transaction whose thread died is gone already (nothing of it was written): nothing to roll back.
    if (c.owner !== null && c.owner !== this.thread.current) { c.owner = null; return; }
    try { await c.executeQuery(CompiledQuery.raw('rollback')); } finally { c.owner = null; }
  }

  async destroy(): Promise<void> {
    if (this.owns) await this.thread.close();
  }
}

/**
 * Kysely over the thread. `early`: a dialect for preparing a replacement thread before it is up (its
 * Kysely's destroy leaves the thread alone).
 */
export class PGliteThreadDialect implements Dialect {
  constructor(private readonly thread: PGliteThread, private readonly early = false) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver { return new ThreadDriver(this.thread, this.early, !this.early); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
}
