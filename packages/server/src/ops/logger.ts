/**
 * pino JSON logs. Room code logs through a child logger bound to { room } and adds { seat, action }
 * where it applies, `action` being ONLY the action's type. Hands, deck or bag contents, seeds, seat
 * tokens and full actions are never logged; the redact list below is a second line of defence.
 */
import pino, { type Logger, type DestinationStream } from 'pino';

export type { Logger };

export const REDACT_PATHS = [
  'seed', '*.seed', 'hand', '*.hand', 'deck', '*.deck', 'bag', '*.bag',
  'token', '*.token', 'seatToken', '*.seatToken', 'options.seatToken', 'state', '*.state',
  // The players' database: a password, a guest secret, a session token or an identity handed to a room.
  'password', '*.password', 'secret', '*.secret', 'identity', '*.identity', 'options.identity',
  'authorization', '*.authorization', 'headers.authorization', 'req.headers.authorization', 'headers.cookie', 'req.headers.cookie',
];

/** `node`: this process's NODE_ID (on every line, so lines from several replicas can be told apart). */
export function createLogger(level: string, destination?: DestinationStream, node?: string): Logger {
  return pino(
    {
      level,
      base: { service: 'isle-server', ...(node ? { node } : {}) },
      redact: { paths: REDACT_PATHS, censor: '[hidden]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
