/**
 * HTTP answers around a Redis outage, on a real server process scaled out on a private redis-server that the
 * test stops and starts again (the machine's Redis is never touched):
 *  - every HTTP error is JSON { code, error } without a stack: a bad percent-escape, an unknown path, and the
 *    lobby's room list while Redis is away (503 STORE_UNAVAILABLE, not an HTML stack page);
 *  - creating a room while Redis is away is refused with STORE_UNAVAILABLE, not ioredis' own text;
 *  - once Redis is back the room list works again without a restart (@colyseus/redis-driver kept the failed
 *    request cached: src/colyseus-patches/redis-driver-fix.ts);
 *  - every line the process prints is JSON, and the outage's failures are logged once, not per request.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as http from 'http';
import { ensureBuilt, freePort, killServer, startServer, waitFor, type ServerProc } from './support/ops-proc';

jest.setTimeout(90_000);

let redisPort = 0;
let redis: ChildProcess | null = null;
let proc: ServerProc | undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  // ready when it accepts a connection
  await waitFor('redis-server', () => redis, 100);
  for (let i = 0; i < 200; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = require('net').connect(redisPort, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (up) return;
    await sleep(25);
  }
  throw new Error('private redis-server did not start');
}
async function stopRedis(): Promise<void> {
  const r = redis;
  redis = null;
  if (!r || r.exitCode !== null) return;
  const gone = new Promise((resolve) => r.once('exit', resolve));
  r.kill('SIGKILL');
  await gone;
}

beforeAll(async () => {
  await ensureBuilt();
  redisPort = await freePort();
  await startRedis();
}, 180_000);
afterAll(async () => {
  await killServer(proc);
  await stopRedis();
});

/** A raw request (fetch would re-encode a bad percent-escape). */
function request(method: string, path: string, body?: string): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proc!.port, method, path, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {} }, (res) => {
      let text = '';
      res.on('data', (b: Buffer) => { text += b.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function expectJsonError(r: { status: number; type: string; text: string }, status: number, code: string): { code: string; error: string } {
  expect(r.status).toBe(status);
  expect(r.type).toMatch(/^application\/json/);
  const body = JSON.parse(r.text) as { code: string; error: string };
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect(r.text).not.toMatch(/\bat |node_modules|<html|stack/i);
  return body;
}

test('errors are JSON without stacks, a Redis outage answers STORE_UNAVAILABLE, and the room list comes back with Redis', async () => {
  proc = await startServer({ REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_KEY_PREFIX: 'blip:', NODE_ID: 'blip-node', LOG_LEVEL: 'info' });

  // Any route: a bad percent-escape in a route parameter, in a path no route matches, an unknown path.
  expectJsonError(await request('GET', '/api/games/%E0%A4%A/replay'), 400, 'BAD_REQUEST');
  expectJsonError(await request('GET', '/%E0%A4%A'), 400, 'BAD_REQUEST');
  expectJsonError(await request('GET', '/no/such/page'), 404, 'NOT_FOUND');
  expectJsonError(await request('GET', '/api/games/no-such-game/replay'), 404, 'NOT_FOUND');
  expect((await request('GET', '/api/rooms')).status).toBe(200);

  await stopRedis();
  for (let i = 0; i < 100 && (await request('GET', '/readyz')).status !== 503; i++) await sleep(50);
  // The lobby's list: twice, to see the failure logged once for the outage, not per request.
  expectJsonError(await request('GET', '/api/rooms'), 503, 'STORE_UNAVAILABLE');
  expectJsonError(await request('GET', '/api/rooms'), 503, 'STORE_UNAVAILABLE');
  const created = JSON.parse((await request('POST', '/matchmake/create/isle', '{}')).text) as { code: number; error: string };
  expect(created.error).toMatch(/^STORE_UNAVAILABLE: /);
  const again = JSON.parse((await request('POST', '/matchmake/create/isle', '{}')).text) as { code: number; error: string };
  expect(again.error).toMatch(/^STORE_UNAVAILABLE: /);

  await startRedis();
  let ready = 0;
  for (let i = 0; i < 300 && ready !== 200; i++) {
    ready = (await request('GET', '/readyz')).status;
    if (ready !== 200) await sleep(50);
  }
  expect(ready).toBe(200);
  // Ready, and the room list answers again (the driver no longer hands out the failure it cached).
  const rooms = await request('GET', '/api/rooms');
  expect(rooms.status).toBe(200);
  expect(JSON.parse(rooms.text)).toEqual([]);
  const made = await request('POST', '/matchmake/create/isle', '{}');
  expect(made.status).toBe(200);
  const { roomId } = JSON.parse(made.text) as { roomId: string };
  const listed = JSON.parse((await request('GET', '/api/rooms')).text) as { roomId: string }[];
  expect(listed.map((r) => r.roomId)).toContain(roomId);

  // Every line is JSON; the outage and each kind of failure during it are logged once.
  const lines = proc.output.map((l) => {
    try { return JSON.parse(l) as { msg: string; node?: string }; } catch { throw new Error(`not a JSON line: ${l}`); }
  });
  expect(lines.every((l) => l.node === 'blip-node')).toBe(true);
  const count = (re: RegExp) => lines.filter((l) => re.test(l.msg)).length;
  expect(count(/^redis unreachable/)).toBe(1);
  expect(count(/^HTTP request failed: redis unavailable/)).toBe(1);
  expect(count(/^matchmaking failed: redis unavailable/)).toBeLessThanOrEqual(1);
  expect(count(/^redis reachable again/)).toBe(1);
});
