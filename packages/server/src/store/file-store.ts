/**
 * The embedded store: one JSON-lines file per room under `<dataDir>/games/`.
 *
 *   games/open/<roomId>.jsonl    a game in progress (restored on start)
 *   games/closed/<roomId>.jsonl  a finished or abandoned game (kept for its replay)
 *
 * append() writes the line with a synchronous write(2) on a file opened O_APPEND, so when it returns
 * the entry is in the operating system: a crash or SIGKILL of the process loses nothing. fdatasync
 * follows in the background within `syncIntervalMs` (group commit: one sync per file per interval,
 * however many lines), and flush() syncs everything now, so power loss can cost at most the last
 * interval. A closing entry (end/abandon) is synced, then the file moves to closed/ with a rename.
 */
import * as fs from 'fs';
import * as path from 'path';
import { promisify } from 'util';
import type { Logger } from '../logger';
import { checkRoomId, isClosing, parseLines, type GameStore, type LogEntry, type StoreObserver } from './types';

const fdatasync = promisify(fs.fdatasync);
const closeFd = promisify(fs.close);

export interface FileStoreOptions {
  /** Milliseconds between background fdatasyncs of written files (0 = sync on every append). */
  syncIntervalMs?: number;
  observer?: StoreObserver;
  logger?: Logger;
}

export class FileStore implements GameStore {
  readonly backend = 'file';
  readonly openDir: string;
  readonly closedDir: string;
  private readonly fds = new Map<string, number>();
  private readonly dirty = new Set<string>();
  /** Rooms closed by this process: a late append must not reopen them. */
  private readonly finished = new Set<string>();
  private syncTimer: NodeJS.Timeout | null = null;
  /** Background work (syncs, closes) that flush() waits for. */
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;
  private readonly syncIntervalMs: number;

  constructor(readonly dataDir: string, private readonly opts: FileStoreOptions = {}) {
    this.openDir = path.join(dataDir, 'games', 'open');
    this.closedDir = path.join(dataDir, 'games', 'closed');
    fs.mkdirSync(this.openDir, { recursive: true });
    fs.mkdirSync(this.closedDir, { recursive: true });
    // Fail at start, not at the first move, when the directory is not writable.
    fs.accessSync(this.openDir, fs.constants.W_OK);
    this.syncIntervalMs = opts.syncIntervalMs ?? 50;
  }

  append(roomId: string, entry: LogEntry): void {
    const t0 = process.hrtime.bigint();
    let ok = false;
    try {
      if (this.closed) throw new Error('store is closed');
      checkRoomId(roomId);
      if (this.finished.has(roomId)) throw new Error('log already closed');
      let fd = this.fds.get(roomId);
      if (fd === undefined) {
        fd = fs.openSync(this.file(roomId, 'open'), 'a', 0o640);
        this.fds.set(roomId, fd);
      }
      fs.writeSync(fd, JSON.stringify(entry) + '\n');
      ok = true;
      if (isClosing(entry)) {
        this.finished.add(roomId);
        this.track(this.finish(roomId, fd));
      } else if (this.syncIntervalMs === 0) fs.fdatasyncSync(fd);
      else this.markDirty(roomId);
    } catch (e) {
      this.opts.logger?.error({ room: roomId, err: (e as Error).message, entry: entry.t }, 'store write failed');
    } finally {
      this.opts.observer?.write(this.backend, Number(process.hrtime.bigint() - t0) / 1e9, ok);
    }
  }

  async read(roomId: string): Promise<LogEntry[] | null> {
    checkRoomId(roomId);
    for (const where of ['open', 'closed'] as const) {
      const file = this.file(roomId, where);
      let text: string;
      try {
        text = await fs.promises.readFile(file, 'utf8');
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
    await Promise.allSettled(fds.map((fd) => closeFd(fd)));
  }

  private file(roomId: string, where: 'open' | 'closed'): string {
    return path.join(where === 'open' ? this.openDir : this.closedDir, `${roomId}.jsonl`);
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
      const fd = this.fds.get(roomId);
      if (fd === undefined) continue;
      const t0 = process.hrtime.bigint();
      this.track(fdatasync(fd).then(
        () => this.opts.observer?.write(`${this.backend}-sync`, Number(process.hrtime.bigint() - t0) / 1e9, true),
        (e: Error) => this.opts.logger?.error({ room: roomId, err: e.message }, 'store sync failed'),
      ));
    }
    this.dirty.clear();
  }

  /** A closed log: sync, close the file and move it to closed/. */
  private async finish(roomId: string, fd: number): Promise<void> {
    this.fds.delete(roomId);
    this.dirty.delete(roomId);
    try {
      await fdatasync(fd);
      await closeFd(fd);
      await fs.promises.rename(this.file(roomId, 'open'), this.file(roomId, 'closed'));
    } catch (e) {
      this.opts.logger?.error({ room: roomId, err: (e as Error).message }, 'store close failed');
    }
  }

  private track(p: Promise<unknown>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }
}

async function idsIn(dir: string): Promise<string[]> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith('.jsonl')).map((n) => n.slice(0, -'.jsonl'.length));
}
