/**
 * Patch of @colyseus/redis-driver 0.18.3: a failed room-list request stays cached forever.
 *
 * RedisDriver#getRooms shares one HGETALL between concurrent callers: it keeps the request in
 * `_concurrentRoomCacheRequest` and the filtered result in `_roomCacheRequestByName[name]`, and clears both in
 * the `.then()` of the request. A request that fails (Redis away for a moment) never reaches that `.then()`,
 * so both keep the rejected promise and every later getRooms, query() (GET /api/rooms, the lobby) and
 * findOne() by name (joinOrCreate) fails with the old error until the process restarts, while every Redis
 * connection is healthy again.
 *
 * The patch wraps getRooms on the driver instance: when the promise it returns rejects, the two cache slots
 * are cleared if they still hold that request, so the next call asks Redis again. The failing call itself
 * still fails. test/redis-driver-fix.test.ts fails loudly if the pinned version stops having the bug (then
 * this file can go) or renames what the patch touches.
 *
 * Upstream report (text in docs/upstream/redis-driver-getrooms-cached-failure.md).
 */
import type { RedisDriver } from '@colyseus/redis-driver';

interface Internals {
  getRooms(roomName?: string): Promise<unknown[]>;
  _roomCacheRequestByName: Record<string, Promise<unknown[]> | undefined>;
  _concurrentRoomCacheRequest?: Promise<unknown>;
}

const PATCHED = Symbol.for('isle.redisDriverForgetsFailures');

/** Make `driver` forget a failed room-list request (see above). Throws if the driver's internals moved. */
export function forgetFailedRoomQueries(driver: RedisDriver): RedisDriver {
  const d = driver as unknown as Internals & { [PATCHED]?: true };
  if (d[PATCHED]) return driver;
  const getRooms = d.getRooms;
  if (typeof getRooms !== 'function' || typeof d._roomCacheRequestByName !== 'object' || d._roomCacheRequestByName === null) {
    throw new Error('RedisDriver internals not found: check redis-driver-fix.ts against this @colyseus/redis-driver');
  }
  d.getRooms = function (this: Internals, roomName?: string): Promise<unknown[]> {
    const rooms = getRooms.call(this, roomName);
    const shared = this._concurrentRoomCacheRequest;
    rooms.catch(() => {
      const key = String(roomName);
      if (this._roomCacheRequestByName[key] === rooms) delete this._roomCacheRequestByName[key];
      if (shared !== undefined && this._concurrentRoomCacheRequest === shared) this._concurrentRoomCacheRequest = undefined;
    });
    return rooms;
  };
  d[PATCHED] = true;
  return driver;
}
