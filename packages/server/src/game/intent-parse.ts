/**
 * The two parses of an `intent` message: its body ({ action, id? }) and then its action (the game's schema).
 * With `fast` (LOAD_TUNING not off) each first tries a hand-written check of exactly the documented shape and
 * takes a value that passes it as it is, without zod; anything the check refuses goes through zod, which
 * decides. The check only ever accepts what zod accepts, unchanged, so both doors give the same answer
 * (test/intent-envelope.test.ts holds them equal on hostile values, as the msgpack decoder can hand them over).
 * A refusal is typed: BAD_MESSAGE for the body, BAD_ACTION for the action.
 */
import { IntentSchema, exactIntent, issuesText } from '../wire/options';
import type { Refusal } from '../wire/refusal';
import type { AnyServerGame } from './server-game';

export type Parsed<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export interface IntentBody { action: unknown; id?: string | number }

/** The body of an intent, or BAD_MESSAGE. */
export function parseIntentBody(body: unknown, fast: boolean): Parsed<IntentBody> {
  if (fast && exactIntent(body)) return { ok: true, value: body };
  const parsed = IntentSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data as IntentBody };
  return { ok: false, refusal: { code: 'BAD_MESSAGE', message: `intent must be { action, id? }: ${issuesText(parsed.error)}`.slice(0, 300) } };
}

/** The intent's action as `game` defines its actions, or BAD_ACTION. */
export function parseIntentAction(game: AnyServerGame, action: unknown, fast: boolean): Parsed<unknown> {
  if (fast && game.exactAction?.(action)) return { ok: true, value: action };
  const parsed = game.definition.actionSchema.safeParse(action);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, refusal: { code: 'BAD_ACTION', message: `Not a valid action: ${issuesText(parsed.error)}`.slice(0, 300) } };
}
