/**
 * One pair of encoding buffers for every room of the process, to cut the memory each room costs.
 *
 * Colyseus gives each room two 16 KB scratch buffers: the encoder's (patches are encoded into it) and the
 * serializer's (the full state a joining client gets). A room uses them only inside one synchronous call
 * and, because every client here has a StateView, it sends fresh copies, never a view of the buffer:
 * `encodeView` and `encodeAllView` return `concatBytes(...)`. So rooms can take turns on one pair. That
 * matters: Node hands a socket a Buffer by reference, and a write queued behind a slow client would go out
 * with whatever the memory holds later (Colyseus copies its message frames for the same reason).
 *
 * The one thing a room kept in its buffer between calls is the cached full encode (reused for the next
 * joiner while nothing changed). With a shared buffer another room may have overwritten it, so the cache is
 * turned off: a join encodes the full state afresh, which it mostly did anyway (any change clears the cache).
 */
import { Encoder } from '../wire/colyseus-schema';
import type { Room } from '@colyseus/core';

interface Serializer {
  encoder?: { sharedBuffer: Uint8Array };
  fullEncodeBuffer?: Uint8Array;
  needFullEncode?: boolean;
  getFullState?: (...args: unknown[]) => unknown;
}

let patchBuffer: Uint8Array | null = null;
let fullBuffer: Uint8Array | null = null;

/** Point `room`'s encoder and full-state buffer at the process-wide pair. Call after setState. */
export function shareEncodeBuffers(room: Room): void {
  const s = (room as unknown as { _serializer?: Serializer })._serializer;
  // Colyseus 0.18 names; fail loudly if they move (the room would otherwise keep its own buffers silently).
  if (!s?.encoder || !(s.encoder.sharedBuffer instanceof Uint8Array) || !(s.fullEncodeBuffer instanceof Uint8Array) || typeof s.getFullState !== 'function') {
    throw new Error('Serializer internals not found: check encode-buffers.ts against this @colyseus/core');
  }
  patchBuffer ??= new Uint8Array(Encoder.BUFFER_SIZE);
  if (!fullBuffer) {
    fullBuffer = new Uint8Array(Encoder.BUFFER_SIZE);
    fullBuffer[0] = s.fullEncodeBuffer[0]; // the ROOM_STATE byte the serializer writes once, in reset()
  }
  s.encoder.sharedBuffer = patchBuffer;
  s.fullEncodeBuffer = fullBuffer;
  const getFullState = s.getFullState;
  s.getFullState = function (this: Serializer, ...args: unknown[]) {
    this.needFullEncode = true;
    return getFullState.apply(this, args);
  };
}
