/**
 * The embedded players' database in a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: it
 * compiles a 10 MB module, runs initdb on a first start and executes every query synchronously, so in the
 * server's thread it held the game's event loop for seconds at a start and for every query of a flood.
 * Here it answers messages from pglite-thread.ts instead, one query at a time, in the order they come.
 *
 * In:  { type: 'query', id, sql, params }, { type: 'close' }
 * Out: { type: 'ready', modules } once open (the compiled WebAssembly, for the next thread to reuse),
 *      { type: 'failed', message } when it cannot open, { type: 'result', id, rows, affectedRows } or
 *      { type: 'result', id, error }, { type: 'closed' }.
 */
import { flushCompileCache } from '../ops/compile-cache';
import * as fs from 'fs';
import * as path from 'path';
import { parentPort, workerData } from 'worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

export interface PGliteWorkerData {
  /** Directory of the database files; absent = in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (created when missing). */
  schema?: string;
  /** WebAssembly compiled by an earlier thread of this process (compiled again when absent). */
  modules?: CompiledModules;
  /**
   * A new database's files copied from this archive (PGlite's dumpDataDir of a database just created)
   * instead of created by initdb: the same files for a fraction of the CPU (0.4-0.6 s against 1.7-2.9 s
   * here). Test runs, which open many new databases, use it; an existing database ignores it.
   */
  template?: string;
}

/** Compiled WebAssembly modules (structured-clone between threads of one process without compiling again). */
export interface CompiledModules {
  pglite: WasmModule;
  initdb: WasmModule;
}
type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

export type FromWorker =
  | { type: 'ready'; modules: CompiledModules }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; rows: unknown[]; affectedRows?: number }
  | { type: 'result'; id: number; error: { message: string; code?: string; detail?: string; constraint?: string } }
  | { type: 'closed' };

export type ToWorker =
  | { type: 'query'; id: number; sql: string; params: unknown[] }
  | { type: 'close' };

// The Node typings in use do not declare the WebAssembly global, so reach it through globalThis.
const WA = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

const port = parentPort!;
const data = workerData as PGliteWorkerData;
const post = (m: FromWorker) => port.postMessage(m);

/** The embedded database's buffer cache (PostgreSQL's shared_buffers), for every open. */
const BUFFER_CACHE = '16MB';

/** A dump PGlite can load is a tar archive, gzipped or not (`dumpDataDir`): checked by its first bytes. */
function looksLikeDump(bytes: Buffer): boolean {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return true;
  return bytes.length >= 262 && bytes.toString('latin1', 257, 262) === 'ustar';
}

/**
 * Bytes already in memory, handed to PGlite as the Blob it asks for: it reads a dump and its file bundle with
 * `arrayBuffer()` and nothing else (its type, for a gzipped dump: none here, as before), and for a Blob made from
 * a buffer that call copies the bytes again through a stream of 64 KB reads (about 0.4 s of CPU for a 40 MB
 * dump here). This one answers with the bytes read from the file. Only for PGlite: its other readers see an
 * empty Blob.
 */
class BytesBlob extends Blob {
  readonly #data: Buffer<ArrayBuffer>;

  constructor(data: Buffer<ArrayBuffer>) {
    super([]);
    this.#data = data;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.#data;
    // A file's bytes fill a buffer of their own, unless small enough for Node's shared pool.
    return Promise.resolve(b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b.buffer : b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  }
}

function readTemplate(file: string): Blob {
  let bytes: Buffer<ArrayBuffer>;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    throw new Error(`cannot read the new database's template ${file}: ${(e as Error).message}`);
  }
  // Refused here rather than by PGlite, which reports a file that is not a dump with an error that has no message.
  if (!looksLikeDump(bytes)) throw new Error(`cannot load the new database's template ${file}: not a dump of a PGlite database (neither a tar archive nor a gzipped one)`);
  return new BytesBlob(bytes);
}

async function open(): Promise<{ pg: PGlite; modules: CompiledModules }> {
  const dist = path.dirname(require.resolve('@electric-sql/pglite'));
  // Compiled asynchronously (V8 compiles on its background threads); handed over so PGlite does not fetch them.
  const modules = data.modules ?? {
    pglite: await WA.compile(fs.readFileSync(path.join(dist, 'pglite.wasm'))),
    initdb: await WA.compile(fs.readFileSync(path.join(dist, 'initdb.wasm'))),
  };
  if (data.dataDir) fs.mkdirSync(data.dataDir, { recursive: true });
  const isNew = !data.dataDir || !fs.existsSync(path.join(data.dataDir, 'PG_VERSION'));
  const template = data.template && isNew ? readTemplate(data.template) : undefined;
  const pg = new PGlite({
    ...(data.dataDir ? { dataDir: data.dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    pgliteWasmModule: modules.pglite,
    // A 16 MB buffer cache rather than PostgreSQL's 128 MB: PGlite keeps the cache in its WebAssembly memory and
    // touches all of it when it starts, so the process's resident memory was about 140 MB larger with the default
    // (a server with an embedded database: 453-455 MB resident against 304-333 MB). Its files are read through the
    // operating system's page cache anyway; a players' database large enough to want more belongs on PostgreSQL.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${BUFFER_CACHE}`],
    initdbWasmModule: modules.initdb,
    fsBundle: new BytesBlob(fs.readFileSync(path.join(dist, 'pglite.data'))),
  });
  try {
    await pg.waitReady;
  } catch (e) {
    // PGlite's own error for a file that is not a dump of a database has no message at all.
    if (template) throw new Error(`cannot load the new database's template ${data.template}: ${(e as Error)?.message || 'not a dump of a PGlite database'}`);
    throw e;
  }
  if (data.schema) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(data.schema)) throw new Error(`bad schema name "${data.schema}"`);
    await pg.exec(`CREATE SCHEMA IF NOT EXISTS ${data.schema}; SET search_path TO ${data.schema};`);
  }
  return { pg, modules };
}

// PGlite unpacks a gzipped dump through a web stream whose failure it leaves unhandled, beside the rejection of
// waitReady, and it comes after that rejection: by default an unhandled rejection ends this thread at once, and
// the thread's owner then learned only "TypeError" instead of why the open failed. Until the open has succeeded
// such rejections are left to the open's own (a thread whose open failed is ended by its owner).
const whileOpening = (): void => undefined;
process.on('unhandledRejection', whileOpening);
const opened = open();
opened.then(() => {
  process.off('unhandledRejection', whileOpening);
  // PGlite's JavaScript is loaded once the database is open: the next thread (or process) reads it compiled.
  flushCompileCache();
}, () => undefined);
opened.then(({ modules }) => post({ type: 'ready', modules }), (e: Error) => post({ type: 'failed', message: e.message }));

port.on('message', (m: ToWorker) => {
  if (m.type === 'close') {
    void opened.then(({ pg }) => pg.close()).catch(() => undefined).finally(() => post({ type: 'closed' }));
    return;
  }
  // PGlite runs its queries one after another in the order they are called, which is the order they came.
  void opened.then(({ pg }) => pg.query(m.sql, m.params)).then(
    (r) => post({ type: 'result', id: m.id, rows: r.rows, ...(r.affectedRows !== undefined ? { affectedRows: r.affectedRows } : {}) }),
    (e: Error & { code?: string; detail?: string; constraint?: string }) => post({
      type: 'result', id: m.id,
      error: { message: e.message, ...(e.code ? { code: e.code } : {}), ...(e.detail ? { detail: e.detail } : {}), ...(e.constraint ? { constraint: e.constraint } : {}) },
    }),
  );
});
