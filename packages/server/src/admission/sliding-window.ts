/**
 * A count of events in the last `windowMs`, per key holder: "at most N a minute" meaning exactly that, in
 * any 60 seconds, from the first request on. (A token bucket whose burst equals its rate lets through
 * the burst and then the refill, about twice N in the first minute.)
 *
 * Each accepted event keeps its time until it leaves the window, so memory is at most `limit` times per
 * holder. An event may cost more than one (a slowed address pays several for one room).
 */
export class SlidingWindow {
  /** Times of the events still in the window, oldest first. */
  private readonly times: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count `cost` events now if that keeps the window at or under its limit; false (and nothing counted) otherwise. */
  take(cost = 1): boolean {
    const t = this.now();
    let drop = 0;
    while (drop < this.times.length && this.times[drop] <= t - this.windowMs) drop++;
    if (drop > 0) this.times.splice(0, drop);
    if (this.times.length + cost > this.limit) return false;
    for (let i = 0; i < cost; i++) this.times.push(t);
    return true;
  }

  /** Milliseconds until `cost` more events would fit (0 when they fit now, Infinity when they never can). */
  waitMs(cost = 1): number {
    if (cost > this.limit) return Infinity;
    const t = this.now();
    const live = this.times.filter((x) => x > t - this.windowMs);
    const over = live.length + cost - this.limit;
    return over <= 0 ? 0 : live[over - 1] + this.windowMs - t;
  }
}
