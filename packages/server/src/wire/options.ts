/**
 * What clients send: room create/join options and message bodies. The schemas are the protocol's,
 * defined once in @isle-of-trains/client (its `protocol` module, which loads no SDK).
 */
import { z } from 'zod';
import { BOT_LEVELS } from '../bots/bots';
import { DisplayName } from '@isle-of-trains/client/protocol';
import type { CreateOptions } from '@isle-of-trains/client/protocol';

export {
  DisplayName, CreateOptionsSchema, JoinOptionsSchema, IntentSchema, ChatSchema, StartSchema, UndoSchema, RematchSchema, LogRequestSchema,
  type CreateOptions, type JoinOptions,
} from '@isle-of-trains/client/protocol';

export function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('; ');
}

/**
 * Create options of a game without solo modes, with the game definition's seat bounds: the same keys
 * and defaults as the protocol's create options, `seats` from `min` to `max` (2 by default, or `min`
 * when it is more) and at most `max - 1` bots (one seat is always a human's). A game adapter parses with
 * it (src/game/server-game.ts, parseCreateOptions).
 */
export function multiplayerOptionsSchema(seats: { min: number; max: number }): z.ZodType<CreateOptions> {
  return z.strictObject({
    seats: z.number().int().min(seats.min).max(seats.max).default(Math.max(2, seats.min)),
    private: z.boolean().default(false),
    bots: z.number().int().min(0).max(seats.max - 1).default(0),
    botLevel: z.enum(BOT_LEVELS as [string, ...string[]]).default('greedy'),
    turnTimeLimit: z.number().int().min(0).max(3600).default(0),
    name: DisplayName.optional(),
    identity: z.string().max(300).optional(),
  }).superRefine((o, ctx) => {
    if (o.bots > o.seats - 1) ctx.addIssue({ code: 'custom', path: ['bots'], message: 'at least one seat must be left for a human' });
  }) as unknown as z.ZodType<CreateOptions>;
}
