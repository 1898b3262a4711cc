/**
 * Who may read a private game's record after its end. A private table (create option `private: true`) is
 * not listed while it is open, and it stays unlisted after: it is left out of GET /api/games and out of
 * the players' pages other people see, and its replay (moves, names, scores and table chat) is served
 * only to
 *
 * - one of its players: the request's Authorization identity is one of its seats' player ids; or
 * - whoever holds its share key: a random key the room makes when it is created and gives only to the
 *   seated players (in their `seat` message), which they pass on as `?key=` in a link.
 *
 * Anyone else gets the same 404 NOT_FOUND as for a game that does not exist, so ids cannot be probed.
 * The key is kept in the game's stored log (the server's own, with the seed and the token hashes) so a
 * restarted room gives it out again; the players' database keeps only its SHA-256.
 */
import { createHash, randomBytes, timingSafeEqual } from 'crypto';
import type { LogEntry } from '../persistence/store/types';

/** What decides who may read a finished game. */
export interface GameAccess {
  private: boolean;
  /** SHA-256 (hex) of the share key; null for a public game (or a private one from before keys existed). */
  shareKeyHash: string | null;
  /** The seats' player ids (null for bots and players without an identity). */
  playerIds: (string | null)[];
}

export const PUBLIC_GAME: GameAccess = { private: false, shareKeyHash: null, playerIds: [] };

/** A new share key: 144 random bits, URL-safe. */
export function newShareKey(): string {
  return randomBytes(18).toString('base64url');
}

export function shareKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The access rules of a game from its stored log (its `create` and `seat` entries). */
export function accessFromLog(entries: readonly LogEntry[]): GameAccess {
  const create = entries.find((e) => e.t === 'create');
  const isPrivate = create?.t === 'create' && create.options.private === true;
  if (!isPrivate) return PUBLIC_GAME;
  const playerIds: (string | null)[] = [];
  for (const e of entries) if (e.t === 'seat' && e.playerId) playerIds[e.seat] = e.playerId;
  return { private: true, shareKeyHash: create.shareKey ? shareKeyHash(create.shareKey) : null, playerIds: [...playerIds].map((p) => p ?? null) };
}

/** True when the requester (their player id, if they sent an identity; the `key` they gave) may read the game. */
export function mayRead(access: GameAccess, key: unknown, requesterId: string | null): boolean {
  if (!access.private) return true;
  if (requesterId !== null && access.playerIds.includes(requesterId)) return true;
  if (typeof key !== 'string' || key.length === 0 || key.length > 64 || access.shareKeyHash === null) return false;
  return timingSafeEqual(Buffer.from(shareKeyHash(key), 'hex'), Buffer.from(access.shareKeyHash, 'hex'));
}
