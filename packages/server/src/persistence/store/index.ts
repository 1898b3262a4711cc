/**
 * Picks the store from the settings: Redis when REDIS_URL is set (STORE=auto), else files in
 * DATA_DIR. STORE=file|redis|memory forces one.
 */
import * as os from 'os';
import { Redis } from 'ioredis';
import type { Logger } from '../../ops/logger';
import type { RedisLinks } from '../../ops/redis-links';
import { FileStore } from './file-store';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import type { GameStore, StoreObserver } from './types';

export * from './types';
export { FileStore, type FileIo } from './file-store';
export { MemoryStore } from './memory-store';
export { RedisStore } from './redis-store';
export { StoreHealth } from './health';
export { RoomJournal, STORE_UNAVAILABLE } from './journal';

export interface StoreSettings {
  STORE: 'auto' | 'file' | 'redis' | 'memory';
  DATA_DIR: string;
  REDIS_URL?: string;
  REDIS_KEY_PREFIX: string;
  NODE_ID?: string;
  PUBLIC_ADDRESS?: string;
  PORT: number;
  /** Finished games stay in the live store this long (0 = forever). */
  FINISHED_RETENTION_HOURS?: number;
  /** Redis: an archived game's key expires this long after the archive holds it. */
  ARCHIVED_RETENTION_MINUTES?: number;
  /** Finished games are owed to the players' archive (a players' database is configured): see GameStore.listOwed. */
  owesArchive?: boolean;
}

/** The name a node's open games are filed under in Redis; stable across restarts of a replica. */
export function nodeIdOf(s: Pick<StoreSettings, 'NODE_ID' | 'PUBLIC_ADDRESS' | 'PORT'>): string {
  return s.NODE_ID || s.PUBLIC_ADDRESS || `${os.hostname()}:${s.PORT}`;
}

export function storeKind(s: Pick<StoreSettings, 'STORE' | 'REDIS_URL'>): 'file' | 'redis' | 'memory' {
  if (s.STORE !== 'auto') return s.STORE;
  return s.REDIS_URL ? 'redis' : 'file';
}

export function createStore(s: StoreSettings, deps: { logger?: Logger; observer?: StoreObserver; links?: RedisLinks } = {}): GameStore {
  const kind = storeKind(s);
  if (kind === 'memory') return new MemoryStore(deps.observer, s.owesArchive);
  if (kind === 'file') return new FileStore(s.DATA_DIR, { logger: deps.logger, observer: deps.observer, owesArchive: s.owesArchive });
  if (!s.REDIS_URL) throw new Error('STORE=redis needs REDIS_URL');
  // A command waits at most 5 s (a Redis that hangs must not hold acks forever); while the connection
  // is down, a write fails after 3 reconnection attempts, and ioredis keeps reconnecting with backoff.
  const redis = new Redis(s.REDIS_URL, { maxRetriesPerRequest: 3, commandTimeout: 5000 });
  if (deps.links) deps.links.watch('store', redis);
  else redis.on('error', (e: Error) => deps.logger?.warn({ err: e.message }, 'store: redis connection error'));
  return new RedisStore(redis, {
    prefix: s.REDIS_KEY_PREFIX, nodeId: nodeIdOf(s), logger: deps.logger, observer: deps.observer, ownsConnection: true,
    retentionSeconds: Math.round((s.FINISHED_RETENTION_HOURS ?? 0) * 3600),
    archivedRetentionSeconds: Math.round((s.ARCHIVED_RETENTION_MINUTES ?? 0) * 60),
    owesArchive: s.owesArchive,
  });
}
