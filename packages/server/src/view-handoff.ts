/**
 * Hands reach only their owner through a StateView (see schema.ts, `.view()` fields). Colyseus
 * fills a view in two ways: `view.add(obj)` queues ADD operations in `view.changes`, drained by the
 * next per-client patch; and the full state a client gets once it has joined (or rejoined) encodes
 * everything the view can see at that moment. When `view.add` runs while the client is still
 * joining (onJoin, onReconnect, a game started between a join and its handshake), BOTH happen: the
 * full state carries the hand, and the queue is NOT consumed by it (@colyseus/schema 5.0.x,
 * Encoder.encodeAllView). The next patch then replays the queued ADDs with the hand's CURRENT
 * cards at their current slots; on a client whose hand holds different cards at those slots, an
 * ADD at an occupied slot of a string array is an insert, so the client keeps stale cards and
 * sees some twice (issue 16 item 8: CARD_NOT_IN_HAND on its next move).
 *
 * The full state already is everything the view holds, so the queue is dropped right after it
 * is sent. Patches sent to clients that had joined before are untouched.
 */
import type { Client, Room } from '@colyseus/core';

interface FullStateSender {
  sendFullState(client: Client): void;
}

export function dropViewQueueAfterFullState(room: Room): void {
  const r = room as unknown as FullStateSender;
  const send = r.sendFullState;
  // Colyseus 0.18 sends the full state through Room#sendFullState; fail loudly if that ever moves.
  if (typeof send !== 'function') throw new Error('Room#sendFullState not found: check view-handoff.ts against this @colyseus/core');
  r.sendFullState = function (this: Room, client: Client): void {
    send.call(this, client);
    client.view?.changes.clear();
  };
}
