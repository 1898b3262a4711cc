import type { MatchmakeErrorCode, ServerErrorCode } from './codes';

/**
 * Codes the session itself gives, on top of the server's:
 * - `CONNECTION_LOST`: the connection ended for good while a message waited for its answer;
 * - `NOT_SEATED`: `act`/`undo` from a spectator session (nothing was sent);
 * - `NOT_CONNECTED`: no room (left, or never joined);
 * - `MATCHMAKE`: a create/join failed for a reason without a code word (network, room not found…).
 */
export type SessionErrorCode = 'CONNECTION_LOST' | 'NOT_SEATED' | 'NOT_CONNECTED' | 'MATCHMAKE';

/** Every code an {@link IsleError} may carry; a rules refusal (`WRONG_DECISION`, `CANNOT_AFFORD`, …) passes through as a plain string. */
export type IsleErrorCode = ServerErrorCode | MatchmakeErrorCode | SessionErrorCode | (string & {});

/** A refusal from the server (an `error` message or a refused matchmaking request), or the session's own failure. */
export class IsleError extends Error {
  override readonly name = 'IsleError';
  constructor(
    /** The typed code (docs/PROTOCOL.md, "Error codes" and "Matchmaking errors"). */
    readonly code: IsleErrorCode,
    message: string,
    /** The id of the message it answers, when it answers one. */
    readonly id?: string | number,
  ) {
    super(message);
  }
}

/**
 * The error of a refused create/join/reconnect: the room's refusals start with a code word
 * (`BAD_OPTIONS: …`); anything else is `MATCHMAKE`.
 */
export function matchmakeError(e: unknown): IsleError {
  const message = e instanceof Error ? e.message : String(e);
  const m = /^([A-Z_]{3,}):\s*(.*)$/s.exec(message);
  return m ? new IsleError(m[1], m[2] || message) : new IsleError('MATCHMAKE', message);
}
