/**
 * Every Redis connection of the process (game store, Colyseus presence pub/sub, matchmaking driver),
 * watched in one place so that a Redis outage never kills the process and is logged once:
 *
 *  - each connection gets an 'error' listener (an ioredis connection without one throws the error
 *    on the event loop and ends the process);
 *  - the first error of an outage logs one line (which connection, the error), the return logs one
 *    line with how long Redis was gone; ioredis reconnects by itself with backoff in between;
 *  - `ok` (every connection ready) feeds /readyz and the isle_redis_up metric;
 *  - at start, waitReady() gives one clear error naming Redis when it cannot be reached.
 */
import type { Redis } from 'ioredis';
import type { Logger } from './logger';

export class RedisLinks {
  private readonly links: { name: string; client: Redis; lastError?: string }[] = [];
  private downSince: number | null = null;
  /** Outages so far (since the start check): tells one outage from the next, for lines logged once per outage. */
  outages = 0;
  /** Errors are logged only after the start check passed (before it, waitReady() reports them) and until stop(). */
  private armed = false;

  constructor(private readonly logger: Logger, private readonly where: string) {}

  /** Watch a connection (replaces any 'error' listener a library put on it, which would log every retry). */
  watch(name: string, client: Redis): Redis {
    client.removeAllListeners('error');
    const link = { name, client, lastError: undefined as string | undefined };
    this.links.push(link);
    client.on('error', (e: Error) => {
      link.lastError = e.message;
      this.down(name, e);
    });
    client.on('close', () => this.down(name, null));
    client.on('ready', () => this.up());
    return client;
  }

  /** Every connection is ready. */
  get ok(): boolean {
    return this.links.every((l) => l.client.status === 'ready');
  }

  /** At start: resolve when every connection is ready, else reject after `ms` with a line naming Redis. */
  async waitReady(ms: number): Promise<void> {
    const t0 = Date.now();
    while (!this.ok) {
      if (Date.now() - t0 > ms) {
        const err = this.links.find((l) => l.lastError)?.lastError ?? 'no answer';
        throw new Error(`Redis is unreachable at ${this.where} (REDIS_URL): ${err}; started without it would lose games, so the server stops`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    this.downSince = null;
    this.armed = true;
  }

  /** Shutting down: connections closing now are not an outage. */
  stop(): void {
    this.armed = false;
  }

  private down(name: string, e: Error | null): void {
    if (this.downSince !== null || !this.armed) return;
    this.downSince = Date.now();
    this.outages++;
    this.logger.error({ redis: this.where, connection: name, err: e?.message ?? 'connection closed' },
      'redis unreachable: reconnecting with backoff; games refuse actions that cannot be stored');
  }

  private up(): void {
    if (this.downSince === null || !this.ok) return;
    this.logger.warn({ redis: this.where, downMs: Date.now() - this.downSince }, 'redis reachable again');
    this.downSince = null;
  }
}

/** host:port of a redis:// URL, without credentials (for log lines). */
export function redisWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || '127.0.0.1'}:${u.port || 6379}`;
  } catch {
    return 'REDIS_URL';
  }
}
