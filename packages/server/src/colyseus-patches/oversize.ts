/**
 * A frame over MAX_PAYLOAD_BYTES (a flood of 60 KB bodies, say). `ws` answers it by sending a close frame
 * (1009) and then reads and discards whatever the client still sends until the client answers the
 * close, or for up to 30 seconds if it never does: a flooder that ignores close frames could keep the
 * server reading its megabytes for that long. Here the socket is ended OVERSIZE_GRACE_MS after the
 * close frame (a client that follows the protocol has answered by then, so its close code is still
 * 1009), and nothing more is read from it meanwhile: the socket is paused once `ws` has set it flowing
 * to discard the rest, so a flood of large frames waits in the sender's buffers instead of being read.
 *
 * The transport logs every socket error at error level with a stack; an oversize frame is bad client
 * input, so it is logged here at warn, without a stack, and the transport's line is left out for it.
 */
import type { WebSocket } from 'ws';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';
import type { Logger } from '../ops/logger';

/** How long a client has to answer the 1009 close frame before its socket is ended. */
export const OVERSIZE_GRACE_MS = 1000;

type Listener = (...a: unknown[]) => unknown;

/**
 * Call right after the transport's connection handler has registered its listeners on `ws`.
 * `onOversize` hears of each oversize frame (the server slows the sender's address).
 */
export function endOversizeFast(ws: WebSocket, logger: Logger, onOversize?: () => void): void {
  const theirs = ws.listeners('error') as Listener[];
  for (const l of theirs) ws.removeListener('error', l);
  ws.on('error', (err: Error & { code?: string }) => {
    if (err.code !== 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
      for (const l of theirs) l.call(ws, err);
      return;
    }
    logger.warn({ event: 'refused', what: 'frame over MAX_PAYLOAD_BYTES', code: CLOSE_CODES.MESSAGE_TOO_BIG }, 'bad client input');
    onOversize?.();
    // `ws` resumes the socket on the next tick to read and discard what follows; stop it after that.
    setImmediate(() => ws.pause());
    setTimeout(() => ws.terminate(), OVERSIZE_GRACE_MS).unref();
  });
}
