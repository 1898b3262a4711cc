/**
 * A flooder that is closed and comes straight back is slowed by its address. After a
 * close for an oversize frame (1009) or an unreadable one (4002), as after 4029 FLOODING, the address
 * may create only a quarter of the room-creation quota for a minute (and its new connections get a
 * quarter of the frame rate: abuse.test.ts). Each test boots its own server: a slowed address stays
 * slowed for a minute.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { bootServer, until, watch } from './support/harness';
import { AddressQuotas, SLOWED_CREATION_COST } from '../src/admission/address-quotas';
import { SlowedAddresses } from '../src/admission/frame-gate';

const QUOTA = { TRUSTED_PROXIES: '', ROOMS_PER_MINUTE_PER_ADDRESS: 8, PENDING_JOINS_PER_ADDRESS: 100, MAX_CONNECTIONS_PER_ADDRESS: 100 };

test('a slowed address pays four times for a room; other addresses do not', () => {
  const slowed = new SlowedAddresses();
  const q = new AddressQuotas(QUOTA, 15_000, 100, slowed);
  slowed.add('203.0.113.9');
  const allowed = (address: string) => {
    let n = 0;
    while (n < 100 && q.check(address, 'create') === null) n++;
    return n;
  };
  expect(allowed('203.0.113.9')).toBe(QUOTA.ROOMS_PER_MINUTE_PER_ADDRESS / SLOWED_CREATION_COST);
  expect(q.check('203.0.113.9', 'create')).toMatch(/^QUOTA: your address was closed for flooding; for a minute it may create at most 2 rooms a minute/);
  expect(allowed('198.51.100.1')).toBe(QUOTA.ROOMS_PER_MINUTE_PER_ADDRESS);
  // Joining a room is not a creation: a slowed address can still take its seat back.
  expect(q.check('203.0.113.9', 'joinById')).toBeNull();
});

async function creationsAfter(close: (r: SDKRoom) => void, code: number): Promise<number> {
  const ts = await bootServer({ ROOMS_PER_MINUTE_PER_ADDRESS: QUOTA.ROOMS_PER_MINUTE_PER_ADDRESS });
  try {
    const r = await ts.client().create('isle', { seats: 2, name: 'Flood' });
    const seen = watch(r);
    await until(() => seen.seat === 0, 3000, 'seat');
    r.reconnection.enabled = false;
    const closed = new Promise<number>((res) => r.onLeave((c) => res(c)));
    close(r);
    expect(await closed).toBe(code);
    // The quota had 7 creations left; slowed, they cost 4 tokens each.
    let made = 0;
    for (let i = 0; i < 8; i++) {
      try {
        const again = await ts.client().create('isle', { seats: 2, name: 'Again' });
        made++;
        await again.leave();
      } catch (e) {
        expect(e).toMatchObject({ code: 429, message: expect.stringMatching(/^QUOTA: your address was closed for flooding/) });
        break;
      }
    }
    return made;
  } finally {
    await ts.close();
  }
}

test('after a 1009 close (a frame over MAX_PAYLOAD_BYTES) the address creates a quarter as many rooms', async () => {
  expect(await creationsAfter((r) => r.send('intent', { action: { type: 'take' }, pad: 'x'.repeat(20_000) }), 1009)).toBe(1);
});

test('after a 4002 close (an unreadable message frame) the address creates a quarter as many rooms', async () => {
  // A message frame (code 13) whose msgpack body is cut short.
  expect(await creationsAfter((r) => r.connection.send(Buffer.from([13, 0, 0xdc, 0xff])), 4002)).toBe(1);
});
