/**
 * What the room may put in an `error` message. Its own refusals use only the client package's
 * SERVER_ERROR_CODES, the list docs/PROTOCOL.md documents (packages/client/test/codes.test.ts holds the
 * two together): a code written here that is not listed fails the typecheck, so none reaches clients
 * undocumented. A refusal another module decided (the rules' `WRONG_DECISION`, `CANNOT_AFFORD`, …, or the
 * chat cleaner's) goes out with its code unchanged, through passThrough.
 */
import type { MessageId, ServerErrorCode } from '@isle-of-trains/client/protocol';

declare const passedThrough: unique symbol;
/** A code the room did not choose and passes on as it came (only passThrough makes one). */
export type PassedThroughCode = string & { readonly [passedThrough]: true };

/** An `error` message as the room sends it. */
export interface Refusal {
  code: ServerErrorCode | PassedThroughCode;
  message: string;
  id?: MessageId;
}

/** Another module's refusal (a rules `RuleError`, a chat `PlayerError`), passed on with its code and message. */
export function passThrough(e: { code: string; message: string }): Refusal {
  return { code: e.code as PassedThroughCode, message: e.message };
}
