/**
 * Whether the game store takes writes: one per process, shared by every room.
 *
 * The first failed write of an episode marks the store down (logged ONCE, with the error), and from
 * then on probes it with backoff (store.probe(): a small file write + fdatasync, or a small Redis SET)
 * until a probe succeeds; then the store is up again (logged once, with how long it was down) and
 * every listener (the rooms' journals) hears it, retries what it holds and takes actions again.
 * While the store is down, /readyz answers 503 and rooms refuse actions with STORE_UNAVAILABLE.
 */
import type { Logger } from '../../ops/logger';
import type { GameStore } from './types';

export interface StoreHealthOptions {
  /** First retry delay (ms); doubles up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export class StoreHealth {
  private up = true;
  private downSince = 0;
  private upSince = 0;
  private delay: number;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(ok: boolean) => void>();
  private stopped = false;
  /** Episodes of unavailability so far (metrics). */
  episodes = 0;

  constructor(private readonly store: GameStore, private readonly logger?: Logger, private readonly opts: StoreHealthOptions = {}) {
    this.delay = opts.minDelayMs ?? 100;
  }

  get ok(): boolean { return this.up; }

  /** A write failed: the store is down until a probe succeeds. Logged once per episode. */
  failed(err: unknown, context: Record<string, unknown> = {}): void {
    if (!this.up || this.stopped) return;
    this.up = false;
    // A store that fails again soon after it came back keeps its longer retry delay (no 100 ms flapping).
    if (Date.now() - this.upSince > 30_000) this.delay = this.opts.minDelayMs ?? 100;
    this.downSince = Date.now();
    this.episodes++;
    const e = err as NodeJS.ErrnoException;
    this.logger?.error({ ...context, backend: this.store.backend, err: e?.message ?? String(err), code: e?.code },
      'store unavailable: games refuse actions (STORE_UNAVAILABLE) until writes succeed again');
    this.emit(false);
    this.schedule();
  }

  /** Listen for up/down changes; returns the function that stops listening. */
  onChange(fn: (ok: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => { this.timer = null; void this.probe(); }, this.delay);
    this.timer.unref();
    this.delay = Math.min(this.delay * 2, this.opts.maxDelayMs ?? 5000);
  }

  private async probe(): Promise<void> {
    try {
      await this.store.probe();
    } catch {
      this.schedule();
      return;
    }
    if (this.stopped) return;
    this.up = true;
    this.upSince = Date.now();
    this.logger?.warn({ backend: this.store.backend, downMs: Date.now() - this.downSince }, 'store writable again: games take actions again');
    this.emit(true);
  }

  private emit(ok: boolean): void {
    for (const fn of [...this.listeners]) {
      try { fn(ok); } catch (e) { this.logger?.error({ err: (e as Error).message }, 'store health listener failed'); }
    }
  }
}
