/**
 * Brute-force limits for sign-in and identity creation, and a limit on public reads (players' pages, the
 * games list, leaderboards), with rate-limiter-flexible: per account and per address, in process memory,
 * or in Redis when the server is scaled out so every process counts the same attempts.
 */
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface PlayerLimitSettings {
  /** Failed sign-ins per username per 15 minutes. */
  loginPerAccount: number;
  /** Sign-in attempts per address per 15 minutes. */
  loginPerAddress: number;
  /** New guest identities per address per hour. */
  guestsPerAddress: number;
  /** Public reads (players' pages, games list, leaderboards) per address per minute; 0 = no limit. Default 120. */
  publicReadsPerAddress?: number;
}

export const DEFAULT_PLAYER_LIMITS: PlayerLimitSettings = { loginPerAccount: 10, loginPerAddress: 60, guestsPerAddress: 30, publicReadsPerAddress: 120 };

export class PlayerLimits {
  readonly loginAccount: RateLimiterAbstract;
  readonly loginAddress: RateLimiterAbstract;
  readonly guests: RateLimiterAbstract;
  /** Null when public reads are not limited. */
  readonly publicReads: RateLimiterAbstract | null;

  constructor(settings: PlayerLimitSettings = DEFAULT_PLAYER_LIMITS, redis?: { client: Redis; prefix: string }) {
    const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => (redis
      // While Redis is down the process counts on its own (insurance limiter) instead of failing sign-ins.
      ? new RateLimiterRedis({ storeClient: redis.client, keyPrefix: `${redis.prefix}rl:${keyPrefix}`, points, duration, insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }) })
      : new RateLimiterMemory({ keyPrefix, points, duration }));
    this.loginAccount = make('login-account', settings.loginPerAccount, 15 * 60);
    this.loginAddress = make('login-address', settings.loginPerAddress, 15 * 60);
    this.guests = make('guests', settings.guestsPerAddress, 3600);
    const reads = settings.publicReadsPerAddress ?? 120;
    this.publicReads = reads > 0 ? make('public-reads', reads, 60) : null;
  }
}

/** Seconds until a limiter lets the key through again, or null when it is not limited now. */
export async function blockedFor(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  const r = await limiter.get(key);
  if (r && r.consumedPoints >= limiter.points) return Math.ceil(r.msBeforeNext / 1000);
  return null;
}

/** Take one point; the seconds to wait when that went over the limit, else null. */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.ceil(e.msBeforeNext / 1000);
    throw e;
  }
}
