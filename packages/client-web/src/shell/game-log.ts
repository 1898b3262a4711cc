/**
 * The page's copy of the whole game's log. The room state carries only the newest lines (20 by
 * default); the lines before them come from the server with the `log` message (session.olderLog),
 * page by page: the first page as soon as a table is shown (after a join, a reload, or as a late
 * spectator), the next ones when the player scrolls to the top of the panel. Numbers are the server's
 * and stable for the game (docs/PROTOCOL.md, "The whole log").
 */
import type { LogEntryJSON } from '@isle-of-trains/client';

export type LogLine = Pick<LogEntryJSON, 'n' | 'seat' | 'type' | 'text'>;

export class GameLog {
  private readonly lines = new Map<number, LogLine>();
  /** What the lines belong to (a room connection): another one starts afresh. */
  private source: unknown = null;
  /** Whether the server has lines before the oldest kept one: null until asked. */
  private older: boolean | null = null;
  /** A request for older lines is on its way (its source, to drop an answer that comes too late). */
  private asking: unknown = null;
  private sorted: LogLine[] | null = null;
  /** The last request failed (an old server, a dropped connection): not asked again by itself. */
  private failed = false;

  /**
   * The state's window of newest lines, from connection `source`. A new connection (another room, or a
   * room joined again after the server restarted, which renumbers the log from its events) starts
   * afresh. Lines the window no longer has although they are within it were an undone step's: they go.
   */
  update(window: readonly LogLine[], source: unknown): void {
    if (source !== this.source) {
      this.source = source;
      this.lines.clear();
      this.older = null;
      this.asking = null;
      this.failed = false;
    }
    const first = window[0]?.n;
    if (first !== undefined) {
      // An undo's lines are the newest but for notices written after them, and the server fills its
      // window back up to LOG_ENTRIES lines after an undo: so every undone line is within the window.
      const present = new Set(window.map((e) => e.n));
      for (const n of [...this.lines.keys()]) if (n >= first && !present.has(n)) this.lines.delete(n);
    }
    for (const e of window) this.lines.set(e.n, { n: e.n, seat: e.seat, type: e.type, text: e.text });
    if (first === 1) this.older = false;
    this.sorted = null;
  }

  /** Every line kept, oldest first. */
  list(): LogLine[] {
    this.sorted ??= [...this.lines.values()].sort((x, y) => x.n - y.n);
    return this.sorted;
  }

  /** The oldest line kept (the `before` of the next request). */
  lowest(): number | undefined {
    return this.list()[0]?.n;
  }

  /** Older lines are being fetched. */
  get loading(): boolean {
    return this.asking !== null;
  }

  /** The server may have lines before the oldest one kept (unknown counts as yes until asked). */
  get hasOlder(): boolean {
    return this.older !== false && (this.lowest() ?? 1) > 1;
  }

  /** Whether the first page has not been asked for yet (the panel asks at once, without a scroll). */
  get neverAsked(): boolean {
    return this.older === null && this.asking === null && !this.failed;
  }

  /**
   * Ask for the page before the oldest line kept with `fetch` (at most one request at a time); resolves
   * once its lines are in (false when there was nothing to ask or the answer no longer applies).
   */
  async loadOlder(fetch: (before: number) => Promise<{ lines: LogLine[]; more: boolean }>): Promise<boolean> {
    const before = this.lowest();
    if (this.asking !== null || before === undefined || !this.hasOlder) return false;
    const source = this.source;
    this.asking = source;
    try {
      const page = await fetch(before);
      if (this.source !== source || this.asking !== source) return false;
      for (const e of page.lines) if (e.n < before && !this.lines.has(e.n)) this.lines.set(e.n, { n: e.n, seat: e.seat, type: e.type, text: e.text });
      this.older = page.more;
      this.failed = false;
      this.sorted = null;
      return true;
    } catch {
      // (the connection dropped, or the request was refused: asked again on the next scroll)
      if (this.source === source) this.failed = true;
      return false;
    } finally {
      if (this.asking === source) this.asking = null;
    }
  }
}
