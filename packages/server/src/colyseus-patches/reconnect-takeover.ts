/**
 * A reconnection token presented while its session is still connected (a second tab, a reloaded page
 * whose old socket has not closed yet): the newer connection takes the seat over.
 *
 * Colyseus 0.18 (Room#checkReconnectionToken) closes the live connection with its generic error code
 * 4002 and expects the room to open a reconnection window in onDrop. Here 4002 means "the server could
 * not read your frame", a close that gets no window: the seat went to a bot at once and the newer
 * connection was then refused. So the live connection is marked as handed over before Colyseus closes
 * it: the room's onDrop sees the mark and holds the seat for the newer connection (no bot in between),
 * and the old socket is closed with 4100 (seat taken by a newer connection), as when the seat token is
 * used from elsewhere.
 */
import type { Client, Room } from '@colyseus/core';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';

/** Connections being replaced by a newer one with their reconnection token. */
const handedOver = new WeakSet<Client>();

/** Whether this connection is closing because a newer one presented its reconnection token. */
export function isHandedOver(client: Client): boolean {
  return handedOver.has(client);
}

interface TokenCheck {
  checkReconnectionToken(token: string): string | undefined;
  clients: Client[];
}

/** Colyseus' generic close for a forcibly closed client (CloseCode.WITH_ERROR). */
const WITH_ERROR = 4002;

export function newerConnectionTakesOver(room: Room): void {
  const r = room as unknown as TokenCheck;
  const check = r.checkReconnectionToken;
  // Colyseus 0.18 answers the matchmaker's reconnect through Room#checkReconnectionToken; fail loudly if that moves.
  if (typeof check !== 'function') throw new Error('Room#checkReconnectionToken not found: check reconnect-takeover.ts against this @colyseus/core');
  r.checkReconnectionToken = function (this: Room, token: string): string | undefined {
    const live = (this as unknown as TokenCheck).clients.find((c) => c.reconnectionToken === token);
    if (live) {
      handedOver.add(live);
      const leave = live.leave;
      live.leave = function (this: Client, code?: number, data?: string): void {
        if (code === WITH_ERROR) leave.call(this, CLOSE_CODES.SEAT_TAKEN, 'seat taken over by a newer connection');
        else leave.call(this, code, data);
      };
    }
    return check.call(this, token);
  };
}
