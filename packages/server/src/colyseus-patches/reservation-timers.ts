/**
 * A room's seat reservations end with the room, and so do their timers.
 *
 * Colyseus 0.18 keeps a timer per reserved seat: a join in flight (seatReservationTimeout, 15 s) and a
 * reconnection window (RECONNECT_SECONDS; at least 15 s for a connection taken over by a newer one). Three
 * things outlived what they were for:
 *  - a reconnection window closed early (the room disconnected: the server closing, a room disposed) is
 *    rejected and forgotten, and Room#allowReconnection drops its timer from `_reservedSeatTimeouts`
 *    without clearing it;
 *  - a reservation nobody used (a matchmaking answer whose client never opened the socket) keeps its timer,
 *    and the room's auto-dispose timer, after the room is disposed;
 *  - while such a reservation is pending a room is not disposed, so a server closing waited for it to run
 *    out (15 s) before close() returned.
 * Each timer ran to its end, up to RECONNECT_SECONDS after the room was gone, keeping the Room in memory and
 * the process's event loop alive: a server whose close() had returned still had timers pending (a test
 * process stayed up for them after its last test).
 *
 * So a reconnection's timer is cleared as soon as its window closes, whichever way
 * (`reconnectionTimersEndWithWindow`, at the room's creation); a server shutting down drops the reservations
 * of joins still in flight, which cannot complete on it any more (`dropPendingJoins`, before the room is
 * disconnected); and whatever reservation timer is left is cleared when the room is disposed
 * (`clearReservationTimers`).
 */
import type { Client, Room } from '@colyseus/core';

interface Reservations {
  allowReconnection(client: Client, seconds: number | 'manual'): PromiseLike<unknown>;
  /** sessionId → [join options, auth, consumed, allowReconnection] */
  _reservedSeats: Record<string, [unknown, unknown, boolean, boolean?]>;
  _reservedSeatTimeouts: Record<string, ReturnType<typeof setTimeout> | undefined>;
  _autoDisposeTimeout?: ReturnType<typeof setTimeout>;
}

function internals(room: Room): Reservations {
  const r = room as unknown as Reservations;
  // Fail loudly if a Colyseus update moves what this relies on.
  if (typeof r.allowReconnection !== 'function' || typeof r._reservedSeats !== 'object' || typeof r._reservedSeatTimeouts !== 'object') {
    throw new Error('Room#allowReconnection, _reservedSeats or _reservedSeatTimeouts not found: check reservation-timers.ts against this @colyseus/core');
  }
  return r;
}

export function reconnectionTimersEndWithWindow(room: Room): void {
  const r = internals(room);
  const allow = r.allowReconnection;
  r.allowReconnection = function (this: Room, client: Client, seconds: number | 'manual'): PromiseLike<unknown> {
    const window = allow.call(this, client, seconds);
    // Set by the call above, synchronously, when it opened a window with a time limit.
    const timer = (this as unknown as Reservations)._reservedSeatTimeouts[client.sessionId];
    if (timer !== undefined) {
      const clear = () => clearTimeout(timer);
      window.then(clear, clear);
    }
    return window;
  };
}

/** The server is closing: joins reserved but not connected yet go, so the room is disposed once its clients have left. */
export function dropPendingJoins(room: Room): void {
  const r = internals(room);
  let dropped = false;
  for (const [sessionId, seat] of Object.entries(r._reservedSeats)) {
    if (seat[3] === true) continue; // a reconnection window: the room's disconnect rejects those itself
    clearTimeout(r._reservedSeatTimeouts[sessionId]);
    delete r._reservedSeatTimeouts[sessionId];
    delete r._reservedSeats[sessionId];
    dropped = true;
  }
  // A reservation also held off the room's disposal by this timer (Room#resetAutoDisposeTimeout).
  if (dropped && r._autoDisposeTimeout !== undefined) {
    clearTimeout(r._autoDisposeTimeout);
    r._autoDisposeTimeout = undefined;
  }
}

/** Clear the timers of every reservation still pending (the room is being disposed). */
export function clearReservationTimers(room: Room): void {
  const timers = internals(room)._reservedSeatTimeouts;
  for (const [sessionId, timer] of Object.entries(timers)) {
    clearTimeout(timer);
    delete timers[sessionId];
  }
}
