/**
 * The players' database: what outlives a game (identities, accounts, sessions, the archive of finished
 * games, ratings, chat). Live games stay in the game store (file or Redis); this holds the record after.
 * One SQL dialect, PostgreSQL, reached through Kysely: embedded PGlite by default, a real server with
 * DATABASE_URL. Column types here are what Kysely reads back.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: written as a JSON string, read back as parsed data. */
type Json<T> = ColumnType<T, string, string>;

export interface PlayersTable {
  id: string;
  /** SHA-256 (hex) of the guest secret the browser keeps; the secret itself is never stored. */
  secret_hash: string;
  display_name: string;
  /** Lower-cased; null until the guest claims an account. */
  username: string | null;
  /** `scrypt$N$r$p$salt$hash`; null for guests. */
  password_hash: string | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the bearer token. */
  token_hash: string;
  player_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked: boolean;
}

export interface GamesTable {
  id: string;
  /** Which game ('isle' | 'ttr'); rows from before the column existed are Isle of Trains games. */
  game: ColumnType<string, string | undefined, string>;
  started_at: Timestamp | null;
  finished_at: Timestamp;
  player_count: number;
  mode: string;
  rated: boolean;
  options: Json<unknown>;
  seed: string;
  actions: Json<unknown[]>;
  result: Json<unknown>;
  /** A private table's game: left out of the public lists; its replay needs the share key or a player's identity. */
  private: Generated<boolean>;
  /** SHA-256 (hex) of a private game's share key; null for public games. */
  share_key_hash: string | null;
}

export interface GamePlayersTable {
  game_id: string;
  seat: number;
  /** Null for bots and for players who never had an identity. */
  player_id: string | null;
  name: string;
  /** 'random' | 'greedy' | 'strong' for a bot seat, else null. */
  bot_level: string | null;
  score: number;
  /** 1 = winner; tied players share a place. */
  place: number;
}

export interface RatingsTable {
  player_id: string;
  /** A rating group of the client package's RATING_GROUPS ('2p', '3-4p', 'ttr:2p', 'ttr:3-5p'): one rating per game and player-count group. */
  grp: string;
  mu: number;
  sigma: number;
  games: number;
  updated_at: Timestamp;
}

export interface ChatTable {
  id: Generated<number>;
  game_id: string;
  seat: number | null;
  player_id: string | null;
  name: string;
  text: string;
  at: Timestamp;
}

/**
 * The coach's analyses (src/coach/coach-store.ts), one per game, seat and coach version. No foreign key to
 * `games`: a game is analysed as soon as it ends, which can be before the archive has it.
 */
export interface CoachAnalysesTable {
  game_id: string;
  seat: number;
  /** The coach's version and worlds per decision (coachVersion): a row of another version is not served. */
  coach_version: string;
  /** The analysis as JSON text, checked when read (a row that does not read back as an analysis is recomputed). */
  analysis: string;
  created_at: Timestamp;
}

/**
 * Analyses being computed (src/coach/coach-store.ts), one per game, seat and coach version: which server
 * runs it, since when, its progress, and when its server last wrote (a row not written for the coach's
 * timeout is taken over by the next request).
 */
export interface CoachRunsTable {
  game_id: string;
  seat: number;
  coach_version: string;
  /** The running server's coach (a random id per process). */
  owner: string;
  started_at: Timestamp;
  /** Written with the progress, every COACH_PROGRESS_MS while it runs: the run's sign of life. */
  updated_at: Timestamp;
  /** Decisions of the seat analysed, of `total` (0/0 until the first is done). */
  done: number;
  total: number;
}

export interface Database {
  players: PlayersTable;
  sessions: SessionsTable;
  games: GamesTable;
  game_players: GamePlayersTable;
  ratings: RatingsTable;
  chat: ChatTable;
  coach_analyses: CoachAnalysesTable;
  coach_runs: CoachRunsTable;
}
