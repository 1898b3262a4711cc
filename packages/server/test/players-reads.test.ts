/**
 * The public players' reads (a player's page, the games list, the leaderboards): a short cache makes a flood
 * of identical reads cost one query, and a per-address limit refuses the excess with a typed RATE_LIMITED
 * (Retry-After header and `retryAfter` in the body). Scaled out, the limit is counted in Redis by every process.
 */
import * as http from 'http';
import { randomBytes } from 'crypto';
import type { AddressInfo } from 'net';
import express from 'express';
import { Redis } from 'ioredis';
import { createLogger } from '../src/ops/logger';
import { Accounts } from '../src/players/accounts';
import { Archive } from '../src/players/archive';
import { DEFAULT_PLAYER_LIMITS, PlayerLimits, take } from '../src/players/limits';
import { playerRoutes } from '../src/players/routes';
import { ReadCache } from '../src/players/read-cache';
import { freshDatabase } from './support/databases';

jest.setTimeout(120_000);

let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => { db = await freshDatabase('pglite'); });
afterAll(async () => { await db.drop(); });

async function serve(limits: PlayerLimits, address: () => string, readCacheMs: number, readsPerSecond = 0, now?: () => number) {
  const services = { accounts: new Accounts(db.db), archive: new Archive(db.db) };
  const server = http.createServer(express().use('/api', playerRoutes({ services: async () => services, logger: createLogger('silent'), limits, address, readCacheMs, readsPerSecond, now })));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { services, base, close: () => new Promise((r) => server.close(r)) };
}

test('a flood of identical reads costs one query per page while the answer is fresh', async () => {
  const s = await serve(new PlayerLimits({ ...DEFAULT_PLAYER_LIMITS, guestsPerAddress: 10, publicReadsPerAddress: 0 }), () => '10.1.0.1', 60_000);
  try {
    const board = jest.spyOn(s.services.archive, 'leaderboard');
    const recent = jest.spyOn(s.services.archive, 'recent');
    const pages = jest.spyOn(s.services.accounts, 'get');
    const { player } = await s.services.accounts.createGuest('Ada');
    const urls = [...Array(20).fill('/leaderboard/2p'), ...Array(20).fill('/games'), ...Array(20).fill(`/players/${player.id}`)];
    const answers = await Promise.all(urls.map(async (u) => (await fetch(s.base + u)).status));
    expect(answers).toEqual(urls.map(() => 200));
    expect([board.mock.calls.length, recent.mock.calls.length, pages.mock.calls.length]).toEqual([1, 1, 1]);
    // Another page is another query; a different limit of the games list too.
    expect((await fetch(`${s.base}/leaderboard/3-4p`)).status).toBe(200);
    expect((await fetch(`${s.base}/games?limit=5`)).status).toBe(200);
    expect([board.mock.calls.length, recent.mock.calls.length]).toEqual([2, 2]);
    // A client that has the answer already gets 304 for it.
    const first = await fetch(`${s.base}/leaderboard/2p`);
    expect(await first.json()).toEqual({ group: '2p', players: [] });
    const etag = first.headers.get('etag')!;
    // (node's http: fetch adds Cache-Control: no-cache to a conditional request, which asks for the body.)
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`${s.base}/leaderboard/2p`, { headers: { 'if-none-match': etag } }, (r) => { r.resume(); resolve(r.statusCode!); }).on('error', reject);
    });
    expect(status).toBe(304);
  } finally {
    await s.close();
  }
});

test('a cached answer is reused only while fresh; a failed read is not kept', async () => {
  let now = 0;
  const cache = new ReadCache(3000, 1000, () => now);
  let n = 0;
  const load = async () => ++n;
  expect(await cache.get('k', load)).toBe(1);
  now = 2999;
  expect(await cache.get('k', load)).toBe(1);
  now = 3000;
  expect(await cache.get('k', load)).toBe(2);
  await expect(cache.get('bad', async () => { throw new Error('database down'); })).rejects.toThrow('database down');
  expect(await cache.get('bad', load)).toBe(3);
  // Bounded: the oldest key is forgotten first.
  const small = new ReadCache(3000, 2, () => now);
  await small.get('a', load); await small.get('b', load); await small.get('c', load);
  expect(await small.get('a', load)).toBe(7);
});

test('reads past the per-address limit are refused with RATE_LIMITED and a Retry-After; other addresses still read', async () => {
  let address = '10.2.0.1';
  const s = await serve(new PlayerLimits({ ...DEFAULT_PLAYER_LIMITS, guestsPerAddress: 10, publicReadsPerAddress: 5 }), () => address, 3000);
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${s.base}/leaderboard/2p`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // The refusal comes after a pause, so a client that asks again at once costs an answer a second.
    const t0 = performance.now();
    const refused = await fetch(`${s.base}/games`);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(900);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many reads/), retryAfter: wait });
    address = '10.2.0.2';
    expect((await fetch(`${s.base}/leaderboard/2p`)).status).toBe(200);
  } finally {
    await s.close();
  }
});

test('reads from many addresses together are held to the process\'s budget a second', async () => {
  let n = 0;
  let now = 1_000_000;
  const s = await serve(new PlayerLimits({ ...DEFAULT_PLAYER_LIMITS, guestsPerAddress: 10, publicReadsPerAddress: 1000 }), () => `10.3.0.${++n}`, 3000, 4, () => now);
  const six = () => Promise.all(Array.from({ length: 6 }, () => fetch(`${s.base}/leaderboard/2p`).then(async (r) => `${r.status} ${r.status === 429 ? (await r.json() as { code: string }).code : ''}`)));
  try {
    // Within one second, 4 are answered (each request from another address) and the other 2 refused.
    expect((await six()).sort()).toEqual(['200 ', '200 ', '200 ', '200 ', '429 RATE_LIMITED', '429 RATE_LIMITED']);
    now += 1000;
    expect((await six()).filter((x) => x === '200 ')).toHaveLength(4);
  } finally {
    await s.close();
  }
});

test('scaled out, two processes count one address\'s reads together in Redis', async () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `isle-test-${randomBytes(4).toString('hex')}:`;
  const a = new Redis(url);
  const b = new Redis(url);
  try {
    const settings = { ...DEFAULT_PLAYER_LIMITS, guestsPerAddress: 10, publicReadsPerAddress: 4 };
    const one = new PlayerLimits(settings, { client: a, prefix });
    const two = new PlayerLimits(settings, { client: b, prefix });
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await take((i % 2 === 0 ? one : two).publicReads!, '203.0.113.9'));
    expect(waits.map((w) => w === null)).toEqual([true, true, true, true, false, false]);
  } finally {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length) await a.del(...keys);
    await a.quit();
    await b.quit();
  }
});
