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
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'isle-server' },
      redact: { paths: REDACT_PATHS, censor: '[hidden]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
