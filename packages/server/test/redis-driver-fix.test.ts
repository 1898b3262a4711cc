/**
 * The patch of @colyseus/redis-driver's getRooms (src/colyseus-patches/redis-driver-fix.ts). The first test pins the upstream
 * bug: if it fails, the installed driver no longer keeps a failed room-list request cached, and the patch can
 * go. The second shows the patched driver asking Redis again after a failure.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { RedisDriver } from '@colyseus/redis-driver';
import { Redis } from 'ioredis';
import { forgetFailedRoomQueries } from '../src/colyseus-patches/redis-driver-fix';

/** A driver whose HGETALL fails `failures` times, then answers one room named isle. */
function flakyDriver(failures: number): { driver: RedisDriver; calls: () => number; client: Redis } {
  const client = new Redis({ lazyConnect: true });
  let calls = 0;
  (client as unknown as { hgetall: (key: string) => Promise<Record<string, string>> }).hgetall = async () => {
    calls++;
    if (calls <= failures) throw new Error('Reached the max retries per request limit (which is 3).');
    return { r1: JSON.stringify({ roomId: 'r1', name: 'isle', clients: 0, maxClients: 4, metadata: {} }) };
  };
  return { driver: new RedisDriver(client), calls: () => calls, client };
}

test('@colyseus/redis-driver as pinned: a failed getRooms stays cached (the bug the patch works around)', async () => {
  const { driver, calls, client } = flakyDriver(1);
  await expect(driver.query({ name: 'isle' })).rejects.toThrow(/max retries/);
  // Redis answers again, but the driver never asks it: the same failure, forever.
  await expect(driver.query({ name: 'isle' })).rejects.toThrow(/max retries/);
  await expect(driver.query({ name: 'other' })).rejects.toThrow(/max retries/);
  expect(calls()).toBe(1);
  client.disconnect();
});

test('patched: the failing call fails, the next one asks Redis again and lists the room', async () => {
  const { driver, calls, client } = flakyDriver(1);
  forgetFailedRoomQueries(driver);
  await expect(driver.query({ name: 'isle' })).rejects.toThrow(/max retries/);
  await new Promise((r) => setImmediate(r)); // the cache is cleared when the failure settles
  const rooms = await driver.query({ name: 'isle' });
  expect(rooms.map((r) => r.roomId)).toEqual(['r1']);
  expect(calls()).toBe(2);
  // concurrent callers still share one request
  const [a, b] = await Promise.all([driver.query({ name: 'isle' }), driver.query({ name: 'isle' })]);
  expect([a.length, b.length]).toEqual([1, 1]);
  expect(calls()).toBe(3);
  client.disconnect();
});

test('patched: concurrent callers of a failed request all fail, then all recover', async () => {
  const { driver, calls, client } = flakyDriver(1);
  forgetFailedRoomQueries(driver);
  const results = await Promise.allSettled([driver.query({ name: 'isle' }), driver.query({}), driver.findOne({ name: 'isle' }) as unknown as Promise<unknown>]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  await new Promise((r) => setImmediate(r));
  expect((await driver.query({})).length).toBe(1);
  expect(calls()).toBe(2);
  client.disconnect();
});

test('the internals the patch touches are still there (fails loudly when @colyseus/redis-driver moves them)', () => {
  const client = new Redis({ lazyConnect: true });
  const driver = new RedisDriver(client);
  expect(typeof (driver as unknown as { getRooms: unknown }).getRooms).toBe('function');
  expect(typeof (driver as unknown as { _roomCacheRequestByName: unknown })._roomCacheRequestByName).toBe('object');
  expect(() => forgetFailedRoomQueries(driver)).not.toThrow();
  expect(() => forgetFailedRoomQueries({} as RedisDriver)).toThrow(/RedisDriver internals not found/);
  client.disconnect();
});
