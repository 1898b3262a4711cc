/**
 * The second game's room: its name, its create options and its rules' refusal codes. Join options and the
 * messages are the ones every room takes (../options.ts, ../messages.ts); only `intent`'s action differs,
 * checked with ttr-rules' `ActionSchema`.
 */
import { z } from 'zod';
import { DEFAULT_MAP_ID, mapIds, type RuleError } from '@isle-of-trains/ttr-rules';
import { DisplayName } from '../options';

/** The room type of the second game (Isle's stays `ROOM_NAME`, 'isle'). */
export { TTR_ROOM_NAME } from './room';

/**
 * The second game's bot levels at a table, as Isle's. `strong` searches for up to 200 ms a decision; the
 * server runs it in its bot worker threads, as Isle's strong bot.
 */
export const TTR_BOT_LEVELS = ['random', 'greedy', 'strong'] as const;

/**
 * Options of `create` for a `ttr` room. Strict, like Isle's: a key not listed here (a typo such as `bot`
 * for `bots`, or Isle's `mode`) is refused with BAD_OPTIONS naming it, never silently ignored.
 */
export const TtrCreateOptionsSchema = z.strictObject({
  /** Seats at the table, 2–5. */
  seats: z.number().int().min(2).max(5).default(2),
  /** Not listed in matchmaking; joined by room id or code. */
  private: z.boolean().default(false),
  /** How many seats bots take (the highest seats); at most seats - 1. */
  bots: z.number().int().min(0).max(4).default(0),
  botLevel: z.enum(TTR_BOT_LEVELS).default('greedy'),
  /** Seconds per decision, 0 = no limit (default); else MIN_TURN_SECONDS (10) to 3600, checked by the room. */
  turnTimeLimit: z.number().int().min(0).max(3600).default(0),
  /** The board, by id; the shipped Northern Europe map by default. */
  map: z.string().max(64).default(DEFAULT_MAP_ID),
  /** The creator's display name. */
  name: DisplayName.optional(),
  /** The creator's identity, as in the Authorization header of the players' routes (PROTOCOL.md, "Players"). */
  identity: z.string().max(300).optional(),
}).superRefine((o, ctx) => {
  if (o.bots > o.seats - 1) ctx.addIssue({ code: 'custom', path: ['bots'], message: 'at least one seat must be left for a human' });
  if (!mapIds().includes(o.map)) ctx.addIssue({ code: 'custom', path: ['map'], message: `no map "${o.map}" (known: ${mapIds().join(', ')})` });
});
/** Create options of a `ttr` room as the room holds them (defaults filled in). */
export type TtrCreateOptions = z.infer<typeof TtrCreateOptionsSchema>;
/** Create options of a `ttr` room as a client writes them (every field with a default may be left out). */
export type TtrCreateOptionsInput = z.input<typeof TtrCreateOptionsSchema>;

/** The keys a `ttr` room's `create` accepts; any other is refused with BAD_OPTIONS. */
export const TTR_CREATE_OPTION_KEYS: readonly string[] = Object.keys(TtrCreateOptionsSchema.shape);

/** The second game's rules refusals, passed through in an `error` message with the rules' sentence. */
export const TTR_RULE_ERROR_CODES = ['BAD_ACTION', 'NOT_YOUR_TURN', 'ILLEGAL', 'GAME_OVER'] as const satisfies readonly RuleError['code'][];
/** A code of {@link TTR_RULE_ERROR_CODES}. */
export type TtrRuleErrorCode = RuleError['code'];
