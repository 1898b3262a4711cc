/**
 * The newest rules events of a match, and how many there have been in all. A room needs only recent
 * events at hand: their lines fill the state's log window again after an undo, and bots are given them.
 * Older events are not kept (a mid-game room held every event object with its text for the whole
 * game); the match derives them again from its actions when the `log` message asks for older lines.
 */
export class RecentEvents<E = unknown> {
  private kept: E[] = [];
  /** Events in all, kept or not. */
  private total = 0;

  /** `size`: how many of the newest events are kept. */
  constructor(private readonly size: number) {}

  get length(): number {
    return this.total;
  }

  /** Index of the oldest event kept. */
  get base(): number {
    return this.total - this.kept.length;
  }

  push(events: readonly E[]): void {
    this.kept.push(...events);
    this.total += events.length;
    if (this.kept.length > this.size * 2) this.kept = this.kept.slice(-this.size);
  }

  /** The event at `index`, or undefined when it is not kept (or does not exist). */
  at(index: number): E | undefined {
    return index >= this.base && index < this.total ? this.kept[index - this.base] : undefined;
  }

  /** Keep the first `n` events (an undo): the window shrinks with them. */
  truncate(n: number): void {
    if (n >= this.total) return;
    this.kept.length = Math.max(0, n - this.base);
    this.total = n;
  }

  /** The kept events, oldest first. */
  list(): readonly E[] {
    return this.kept;
  }
}
