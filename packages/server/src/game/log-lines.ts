/**
 * The whole game's log, kept cheaply: a line that is a rules event is only that event's index here, and
 * its text is asked of the match when the line is read (the match keeps only its recent events and
 * derives older ones from its actions); only the few room notices ("Ada lost the connection.", "The
 * server restarted…") are kept as objects. A mid-game room of ~400 lines costs two small-integer arrays
 * (a few KB) instead of a copy of every text.
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

/** The lines of the rules events at `indices` (ascending), in that order; undefined for an event that does not exist. */
export type EventLines = (indices: readonly number[]) => (LineOf | undefined)[];

export class LogLines {
  /** Line numbers, ascending. */
  private readonly nums: number[] = [];
  /** Per line: ≥ 0 the index of a rules event; < 0 the notice at index −ref − 1. */
  private readonly refs: number[] = [];
  private readonly notices: Notice[] = [];

  /** `eventLines` reads the match's events as lines (the match's eventLines; none before a game starts). */
  constructor(private readonly eventLines: EventLines) {}

  /** Lines kept. */
  get size(): number {
    return this.nums.length;
  }

  /** The newest line's number (0 before the first). */
  get last(): number {
    return this.nums.length > 0 ? this.nums[this.nums.length - 1] : 0;
  }

  /** Write the rules event at `index` of the history as the next line; `line` is how it reads. */
  event(index: number, line: LineOf): LogLine {
    return { n: this.push(index), seat: line.seat, type: line.type, text: line.text };
  }

  /** Write the rules event at `index` as the next line without reading it (a restart replaying the log). */
  eventRef(index: number): void {
    this.push(index);
  }

  /** Write a room notice as the next line. */
  notice(seat: number, type: string, text: string): LogLine {
    this.notices.push({ seat, type, text });
    return { n: this.push(-this.notices.length), seat, type, text };
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
    const events: number[] = [];
    for (let i = start; i < end; i++) if (this.refs[i] >= 0) events.push(this.refs[i]);
    // One call for the page's events: an older event is derived once for the page, not once a line.
    const read = events.length > 0 ? this.eventLines(events) : [];
    const lines: LogLine[] = [];
    let k = 0;
    for (let i = start; i < end; i++) {
      const ref = this.refs[i];
      const of = ref < 0 ? this.notices[-ref - 1] : read[k++];
      lines.push(of ? { n: this.nums[i], seat: of.seat, type: of.type, text: of.text } : { n: this.nums[i], seat: -1, type: '', text: '' });
    }
    return { lines, more: start > 0 };
  }

  /** The newest `count` lines, oldest first (to fill the room state's window). */
  tail(count: number): LogLine[] {
    return this.page(undefined, count).lines;
  }

  private push(ref: number): number {
    const n = this.last + 1;
    this.nums.push(n);
    this.refs.push(ref);
    return n;
  }
}
