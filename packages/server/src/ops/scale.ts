/**
 * Scale-out: with REDIS_URL, every process shares one matchmaking pool through Redis
 * (@colyseus/redis-presence + @colyseus/redis-driver): a room created through one process is listed,
 * found and joined through any other. A seat reservation carries the owning process's
 * PUBLIC_ADDRESS (host[:port][/path], no scheme), and the SDK opens the room's WebSocket there, so
 * each process must advertise an address clients can reach it at.
 *
 * REDIS_KEY_PREFIX namespaces every key (several deployments or test runs can share one Redis).
 */
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import type { Presence } from '@colyseus/core';
import { Redis } from 'ioredis';
import type { Logger } from './logger';
import type { RedisLinks } from './redis-links';
import { forgetFailedRoomQueries } from '../colyseus-patches/redis-driver-fix';

export interface ScaleSettings {
  REDIS_URL?: string;
  REDIS_KEY_PREFIX: string;
  PUBLIC_ADDRESS?: string;
}

export interface ScaleOptions {
  presence?: Presence;
  driver?: RedisDriver;
  publicAddress?: string;
}

export function scaleOutOptions(s: ScaleSettings, logger?: Logger, links?: RedisLinks): ScaleOptions {
  const out: ScaleOptions = {};
  if (s.PUBLIC_ADDRESS) out.publicAddress = s.PUBLIC_ADDRESS;
  if (!s.REDIS_URL) return out;
  // ioredis: a URL string plus options; keyPrefix applies to keys (not pub/sub channels, which
  // carry random process and room ids anyway).
  const redisOptions = { keyPrefix: s.REDIS_KEY_PREFIX, maxRetriesPerRequest: 3 };
  // The connections are made here and watched by `links` (an ioredis 'error' without a listener would
  // end the process; the presence's own listeners would log every reconnection attempt).
  const pub = new Redis(urlOptions(s.REDIS_URL, redisOptions));
  const presence = new RedisPresence(pub);
  const client = new Redis(urlOptions(s.REDIS_URL, redisOptions));
  // The pinned driver keeps a failed room-list request cached until restart (src/colyseus-patches/redis-driver-fix.ts).
  const driver = forgetFailedRoomQueries(new RedisDriver(client));
  if (links) {
    links.watch('presence-pub', pub);
    links.watch('presence-sub', (presence as unknown as { sub: Redis }).sub);
    links.watch('driver', client);
  } else {
    for (const c of [pub, (presence as unknown as { sub: Redis }).sub, client]) {
      if (c.listenerCount('error') === 0) c.on('error', (e: Error) => logger?.warn({ err: e.message }, 'redis connection error'));
    }
  }
  logger?.info({ publicAddress: s.PUBLIC_ADDRESS ?? null }, 'scale-out on Redis');
  out.presence = presence as unknown as Presence;
  out.driver = driver;
  return out;
}

/** redis://[user:pass@]host:port[/db] → ioredis options (the Colyseus classes take one argument). */
export function urlOptions(url: string, extra: Record<string, unknown>): Record<string, unknown> {
  const u = new URL(url);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  const o: Record<string, unknown> = {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    db: Number.isFinite(db) ? db : 0,
    ...extra,
  };
  if (u.username) o.username = decodeURIComponent(u.username);
  if (u.password) o.password = decodeURIComponent(u.password);
  if (u.protocol === 'rediss:') o.tls = {};
  return o;
}
