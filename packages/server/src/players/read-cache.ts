/**
 * A short-lived cache of the public players' reads (a player's page, the games list, a leaderboard):
 * answers are kept `ttlMs`, and concurrent misses of one key share one load, so a flood of identical
 * reads costs the database one query per key every few seconds. A failed load is not kept.
 */
export class ReadCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  /** Loads started (misses), for tests and the bench. */
  loads = 0;

  constructor(private readonly ttlMs: number, private readonly maxKeys = 1000, private readonly now: () => number = () => performance.now()) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && t - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (hit) this.entries.delete(key);
    // The oldest key goes first when full (a Map iterates in insertion order).
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
    this.loads++;
    const value = load();
    const entry = { at: t, value };
    this.entries.set(key, entry);
    value.catch(() => { if (this.entries.get(key) === entry) this.entries.delete(key); });
    return value;
  }
}
