/**
 * The players' HTTP API under `/api` (docs/PROTOCOL.md, "Players"): identities, accounts, players' pages,
 * ratings and the games list. These are the bodies as they travel (JSON: times are ISO strings); the
 * server's routes are typed with them, and the web client reads its answers with them. Types and one
 * pure function only: nothing here loads zod or the SDK.
 */

/** A player as the routes return it. */
export interface PlayerInfo {
  /** The public player id (`p_…`): their page is `GET /api/players/:id`. */
  id: string;
  name: string;
  /** The account's username; null for a guest. */
  username: string | null;
}

/** The rating groups: two-player tables, and tables of three or four. */
export const RATING_GROUPS = ['2p', '3-4p'] as const;
/** A rating group (one rating per player and group; the leaderboards are by group). */
export type RatingGroup = (typeof RATING_GROUPS)[number];

/** The rating group a table of `players` seats counts in; null for solo (never rated). */
export function ratingGroup(players: number): RatingGroup | null {
  if (players === 2) return '2p';
  if (players === 3 || players === 4) return '3-4p';
  return null;
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
export interface PlayersApiError {
  code: string;
  message: string;
}
