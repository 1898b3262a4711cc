/**
 * The store on Redis (used when REDIS_URL is set): every process of a scaled-out deployment writes
 * to the same Redis, so a finished game's replay can be served by any of them.
 *
 *   <prefix>game:<roomId>      list of JSON entries (RPUSH, in order)
 *   <prefix>open:<nodeId>      set of room ids in progress on node <nodeId> (restored by that node)
 *   <prefix>closed             sorted set of closed room ids, scored by close time (ms)
 *   <prefix>owed               sorted set of finished games the players' archive does not hold yet
 *                              (with `owesArchive`), scored by end time (ms); shared by every replica
 *
 * `nodeId` is stable across restarts of one replica (NODE_ID, else PUBLIC_ADDRESS, else the host
 * name), so a replica that comes back restores its own games and no other replica takes them twice.
 * append() queues the commands on one connection (Redis keeps their order); flush() waits for every
 * reply. With Redis persistence (appendonly) the entries then survive a Redis restart as well.
 *
 * Each append is one Lua script (atomic): it pushes the entry only when the list has exactly `index`
 * entries, and counts an identical entry already at `index` as written, so a command resent after a
 * lost reply is not stored twice and nothing is stored after a gap. A closed game's list expires
 * after `retentionSeconds`; sweepClosed() drops it from <prefix>closed too.
 *
 * A game owed to the archive is filed in <prefix>owed by the same script that writes its `end`, and
 * its list has no expiry until settleOwed(): then it moves to <prefix>closed and expires after
 * `archivedRetentionSeconds`. Redis holds games in memory, so once the archive has a game the live copy
 * only needs to serve replays for a short while; finished games no longer pile up to the memory cap.
 *
 * Redis at its memory cap refuses writes with an OOM error: the write fails as STORE_UNAVAILABLE like
 * any other, with the code 'REDIS_OOM' so the operator's log line says what to do.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../../ops/logger';
import { checkRoomId, isClosing, StoreWriteError, type GameStore, type LogEntry, type StoreObserver } from './types';

export interface RedisStoreOptions {
  prefix?: string;
  nodeId: string;
  observer?: StoreObserver;
  logger?: Logger;
  /** Quit the connection on close() (true when the store created it). */
  ownsConnection?: boolean;
  /** A finished game's list expires this long after its end (0 = kept until swept). */
  retentionSeconds?: number;
  /** A log closed by `end` is owed to the players' archive: filed in <prefix>owed until settleOwed(). */
  owesArchive?: boolean;
  /** An archived game's list expires this long after the archive has it (0 = after `retentionSeconds`). */
  archivedRetentionSeconds?: number;
}

// KEYS: owed zset, closed zset, game list. ARGV: room id, now (ms), ttl (s).
const SETTLE_LUA = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
if tonumber(ARGV[3]) > 0 then redis.call('EXPIRE', KEYS[3], ARGV[3]) end
return 1
`;

// KEYS: game list, open set, closed zset, owed zset. ARGV: index (-1 = no check), line,
// closing (0 = no, 1 = closed, 2 = closed and owed to the archive), now (ms), ttl (s), room id.
const APPEND_LUA = `
local idx = tonumber(ARGV[1])
if idx >= 0 then
  local n = redis.call('LLEN', KEYS[1])
  if n ~= idx then
    if n > idx and redis.call('LINDEX', KEYS[1], idx) == ARGV[2] then return 0 end
    return redis.error_reply('ISLE_ORDER the log has ' .. n .. ' entries, this one is number ' .. idx)
  end
end
redis.call('RPUSH', KEYS[1], ARGV[2])
if ARGV[3] == '2' then
  redis.call('SREM', KEYS[2], ARGV[6])
  redis.call('ZADD', KEYS[4], ARGV[4], ARGV[6])
elseif ARGV[3] == '1' then
  redis.call('SREM', KEYS[2], ARGV[6])
  redis.call('ZADD', KEYS[3], ARGV[4], ARGV[6])
  if tonumber(ARGV[5]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[5]) end
else
  redis.call('SADD', KEYS[2], ARGV[6])
end
return 1
`;

type WithAppend = Redis & {
  isleAppend(...args: (string | number)[]): Promise<number>;
  isleSettle(...args: (string | number)[]): Promise<number>;
};

export class RedisStore implements GameStore {
  readonly backend = 'redis';
  private readonly prefix: string;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly finished = new Set<string>();
  private closed = false;
  private readonly r: WithAppend;

  constructor(private readonly redis: Redis, private readonly opts: RedisStoreOptions) {
    this.prefix = opts.prefix ?? 'isle:';
    if (!('isleAppend' in redis)) redis.defineCommand('isleAppend', { numberOfKeys: 4, lua: APPEND_LUA });
    if (!('isleSettle' in redis)) redis.defineCommand('isleSettle', { numberOfKeys: 3, lua: SETTLE_LUA });
    this.r = redis as WithAppend;
  }

  get openKey(): string { return `${this.prefix}open:${this.opts.nodeId}`; }
  get closedKey(): string { return `${this.prefix}closed`; }
  get owedKey(): string { return `${this.prefix}owed`; }
  gameKey(roomId: string): string { return `${this.prefix}game:${roomId}`; }
  quarantineKey(roomId: string): string { return `${this.prefix}quarantine:${roomId}`; }

  append(roomId: string, entry: LogEntry, index = -1): Promise<void> {
    const t0 = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - t0) / 1e9;
    if (this.closed) return Promise.reject(new StoreWriteError('store is closed'));
    checkRoomId(roomId);
    if (this.finished.has(roomId)) return Promise.resolve(); // a late append after the end: the log is closed
    const closing = isClosing(entry);
    if (closing) this.finished.add(roomId);
    const how = !closing ? 0 : entry.t === 'end' && this.opts.owesArchive ? 2 : 1;
    const p = this.r.isleAppend(
      this.gameKey(roomId), this.openKey, this.closedKey, this.owedKey,
      index, JSON.stringify(entry), how, Date.now(), this.opts.retentionSeconds ?? 0, roomId,
    ).then(
      () => { this.opts.observer?.write(this.backend, seconds(), true); },
      (e: Error) => {
        if (closing) this.finished.delete(roomId);
        this.opts.observer?.write(this.backend, seconds(), false);
        throw storeError(e);
      },
    );
    const tracked = p.catch(() => undefined);
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    return p;
  }

  async read(roomId: string): Promise<LogEntry[] | null> {
    checkRoomId(roomId);
    const lines = await this.redis.lrange(this.gameKey(roomId), 0, -1);
    if (lines.length === 0) return null;
    return lines.map((l) => JSON.parse(l) as LogEntry);
  }

  async readLines(roomId: string): Promise<{ lines: string[]; torn: boolean } | null> {
    checkRoomId(roomId);
    const lines = await this.redis.lrange(this.gameKey(roomId), 0, -1);
    return lines.length === 0 ? null : { lines, torn: false };
  }

  async rewrite(roomId: string, lines: readonly string[]): Promise<void> {
    checkRoomId(roomId);
    const m = this.redis.multi().del(this.gameKey(roomId));
    if (lines.length > 0) m.rpush(this.gameKey(roomId), ...lines);
    const res = await m.exec();
    const err = res?.find(([e]) => e)?.[0];
    if (err) throw err;
  }

  async quarantine(roomId: string): Promise<void> {
    checkRoomId(roomId);
    const m = this.redis.multi().srem(this.openKey, roomId);
    if (await this.redis.exists(this.gameKey(roomId))) m.rename(this.gameKey(roomId), this.quarantineKey(roomId));
    await m.exec();
  }

  /** A small write (PING would pass while Redis refuses writes at its memory cap, or as a read-only replica). */
  async probe(): Promise<void> {
    await this.redis.set(`${this.prefix}probe:${this.opts.nodeId}`, String(Date.now()), 'PX', 60_000);
  }

  async sweepClosed(olderThanMs: number): Promise<number> {
    const ids = await this.redis.zrangebyscore(this.closedKey, '-inf', Date.now() - olderThanMs, 'LIMIT', 0, 1000);
    if (ids.length === 0) return 0;
    await this.redis.multi().del(...ids.map((id) => this.gameKey(id))).zrem(this.closedKey, ...ids).exec();
    return ids.length;
  }

  async listOwed(): Promise<string[]> {
    return this.redis.zrange(this.owedKey, 0, -1);
  }

  async settleOwed(roomId: string): Promise<void> {
    checkRoomId(roomId);
    const ttl = this.opts.archivedRetentionSeconds || this.opts.retentionSeconds || 0;
    await this.r.isleSettle(this.owedKey, this.closedKey, this.gameKey(roomId), roomId, Date.now(), ttl);
  }

  /** The closing script files a log in the same step: nothing is ever left behind. */
  async fileClosed(): Promise<void> {}

  async listOpen(): Promise<string[]> {
    return this.redis.smembers(this.openKey);
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

/** A failed Redis write as the store reports it: Redis at its memory cap gets a code of its own. */
export function storeError(e: Error): StoreWriteError {
  if (/^OOM\b/.test(e.message)) {
    return new StoreWriteError('Redis is at its memory limit (maxmemory) and refuses writes: raise maxmemory, or free memory (finished games leave once archived)', 'REDIS_OOM');
  }
  return new StoreWriteError(e.message);
}
