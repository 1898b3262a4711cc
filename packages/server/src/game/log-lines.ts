/**
 * The whole game's log, kept cheaply: the match already holds every rules event (`events`, for undo,
 * bots and replays), so a line that is an event is only that event's index here; only the few room
 * notices ("Ada lost the connection.", "The server restarted…") are kept as objects. A mid-game room
 * of ~400 lines costs two small-integer arrays (a few KB) instead of a second copy of every text.
 *
 * Numbering: lines are numbered 1, 2, 3… in the order they were written, and a line keeps its
 * number for the whole game (nothing is renumbered when the room state's short window moves on).
 * Undo removes the undone step's event lines; when nothing was written after them, the next line
 * takes the first freed number again (the state never shows two lines with one number at once).
 * After a restart the room rebuilds the log from its events alone (src/room.ts, restore): event k is
 * line k, as a replay of the game numbers it, and the notices written before the restart are gone.
 */

/** One line as clients get it (the room state's `log` entries and the `log` message's `lines`). */
export interface LogLine {
  n: number;
  seat: number;
  type: string;
  text: string;
}

/** What a line says: the seat it is about (-1 for none), its kind and its public text. */
export interface LineOf {
  seat: number;
  type: string;
  text: string;
}

type Notice = LineOf;

export class LogLines {
  /** Line numbers, ascending. */
  private readonly nums: number[] = [];
  /** Per line: ≥ 0 the index of a rules event; < 0 the notice at index −ref − 1. */
  private readonly refs: number[] = [];
  private readonly notices: Notice[] = [];

  /**
   * `events` is the match's event history (read, never copied: it is the same array the match changes);
   * `lineOf` says how the game's event reads as a line (its server adapter's eventLine).
   */
  constructor(private readonly events: () => readonly unknown[], private readonly lineOf: (event: unknown) => LineOf) {}

  /** Lines kept. */
  get size(): number {
    return this.nums.length;
  }

  /** The newest line's number (0 before the first). */
  get last(): number {
    return this.nums.length > 0 ? this.nums[this.nums.length - 1] : 0;
  }

  /** Write the rules event at `index` of the history as the next line. */
  event(index: number): LogLine {
    return this.push(index);
  }

  /** Write a room notice as the next line. */
  notice(seat: number, type: string, text: string): LogLine {
    this.notices.push({ seat, type, text });
    return this.push(-this.notices.length);
  }

  /**
   * Drop the lines of the events from index `from` on (an undone step's; the history has already been
   * cut to `from`): returns the numbers dropped. Notices written since stay where they are.
   */
  dropEventsFrom(from: number): Set<number> {
    const dropped = new Set<number>();
    let w = 0;
    for (let r = 0; r < this.nums.length; r++) {
      if (this.refs[r] >= from) {
        dropped.add(this.nums[r]);
        continue;
      }
      this.nums[w] = this.nums[r];
      this.refs[w] = this.refs[r];
      w++;
    }
    this.nums.length = w;
    this.refs.length = w;
    return dropped;
  }

  /**
   * Up to `limit` lines numbered below `before` (every line when `before` is absent), oldest first,
   * and whether older lines exist.
   */
  page(before: number | undefined, limit: number): { lines: LogLine[]; more: boolean } {
    let end = this.nums.length;
    if (before !== undefined) {
      // binary search: the first line numbered ≥ before
      let lo = 0;
      let hi = this.nums.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.nums[mid] < before) lo = mid + 1;
        else hi = mid;
      }
      end = lo;
    }
    const start = Math.max(0, end - limit);
    const lines: LogLine[] = [];
    for (let i = start; i < end; i++) lines.push(this.line(i));
    return { lines, more: start > 0 };
  }

  /** The newest `count` lines, oldest first (to fill the room state's window). */
  tail(count: number): LogLine[] {
    return this.page(undefined, count).lines;
  }

  private push(ref: number): LogLine {
    this.nums.push(this.last + 1);
    this.refs.push(ref);
    return this.line(this.nums.length - 1);
  }

  private line(i: number): LogLine {
    const ref = this.refs[i];
    if (ref < 0) {
      const { seat, type, text } = this.notices[-ref - 1];
      return { n: this.nums[i], seat, type, text };
    }
    const e = this.events()[ref];
    if (e === undefined) return { n: this.nums[i], seat: -1, type: '', text: '' };
    const { seat, type, text } = this.lineOf(e);
    return { n: this.nums[i], seat, type, text };
  }
}
