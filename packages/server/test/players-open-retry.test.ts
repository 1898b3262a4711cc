/**
 * A players' database that cannot be opened when the server starts (a PostgreSQL that comes up after the
 * server, as in a compose file started all at once) is opened in the background once it is there: nobody has
 * to ask for a player's page first. And a request that gives up on a database still opening is answered
 * PLAYERS_UNAVAILABLE without an error line per request.
 */
import { randomBytes } from 'crypto';
import * as http from 'http';
import * as net from 'net';
import express from 'express';
import { Writable } from 'stream';
import { Client } from 'pg';
import { createLogger } from '../src/ops/logger';
import { PlayerLimits } from '../src/players/limits';
import { playerRoutes } from '../src/players/routes';
import { PlayersService } from '../src/players/service';
import { POSTGRES_URL } from './support/databases';

jest.setTimeout(120_000);

/** A port with nothing listening on it (yet). */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** From `port` to the machine's PostgreSQL: the database "appears" when this starts listening. */
function proxyTo(port: number, target: URL): Promise<net.Server> {
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    inbound.pipe(outbound).pipe(inbound);
    const end = () => { inbound.destroy(); outbound.destroy(); };
    inbound.on('error', end);
    outbound.on('error', end);
  });
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r(server)));
}

function logLines(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l)); done(); } });
  return { lines, stream };
}

const until = async (what: string, ok: () => boolean, ms = 60_000): Promise<void> => {
  for (const t0 = Date.now(); !ok(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - t0 > ms) throw new Error(`never: ${what}`);
  }
};

test('a database that was down at the start is opened in the background once it is up', async () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const port = await freePort();
  const target = new URL(POSTGRES_URL);
  const url = new URL(POSTGRES_URL);
  url.port = String(port);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const { lines, stream } = logLines();
  const service = new PlayersService({ url: url.toString() }, createLogger('debug', stream), undefined, { firstMs: 100, maxMs: 400 });
  let proxy: net.Server | null = null;
  try {
    service.start();
    // Down: the outage is logged once, and retries go on in the background.
    await until('the outage logged', () => lines.some((l) => l.msg === 'players database unavailable'));
    const failedAt = lines.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(lines.some((l) => String(l.msg).includes('ready'))).toBe(false);
    proxy = await proxyTo(port, target);
    // Up: opened with no request made, within a retry's wait.
    await until('opened in the background', () => lines.slice(failedAt).some((l) => l.msg === 'players database ready'));
    const players = await service.get(1);
    expect(players.kind).toBe('postgres');
    const tables = await admin.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'players'`, [schema]);
    expect(tables.rowCount).toBe(1);
  } finally {
    await service.close();
    await new Promise((r) => (proxy ? proxy.close(() => r(null)) : r(null)));
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
});

test('failed openings are retried with growing waits, and not at all after close', async () => {
  // A server that hangs up on every connection: each attempt to open is counted.
  const attempts: number[] = [];
  const refuser = net.createServer((c) => { attempts.push(Date.now()); c.destroy(); });
  await new Promise<void>((r) => refuser.listen(0, '127.0.0.1', () => r()));
  const url = new URL(POSTGRES_URL);
  url.port = String((refuser.address() as net.AddressInfo).port);
  const { stream } = logLines();
  const service = new PlayersService({ url: url.toString() }, createLogger('silent', stream), undefined, { firstMs: 100, maxMs: 400 });
  try {
    service.start();
    await until('four attempts with no request made', () => attempts.length >= 4);
    // The waits grow (100, 200, 400 ms, then 400): the fourth attempt comes at least 700 ms after the first.
    expect(attempts[3] - attempts[0]).toBeGreaterThanOrEqual(650);
    await service.close();
    const n = attempts.length;
    await new Promise((r) => setTimeout(r, 1000));
    expect(attempts.length).toBe(n);
  } finally {
    await service.close();
    await new Promise((r) => refuser.close(() => r(null)));
  }
});

test('a request that gives up on a database still opening gets 503 PLAYERS_UNAVAILABLE and a debug line, no error line', async () => {
  const { lines, stream } = logLines();
  const logger = createLogger('debug', stream);
  // An embedded in-memory database takes seconds to open (WebAssembly, initdb); the routes wait 1 ms.
  const service = new PlayersService({}, logger);
  const server = http.createServer(express().use('/api', playerRoutes({
    services: () => service.get(1), logger, limits: new PlayerLimits(), address: () => '10.9.0.2', readCacheMs: 0, health: service.health,
  })));
  try {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/api`;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/players/p_nobody`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('PLAYERS_UNAVAILABLE');
    }
    expect(lines.filter((l) => l.msg === 'players database still opening')).toHaveLength(3);
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  } finally {
    await new Promise((r) => server.close(() => r(null)));
    await service.close();
  }
});
