/**
 * A Redis outage on a real server process whose every Redis connection (store,
 * presence, driver) goes through a TCP proxy to the machine's Redis: the proxy is cut and restored.
 * The process must survive, stop acknowledging what it cannot store (STORE_UNAVAILABLE), turn
 * unready, and carry on by itself when Redis is back, without losing anything it acknowledged.
 * Also: an unreachable REDIS_URL at start ends the process with one line naming Redis.
 */
import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import { legalActions, type Action } from '@isle-of-trains/rules';
import { viewFromState } from '@isle-of-trains/client';
import type { LogEntry } from '../src/persistence/store';
import { connect, stateOf, type Player } from './support/ops-game';
import { ensureBuilt, freePort, killServer, MAIN_JS, REPO, startServer, tempDir, waitFor, type ServerProc } from './support/ops-proc';
import { TcpProxy } from './support/tcp-proxy';

jest.setTimeout(90_000);

const REDIS = { host: '127.0.0.1', port: 6379 };
const prefix = `isle-test-${randomBytes(4).toString('hex')}:`;
let proxy: TcpProxy;
let proc: ServerProc | undefined;
const players: Player[] = [];

beforeAll(async () => {
  await ensureBuilt();
  proxy = new TcpProxy(REDIS);
  await proxy.start();
}, 180_000);
afterAll(async () => {
  await Promise.all(players.map((p) => p.room.leave().catch(() => undefined)));
  await killServer(proc);
  await proxy.stop();
  const r = new Redis(REDIS.port, REDIS.host);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

let nextId = 0;
function send(p: Player): { id: string; action: Action } {
  const view = viewFromState(stateOf(p), 0)!;
  const action = legalActions(view, 0)[0];
  const id = `r${++nextId}`;
  p.room.send('intent', { action, id });
  return { id, action };
}
const reply = (p: Player, id: string, ms = 10_000) => waitFor(`reply ${id}`, () => p.replies.get(id), ms, 5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('Redis goes away and comes back: the process lives, refuses what it cannot store, is unready, then carries on; nothing acknowledged is lost', async () => {
  proc = await startServer({
    REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_KEY_PREFIX: prefix, NODE_ID: 'outage-node',
    BOT_DELAY_MS: '0', RECONNECT_SECONDS: '300', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000',
  });
  const p = await connect(proc.url, null, { seats: 1, name: 'Ada' });
  players.push(p);
  await waitFor('solo game', () => (stateOf(p) as { game?: { decisionJson?: string } }).game?.decisionJson);
  const acked: Action[] = [];
  for (let i = 0; i < 5; i++) {
    const s = send(p);
    expect((await reply(p, s.id)).type).toBe('ack');
    acked.push(s.action);
  }

  await proxy.cut();
  // The first move after the cut is applied but held: no ack until Redis has it.
  const held = send(p);
  await waitFor('storage down', () => p.messages.some((m) => m.type === 'storage'), 15_000, 10);
  expect(p.messages.filter((m) => m.type === 'storage')).toEqual([{ type: 'storage', msg: { ok: false } }]);
  expect(p.replies.get(held.id)).toBeUndefined();
  const refused = send(p);
  expect((await reply(p, refused.id)).msg).toMatchObject({ code: 'STORE_UNAVAILABLE' });
  const ready = await fetch(`${proc.http}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ ready: false, store: false, redis: false });
  await sleep(2500); // several reconnection attempts fail meanwhile
  expect(proc.child.exitCode).toBeNull();
  const metrics = await (await fetch(`${proc.http}/metrics`)).text();
  expect(metrics).toMatch(/^isle_redis_up 0$/m);
  expect(metrics).toMatch(/^isle_store_up 0$/m);

  await proxy.restore();
  await waitFor('storage back', () => p.messages.filter((m) => m.type === 'storage').length === 2, 20_000, 20);
  expect(p.messages.filter((m) => m.type === 'storage')[1].msg).toEqual({ ok: true });
  expect((await reply(p, held.id)).type).toBe('ack'); // stored on the retry, then acknowledged
  acked.push(held.action);
  for (let i = 0; i < 5; i++) {
    const s = send(p);
    expect((await reply(p, s.id)).type).toBe('ack');
    acked.push(s.action);
  }
  // Ready again once every Redis connection is back: the store's link can be back (acks flow) a moment before
  // the presence and driver links, which ioredis reconnects on their own backoff.
  let readyStatus = 0;
  for (const t0 = Date.now(); Date.now() - t0 < 15_000; await sleep(100)) {
    readyStatus = (await fetch(`${proc.http}/readyz`)).status;
    if (readyStatus === 200) break;
  }
  expect(readyStatus).toBe(200);

  // Redis holds exactly the acknowledged actions, once each, in order.
  const r = new Redis(REDIS.port, REDIS.host);
  const lines = await r.lrange(`${prefix}game:${p.seat.roomId}`, 0, -1);
  await r.quit();
  const entries = lines.map((l) => JSON.parse(l) as LogEntry);
  expect(entries.filter((e) => e.t === 'action').map((e) => (e as { action: Action }).action)).toEqual(acked);
  expect(entries.map((e) => e.i)).toEqual(entries.map((_, i) => i));

  // Every line the process wrote is JSON with the node id; the outage was logged once, and its end once.
  const logs = proc.output.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(logs.every((l) => l.node === 'outage-node')).toBe(true);
  expect(logs.filter((l) => String(l.msg).startsWith('redis unreachable'))).toHaveLength(1);
  expect(logs.filter((l) => String(l.msg).startsWith('redis reachable again'))).toHaveLength(1);
  expect(logs.filter((l) => String(l.msg).startsWith('store unavailable'))).toHaveLength(1);
});

test('an unreachable REDIS_URL at start: one line naming Redis, exit code 1', async () => {
  const port = await freePort();
  const deadPort = await freePort();
  const child = spawn(process.execPath, [MAIN_JS], {
    cwd: REPO,
    // A data directory of its own: the default one (the repository's data/) may be held by a server another
    // test file runs at the same time, and this one would then stop at that lock instead of at Redis.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', DATA_DIR: tempDir('redis-dead'), REDIS_URL: `redis://:secret@127.0.0.1:${deadPort}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
  child.stderr!.on('data', (b: Buffer) => { err += b.toString(); });
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  expect(code).toBe(1);
  const errLines = err.trim().split('\n');
  expect(errLines).toHaveLength(1);
  expect(JSON.parse(errLines[0]).msg).toMatch(new RegExp(`^isle-server: Redis is unreachable at 127\\.0\\.0\\.1:${deadPort} \\(REDIS_URL\\): .*ECONNREFUSED`));
  expect(err).not.toContain('secret');
  expect(out.split('\n').filter((l) => /redis/i.test(l) && !/scale-out on Redis/.test(l))).toEqual([]);
});
