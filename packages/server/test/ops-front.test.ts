/**
 * The compose front, for real: nginx from Debian (scripts/install-test-deps.sh installs nginx-light;
 * without it this test fails and says so): deploy/nginx.conf with the replica host names replaced by local ports, two server
 * processes on Redis advertising `127.0.0.1:<front>/game1` and `/game2`, and clients that only know
 * the front. Matchmaking goes to either replica, each room socket to the replica that holds the room.
 */
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import * as dgram from 'dgram';
import * as dns from 'dns';
import * as fs from 'fs';
import * as path from 'path';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { ensureBuilt, freePort, killServer, REPO, startServer, tempDir, waitFor, type ServerProc } from './support/ops-proc';
import { connect, play, settle, stateOf, type ActionLog, type Player } from './support/ops-game';
import { POSTGRES_URL } from './support/databases';

jest.setTimeout(120_000);

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => fs.existsSync(p));
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `isle-test-${randomBytes(4).toString('hex')}:`;
const procs: ServerProc[] = [];
const nginxes: ChildProcess[] = [];
const sockets: dgram.Socket[] = [];
const redises: Redis[] = [];

afterAll(async () => {
  await Promise.all(nginxes.filter((n) => n.exitCode === null && n.signalCode === null).map((n) => {
    n.kill('SIGTERM');
    return new Promise((r) => n.once('exit', r));
  }));
  for (const s of sockets) s.close();
  for (const r of redises) r.disconnect();
  await Promise.all(procs.map((p) => killServer(p)));
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

/** deploy/nginx.conf with some strings replaced (replica addresses, resolver), listening on `front`. */
function nginxConfig(dir: string, front: number, replace: [string, string][]): string {
  let site = fs.readFileSync(path.join(REPO, 'deploy', 'nginx.conf'), 'utf8');
  for (const [from, to] of replace) {
    expect(site).toContain(from);
    site = site.split(from).join(to);
  }
  site = site.replace('listen 80;', `listen 127.0.0.1:${front};`);
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, [
    `pid ${dir}/nginx.pid;`, `error_log ${dir}/error.log warn;`, 'events { worker_connections 256; }',
    'http {', `  access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`, site, '}',
  ].join('\n'));
  return file;
}

/** The replica addresses of deploy/nginx.conf pointed at local ports. */
const toPorts = (ports: Record<string, number>): [string, string][] =>
  Object.entries(ports).map(([name, port]) => [`${name}:2567`, `127.0.0.1:${port}`]);

function nginxBinary(): string {
  if (!NGINX) throw new Error('nginx is not installed: run `bash scripts/install-test-deps.sh` (Debian nginx-light)');
  return NGINX;
}

function nginxCheck(dir: string, conf: string): { status: number | null; stderr: string } {
  const check = spawnSync(nginxBinary(), ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  return { status: check.status, stderr: check.status === 0 ? '' : check.stderr };
}

/** `nginx -t`, then nginx in the foreground; resolves once the front answers on `front`. */
async function startNginx(dir: string, conf: string, front: number): Promise<void> {
  expect(nginxCheck(dir, conf)).toEqual({ status: 0, stderr: '' });
  nginxes.push(spawn(nginxBinary(), ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' }));
  for (let i = 0; ; i++) {
    if (await fetch(`http://127.0.0.1:${front}/`).then(() => true, () => false)) return;
    if (i > 400) throw new Error('nginx front not answering');
    await sleep(25);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const status = async (url: string, init?: RequestInit) => (await fetch(url, init)).status;

/** Poll `url` until it answers `want` (a bounded wait for the front to notice a change). */
async function untilStatus(url: string, want: number): Promise<number> {
  let last = 0;
  for (let i = 0; i < 300; i++) {
    last = await status(url);
    if (last === want) break;
    await sleep(50);
  }
  return last;
}

/**
 * A DNS server for the resolver test: answers A queries for the names in `table` (NXDOMAIN for the
 * others) and counts the queries per name. Minimal RFC 1035: one question, at most one answer.
 */
async function fakeDns(table: Map<string, string>): Promise<{ port: number; queries: Map<string, number> }> {
  const queries = new Map<string, number>();
  const sock = dgram.createSocket('udp4');
  sockets.push(sock);
  sock.on('message', (msg, rinfo) => {
    let at = 12;
    const labels: string[] = [];
    while (msg[at] !== 0) { labels.push(msg.subarray(at + 1, at + 1 + msg[at]).toString()); at += msg[at] + 1; }
    const qtype = msg.readUInt16BE(at + 1);
    const question = msg.subarray(12, at + 5);
    const name = labels.join('.').toLowerCase();
    queries.set(name, (queries.get(name) ?? 0) + 1);
    const ip = table.get(name);
    const answer = ip !== undefined && qtype === 1;
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    header.writeUInt16BE(ip === undefined ? 0x8183 : 0x8180, 2); // a response, recursion available; NXDOMAIN or no error
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answer ? 1 : 0, 6);
    const parts = [header, question];
    if (answer) {
      const rr = Buffer.alloc(16);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(1, 2); // type A
      rr.writeUInt16BE(1, 4); // class IN
      rr.writeUInt32BE(1, 6); // TTL 1 s
      rr.writeUInt16BE(4, 10);
      ip.split('.').forEach((b, i) => rr.writeUInt8(Number(b), 12 + i));
      parts.push(rr);
    }
    sock.send(Buffer.concat(parts), rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
  return { port: sock.address().port, queries };
}

test('`nginx -t` passes on the shipped file although the replica names do not resolve here', async () => {
  // the premise: game1 and game2 are compose service names, unknown on this machine
  for (const name of ['game1', 'game2']) await expect(dns.promises.lookup(name)).rejects.toThrow();
  const dir = tempDir('front-t');
  expect(nginxCheck(dir, nginxConfig(dir, await freePort(), []))).toEqual({ status: 0, stderr: '' });
});

/** Rooms in Colyseus' per-process counts in Redis (process id → "rooms,clients"). */
const roomsCounted = (counts: Record<string, string>) => Object.values(counts).reduce((n, v) => n + Number(v.split(',')[0]), 0);

test('clients that only know the nginx front reach the replica that holds their room', async () => {
  await ensureBuilt();
  const redis = new Redis(REDIS_URL);
  redises.push(redis);
  const [front, p1, p2] = [await freePort(), await freePort(), await freePort()];
  const dir = tempDir('front');
  await startNginx(dir, nginxConfig(dir, front, toPorts({ game1: p1, game2: p2 })), front);

  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, BOT_DELAY_MS: '0', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000' };
  const [g1, g2] = await Promise.all([
    startServer({ ...env, NODE_ID: 'game1', PUBLIC_ADDRESS: `127.0.0.1:${front}/game1` }, p1),
    startServer({ ...env, NODE_ID: 'game2', PUBLIC_ADDRESS: `127.0.0.1:${front}/game2` }, p2),
  ]);
  procs.push(g1, g2);
  const url = `ws://127.0.0.1:${front}`;
  for (let i = 0; ; i++) {
    const res = await fetch(`http://127.0.0.1:${front}/readyz`).catch(() => null);
    if (res?.status === 200) break;
    if (i > 100) throw new Error('nginx front not answering');
    await new Promise((r) => setTimeout(r, 50));
  }

  // two tables, created and joined through the front only
  const tables: Player[][] = [];
  for (let t = 0; t < 2; t++) {
    const a = await connect(url, null, { seats: 2, name: `A${t}` });
    const b = await connect(url, a.seat.roomId, { name: `B${t}` });
    a.room.send('start', {});
    await waitFor('start', () => stateOf(a).phase === 'playing' && stateOf(b).phase === 'playing');
    await settle([a, b]);
    tables.push([a, b]);
    // Colyseus places a new room on the process with the fewest rooms, by the counts each process writes
    // to Redis (a hash of "rooms,clients" per process) at most once a second, later when it was written
    // less than a second before: wait until the counts there hold this room. A fixed pause of 1.2 s was
    // sometimes too short on a loaded machine, and both rooms went to one replica.
    for (const t0 = Date.now(); roomsCounted(await redis.hgetall(`${prefix}roomcount`)) !== t + 1; await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() - t0 > 30_000) throw new Error('the room never counted in Redis');
    }
  }
  // the rooms were spread over both replicas, and every socket went to the replica that holds its room
  const gauge = async (p: ServerProc, re: RegExp) => {
    const text = await (await fetch(`${p.http}/metrics`)).text();
    return Number(re.exec(text)?.[1] ?? 0);
  };
  const connected = (p: ServerProc) => gauge(p, /^isle_clients\{state="connected"\} (\d+)/m);
  const playing = (p: ServerProc) => gauge(p, /^isle_rooms\{phase="playing"\} (\d+)/m);
  expect([await playing(g1), await playing(g2)]).toEqual([1, 1]);
  expect([await connected(g1), await connected(g2)]).toEqual([2, 2]);
  // metrics stay inside: /metrics and /<any prefix>/metrics, in any case, with a trailing slash;
  // the replicas still serve them on their own port (where the router ignores case, hence the regex)
  const front_ = `http://127.0.0.1:${front}`;
  for (const p of ['/metrics', '/game1/metrics', '/game2/metrics', '/game1/METRICS', '/Game2/Metrics', '/game1/metrics/', '/x/metrics']) {
    expect({ p, status: await status(front_ + p) }).toEqual({ p, status: 404 });
  }
  expect([await status(`${g1.http}/metrics`), await status(`${g1.http}/METRICS`), await status(`${g2.http}/metrics/`)]).toEqual([200, 200, 200]);
  expect([await status(`${front_}/game1/healthz`), await status(`${front_}/game2/readyz`)]).toEqual([200, 200]);
  for (const t of tables) {
    const log: ActionLog = [];
    expect(await play(t, log, 20)).toBe('paused');
  }
});

test('a request not tied to a room goes to the other replica when the one picked is down', async () => {
  await ensureBuilt();
  const [front, p1, dead] = [await freePort(), await freePort(), await freePort()];
  const g1 = await startServer({ STORE: 'memory', BOT_DELAY_MS: '0' }, p1);
  procs.push(g1);
  const dir = tempDir('front-down');
  await startNginx(dir, nginxConfig(dir, front, toPorts({ game1: p1, game2: dead })), front);
  const http = `http://127.0.0.1:${front}`;
  // each request picks a replica at random, so game2 (nothing listening) is picked about half the time
  for (let i = 0; i < 20; i++) expect(await status(`${http}/readyz`)).toBe(200);
  // matchmaking is a POST with a body: it is sent again to the other replica
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${http}/matchmake/create/isle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seats: 2, name: `F${i}` }) });
    expect(res.status).toBe(200);
  }
  // a replica's own prefix has no fallback: its rooms live nowhere else
  expect(await status(`${http}/game2/healthz`)).toBe(502);
});

test('replica names are looked up when requests need them: a replica that appears or moves later is reached', async () => {
  await ensureBuilt();
  const [front, p1] = [await freePort(), await freePort()];
  const g1 = await startServer({ STORE: 'memory' }, p1);
  procs.push(g1);
  const table = new Map<string, string>(); // nothing resolves yet: the replicas are not up
  const resolver = await fakeDns(table);
  const dir = tempDir('front-dns');
  // the shipped file, with its resolver pointed at the test's DNS server (answers cached 1 s) and the
  // replicas' port at the local server; the names stay names
  const conf = nginxConfig(dir, front, [
    ['resolver 127.0.0.11 valid=10s', `resolver 127.0.0.1:${resolver.port} valid=1s`],
    ['game1:2567', `game1:${p1}`], ['game2:2567', `game2:${p1}`],
  ]);
  await startNginx(dir, conf, front); // starts although no replica name resolves
  const url = `http://127.0.0.1:${front}/game1/healthz`;
  expect(await status(url)).toBe(502);
  expect(resolver.queries.get('game1')).toBeGreaterThanOrEqual(1);
  table.set('game1', '127.0.0.1'); // the replica comes up
  expect(await untilStatus(url, 200)).toBe(200);
  table.set('game1', '127.0.0.2'); // recreated elsewhere: the old address (nothing listens on 127.0.0.2) is dropped
  expect(await untilStatus(url, 502)).toBe(502);
  table.set('game1', '127.0.0.1');
  expect(await untilStatus(url, 200)).toBe(200);
  expect(resolver.queries.get('game1')).toBeGreaterThanOrEqual(3);
});

test('players through the front: a browser\'s sign-up is same-site, and both replicas know the player (one database, as compose runs them)', async () => {
  await ensureBuilt();
  // Both replicas on one PostgreSQL, as docker-compose.yml wires them (DATABASE_URL), in a schema of this test's own.
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const [front, p1, p2] = [await freePort(), await freePort(), await freePort()];
    const dir = tempDir('front-players');
    await startNginx(dir, nginxConfig(dir, front, toPorts({ game1: p1, game2: p2 })), front);
    const env = { STORE: 'memory', PLAYERS_DB: 'auto', DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
    const [g1, g2] = await Promise.all([startServer({ ...env, NODE_ID: 'game1' }, p1), startServer({ ...env, NODE_ID: 'game2' }, p2)]);
    procs.push(g1, g2);
    const site = `http://127.0.0.1:${front}`;
    // A browser on the front's page sends its Origin with the port; nginx must pass the Host it got, port
    // included, or the replicas take the sign-up for a cross-site request (403 CROSS_SITE).
    // Until a replica's players' database is open it answers 503 PLAYERS_UNAVAILABLE with `retryAfter`, and a
    // request after a failed open opens it again (two replicas migrating one new database at once: one of
    // them may fail its first try): the sign-up does what the protocol asks of a client, it tries again.
    const available = async (request: () => Promise<Response>): Promise<{ status: number; body: any }> => {
      for (;;) {
        const res = await request();
        const body = await res.json().catch(() => null) as { code?: string; retryAfter?: number } | null;
        if (res.status !== 503 || body?.code !== 'PLAYERS_UNAVAILABLE') return { status: res.status, body };
        await new Promise((r) => setTimeout(r, Math.min(1000, (body.retryAfter ?? 1) * 1000)));
      }
    };
    const made = await available(() => fetch(`${site}/api/players`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site }, body: JSON.stringify({ name: 'Ada' }) }));
    const guest = made.body as { player: { id: string }; secret: string; code?: string };
    expect({ status: made.status, code: guest.code }).toEqual({ status: 200, code: undefined });
    // Whichever replica a later request reaches knows the player.
    const auth = { authorization: `Guest ${guest.player.id}:${guest.secret}` };
    for (const base of [g1.http, g2.http, site, site, site, site]) {
      const me = await available(() => fetch(`${base}/api/me`, { headers: auth }));
      expect({ base, status: me.status }).toEqual({ base, status: 200 });
    }
    // A request from another site is still refused through the front.
    const foreign = await fetch(`${site}/api/me/name`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://evil.example', ...auth }, body: JSON.stringify({ name: 'Eve' }) });
    expect(foreign.status).toBe(403);
  } finally {
    await Promise.all(procs.splice(0).map((p) => killServer(p)));
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
});
