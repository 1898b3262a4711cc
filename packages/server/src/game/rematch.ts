/**
 * Rematch (the `rematch` message, docs/PROTOCOL.md "Rematch"): after a game ends, any seated human may ask
 * for a new game at the same table. The ended room creates a new room in this process with the same
 * create options (a new seed comes with the start), the bots in the same seats, and each human seat
 * reserved for whoever holds that seat's token of the ended game: the SHA-256 of each token goes to the
 * new room, exactly as a restored game keeps them (src/persistence/restore.ts), so the tokens themselves are never
 * copied. A player joins the new room with `{ seatToken: <the ended game's token> }`; the new room answers
 * with a fresh token in its `seat` message. The game starts once every reserved seat is taken (a solo
 * game at once); a seat not taken within the reservation time opens to anyone, as in any lobby.
 *
 * The record reaches the new room's onCreate through a one-time random key in its create options (as the
 * restore record does), so no client can create a room with seats of its choosing.
 */
import { createStash } from '../persistence/create-stash';

export interface RematchSeat {
  kind: 'human' | 'bot';
  name: string;
  /** Humans: SHA-256 (hex) of their seat token in the ended game. */
  tokenHash?: string;
  playerId?: string | null;
  account?: boolean;
}

export interface RematchRecord {
  /** The ended room (logged, and named in the new room's log). */
  from: string;
  /** The ended room's validated create options, without the creator's name and identity. */
  createOptions: Record<string, unknown>;
  seats: RematchSeat[];
}

const rematchStash = createStash<RematchRecord>('__rematch');

/** Create options that make the new room take `record` (valid once, in this process). */
export const rematchOptions = (record: RematchRecord): Record<string, string> => rematchStash.options(record);
/** For onCreate: the record its options point to, if any (consumed). */
export const takeRematch = (options: unknown): RematchRecord | undefined => rematchStash.take(options);
