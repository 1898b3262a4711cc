/** Room options: what `create` and `join` take (zod; the server validates with these schemas). */
import { z } from 'zod';
import { checkName } from './names';

/** A seat's name: the one name rule (`checkName`, src/names.ts), the same as for guests' and accounts' names. */
export const DisplayName = z.string({ error: (issue) => (checkName(issue.input) as { problem?: string }).problem })
  .transform((s, ctx) => {
    const checked = checkName(s);
    if (checked.ok) return checked.name;
    ctx.addIssue({ code: 'custom', message: checked.problem, input: s });
    return z.NEVER;
  });

/**
 * Options of `create`. Strict: a key not listed here (a typo such as `bot` for `bots`) is refused with
 * BAD_OPTIONS naming it, never silently ignored.
 */
export const CreateOptionsSchema = z.strictObject({
  /** Seats at the table, 1–4 (1 = solo). */
  seats: z.number().int().min(1).max(4).default(2),
  /** Solo only: 'challenge' (default) or 'scenario'. */
  mode: z.enum(['challenge', 'scenario']).optional(),
  /** Solo scenario chapter 1–10 (mode 'scenario' only). */
  scenario: z.number().int().min(1).max(10).optional(),
  /** Not listed in matchmaking; joined by room id or code. */
  private: z.boolean().default(false),
  /** How many seats bots take (the highest seats); at most seats - 1. */
  bots: z.number().int().min(0).max(3).default(0),
  botLevel: z.enum(['random', 'greedy', 'strong']).default('greedy'),
  /** Seconds per decision, 0 = no limit (default); else MIN_TURN_SECONDS (10) to 3600, checked by the room. */
  turnTimeLimit: z.number().int().min(0).max(3600).default(0),
  /** The creator's display name. */
  name: DisplayName.optional(),
  /** The creator's identity, as in the Authorization header of the players' routes (PROTOCOL.md, "Players"). */
  identity: z.string().max(300).optional(),
}).superRefine((o, ctx) => {
  if (o.bots > o.seats - 1) ctx.addIssue({ code: 'custom', path: ['bots'], message: 'at least one seat must be left for a human' });
  if (o.seats > 1 && (o.mode !== undefined || o.scenario !== undefined)) {
    ctx.addIssue({ code: 'custom', path: ['mode'], message: 'mode and scenario are only for solo games (seats: 1)' });
  }
  if (o.mode === 'scenario' && o.scenario === undefined) ctx.addIssue({ code: 'custom', path: ['scenario'], message: 'a scenario game needs "scenario" 1–10' });
  if (o.mode !== 'scenario' && o.scenario !== undefined) ctx.addIssue({ code: 'custom', path: ['scenario'], message: '"scenario" needs mode "scenario"' });
});
/** Create options as the room holds them (defaults filled in). */
export type CreateOptions = z.infer<typeof CreateOptionsSchema>;
/** Create options as a client writes them (every field with a default may be left out). */
export type CreateOptionsInput = z.input<typeof CreateOptionsSchema>;

/** Options of a join (by id, by code, with a seat token). Strict, like the create options. */
export const JoinOptionsSchema = z.strictObject({
  name: DisplayName.optional(),
  /** The token from a `seat` message: retakes that seat. */
  seatToken: z.string().min(1).max(128).optional(),
  /** The room's short code; when given it must match. */
  code: z.string().min(1).max(16).optional(),
  /** `Guest <id>:<secret>` or `Bearer <token>`: who is joining (history, ratings). Optional. */
  identity: z.string().max(300).optional(),
  /** Watch without taking a seat, even while the lobby has a free one. */
  spectate: z.boolean().optional(),
});
export type JoinOptions = z.infer<typeof JoinOptionsSchema>;

/** The keys `create` accepts; any other is refused with BAD_OPTIONS. */
export const CREATE_OPTION_KEYS: readonly string[] = Object.keys(CreateOptionsSchema.shape);
/** The keys a join (`joinById`, `join`) accepts; any other is refused with BAD_OPTIONS. */
export const JOIN_OPTION_KEYS: readonly string[] = Object.keys(JoinOptionsSchema.shape);
