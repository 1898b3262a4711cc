/**
 * Per-address quotas on room creation and on seat reservations that never connect,
 * with X-Forwarded-For believed only from TRUSTED_PROXIES. A refused request gets HTTP 429 `QUOTA: …`.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { bootServer, until, watch, type TestServer } from './support/harness';
import WebSocket from 'ws';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';
import { AddressQuotas, clientAddress, trustedSet } from '../src/admission/address-quotas';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ ROOMS_PER_MINUTE_PER_ADDRESS: 4, PENDING_JOINS_PER_ADDRESS: 3, MAX_CONNECTIONS_PER_ADDRESS: 5 }); });
afterAll(async () => { await ts.close(); });

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; error?: string; roomId?: string }> {
  const r = await fetch(ts.http + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const j = await r.json() as { error?: string; roomId?: string };
  return { status: r.status, ...j };
}

test('X-Forwarded-For counts only behind a trusted proxy, from the right', () => {
  const trusted = trustedSet('10.0.0.1, 10.0.0.2');
  expect(clientAddress('203.0.113.9', '1.1.1.1', trusted)).toBe('203.0.113.9');
  expect(clientAddress('::ffff:10.0.0.1', '6.6.6.6, 198.51.100.7', trusted)).toBe('198.51.100.7');
  expect(clientAddress('10.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2', trusted)).toBe('198.51.100.7');
  expect(clientAddress('10.0.0.1', undefined, trusted)).toBe('10.0.0.1');
});

test('a player who creates and connects only meets the creation quota; unconnected reservations meet theirs', async () => {
  // Four rooms a minute from one address, each created and connected: no reservation stays pending.
  const rooms = [];
  for (let i = 0; i < 4; i++) {
    const r = await ts.client().create('isle', { seats: 4, name: `A${i}` });
    const seen = watch(r);
    await until(() => seen.seat === 0, 3000, 'seat');
    rooms.push(r);
  }
  // The fifth creation in the minute is refused.
  await expect(ts.client().create('isle', { seats: 2 })).rejects.toMatchObject({ code: 429, message: expect.stringMatching(/^QUOTA: more than 4 rooms a minute/) });
  // Reservations that never connect: 3 may wait; the fourth is refused, whatever headers the client sends.
  const id = rooms[3].roomId;
  for (let i = 0; i < 3; i++) expect((await post(`/matchmake/joinById/${id}`, {})).status).toBe(200);
  const refused = await post(`/matchmake/joinById/${id}`, {}, { 'x-forwarded-for': '198.51.100.1', 'x-isle-peer': '198.51.100.2' });
  expect(refused.status).toBe(429);
  expect(refused.error).toMatch(/^QUOTA: 3 joins from your address are still waiting to connect/);
  for (const r of rooms) await r.leave();
});

test('open WebSockets per address: over the limit a socket is closed with 4030; a closed one frees its place', async () => {
  const url = ts.url + '/nowhere';
  const open = (): Promise<{ ws: WebSocket; closed: Promise<number> }> => new Promise((resolve) => {
    const ws = new WebSocket(url);
    const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
    ws.on('open', () => resolve({ ws, closed }));
    ws.on('error', () => undefined);
  });
  // Raw sockets that never join a room (Colyseus keeps them open until they speak or time out).
  const socks = [];
  for (let i = 0; i < 5; i++) socks.push(await open());
  const sixth = await open();
  expect(await sixth.closed).toBe(CLOSE_CODES.TOO_MANY_CONNECTIONS);
  socks[0].ws.close();
  await socks[0].closed;
  const again = await open();
  const early = await Promise.race([again.closed, new Promise<string>((r) => setTimeout(() => r('still open'), 300))]);
  expect(early).not.toBe(CLOSE_CODES.TOO_MANY_CONNECTIONS);
  for (const s of [...socks.slice(1), again]) s.ws.terminate();
});

describe('the creation quota is a real 60-second window', () => {
  const settings = { TRUSTED_PROXIES: '', ROOMS_PER_MINUTE_PER_ADDRESS: 30, PENDING_JOINS_PER_ADDRESS: 1e6, MAX_CONNECTIONS_PER_ADDRESS: 1e6 };

  test('30 a minute: one address asking every second for a minute gets exactly 30 (not 59), then one per window slot', () => {
    let t = 1_000_000;
    const q = new AddressQuotas(settings, undefined, undefined, undefined, () => t);
    let accepted = 0;
    // One request a second for 60 s (a token bucket with burst 30 let through 30 + 30 = 59 of these).
    for (let i = 0; i < 60; i++, t += 1000) if (q.check('203.0.113.5', 'create') === null) accepted++;
    expect(accepted).toBe(30);
    // Still inside 60 s of the first creation (t0 + 59 s was the last try): refused, saying when the next fits.
    t = 1_000_000 + 59_999;
    expect(q.check('203.0.113.5', 'create')).toMatch(/^QUOTA: more than 30 rooms a minute from your address; the next in 1 s/);
    // The first creation leaves the window 60 s after it: exactly one more fits.
    t = 1_000_000 + 60_000;
    expect(q.check('203.0.113.5', 'create')).toBeNull();
    expect(q.check('203.0.113.5', 'create')).toMatch(/^QUOTA/);
    // Another address has its own window.
    expect(q.check('198.51.100.1', 'create')).toBeNull();
  });

  test('in any 60 s, never more than the quota (random request times)', () => {
    let t = 0;
    const q = new AddressQuotas({ ...settings, ROOMS_PER_MINUTE_PER_ADDRESS: 7 }, undefined, undefined, undefined, () => t);
    const times: number[] = [];
    for (let i = 0; i < 2000; i++) {
      t += Math.floor(Math.random() * 3000);
      if (q.check('a', 'create') === null) times.push(t);
    }
    for (let i = 7; i < times.length; i++) expect(times[i] - times[i - 7]).toBeGreaterThanOrEqual(60_000);
  });

  test('a slowed address pays four creations of its window per room', () => {
    const t = 0;
    const slowed = { has: (a: string | undefined) => a === 'flooder' } as unknown as ConstructorParameters<typeof AddressQuotas>[3];
    const q = new AddressQuotas({ ...settings, ROOMS_PER_MINUTE_PER_ADDRESS: 8 }, undefined, undefined, slowed, () => t);
    expect(q.check('flooder', 'create')).toBeNull();
    expect(q.check('flooder', 'create')).toBeNull();
    expect(q.check('flooder', 'create')).toMatch(/^QUOTA: your address was closed for flooding/);
  });
});
