/**
 * HTTP routes for players: guest identities, names, accounts, sessions, players' pages, the public games
 * list and the leaderboard. Every refusal is `{ code, message }` with a documented code (PROTOCOL.md,
 * "Players"). State-changing routes refuse cross-site requests (an Origin header naming another site).
 *
 * Credentials go in the Authorization header: `Guest <player id>:<secret>` for a guest identity, or
 * `Bearer <session token>` after signing in. Nothing here reads cookies, so a cross-site page cannot act
 * with a visitor's identity; the origin check is a second line for browsers that send one anyway.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from '../logger';
import { Accounts, checkDisplayName, PlayerError, type PlayerRecord } from './accounts';
import type { Archive } from './archive';
import type {
  GamesResponse, LeaderboardResponse, MeResponse, NewGuestResponse, PlayerPage, PlayersApiRefusal, RenameResponse, SessionResponse,
  SignOutEverywhereResponse, SignOutResponse,
} from '@isle-of-trains/client/protocol';
import { blockedFor, clear, PAIR_HOLD_SECONDS, pairKey, take, type PlayerLimits } from './limits';

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
  /** The client's address (honouring X-Forwarded-For only from trusted proxies). */
  address: (req: Request) => string;
  /** Extra origins allowed to make state-changing requests besides the server's own. */
  allowedOrigins?: string[];
}

/** A route's work: its answer is one of the protocol's response bodies (`T`), so the two cannot drift apart. */
type Handler<T> = (req: Request, res: Response, s: PlayerServices) => Promise<T>;

function send<T>(res: Response, status: number, body: T): void {
  res.status(status).json(body);
}

export function playerRoutes(o: PlayerRoutesOptions): Router {
  const r = express.Router();
  r.use(express.json({ limit: '2kb', strict: true }));

  const run = <T>(h: Handler<T>) => async (req: Request, res: Response) => {
    try {
      const s = await o.services();
      const body = await h(req, res, s);
      if (!res.headersSent) send<T>(res, 200, body);
    } catch (e) {
      if (e instanceof PlayerError) {
        if (e.retryAfter !== undefined) res.set('Retry-After', String(e.retryAfter));
        send<PlayersApiRefusal>(res, e.status, { code: e.code, message: e.message });
      } else {
        // Never log request bodies here: they may hold passwords or secrets.
        o.logger.error({ type: 'players', route: req.path, err: { message: (e as Error).message } }, 'players route failed');
        send<PlayersApiRefusal>(res, 503, { code: 'PLAYERS_UNAVAILABLE', message: 'Player accounts are unavailable right now; games still work. Try again shortly.' });
      }
    }
  };

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

  r.get('/players/:id', run<PlayerPage>(async (req, _res, s) => {
    const id = String(req.params.id);
    const p = /^p_[A-Za-z0-9_-]{1,40}$/.test(id) ? await s.accounts.get(id) : null;
    if (!p) throw new PlayerError('NOT_FOUND', 'No such player.', 404);
    // Private tables' games show only on the player's own page (their identity in the Authorization header).
    const viewer = req.get('authorization') ? await who(req, s).catch(() => null) : null;
    return { player: { id: p.id, name: p.name, account: p.username !== null }, ratings: await s.archive.ratingsOf(p.id), games: await s.archive.gamesOf(p.id, 50, viewer?.id === p.id) };
  }));

  r.get('/games', run<GamesResponse>(async (req, _res, s) => {
    // An integer 1–GAMES_PAGE_MAX, or absent (50): anything else is refused rather than quietly turned into a number.
    const raw = req.query.limit;
    const limit = raw === undefined ? 50 : typeof raw === 'string' && /^[0-9]{1,4}$/.test(raw) ? Number(raw) : NaN;
    if (!(limit >= 1 && limit <= GAMES_PAGE_MAX)) throw new PlayerError('BAD_REQUEST', `limit is a whole number from 1 to ${GAMES_PAGE_MAX}.`, 400);
    return { games: await s.archive.recent(limit) };
  }));

  r.get('/leaderboard/:group', run<LeaderboardResponse>(async (req, _res, s) => {
    const group = String(req.params.group);
    if (group !== '2p' && group !== '3-4p') throw new PlayerError('NOT_FOUND', 'Leaderboards are "2p" and "3-4p".', 404);
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
