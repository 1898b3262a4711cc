/**
 * The players' HTTP API under `/api` (docs/PROTOCOL.md, "Players"): identities, accounts, players' pages,
 * ratings and the games list. These are the bodies as they travel (JSON: times are ISO strings); the
 * server's routes are typed with them. {@link PlayersApi} makes the calls (the web client's identity uses
 * it). Nothing here loads zod or the SDK: only the host's `fetch`.
 */

/** A player as the routes return it. */
export interface PlayerInfo {
  /** The public player id (`p_…`): their page is `GET /api/players/:id`. */
  id: string;
  name: string;
  /** The account's username; null for a guest. */
  username: string | null;
}

/** The games this site hosts: Isle of Trains, and the Ticket to Ride game on our Northern Europe map. */
export const GAME_IDS = ['isle', 'ttr'] as const;
export type GameId = (typeof GAME_IDS)[number];

/**
 * The rating groups, per game: Isle of Trains keeps its two (two-player tables, and tables of three or
 * four) under their old names; the second game's are prefixed with its id. A rating in one game says
 * nothing about the other, so each has its own groups and leaderboards.
 */
export const RATING_GROUPS = ['2p', '3-4p', 'ttr:2p', 'ttr:3-5p'] as const;
/** A rating group (one rating per player and group; the leaderboards are by group). */
export type RatingGroup = (typeof RATING_GROUPS)[number];

/** The rating group a table of `players` seats of `game` counts in; null when such a table is never rated (solo). */
export function ratingGroup(players: number, game: GameId = 'isle'): RatingGroup | null {
  if (game === 'ttr') {
    if (players === 2) return 'ttr:2p';
    if (players >= 3 && players <= 5) return 'ttr:3-5p';
    return null;
  }
  if (players === 2) return '2p';
  if (players === 3 || players === 4) return '3-4p';
  return null;
}

/** Whether a text names a rating group (a leaderboard's address, a stored row). */
export function isRatingGroup(s: string): s is RatingGroup {
  return (RATING_GROUPS as readonly string[]).includes(s);
}

/** One player's rating in one group. */
export interface RatingRow {
  playerId: string;
  /** The player's display name now. */
  name: string;
  group: RatingGroup;
  /** The number to show: 1000 + 40 × (μ − 3σ), openskill's Weng-Lin model. */
  rating: number;
  mu: number;
  sigma: number;
  /** Rated games played in this group. */
  games: number;
}

/** One seat of a finished game. */
export interface GameSeat {
  seat: number;
  /** The seated player's id; null for a bot or a player without identity. */
  playerId: string | null;
  name: string;
  /** The bot's level; null for a human. */
  botLevel: string | null;
  score: number;
  /** 1 = winner; tied seats share a place. */
  place: number;
}

/** A finished game in a list (its replay: `GET /api/games/:id/replay`). */
export interface GameSummary {
  id: string;
  /** Which game was played. */
  game: GameId;
  /** ISO time. */
  finishedAt: string;
  playerCount: number;
  /** 'multiplayer' | 'challenge' | 'scenario' */
  mode: string;
  rated: boolean;
  seats: GameSeat[];
}

/** `POST /api/players` body: a new guest identity, with a display name or a made-up one. */
export interface NewGuestRequest {
  name?: string;
}
/** `POST /api/players`: the new guest and its secret (shown this once; send it as `Guest <id>:<secret>`). */
export interface NewGuestResponse {
  player: PlayerInfo;
  secret: string;
}

/** `GET /api/me`: the caller and their ratings. */
export interface MeResponse {
  player: PlayerInfo;
  ratings: RatingRow[];
}

/** `POST /api/me/name` body. */
export interface RenameRequest {
  name: string;
}
/** `POST /api/me/name`: the caller under the new name. */
export interface RenameResponse {
  player: PlayerInfo;
}

/** `POST /api/account/claim` and `POST /api/account/signin` body. */
export interface CredentialsRequest {
  username: string;
  password: string;
}
/** `POST /api/account/claim` and `POST /api/account/signin`: a session (send it as `Bearer <token>`). */
export interface SessionResponse {
  player: PlayerInfo;
  token: string;
  /** ISO time; sessions last 30 days. */
  expiresAt: string;
}

/** `POST /api/account/signout`. */
export interface SignOutResponse {
  ok: true;
}
/** `POST /api/account/signout-everywhere`: how many sessions were revoked. */
export interface SignOutEverywhereResponse {
  revoked: number;
}

/** `GET /api/players/:id`: a player's public page. */
export interface PlayerPage {
  player: {
    id: string;
    name: string;
    /** A signed-in account (only accounts' games are rated), not a guest. */
    account: boolean;
  };
  ratings: RatingRow[];
  /** Newest first. */
  games: GameSummary[];
}

/** `GET /api/games?limit=`: recent finished games, newest first. */
export interface GamesResponse {
  games: GameSummary[];
}

/** `GET /api/leaderboard/:group`: the best displayed ratings of a group. */
export interface LeaderboardResponse {
  group: RatingGroup;
  players: RatingRow[];
}

/** Every refusal of the players' routes: `{ code, message }` with an HTTP status (PROTOCOL.md, "Players"). */
export interface PlayersApiRefusal {
  code: string;
  message: string;
  /** With `RATE_LIMITED` and `PLAYERS_UNAVAILABLE`: seconds to wait before trying again (also the Retry-After header). */
  retryAfter?: number;
}

/** The fetch a {@link PlayersApi} calls: the host's `fetch` by default (Node 22+ and browsers), or any with its shape. */
export type PlayersFetch = (
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** A refused call of the players' routes: the server's code and words, and the HTTP status (0 and `OFFLINE`: no answer). */
export class PlayersApiError extends Error {
  override readonly name = 'PlayersApiError';
  constructor(readonly code: string, message: string, readonly status: number) {
    super(message);
  }
}

/** Options of a {@link PlayersApi}. */
export interface PlayersApiOptions {
  /** The Authorization value to send (`Guest <id>:<secret>` or `Bearer <token>`), read at each call; null: none yet. */
  auth?: () => string | null;
  /** The fetch to use (tests, or a host without a global one). */
  fetch?: PlayersFetch;
}

/**
 * Typed calls of the players' routes, for a client outside this repository or the web client:
 *
 * ```ts
 * const api = new PlayersApi('https://isle.example');
 * const { player, secret } = await api.newGuest('Ada');
 * const me = new PlayersApi('https://isle.example', { auth: () => `Guest ${player.id}:${secret}` });
 * console.log((await me.me()).ratings, (await me.leaderboard('2p')).players);
 * ```
 *
 * Every refusal rejects with a {@link PlayersApiError}.
 */
export class PlayersApi {
  constructor(
    /** The server's HTTP address, without a trailing slash (`https://isle.example`). */
    readonly base: string,
    private readonly options: PlayersApiOptions = {},
  ) {}

  /** `POST /api/players`: a new guest identity, named `name` or a made-up name. */
  newGuest(name?: string): Promise<NewGuestResponse> {
    const body: NewGuestRequest = name !== undefined ? { name } : {};
    return this.call('POST', '/api/players', body, false);
  }

  /** `GET /api/me`: the caller and their ratings. */
  me(): Promise<MeResponse> {
    return this.call('GET', '/api/me');
  }

  /** `POST /api/me/name`. */
  rename(name: string): Promise<RenameResponse> {
    const body: RenameRequest = { name };
    return this.call('POST', '/api/me/name', body);
  }

  /** `POST /api/account/claim`: the calling guest becomes an account (its guest secret stops working; use the session). */
  claim(username: string, password: string): Promise<SessionResponse> {
    const body: CredentialsRequest = { username, password };
    return this.call('POST', '/api/account/claim', body);
  }

  /** `POST /api/account/signin`: a new session of an account. */
  signIn(username: string, password: string): Promise<SessionResponse> {
    const body: CredentialsRequest = { username, password };
    return this.call('POST', '/api/account/signin', body, false);
  }

  /** `POST /api/account/signout`: revokes the session the caller sends. */
  signOut(): Promise<SignOutResponse> {
    return this.call('POST', '/api/account/signout', {});
  }

  /** `POST /api/account/signout-everywhere`: revokes every session of the caller's account. */
  signOutEverywhere(): Promise<SignOutEverywhereResponse> {
    return this.call('POST', '/api/account/signout-everywhere', {});
  }

  /** `GET /api/players/:id`: a player's public page. */
  player(id: string): Promise<PlayerPage> {
    return this.call('GET', `/api/players/${encodeURIComponent(id)}`, undefined, false);
  }

  /** `GET /api/games`: recent finished games, newest first (1–100). */
  games(limit = 50): Promise<GamesResponse> {
    return this.call('GET', `/api/games?limit=${limit}`, undefined, false);
  }

  /** `GET /api/leaderboard/:group`. */
  leaderboard(group: RatingGroup): Promise<LeaderboardResponse> {
    return this.call('GET', `/api/leaderboard/${group}`, undefined, false);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object, auth = true): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const credential = auth ? this.options.auth?.() : null;
    if (credential) headers.authorization = credential;
    const send: PlayersFetch = this.options.fetch ?? ((url, init) => fetch(url, init));
    let res: Awaited<ReturnType<PlayersFetch>>;
    try {
      res = await send(`${this.base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    } catch {
      throw new PlayersApiError('OFFLINE', 'Cannot reach the server.', 0);
    }
    const json = (await res.json().catch(() => null)) as (T & Partial<PlayersApiRefusal>) | null;
    if (!res.ok) throw new PlayersApiError(json?.code ?? `HTTP_${res.status}`, json?.message ?? `The server answered ${res.status}.`, res.status);
    return json as T;
  }
}
