/**
 * A flooder that is closed and comes straight back is slowed by its address. After a
 * close for an oversize frame (1009) or an unreadable one (4002), as after 4029 FLOODING, the address
 * may create only a quarter of the room-creation quota for a minute (and its new connections get a
 * quarter of the frame rate: abuse.test.ts). Its connections share that quarter, so coming back on
 * new connections brings no new burst; a connection over its limit is not read for a while. Each test
 * boots its own server: a slowed address stays slowed for a minute.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { bootServer, floodUntilClosed, until, watch } from './support/harness';
import { AddressQuotas, SLOWED_CREATION_COST } from '../src/admission/address-quotas';
import { FloodWatch, ReadPause, SlowedAddresses, MAX_PAUSE_MS, TokenBucket, readTolerance } from '../src/admission/frame-gate';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';

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

test('every connection of a slowed address takes its frames from one bucket, kept when the slow-down is renewed', () => {
  const slowed = new SlowedAddresses();
  expect(slowed.frames('203.0.113.9', 10, 30)).toBeNull();
  slowed.add('203.0.113.9');
  const first = slowed.frames('203.0.113.9', 10, 30)!;
  // A quarter of the burst, once: what one connection used is gone for the next.
  let n = 0;
  while (first.take()) n++;
  expect(n).toBe(7);
  slowed.add('203.0.113.9');
  const next = slowed.frames('203.0.113.9', 10, 30)!;
  expect(next).toBe(first);
  expect(next.take()).toBe(false);
  expect(slowed.frames('198.51.100.1', 10, 30)).toBeNull();
});

test('a connection over its limit is not read until its bucket refills, longer each time it stays over', () => {
  jest.useFakeTimers({ now: 1_000_000 });
  try {
    const calls: string[] = [];
    const socket = { pause: () => calls.push('pause'), resume: () => calls.push('resume'), terminate: () => calls.push('terminate') };
    const r = new ReadPause();
    r.over(socket, 100);
    r.over(socket, 100); // frames read before the pause took hold: already paused
    expect(calls).toEqual(['pause']);
    jest.advanceTimersByTime(99);
    expect(calls).toEqual(['pause']);
    jest.advanceTimersByTime(1);
    expect(calls).toEqual(['pause', 'resume']);
    // Still over its limit at once: twice as long, then twice again, up to MAX_PAUSE_MS.
    const pauses: number[] = [];
    for (let i = 0; i < 6; i++) {
      r.over(socket, 100);
      let ms = 0;
      while (calls[calls.length - 1] !== 'resume') { jest.advanceTimersByTime(10); ms += 10; }
      pauses.push(ms);
    }
    expect(pauses).toEqual([200, 400, 800, MAX_PAUSE_MS, MAX_PAUSE_MS, MAX_PAUSE_MS]);
    // Closed: paused for good, ended a moment later, never resumed.
    calls.length = 0;
    r.over(socket, 100);
    r.close(socket);
    jest.advanceTimersByTime(5000);
    expect(calls).toEqual(['pause', 'pause', 'terminate']);
    expect(r.shut).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});

/**
 * A client sending one frame every `everyMs` to a server that reads it through the gate's bucket, flood
 * watch and read pauses (the socket's backlog is what the client sent while reading was stopped). Returns
 * the simulated ms at which the flood watch closed it, or null if it never did within `forMs`.
 */
function closedAfter(everyMs: number, reading: ReadPause, forMs: number): number | null {
  jest.useFakeTimers({ now: 1_000_000 });
  try {
    const rate = 10;
    const bucket = new TokenBucket(rate, 30);
    const flood = new FloodWatch(rate, 30);
    let paused = false;
    const socket = { pause: () => { paused = true; }, resume: () => { paused = false; }, terminate: () => undefined };
    const t0 = Date.now();
    let sent = 0;
    let read = 0;
    while (Date.now() - t0 < forMs) {
      sent = Math.max(sent, Math.floor((Date.now() - t0) / everyMs) + 1);
      if (paused || read >= sent) { jest.advanceTimersByTime(1); continue; }
      read++;
      if (bucket.take()) continue;
      if (flood.dropped(Date.now(), reading.resumedAt)) return Date.now() - t0;
      reading.over(socket, bucket.msUntil());
    }
    return null;
  } finally {
    jest.useRealTimers();
  }
}

test('a flooder read no faster than its pauses allow is still closed; a client just over its rate is not', () => {
  // A frame a millisecond, a hundred times the rate of 10 a second: closed within a few seconds.
  const closed = closedAfter(1, new ReadPause(readTolerance(10)), 20_000);
  expect(closed).not.toBeNull();
  expect(closed!).toBeLessThan(6_000);
  // Reading stopped at the first drop, the same flooder would be read a bucketful a second and one drop:
  // never more drops than the limit lets through, never closed (only ended by the keep-alive, with no code).
  expect(closedAfter(1, new ReadPause(0), 20_000)).toBeNull();
  // 12 frames a second against a rate of 10: slowed, never closed.
  expect(closedAfter(83, new ReadPause(readTolerance(10)), 20_000)).toBeNull();
});

test('a flooder that comes back on new connections from its address gets no new burst', async () => {
  // A slowed address refills at a tenth of a frame a second: what it gets is its quarter burst (10), once.
  // The bots wait a minute before each move: once the flooder is closed a bot takes its seat, and bots
  // playing on alone would end the game, and the room would close between two of the spectators below
  // as soon as a loaded machine made the test take longer than that game.
  const ts = await bootServer({ RATE_LIMIT: 0.4, RATE_LIMIT_BURST: 40, BOT_DELAY_MS: 60_000 });
  try {
    const r = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Flood' });
    const seen = watch(r);
    await until(() => seen.seat === 0, 3000, 'seat');
    r.send('start', {});
    await until(() => (r.state as { phase?: string }).phase === 'playing', 3000, 'start');
    r.reconnection.enabled = false;
    const closed = new Promise<number>((res) => r.onLeave((c) => res(c)));
    expect(await floodUntilClosed(r, closed)).toBe(CLOSE_CODES.FLOODING);
    const t0 = Date.now();
    // Four new connections, each sending 20 frames at once: a fresh quarter burst each would handle
    // 10 of every 20 (40 in all).
    let handled = 0;
    for (let i = 0; i < 4; i++) {
      const w = await ts.client().joinById(r.roomId, { name: `Back${i}` });
      const sw = watch(w);
      await until(() => sw.seat === -1, 3000, 'spectator');
      for (let k = 0; k < 20; k++) w.send('start', {});
      // Each frame is handled (ALREADY_STARTED) or dropped (RATE_LIMITED while its notices last, 10).
      await until(() => sw.errors.length >= 10, 10_000, 'replies');
      handled += sw.errors.filter((e) => e.code === 'ALREADY_STARTED').length;
      await w.leave();
    }
    // The address's quarter burst once, the flooder's own use of it taken off, and what refilled meanwhile.
    const refilled = Math.ceil(((Date.now() - t0) / 1000) * 0.1);
    expect(handled).toBeLessThanOrEqual(10 + refilled);
  } finally {
    await ts.close();
  }
}, 120_000); // the flood lasts until the server closes it, longer on a loaded machine
