/**
 * HTTP routes for players: guest identities, names, accounts, sessions, players' pages, the public games
 * list and the leaderboard. Every refusal is `{ code, message }` with a documented code (PROTOCOL.md,
 * "Players"). State-changing routes refuse cross-site requests (an Origin header naming another site).
 *
 * Credentials go in the Authorization header: `Guest <player id>:<secret>` for a guest identity, or
 * `Bearer <session token>` after signing in. Nothing here reads cookies, so a cross-site page cannot act
 * with a visitor's identity; the origin check is a second line for browsers that send one anyway.
 */
import { createHash } from 'crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { DatabaseHealth } from '../db/health';
import type { Logger } from '../ops/logger';
import { Accounts, checkDisplayName, PlayerError, type PlayerRecord } from './accounts';
import type { Archive } from './archive';
import type {
  GamesResponse, LeaderboardResponse, MeResponse, NewGuestResponse, PlayerPage, PlayersApiRefusal, RenameResponse, SessionResponse,
  SignOutEverywhereResponse, SignOutResponse,
} from '@isle-of-trains/client/protocol';
import { isRatingGroup, RATING_GROUPS } from '@isle-of-trains/client/protocol';
import { blockedFor, clear, PAIR_HOLD_SECONDS, pairKey, take, type PlayerLimits } from './limits';
import { ReadCache } from './read-cache';
import { DatabaseOpening } from './service';

/** The most games one GET /api/games answers (`limit`, default 50). */
export const GAMES_PAGE_MAX = 100;

export interface PlayerServices {
  accounts: Accounts;
  archive: Archive;
}

export interface PlayerRoutesOptions {
  /** Opens the database on first use (the players' database is not needed to play). */
  services: () => Promise<PlayerServices>;
  limits: PlayerLimits;
  logger: Logger;
  /** Database faults counted (and logged once per outage) there are answered without a line of their own. */
  health?: DatabaseHealth;
  /** The client's address (honouring X-Forwarded-For only from trusted proxies). */
  address: (req: Request) => string;
  /** Extra origins allowed to make state-changing requests besides the server's own. */
  allowedOrigins?: string[];
  /** How long an answer of the public reads (pages, games list, leaderboards) is reused; 0 = not cached. Default 3000. */
  readCacheMs?: number;
  /**
   * Public reads this process answers per second from all addresses together (bursts of as many); 0 = no
   * such limit. Default 200. Past it, reads are refused like an address over its own limit.
   */
  readsPerSecond?: number;
  /** Wall-clock ms for that budget (default Date.now; tests fix it). */
  now?: () => number;
}

/** Seconds a client is told to wait (Retry-After) when the players' database is unavailable. */
const UNAVAILABLE_RETRY_SECONDS = 5;
/** A public read over the limit is refused after this pause (at most the wait it announces). */
const REFUSAL_PAUSE_MS = 1000;

/** A route's work: its answer is one of the protocol's response bodies (`T`), so the two cannot drift apart. */
type Handler<T> = (req: Request, res: Response, s: PlayerServices) => Promise<T>;

function send<T>(res: Response, status: number, body: T): void {
  res.status(status).json(body);
}

export function playerRoutes(o: PlayerRoutesOptions): Router {
  const r = express.Router();
  r.use(express.json({ limit: '2kb', strict: true }));

  /** A refusal as `{ code, message }`: a PlayerError's own, or PLAYERS_UNAVAILABLE for a database failure. */
  const refuse = (req: Request, res: Response, e: unknown): void => {
    if (e instanceof PlayerError) {
      if (e.retryAfter !== undefined) res.set('Retry-After', String(e.retryAfter));
      send<PlayersApiRefusal>(res, e.status, { code: e.code, message: e.message, ...(e.retryAfter !== undefined ? { retryAfter: e.retryAfter } : {}) });
    } else {
      // Never log request bodies here: they may hold passwords or secrets. A database outage is logged
      // once by the health tracker, not once per request; anything else is logged here.
      if (e instanceof DatabaseOpening) o.logger.debug({ type: 'players', route: req.path }, 'players database still opening');
      else if (!o.health?.reported(e)) o.logger.error({ type: 'players', route: req.path, err: { message: (e as Error).message } }, 'players route failed');
      res.set('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
      send<PlayersApiRefusal>(res, 503, { code: 'PLAYERS_UNAVAILABLE', message: 'Player accounts are unavailable right now; games still work. Try again shortly.', retryAfter: UNAVAILABLE_RETRY_SECONDS });
    }
  };

  /** Answer with what `work` returns, or with its refusal. */
  const respond = <T>(work: (req: Request, res: Response) => Promise<T>) => async (req: Request, res: Response) => {
    try {
      const body = await work(req, res);
      if (!res.headersSent) send<T>(res, 200, body);
    } catch (e) {
      refuse(req, res, e);
    }
  };

  const run = <T>(h: Handler<T>) => respond<T>(async (req, res) => h(req, res, await o.services()));

  const sameSite = (req: Request): boolean => {
    const origin = req.get('origin');
    if (!origin) return true;
    if (o.allowedOrigins?.includes(origin)) return true;
    try {
      return new URL(origin).host === req.get('host');
    } catch {
      return false;
    }
  };
  const mutate = <T>(h: Handler<T>) => run<T>(async (req, res, s) => {
    if (!sameSite(req)) throw new PlayerError('CROSS_SITE', 'Requests that change an identity must come from this site.', 403);
    return h(req, res, s);
  });

  /** The caller's identity from the Authorization header, or a refusal. */
  async function who(req: Request, s: PlayerServices): Promise<PlayerRecord> {
    const h = req.get('authorization') ?? '';
    const guest = /^Guest ([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{1,128})$/.exec(h);
    if (guest) return s.accounts.authenticateGuest(guest[1], guest[2]);
    const bearer = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(h);
    if (bearer) return s.accounts.session(bearer[1]);
    throw new PlayerError('NOT_SIGNED_IN', 'Send your identity: Authorization: Guest <id>:<secret> or Bearer <token>.', 401);
  }

  const rateLimited = (seconds: number, what: string) => new PlayerError('RATE_LIMITED', `${what}; try again in ${seconds} s.`, 429, seconds);

  /**
   * Before a password is hashed (sign-in, claim): refused while the address used up its failures for the day,
   * while this account+address pair is held after a run of wrong passwords, or past the address's attempts.
   * Nothing here counts per account alone, so no one can lock an owner out from another address.
   */
  async function passwordGate(address: string, pair?: string): Promise<void> {
    const day = await blockedFor(o.limits.failuresByAddress, address);
    if (day !== null) throw rateLimited(day, 'Too many failed sign-ins from your address today');
    const held = pair === undefined ? null : await blockedFor(o.limits.failuresByPair, pair);
    if (held !== null) throw rateLimited(held, 'Too many wrong passwords for this account from your address');
    const busy = await take(o.limits.passwordAttempts, address);
    if (busy !== null) throw rateLimited(busy, 'Too many sign-in attempts from your address');
  }
  /**
   * The public reads: limited per address (before any database work), and answered from a short cache of
   * the serialized answer, so a flood of reads costs the database a query per distinct page every few
   * seconds at most, and the server a lookup and a write per request. A refusal is answered after a pause
   * (REFUSAL_PAUSE_MS): a client that asks again as soon as it is answered then costs one answer a second
   * per connection, not one per turn of the event loop.
   */
  const cache = new ReadCache(o.readCacheMs ?? 3000);
  // Many addresses together (which no per-address limit stops) get no more of this thread than this budget.
  const perSecond = o.readsPerSecond ?? 200;
  // Counted per wall-clock second (the token bucket of frame-gate.ts would bring Colyseus into this module).
  const window = { second: 0, used: 0 };
  const withinBudget = (): boolean => {
    if (perSecond <= 0) return true;
    const second = Math.floor((o.now ?? Date.now)() / 1000);
    if (second !== window.second) Object.assign(window, { second, used: 0 });
    return ++window.used <= perSecond;
  };
  const refusedAfterPause = async (wait: number, message: string): Promise<never> => {
    await new Promise((r) => setTimeout(r, Math.min(REFUSAL_PAUSE_MS, wait * 1000)));
    throw new PlayerError('RATE_LIMITED', message, 429, wait);
  };
  const publicRead = <T>(key: (req: Request) => string, h: Handler<T>) => async (req: Request, res: Response) => {
    let answer: { body: Buffer; etag: string };
    try {
      if (o.limits.publicReads) {
        const wait = await take(o.limits.publicReads, o.address(req));
        if (wait !== null) await refusedAfterPause(wait, `Too many reads from your address; try again in ${wait} s.`);
      }
      if (!withinBudget()) await refusedAfterPause(1, 'The server is answering too many reads right now; try again in 1 s.');
      answer = await cache.get(key(req), async () => {
        const body = Buffer.from(JSON.stringify(await h(req, res, await o.services())));
        return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
      });
    } catch (e) {
      return refuse(req, res, e);
    }
    // The ETag is the cached one (express would hash the body again on every answer).
    res.status(200).set({ 'Content-Type': 'application/json; charset=utf-8', ETag: answer.etag });
    if (req.fresh) res.status(304).end();
    else res.send(answer.body);
  };

  const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body as Record<string, unknown> : {});

  r.post('/players', mutate<NewGuestResponse>(async (req, _res, s) => {
    // The name as sent, checked first: a refused name (not text, say) changes nothing, the limit included.
    const name = body(req).name;
    if (name !== undefined) checkDisplayName(name);
    const wait = await take(o.limits.guests, o.address(req));
    if (wait !== null) throw rateLimited(wait, 'Too many new identities from your address');
    return s.accounts.createGuest(name);
  }));

  r.get('/me', run<MeResponse>(async (req, _res, s) => {
    const me = await who(req, s);
    return { player: me, ratings: await s.archive.ratingsOf(me.id) };
  }));

  r.post('/me/name', mutate<RenameResponse>(async (req, _res, s) => {
    const me = await who(req, s);
    return { player: await s.accounts.rename(me.id, body(req).name) };
  }));

  r.post('/account/claim', mutate<SessionResponse>(async (req, _res, s) => {
    const me = await who(req, s);
    const b = body(req);
    const address = o.address(req);
    await passwordGate(address);
    const player = await s.accounts.claim(me.id, b.username, b.password).catch(async (e: unknown) => {
      // "Taken" tells that an account exists: it costs the address what a failed sign-in costs.
      if (e instanceof PlayerError && e.code === 'USERNAME_TAKEN') await take(o.limits.failuresByAddress, address);
      throw e;
    });
    const session = await s.accounts.newSession(player.id);
    return { player, token: session.token, expiresAt: session.expiresAt.toISOString() };
  }));

  r.post('/account/signin', mutate<SessionResponse>(async (req, _res, s) => {
    const b = body(req);
    const user = typeof b.username === 'string' ? b.username.trim().toLowerCase().slice(0, 40) : '';
    const address = o.address(req);
    const pair = pairKey(user, address);
    await passwordGate(address, pair);
    try {
      const { player, token, expiresAt } = await s.accounts.signIn(b.username, b.password);
      // A success ends the run of consecutive failures from this address.
      await clear(o.limits.failuresByPair, pair);
      return { player, token, expiresAt: expiresAt.toISOString() };
    } catch (e) {
      if (e instanceof PlayerError && e.code === 'BAD_CREDENTIALS') {
        await Promise.all([take(o.limits.failuresByAddress, address), take(o.limits.failuresByPair, pair, PAIR_HOLD_SECONDS)]);
      }
      throw e;
    }
  }));

  r.post('/account/signout', mutate<SignOutResponse>(async (req, _res, s) => {
    const m = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(req.get('authorization') ?? '');
    if (!m) throw new PlayerError('NOT_SIGNED_IN', 'Sign out needs the session: Authorization: Bearer <token>.', 401);
    await s.accounts.session(m[1]);
    await s.accounts.signOut(m[1]);
    return { ok: true };
  }));

  r.post('/account/signout-everywhere', mutate<SignOutEverywhereResponse>(async (req, _res, s) => {
    const me = await who(req, s);
    return { revoked: await s.accounts.signOutEverywhere(me.id) };
  }));

  // The page a player's own identity gets holds their private tables' games: it is cached under that
  // credential (its hash), never under the page everyone else reads.
  const pageKey = (req: Request): string => {
    const auth = req.get('authorization');
    return `player:${String(req.params.id)}${auth ? `:as:${createHash('sha256').update(auth).digest('base64url')}` : ''}`;
  };
  r.get('/players/:id', publicRead<PlayerPage>(pageKey, async (req, _res, s) => {
    const id = String(req.params.id);
    const p = /^p_[A-Za-z0-9_-]{1,40}$/.test(id) ? await s.accounts.get(id) : null;
    if (!p) throw new PlayerError('NOT_FOUND', 'No such player.', 404);
    // Private tables' games show only on the player's own page (their identity in the Authorization header).
    const viewer = req.get('authorization') ? await who(req, s).catch(() => null) : null;
    return { player: { id: p.id, name: p.name, account: p.username !== null }, ratings: await s.archive.ratingsOf(p.id), games: await s.archive.gamesOf(p.id, 50, viewer?.id === p.id) };
  }));

  /** An integer 1–GAMES_PAGE_MAX, or absent (50): anything else is refused rather than quietly turned into a number. */
  const gamesLimit = (req: Request): number => {
    const raw = req.query.limit;
    const limit = raw === undefined ? 50 : typeof raw === 'string' && /^[0-9]{1,4}$/.test(raw) ? Number(raw) : NaN;
    if (!(limit >= 1 && limit <= GAMES_PAGE_MAX)) throw new PlayerError('BAD_REQUEST', `limit is a whole number from 1 to ${GAMES_PAGE_MAX}.`, 400);
    return limit;
  };
  r.get('/games', publicRead<GamesResponse>((req) => `games:${String(req.query.limit)}`, async (req, _res, s) => {
    return { games: await s.archive.recent(gamesLimit(req)) };
  }));

  r.get('/leaderboard/:group', publicRead<LeaderboardResponse>((req) => `leaderboard:${String(req.params.group)}`, async (req, _res, s) => {
    const group = String(req.params.group);
    if (!isRatingGroup(group)) throw new PlayerError('NOT_FOUND', `Leaderboards are ${RATING_GROUPS.map((g) => `"${g}"`).join(', ')}.`, 404);
    return { group, players: await s.archive.leaderboard(group) };
  }));

  // A malformed JSON body or one over the limit: the same format as every other refusal.
  r.use((err: Error & { type?: string; status?: number }, _req: Request, res: Response, next: (e?: unknown) => void) => {
    if (!err) return next();
    if (err.type === 'entity.too.large') send<PlayersApiRefusal>(res, 413, { code: 'TOO_LARGE', message: 'That request body is too large.' });
    else send<PlayersApiRefusal>(res, 400, { code: 'BAD_REQUEST', message: 'The request body must be a JSON object.' });
  });
  return r;
}
