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
 * sees some twice (and is refused with CARD_NOT_IN_HAND on its next move).
 *
 * The full state already is everything the view holds, so the queue is dropped right after it
 * is sent. Patches sent to clients that had joined before are untouched.
 *
 * The shared state has the same trap: changes made since the last patch (a join writes "Ada joined."
 * to the log) are in the full state AND in the next patch, which the new client also receives. Field
 * sets replay harmlessly, but array operations do not: a replayed push into a string list inserts a
 * second copy, a replayed shift drops one more line (the log window then loses or doubles lines on
 * every client that joined between two patches). So the waiting changes first go out, as a patch,
 * to the clients already in; the full state is then exactly the state after that patch, and the new
 * client's first patch holds only what changed after it.
 */
import { ClientState, type Client, type Room } from '@colyseus/core';

interface FullStateSender {
  sendFullState(client: Client): void;
  broadcastPatch(): boolean;
  _serializer?: { encoder?: { hasChanges: boolean } };
}

export function dropViewQueueAfterFullState(room: Room): void {
  const r = room as unknown as FullStateSender;
  const send = r.sendFullState;
  // Colyseus 0.18 sends the full state through Room#sendFullState; fail loudly if that ever moves.
  if (typeof send !== 'function') throw new Error('Room#sendFullState not found: check view-handoff.ts against this @colyseus/core');
  r.sendFullState = function (this: Room, client: Client): void {
    const self = this as unknown as FullStateSender;
    if (self._serializer?.encoder?.hasChanges !== false) {
      // Colyseus marks the client JOINED just before its full state; for this patch it is not in yet.
      const joined = client.state;
      client.state = ClientState.JOINING;
      try {
        self.broadcastPatch();
      } finally {
        client.state = joined;
      }
    }
    send.call(this, client);
    client.view?.changes.clear();
  };
}
