/**
 * A store in memory (tests, and STORE=memory when nothing needs to survive a restart). Entries are
 * kept as the JSON lines the file store would write, joined in chunks (src/persistence/store/line-chunks.ts):
 * a line costs its text, where the parsed entry (an object, its action, its timestamp string) cost
 * about three times as much per action.
 */
import { LineChunks } from './line-chunks';
import { checkRoomId, isClosing, type GameStore, type LogEntry, type StoreObserver } from './types';

export class MemoryStore implements GameStore {
  readonly backend = 'memory';
  private readonly logs = new Map<string, LineChunks>();
  private readonly closedAt = new Map<string, number>();
  /** Finished games the archive does not hold yet (with `owesArchive`). */
  private readonly owed = new Set<string>();

  constructor(private readonly observer?: StoreObserver, private readonly owesArchive = false) {}

  append(roomId: string, entry: LogEntry): void {
    checkRoomId(roomId);
    if (this.closedAt.has(roomId)) return;
    const log = this.logs.get(roomId) ?? new LineChunks();
    log.push(JSON.stringify(entry));
    this.logs.set(roomId, log);
    if (isClosing(entry)) {
      this.closedAt.set(roomId, Date.now());
      if (entry.t === 'end' && this.owesArchive) this.owed.add(roomId);
    }
    this.observer?.write(this.backend, 0, true);
  }

  async read(roomId: string): Promise<LogEntry[] | null> {
    const log = this.logs.get(roomId);
    return log ? log.lines().map((line) => JSON.parse(line) as LogEntry) : null;
  }

  async readLines(roomId: string): Promise<{ lines: string[]; torn: boolean } | null> {
    const log = this.logs.get(roomId);
    return log ? { lines: log.lines(), torn: false } : null;
  }

  async rewrite(roomId: string, lines: readonly string[]): Promise<void> {
    this.logs.set(roomId, new LineChunks(lines));
  }

  async quarantine(roomId: string): Promise<void> {
    this.logs.delete(roomId);
  }

  async probe(): Promise<void> {}

  async sweepClosed(olderThanMs: number): Promise<number> {
    const limit = Date.now() - olderThanMs;
    let n = 0;
    for (const [id, t] of this.closedAt) {
      if (t >= limit || this.owed.has(id)) continue;
      this.closedAt.delete(id);
      this.logs.delete(id);
      n++;
    }
    return n;
  }

  async listOpen(): Promise<string[]> {
    return [...this.logs.keys()].filter((id) => !this.closedAt.has(id));
  }

  async listClosed(limit = 100): Promise<string[]> {
    return [...this.closedAt.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([id]) => id);
  }

  async listOwed(): Promise<string[]> {
    return [...this.owed];
  }

  async settleOwed(roomId: string): Promise<void> {
    this.owed.delete(roomId);
  }

  async fileClosed(): Promise<void> {}

  async flush(): Promise<void> {}
  async close(): Promise<void> {}
}
