/**
 * The embedded store: one JSON-lines file per room under `<dataDir>/games/`.
 *
 *   games/open/<roomId>.jsonl    a game in progress (restored on start)
 *   games/owed/<roomId>.jsonl    a finished game the players' archive does not hold yet (with `owesArchive`)
 *   games/closed/<roomId>.jsonl  a finished or abandoned game (kept for its replay)
 *
 * append() writes the line with a synchronous write(2) on a file opened O_APPEND, so when it returns
 * the entry is in the operating system: a crash or SIGKILL of the process loses nothing. fdatasync
 * follows in the background within `syncIntervalMs` (group commit: one sync per file per interval,
 * however many lines), and flush() syncs everything now, so power loss can cost at most the last
 * interval. A closing entry (end/abandon) is synced, then the file moves to closed/ with a rename; a
 * game that ended goes to owed/ instead when the store owes finished games to an archive, and moves on
 * to closed/ only once the archive holds it (settleOwed), so retention never deletes a game the archive
 * lacks. A crash between the closing write and the move leaves a closed log in open/: restore finds it
 * there and files it (fileClosed).
 *
 * A failed write (disk full, read-only, I/O error) throws StoreWriteError to the caller after cutting
 * the file back to its length before the write, so a partial line never stays in the middle of a log.
 * A file that ends in a torn line (power loss mid-write) is cut at its last newline before anything is
 * appended to it. Logs that cannot be restored go to games/quarantine/ (src/persistence/restore.ts decides).
 *
 * A log deleted while its game runs (by hand, a clean-up job) is noticed at the next sync (its open
 * file has no name left) and written back under its name from the still-open file.
 *
 * Every file-system call goes through `io` (default: node's fs), the seam tests inject faults through.
 */
import * as fs from 'fs';
import * as path from 'path';
import { promisify } from 'util';
import type { Logger } from '../../ops/logger';
import { checkRoomId, isClosing, parseLines, splitLines, StoreWriteError, type GameStore, type LogEntry, type StoreObserver } from './types';

/** The file-system calls the store makes: node's fs, or a wrapper that fails on demand (tests). */
export type FileIo = Pick<typeof fs,
  'openSync' | 'writeSync' | 'fdatasyncSync' | 'ftruncateSync' | 'fstatSync' | 'readSync' | 'closeSync' | 'renameSync' | 'fdatasync' | 'close' | 'promises'>;

export interface FileStoreOptions {
  /** A log closed by `end` is owed to the players' archive: filed in owed/ until settleOwed(). */
  owesArchive?: boolean;
  /** Milliseconds between background fdatasyncs of written files (0 = sync on every append). */
  syncIntervalMs?: number;
  observer?: StoreObserver;
  logger?: Logger;
  /** File-system calls (default: fs). */
  io?: FileIo;
}

export class FileStore implements GameStore {
  readonly backend = 'file';
  readonly openDir: string;
  readonly closedDir: string;
  readonly owedDir: string;
  readonly quarantineDir: string;
  private readonly io: FileIo;
  /** Length in bytes of each open file after its last complete write (where a failed write is cut back to). */
  private readonly sizes = new Map<string, number>();
  private readonly fds = new Map<string, number>();
  private readonly dirty = new Set<string>();
  /** Rooms closed by this process: a late append must not reopen them. */
  private readonly finished = new Set<string>();
  /** Closing moves in progress, by room: settleOwed() waits for the move into owed/ it undoes. */
  private readonly finishing = new Map<string, Promise<void>>();
  private syncTimer: NodeJS.Timeout | null = null;
  /** Background work (syncs, closes) that flush() waits for. */
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;
  private readonly syncIntervalMs: number;
  /**
   * A background fdatasync or the move to closed/ failed (the disk is failing): app.ts points this at
   * the store health, so rooms stop taking actions until a probe (which syncs too) succeeds.
   */
  onBackgroundError: ((e: Error, roomId: string) => void) | null = null;

  constructor(readonly dataDir: string, private readonly opts: FileStoreOptions = {}) {
    this.openDir = path.join(dataDir, 'games', 'open');
    this.closedDir = path.join(dataDir, 'games', 'closed');
    this.owedDir = path.join(dataDir, 'games', 'owed');
    this.quarantineDir = path.join(dataDir, 'games', 'quarantine');
    this.io = opts.io ?? fs;
    fs.mkdirSync(this.openDir, { recursive: true });
    fs.mkdirSync(this.closedDir, { recursive: true });
    fs.mkdirSync(this.owedDir, { recursive: true });
    // Fail at start, not at the first move, when the directory is not writable.
    fs.accessSync(this.openDir, fs.constants.W_OK);
    this.syncIntervalMs = opts.syncIntervalMs ?? 50;
  }

  append(roomId: string, entry: LogEntry): void {
    const t0 = process.hrtime.bigint();
    let ok = false;
    try {
      if (this.closed) throw new StoreWriteError('store is closed');
      checkRoomId(roomId);
      if (this.finished.has(roomId)) return; // a late append after the end: the log is closed
      const fd = this.fdFor(roomId);
      const line = Buffer.from(JSON.stringify(entry) + '\n');
      const before = this.sizes.get(roomId) ?? 0;
      try {
        const n = this.io.writeSync(fd, line);
        if (n !== line.length) throw new StoreWriteError(`short write (${n} of ${line.length} bytes)`, 'EIO');
      } catch (e) {
        // Leave no partial line behind: the next write must start a line of its own.
        try { this.io.ftruncateSync(fd, before); } catch { /* the fd is unusable; reopened below */ }
        this.forget(roomId);
        throw e;
      }
      this.sizes.set(roomId, before + line.length);
      ok = true;
      if (isClosing(entry)) {
        this.finished.add(roomId);
        const moved = this.finish(roomId, fd, this.closedPlace(entry));
        this.finishing.set(roomId, moved);
        this.track(moved.finally(() => { if (this.finishing.get(roomId) === moved) this.finishing.delete(roomId); }));
      } else if (this.syncIntervalMs === 0) this.io.fdatasyncSync(fd);
      else this.markDirty(roomId);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      throw e instanceof StoreWriteError ? e : new StoreWriteError(err.message, err.code);
    } finally {
      this.opts.observer?.write(this.backend, Number(process.hrtime.bigint() - t0) / 1e9, ok);
    }
  }

  /** The room's open file, opened for append; a torn last line (power loss) is cut first. */
  private fdFor(roomId: string): number {
    let fd = this.fds.get(roomId);
    if (fd !== undefined) return fd;
    fd = this.io.openSync(this.file(roomId, 'open'), 'a+', 0o640);
    try {
      this.sizes.set(roomId, this.cutTornTail(fd));
    } catch (e) {
      this.io.closeSync(fd);
      throw e;
    }
    this.fds.set(roomId, fd);
    return fd;
  }

  /** Cut the file at its last newline if it does not end with one; returns the length kept. */
  private cutTornTail(fd: number): number {
    const size = this.io.fstatSync(fd).size;
    if (size === 0) return 0;
    const chunk = Buffer.alloc(Math.min(size, 64 * 1024));
    let end = size;
    for (;;) {
      const from = Math.max(0, end - chunk.length);
      const n = this.io.readSync(fd, chunk, 0, end - from, from);
      const nl = chunk.subarray(0, n).lastIndexOf(0x0a);
      if (nl >= 0) {
        const keep = from + nl + 1;
        if (keep === size) return size;
        this.io.ftruncateSync(fd, keep);
        this.opts.logger?.warn({ room: this.roomOf(fd), cutBytes: size - keep }, 'store: torn last line cut before appending');
        return keep;
      }
      if (from === 0) {
        this.io.ftruncateSync(fd, 0);
        return 0;
      }
      end = from;
    }
  }

  private roomOf(fd: number): string | undefined {
    for (const [room, f] of this.fds) if (f === fd) return room;
    return undefined;
  }

  /** Drop a room's fd after a failed write (the next append reopens the file and checks its tail). */
  private forget(roomId: string): void {
    const fd = this.fds.get(roomId);
    this.fds.delete(roomId);
    this.sizes.delete(roomId);
    this.dirty.delete(roomId);
    if (fd !== undefined) try { this.io.closeSync(fd); } catch { /* already unusable */ }
  }

  async readLines(roomId: string): Promise<{ lines: string[]; torn: boolean } | null> {
    checkRoomId(roomId);
    for (const where of PLACES) {
      try {
        return splitLines(await this.io.promises.readFile(this.file(roomId, where), 'utf8'));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
    }
    return null;
  }

  async rewrite(roomId: string, lines: readonly string[]): Promise<void> {
    checkRoomId(roomId);
    this.forget(roomId);
    const file = this.file(roomId, 'open');
    const text = lines.map((l) => l + '\n').join('');
    // Write the kept lines beside the log and rename over it: a crash leaves either the old or the new file.
    const tmp = `${file}.tmp`;
    const h = await this.io.promises.open(tmp, 'w', 0o640);
    try {
      await h.writeFile(text);
      await h.datasync();
    } finally {
      await h.close();
    }
    await this.io.promises.rename(tmp, file);
  }

  async quarantine(roomId: string): Promise<void> {
    checkRoomId(roomId);
    this.forget(roomId);
    await this.io.promises.mkdir(this.quarantineDir, { recursive: true });
    await this.io.promises.rename(this.file(roomId, 'open'), path.join(this.quarantineDir, `${roomId}.jsonl`));
  }

  /** A write, sync and delete of a small file next to the logs: true when the disk takes writes again. */
  async probe(): Promise<void> {
    const file = path.join(this.openDir, '.probe');
    const fd = this.io.openSync(file, 'w', 0o640);
    try {
      const buf = Buffer.from(`${Date.now()}\n`.padEnd(256, ' '));
      if (this.io.writeSync(fd, buf) !== buf.length) throw new StoreWriteError('short write', 'EIO');
      this.io.fdatasyncSync(fd);
    } finally {
      this.io.closeSync(fd);
      await this.io.promises.unlink(file).catch(() => undefined);
    }
  }

  async sweepClosed(olderThanMs: number): Promise<number> {
    const limit = Date.now() - olderThanMs;
    let n = 0;
    for (const id of await idsIn(this.closedDir)) {
      const file = this.file(id, 'closed');
      const st = await this.io.promises.stat(file).catch(() => null);
      if (st && st.mtimeMs < limit && await this.io.promises.unlink(file).then(() => true, () => false)) n++;
    }
    return n;
  }

  async read(roomId: string): Promise<LogEntry[] | null> {
    checkRoomId(roomId);
    for (const where of PLACES) {
      const file = this.file(roomId, where);
      let text: string;
      try {
        text = await this.io.promises.readFile(file, 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      return parseLines(text, file);
    }
    return null;
  }

  async listOpen(): Promise<string[]> {
    return idsIn(this.openDir);
  }

  async listClosed(limit = 100): Promise<string[]> {
    const ids = await idsIn(this.closedDir);
    const withTime = await Promise.all(ids.map(async (id) => {
      const st = await fs.promises.stat(this.file(id, 'closed')).catch(() => null);
      return { id, t: st?.mtimeMs ?? 0 };
    }));
    return withTime.sort((a, b) => b.t - a.t).slice(0, limit).map((x) => x.id);
  }

  async listOwed(): Promise<string[]> {
    return idsIn(this.owedDir);
  }

  async settleOwed(roomId: string): Promise<void> {
    checkRoomId(roomId);
    await this.finishing.get(roomId);
    await this.io.promises.rename(this.file(roomId, 'owed'), this.file(roomId, 'closed')).catch((e: NodeJS.ErrnoException) => {
      // Settled already (by this process before, or the game was never owed): nothing to move.
      if (e.code !== 'ENOENT') throw e;
    });
  }

  async fileClosed(roomId: string): Promise<void> {
    checkRoomId(roomId);
    const raw = await this.readLines(roomId);
    const last = raw && !raw.torn ? raw.lines[raw.lines.length - 1] : undefined;
    let entry: LogEntry | null = null;
    try { entry = last ? JSON.parse(last) as LogEntry : null; } catch { /* not a closed log */ }
    if (!entry || !isClosing(entry)) return;
    this.forget(roomId);
    this.finished.add(roomId);
    await this.io.promises.rename(this.file(roomId, 'open'), this.file(roomId, this.closedPlace(entry))).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }

  /** Where a log goes when `entry` closes it. */
  private closedPlace(entry: LogEntry): 'owed' | 'closed' {
    return entry.t === 'end' && this.opts.owesArchive ? 'owed' : 'closed';
  }

  async flush(): Promise<void> {
    this.syncDirty();
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.syncTimer) clearTimeout(this.syncTimer);
    const fds = [...this.fds.values()];
    this.fds.clear();
    await Promise.allSettled(fds.map((fd) => promisify(this.io.close)(fd)));
  }

  private file(roomId: string, where: Place): string {
    return path.join(where === 'open' ? this.openDir : where === 'owed' ? this.owedDir : this.closedDir, `${roomId}.jsonl`);
  }

  private markDirty(roomId: string): void {
    this.dirty.add(roomId);
    if (!this.syncTimer) {
      this.syncTimer = setTimeout(() => { this.syncTimer = null; this.syncDirty(); }, this.syncIntervalMs);
      this.syncTimer.unref();
    }
  }

  private syncDirty(): void {
    for (const roomId of this.dirty) {
      let fd = this.fds.get(roomId);
      if (fd === undefined) continue;
      fd = this.relinkIfDeleted(roomId, fd);
      const t0 = process.hrtime.bigint();
      this.track(promisify(this.io.fdatasync)(fd).then(
        () => this.opts.observer?.write(`${this.backend}-sync`, Number(process.hrtime.bigint() - t0) / 1e9, true),
        (e: Error) => this.backgroundError(e, roomId, 'store sync failed'),
      ));
    }
    this.dirty.clear();
  }

  /** A closed log: sync, close the file and move it to closed/ (or owed/). */
  private async finish(roomId: string, fd: number, to: 'owed' | 'closed'): Promise<void> {
    this.fds.delete(roomId);
    this.sizes.delete(roomId);
    this.dirty.delete(roomId);
    try {
      fd = this.relinkIfDeleted(roomId, fd);
      await promisify(this.io.fdatasync)(fd);
      await promisify(this.io.close)(fd);
      await this.io.promises.rename(this.file(roomId, 'open'), this.file(roomId, to));
    } catch (e) {
      this.backgroundError(e as Error, roomId, 'store close failed');
    }
  }

  private backgroundError(e: Error, roomId: string, what: string): void {
    if (this.onBackgroundError) this.onBackgroundError(e, roomId);
    else this.opts.logger?.error({ room: roomId, err: e.message }, what);
  }

  /** If the room's open file lost its name, write its content back under the name; returns the fd to use. */
  private relinkIfDeleted(roomId: string, fd: number): number {
    try {
      const st = this.io.fstatSync(fd);
      if (st.nlink > 0) return fd;
      const buf = Buffer.alloc(st.size);
      const n = st.size > 0 ? this.io.readSync(fd, buf, 0, st.size, 0) : 0;
      const file = this.file(roomId, 'open');
      const tmp = `${file}.tmp`;
      const out = this.io.openSync(tmp, 'w', 0o640);
      try {
        this.io.writeSync(out, buf.subarray(0, n));
        this.io.fdatasyncSync(out);
      } finally {
        this.io.closeSync(out);
      }
      this.io.renameSync(tmp, file);
      const next = this.io.openSync(file, 'a+', 0o640);
      if (this.fds.get(roomId) === fd) this.fds.set(roomId, next);
      this.io.closeSync(fd);
      this.opts.logger?.error({ room: roomId, bytes: n }, 'store: a game log was deleted while in use; written back from the open file');
      return next;
    } catch (e) {
      this.opts.logger?.error({ room: roomId, err: (e as Error).message }, 'store: checking a game log failed');
      return fd;
    }
  }

  private track(p: Promise<unknown>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }
}

/** Where a room's log can be, in the order a read looks. */
type Place = 'open' | 'owed' | 'closed';
const PLACES: readonly Place[] = ['open', 'owed', 'closed'];

async function idsIn(dir: string): Promise<string[]> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith('.jsonl')).map((n) => n.slice(0, -'.jsonl'.length));
}
