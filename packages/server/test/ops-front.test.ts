/**
 * The compose front, for real: nginx from Debian (scripts/install-test-deps.sh installs nginx-light;
 * without it this test fails and says so): deploy/nginx.conf with the replica host names replaced by local ports, two server
 * processes on Redis advertising `127.0.0.1:<front>/game1` and `/game2`, and clients that only know
 * the front. Matchmaking goes to either replica, each room socket to the replica that holds the room.
 */
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { Redis } from 'ioredis';
import { ensureBuilt, freePort, killServer, REPO, startServer, tempDir, waitFor, type ServerProc } from './support/ops-proc';
import { connect, play, settle, stateOf, type ActionLog, type Player } from './support/ops-game';

jest.setTimeout(120_000);

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => fs.existsSync(p));
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `isle-test-${randomBytes(4).toString('hex')}:`;
const procs: ServerProc[] = [];
let nginx: ChildProcess | undefined;

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGTERM');
    await new Promise((r) => nginx!.once('exit', r));
  }
  await Promise.all(procs.map((p) => killServer(p)));
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

/** deploy/nginx.conf, pointed at local ports, inside a minimal main config. */
function nginxConfig(dir: string, front: number, ports: Record<string, number>): string {
  let site = fs.readFileSync(path.join(REPO, 'deploy', 'nginx.conf'), 'utf8');
  for (const [name, port] of Object.entries(ports)) site = site.split(`${name}:2567`).join(`127.0.0.1:${port}`);
  site = site.replace('listen 80;', `listen 127.0.0.1:${front};`);
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, [
    `pid ${dir}/nginx.pid;`, `error_log ${dir}/error.log warn;`, 'events { worker_connections 256; }',
    'http {', `  access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`, site, '}',
  ].join('\n'));
  return file;
}

test('clients that only know the nginx front reach the replica that holds their room', async () => {
  if (!NGINX) throw new Error('nginx is not installed: run `bash scripts/install-test-deps.sh` (Debian nginx-light)');
  await ensureBuilt();
  const [front, p1, p2] = [await freePort(), await freePort(), await freePort()];
  const dir = tempDir('front');
  const conf = nginxConfig(dir, front, { game1: p1, game2: p2 });
  const check = spawnSync(NGINX!, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  expect(check.status).toBe(0);
  nginx = spawn(NGINX!, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });

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
    // Colyseus places a new room on the process with the fewest rooms, from counts each process
    // writes to Redis at most once a second: wait for the first room's count to be written.
    await new Promise((r) => setTimeout(r, 1200));
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
  for (const t of tables) {
    const log: ActionLog = [];
    expect(await play(t, log, 20)).toBe('paused');
  }
});
