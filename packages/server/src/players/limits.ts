/**
 * Brute-force limits for sign-in, account claims and identity creation (rate-limiter-flexible), in process
 * memory, or in Redis when the server is scaled out so every process counts the same attempts.
 *
 * Sign-in follows rate-limiter-flexible's "login endpoint protection" (OWASP's advice against lock-outs):
 * failures are counted per account *and address* (consecutive, reset by a success) and per address (a day's
 * worth), never per account alone. A count per account alone let anyone lock its owner out by typing wrong
 * passwords from anywhere; counted per pair, an attacker only holds the pairs they use, and the owner's own
 * address still gets in. A claim that answers USERNAME_TAKEN counts as a failed sign-in from its address, so
 * finding out which usernames exist costs what guessing passwords costs.
 *
 * Public reads (players' pages, the games list, leaderboards) have a per-address limit of their own.
 */
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface PlayerLimitSettings {
  /** Consecutive failed sign-ins to one account from one address before that pair waits (a success resets it). */
  failuresPerAccountAndAddress: number;
  /** Failed sign-ins and USERNAME_TAKEN answers from one address per day. */
  failuresPerAddressPerDay: number;
  /** Sign-ins and claims (each one password hash) from one address per 15 minutes, whatever their outcome. */
  passwordAttemptsPerAddress: number;
  /** New guest identities per address per hour. */
  guestsPerAddress: number;
  /** Public reads (players' pages, games list, leaderboards) per address per minute; 0 = no limit. Default 120. */
  publicReadsPerAddress?: number;
}

export const DEFAULT_PLAYER_LIMITS: PlayerLimitSettings = {
  failuresPerAccountAndAddress: 10, failuresPerAddressPerDay: 100, passwordAttemptsPerAddress: 60, guestsPerAddress: 30, publicReadsPerAddress: 120,
};

/** How long an account+address pair waits once it reached its consecutive failures (seconds). */
export const PAIR_HOLD_SECONDS = 15 * 60;

export class PlayerLimits {
  /** Consecutive failures per `pairKey(account, address)`; held PAIR_HOLD_SECONDS once over. */
  readonly failuresByPair: RateLimiterAbstract;
  /** Failures (wrong password, unknown user, username taken) per address per day. */
  readonly failuresByAddress: RateLimiterAbstract;
  /** Every sign-in or claim per address per 15 minutes: bounds the password hashing one address can cause. */
  readonly passwordAttempts: RateLimiterAbstract;
  readonly guests: RateLimiterAbstract;
  /** Null when public reads are not limited. */
  readonly publicReads: RateLimiterAbstract | null;

  constructor(settings: PlayerLimitSettings = DEFAULT_PLAYER_LIMITS, redis?: { client: Redis; prefix: string }) {
    const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => (redis
      // While Redis is down the process counts on its own (insurance limiter) instead of failing sign-ins.
      ? new RateLimiterRedis({ storeClient: redis.client, keyPrefix: `${redis.prefix}rl:${keyPrefix}`, points, duration, insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }) })
      : new RateLimiterMemory({ keyPrefix, points, duration }));
    // Consecutive: the count lives a day unless a success clears it; the failure that reaches it holds the
    // pair for PAIR_HOLD_SECONDS (take's `holdSeconds`).
    this.failuresByPair = make('signin-fail-pair', settings.failuresPerAccountAndAddress, 86_400);
    this.failuresByAddress = make('signin-fail-address', settings.failuresPerAddressPerDay, 86_400);
    this.passwordAttempts = make('password-attempts', settings.passwordAttemptsPerAddress, 15 * 60);
    this.guests = make('guests', settings.guestsPerAddress, 3600);
    const reads = settings.publicReadsPerAddress ?? 120;
    this.publicReads = reads > 0 ? make('public-reads', reads, 60) : null;
  }
}

/**
 * The key of one account tried from one address. An address never contains '/', so the two cannot run
 * together whatever the username holds.
 */
export function pairKey(username: string, address: string): string {
  return `${address}/${username}`;
}

/** Seconds until a limiter lets the key through again, or null when it is not limited now. */
export async function blockedFor(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  const r = await limiter.get(key);
  if (r && r.consumedPoints >= limiter.points) return Math.max(1, Math.ceil(r.msBeforeNext / 1000));
  return null;
}

/**
 * Take one point; the seconds to wait when that went over the limit, else null. With `holdSeconds`, the point
 * that uses up the limit holds the key for that long (instead of until the end of the limiter's window).
 */
export async function take(limiter: RateLimiterAbstract, key: string, holdSeconds?: number): Promise<number | null> {
  try {
    const r = await limiter.consume(key);
    if (holdSeconds !== undefined && r.remainingPoints <= 0) await limiter.block(key, holdSeconds);
    return null;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw e;
  }
}

/** Forget a key's count (a success ends a run of consecutive failures). */
export async function clear(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.delete(key);
}
