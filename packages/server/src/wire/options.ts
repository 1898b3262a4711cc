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

/**
 * An intent body of exactly the documented shape ({ action, id? } with an id of at most 64 characters or a
 * safe integer), accepted without the zod parse: an intent is most of a room's messages, and this check
 * costs a few property reads. Anything else goes through IntentSchema as before, which decides; the test
 * (test/intent-envelope.test.ts) holds the two equal on what this accepts, on hostile values too. The action
 * must be there and not undefined: zod requires the key, and lets an undefined action through to the action's
 * own parse, which refuses it; this check leaves that to zod. The id's length is in UTF-16 units, zod's in
 * characters: an id of astral characters over 64 units is left to zod too.
 */
export function exactIntent(body: unknown): body is { action: unknown; id?: string | number } {
  if (typeof body !== 'object' || body === null || Object.getPrototypeOf(body) !== Object.prototype) return false;
  for (const key in body) if (key !== 'action' && key !== 'id') return false;
  if ((body as { action?: unknown }).action === undefined) return false;
  const id = (body as { id?: unknown }).id;
  return id === undefined || (typeof id === 'string' && id.length <= 64) || (typeof id === 'number' && Number.isSafeInteger(id));
}
