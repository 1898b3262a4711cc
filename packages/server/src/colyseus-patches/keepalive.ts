/**
 * Keep-alive pings, spread out. @colyseus/ws-transport pings every socket in one
 * synchronous sweep per interval; at 1,600 / 3,200 sockets that sweep blocked the event loop for
 * 32 / 59 ms, which every room felt as a stall. Here the sockets are pinged in small slices, one
 * slice every SLICE_MS, so that each socket is still pinged once per `intervalMs`, and a sweep never
 * holds the loop for more than a slice.
 *
 * The rule is the transport's own: a socket that missed `misses` pings in a row is terminated (the
 * transport's pong handler resets `pingCount`; it is installed on every connection whatever the
 * interval). The transport's own sweep must be off (`pingInterval: 0`).
 */
import type { WebSocketTransport } from '@colyseus/ws-transport';

/** One slice of the sweep every this many ms. */
const SLICE_MS = 100;

interface PingedSocket {
  readyState: number;
  pingCount?: number;
  ping(cb: () => void): void;
  terminate(): void;
}

const OPEN = 1;
const noop = () => undefined;

/** Start the spread sweep over the transport's sockets; returns a function that stops it. */
export function spreadKeepAlive(transport: WebSocketTransport, intervalMs: number, misses: number): () => void {
  const wss = (transport as unknown as { wss?: { clients: Set<PingedSocket> } }).wss;
  if (!wss) throw new Error('WebSocketTransport has no wss: check keepalive.ts against @colyseus/ws-transport');
  const slices = Math.max(1, Math.round(intervalMs / SLICE_MS));
  let round: PingedSocket[] = [];
  let cursor = 0;
  let slice = 0;
  const timer = setInterval(() => {
    // A new round takes the sockets open now; one opened meanwhile waits for the next round.
    if (slice === 0) {
      round = Array.from(wss.clients);
      cursor = 0;
    }
    slice = (slice + 1) % slices;
    const end = slice === 0 ? round.length : Math.min(round.length, cursor + Math.ceil(round.length / slices));
    for (; cursor < end; cursor++) {
      const ws = round[cursor];
      if (ws.readyState !== OPEN) continue;
      if ((ws.pingCount ?? 0) >= misses) {
        ws.terminate();
        continue;
      }
      ws.pingCount = (ws.pingCount ?? 0) + 1;
      ws.ping(noop);
    }
    if (slice === 0) round = [];
  }, SLICE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
