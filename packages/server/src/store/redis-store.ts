/**
 * The store on Redis (used when REDIS_URL is set): every process of a scaled-out deployment writes
 * to the same Redis, so a finished game's replay can be served by any of them.
 *
 *   <prefix>game:<roomId>      list of JSON entries (RPUSH, in order)
 *   <prefix>open:<nodeId>      set of room ids in progress on node <nodeId> (restored by that node)
 *   <prefix>closed             sorted set of closed room ids, scored by close time (ms)
 *
 * `nodeId` is stable across restarts of one replica (NODE_ID, else PUBLIC_ADDRESS, else the host
 * name), so a replica that comes back restores its own games and no other replica takes them twice.
 * append() queues the commands on one connection (Redis keeps their order); flush() waits for every
 * reply. With Redis persistence (appendonly) the entries then survive a Redis restart as well.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { checkRoomId, isClosing, type GameStore, type LogEntry, type StoreObserver } from './types';

export interface RedisStoreOptions {
  prefix?: string;
  nodeId: string;
  observer?: StoreObserver;
  logger?: Logger;
  /** Quit the connection on close() (true when the store created it). */
  ownsConnection?: boolean;
}

export class RedisStore implements GameStore {
  readonly backend = 'redis';
  private readonly prefix: string;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly started = new Set<string>();
  private readonly finished = new Set<string>();
  private closed = false;

  constructor(private readonly redis: Redis, private readonly opts: RedisStoreOptions) {
    this.prefix = opts.prefix ?? 'isle:';
  }

  get openKey(): string { return `${this.prefix}open:${this.opts.nodeId}`; }
  get closedKey(): string { return `${this.prefix}closed`; }
  gameKey(roomId: string): string { return `${this.prefix}game:${roomId}`; }

  append(roomId: string, entry: LogEntry): void {
    const t0 = process.hrtime.bigint();
    try {
      if (this.closed) throw new Error('store is closed');
      checkRoomId(roomId);
      if (this.finished.has(roomId)) throw new Error('log already closed');
      const m = this.redis.multi().rpush(this.gameKey(roomId), JSON.stringify(entry));
      if (isClosing(entry)) {
        this.finished.add(roomId);
        this.started.delete(roomId);
        m.srem(this.openKey, roomId).zadd(this.closedKey, Date.now(), roomId);
      } else if (!this.started.has(roomId)) {
        this.started.add(roomId);
        m.sadd(this.openKey, roomId);
      }
      const p = m.exec().then(
        (res) => {
          const err = res?.find(([e]) => e)?.[0];
          if (err) throw err;
          this.opts.observer?.write(this.backend, Number(process.hrtime.bigint() - t0) / 1e9, true);
        },
        (e: Error) => { throw e; },
      ).catch((e: Error) => {
        this.opts.observer?.write(this.backend, Number(process.hrtime.bigint() - t0) / 1e9, false);
        this.opts.logger?.error({ room: roomId, err: e.message, entry: entry.t }, 'store write failed');
      });
      this.pending.add(p);
      void p.finally(() => this.pending.delete(p));
    } catch (e) {
      this.opts.observer?.write(this.backend, 0, false);
      this.opts.logger?.error({ room: roomId, err: (e as Error).message, entry: entry.t }, 'store write failed');
    }
  }

  async read(roomId: string): Promise<LogEntry[] | null> {
    checkRoomId(roomId);
    const lines = await this.redis.lrange(this.gameKey(roomId), 0, -1);
    if (lines.length === 0) return null;
    return lines.map((l) => JSON.parse(l) as LogEntry);
  }

  async listOpen(): Promise<string[]> {
    const ids = await this.redis.smembers(this.openKey);
    for (const id of ids) this.started.add(id);
    return ids;
  }

  async listClosed(limit = 100): Promise<string[]> {
    return this.redis.zrevrange(this.closedKey, 0, Math.max(0, limit - 1));
  }

  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.opts.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
