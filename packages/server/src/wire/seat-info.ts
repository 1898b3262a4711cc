/** One seat of the table in the room state (every game's state has a list of them). */
import type { SchemaType } from '@colyseus/schema';
import { schema, t } from './colyseus-schema';

export const SeatInfo = schema({
  index: t.number().default(0),
  name: t.string().default(''),
  /** 'empty' | 'human' | 'bot' */
  kind: t.string().default('empty'),
  connected: t.boolean().default(false),
  /** A bot plays for an absent human (reconnection window over); the human can still come back. */
  botPlaying: t.boolean().default(false),
  isCreator: t.boolean().default(false),
  /** The seated player's public id in the players' database ('' for a bot or a player without identity): their page and rating. */
  playerId: t.string().default(''),
  /** The seated player has signed in to an account (only accounts' games are rated). */
  account: t.boolean().default(false),
}, 'SeatInfo');
export type SeatInfo = SchemaType<typeof SeatInfo>;
