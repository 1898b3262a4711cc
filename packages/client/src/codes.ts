/** The room name, error codes, close codes and the room listing: constants and types only (no zod). */
import type { GameId } from './players-api';

/** The one room type a server offers. */
export const ROOM_NAME = 'isle';


/**
 * The room's own refusal codes (the `code` of an `error` message). Every other code in an `error` is a
 * rules refusal passed through with its message (`WRONG_DECISION`, `CANNOT_AFFORD`, …; the rules README
 * lists them).
 */
export const SERVER_ERROR_CODES = [
  'UNKNOWN_MESSAGE', 'BAD_MESSAGE', 'TOO_LARGE', 'RATE_LIMITED', 'BAD_CHAT', 'CHAT_TOO_LONG', 'NOT_STARTED',
  'GAME_OVER', 'GAME_STOPPED', 'STORE_UNAVAILABLE', 'NOT_YOUR_SEAT', 'NOT_YOUR_TURN', 'BAD_ACTION', 'NOT_CREATOR',
  'ALREADY_STARTED', 'SEATS_NOT_FILLED', 'INTERNAL', 'REQUEST_NOT_SUPPORTED', 'NOTHING_TO_UNDO', 'UNDO_BLOCKED',
  'GAME_NOT_OVER', 'SHUTTING_DOWN',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** The code word that starts the message of a refused create, join or reconnect. */
export const MATCHMAKE_ERROR_CODES = [
  'BAD_OPTIONS', 'BAD_CODE', 'BAD_SEAT_TOKEN', 'BAD_IDENTITY', 'ROOM_FULL', 'SHUTTING_DOWN', 'NO_SUCH_ROOM',
  'QUOTA', 'STORE_UNAVAILABLE', 'SERVER_BUSY',
] as const;
export type MatchmakeErrorCode = (typeof MATCHMAKE_ERROR_CODES)[number];

/** Close codes of a connection (`room.onLeave(code)`): see docs/PROTOCOL.md, "Close codes". */
export const CLOSE_CODES = {
  /** You left (`leave()`). */
  CONSENTED: 4000,
  /** The server shut down (after a `restarting` message). */
  SERVER_SHUTDOWN: 4001,
  /** A frame the server could not read. */
  BAD_FRAME: 4002,
  /** Too many connections from your address. */
  TOO_MANY_CONNECTIONS: 4030,
  /** The connection kept exceeding its rate limit. */
  FLOODING: 4029,
  /** Your seat was taken by a newer connection with its seat token. */
  SEAT_TAKEN: 4100,
  /** The lobby was closed: nobody joined it for the server's LOBBY_IDLE_SECONDS (default 600). */
  LOBBY_IDLE: 4040,
  /** A frame over the server's payload limit. */
  MESSAGE_TOO_BIG: 1009,
} as const;

/** Close codes after which the server keeps no reconnection window: only a new join brings you back. */
export const NO_RECONNECTION_WINDOW: readonly number[] = [
  CLOSE_CODES.MESSAGE_TOO_BIG, CLOSE_CODES.BAD_FRAME, CLOSE_CODES.FLOODING, CLOSE_CODES.SEAT_TAKEN, CLOSE_CODES.LOBBY_IDLE,
];

/**
 * `GET /api/rooms` entries: the rooms that are not private. The listing leaves out the join code: a
 * room's code is for those its players give it to.
 */
export interface RoomListing {
  roomId: string;
  clients: number;
  maxClients: number;
  metadata: Omit<RoomMetadata, 'code'>;
}

/** A room's metadata (the matchmaker's; the listing shows all of it but the code). */
export interface RoomMetadata {
  /** Which game the room plays ('isle' today; the room type names it too). */
  game: GameId;
  seats: number;
  freeSeats: number;
  humans: number;
  bots: number;
  mode: string;
  scenario: number;
  /** 'lobby' | 'playing' | 'ended' */
  phase: string;
  botLevel: string;
  turnTimeLimit: number;
  creator: string;
  code: string;
  /** Rated (every seat a signed-in account, no bots): said in the lobby, fixed when the game starts. */
  rated: boolean;
}
