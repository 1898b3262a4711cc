/**
 * npm run bench:players-flood -w @isle-of-trains/server -- [seconds-per-phase] [flooders] [players]
 *
 * The built server on the embedded players' database (PGlite, in its worker thread), as `npm start` runs it:
 *
 * 1. Starts: a first start on an empty DATA_DIR (PGlite's initdb) and a later start on the same directory.
 *    From the `listening` log line: ms to the first answered `GET /healthz`, the first answered game join
 *    (a solo game created), the first answered players' request (`GET /api/leaderboard/2p`, 200), and the
 *    worst move ack of a game played during that time; the server's RSS once the database answers.
 * 2. Floods, on the later start, with 300 players and 600 archived games in the database: `players` solo games
 *    played at human pace (a move every 300 ms each) measure move-ack p50/p99 with no flood, then while
 *    `flooders` clients (one child process) read the public players' routes as fast as they are answered:
 *    - one address: everything from 127.0.0.1 (the per-address limit refuses most of it),
 *    - many addresses, same pages: each request from another address (X-Forwarded-For through
 *      TRUSTED_PROXIES), so the limit never bites; leaderboards, games list, a few pages (the cache answers),
 *    - many addresses, many pages: as above, each a random one of the 300 players' pages (mostly misses:
 *      the database works all along).
 *    Printed: requests answered per second (200 / 429 / other), p50/p99 of the acks, p99 over the no-flood p99
 *    (target ≤ 1.5), and the server's peak RSS in the phase.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Client, type Room } from '@colyseus/sdk';
import { currentDecision, legalActions } from '@isle-of-trains/rules';
import { stateFromWire, viewFromState, type IsleStateWire } from '@isle-of-trains/client';
import { openDatabase } from '../src/db/connect';
import { NODE_FLAGS } from '../src/ops/node-flags';
import { Accounts } from '../src/players/accounts';
import { Archive } from '../src/players/archive';
import { ensureBuilt, freePort, MAIN_JS, REPO } from '../test/support/ops-proc';

const PHASE_MS = Number(process.argv[2] ?? 20) * 1000;
const FLOODERS = Number(process.argv[3] ?? 8);
const PLAYERS = Number(process.argv[4] ?? 4);
const PACE_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const FLOODER = `
const [base, mode, n, ids] = [process.argv[1], process.argv[2], Number(process.argv[3]), process.argv[4].split(',')];
const counts = { ok: 0, limited: 0, other: 0, seconds: 0 };
const t0 = Date.now();
const fixed = ['/api/leaderboard/2p', '/api/leaderboard/3-4p', '/api/games', ...ids.slice(0, 5).map((id) => '/api/players/' + id)];
let stop = false;
process.on('SIGTERM', () => { stop = true; });
async function loop(k) {
  for (let i = k; !stop; i++) {
    const many = mode !== 'one-address';
    const path = mode === 'many-pages' ? '/api/players/' + ids[Math.floor(Math.random() * ids.length)] : fixed[i % fixed.length];
    const headers = many ? { 'x-forwarded-for': '10.' + (i % 250) + '.' + (k % 250) + '.' + Math.floor(Math.random() * 250) } : {};
    try {
      const res = await fetch(base + path, { headers });
      await res.arrayBuffer();
      if (res.status === 200) counts.ok++; else if (res.status === 429) counts.limited++; else counts.other++;
    } catch { counts.other++; await new Promise((r) => setTimeout(r, 20)); }
  }
}
Promise.all(Array.from({ length: n }, (_, k) => loop(k))).then(() => { counts.seconds = (Date.now() - t0) / 1000; process.stdout.write(JSON.stringify(counts) + '\\n'); process.exit(0); });
`;

interface Proc { child: ChildProcess; port: number; http: string; url: string; listening: Promise<number> }

/** Spawn the built server as `npm start` does (its V8 flags), with LOG_LEVEL info to see `listening`. */
async function spawnServer(dataDir: string): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN_JS], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', DATA_DIR: dataDir, STORE: 'file', PLAYERS_DB: 'auto',
      TRUSTED_PROXIES: '127.0.0.1', ROOMS_PER_MINUTE_PER_ADDRESS: '1000000', PENDING_JOINS_PER_ADDRESS: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<number>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (b: Buffer) => {
      buf += b.toString();
      if (buf.includes('"msg":"listening"')) resolve(performance.now());
      if (buf.length > 100_000) buf = buf.slice(-10_000);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  listening.catch(() => undefined);
  return { child, port, http: `http://127.0.0.1:${port}`, url: `ws://127.0.0.1:${port}`, listening };
}

async function stopServer(p: Proc): Promise<void> {
  if (p.child.exitCode !== null) return;
  const gone = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  await Promise.race([gone, sleep(20_000)]);
  if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await gone;
}

/** Resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid: number | undefined): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

interface Player { client: Client; room: Room; n: number }

async function newGame(url: string): Promise<Player> {
  const client = new Client(url);
  const room = await client.create('isle', { seats: 1, name: 'Steady' });
  room.onMessage('*', () => undefined);
  return { client, room, n: 0 };
}

/** One move: a legal action, sent; the ms until its ack (null when it is not this seat's turn yet). */
function move(p: Player): Promise<number | null> {
  const wire = (p.room.state as { toJSON?(): IsleStateWire }).toJSON?.();
  if (!wire) return Promise.resolve(null);
  const state = stateFromWire(wire);
  if (state.phase !== 'playing') return Promise.resolve(null);
  const view = viewFromState(state, 0);
  const d = view && currentDecision(view);
  if (!view || !d || d.seat !== 0) return Promise.resolve(null);
  const legal = legalActions(view, 0).filter((a, _i, all) => all.length === 1 || a.type !== 'returnCard');
  const action = legal[Math.floor(Math.random() * legal.length)];
  const id = `m${++p.n}`;
  return new Promise((resolve) => {
    const t0 = performance.now();
    const offAck = p.room.onMessage('ack', (b: { id: string }) => { if (b.id === id) { offAck(); offErr(); resolve(performance.now() - t0); } });
    const offErr = p.room.onMessage('error', (b: { id?: string }) => { if (b.id === id) { offAck(); offErr(); resolve(performance.now() - t0); } });
    p.room.send('intent', { action, id });
  });
}

/** Keep one seat playing at PACE_MS until `until()`; a game that ends is replaced by a new one. */
async function play(url: string, first: Player, until: () => boolean, samples: number[]): Promise<void> {
  let p = first;
  while (!until()) {
    if ((p.room.state as { phase?: string }).phase === 'ended') {
      await p.room.leave().catch(() => undefined);
      p = await newGame(url);
    }
    const ms = await move(p);
    if (ms !== null) samples.push(ms);
    await sleep(PACE_MS);
  }
  await p.room.leave().catch(() => undefined);
}

const q = (xs: number[], f: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(f * s.length))] ?? NaN;
};

interface StartRow { label: string; health: number; join: number; players: number; worstAck: number; moves: number; rss: number }

/** One start: times from `listening` to the first answers, a game played meanwhile, RSS once players answer. */
async function measureStart(label: string, dataDir: string): Promise<{ proc: Proc; row: StartRow }> {
  const proc = await spawnServer(dataDir);
  const t0 = await proc.listening;
  const since = () => performance.now() - t0;
  const firstOk = async (path: string): Promise<number> => {
    for (;;) {
      const res = await fetch(proc.http + path).catch(() => null);
      if (res?.status === 200) return since();
      if (since() > 120_000) throw new Error(`${path} not answering 120 s after listening`);
      await sleep(10);
    }
  };
  const health = firstOk('/healthz');
  const players = firstOk('/api/leaderboard/2p');
  const joined = newGame(proc.url).then((p) => ({ p, at: since() }));
  const { p, at: join } = await joined;
  const acks: number[] = [];
  let playersAt = -1;
  void players.then((ms) => { playersAt = ms; });
  await play(proc.url, p, () => playersAt >= 0, acks);
  const row = { label, health: await health, join, players: await players, worstAck: Math.max(...acks, 0), moves: acks.length, rss: rssMiB(proc.child.pid) };
  return { proc, row };
}

/** Players and archived games for the reads to find. */
async function seed(dataDir: string): Promise<string[]> {
  const d = await openDatabase({ dataDir });
  try {
    const accounts = new Accounts(d.db);
    const archive = new Archive(d.db);
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) ids.push((await accounts.createGuest(`P${i}`)).player.id);
    for (let g = 0; g < 600; g++) {
      const n = 2 + (g % 3);
      const seats = Array.from({ length: n }, (_, i) => ({ seat: i, playerId: ids[(g * 7 + i * 13) % ids.length], name: `P${i}`, botLevel: null, score: 40 + ((g + i * 17) % 50), place: i + 1 }));
      await archive.archive({ id: `seed-${g}`, game: 'isle', finishedAt: new Date(Date.now() - g * 60_000), options: { players: n }, seed: `s${g}`, actions: [], result: {}, seats, rated: true });
    }
    return ids;
  } finally {
    await d.close();
  }
}

interface PhaseRow { label: string; acks: number[]; counts: { ok: number; limited: number; other: number; seconds: number } | null; peakRss: number }

async function phase(proc: Proc, label: string, mode: string | null, ids: string[]): Promise<PhaseRow> {
  let flooder: ChildProcess | null = null;
  let out = '';
  if (mode) {
    flooder = spawn(process.execPath, ['-e', FLOODER, proc.http, mode, String(FLOODERS), ids.join(',')], { stdio: ['ignore', 'pipe', 'inherit'] });
    flooder.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
    await sleep(1000);
  }
  const games = await Promise.all(Array.from({ length: PLAYERS }, () => newGame(proc.url)));
  let peakRss = rssMiB(proc.child.pid);
  const rssTimer = setInterval(() => { peakRss = Math.max(peakRss, rssMiB(proc.child.pid)); }, 250);
  const end = performance.now() + PHASE_MS;
  const acks: number[] = [];
  await Promise.all(games.map(async (g, i) => { await sleep((i * PACE_MS) / PLAYERS); await play(proc.url, g, () => performance.now() > end, acks); }));
  clearInterval(rssTimer);
  let counts = null;
  if (flooder) {
    const done = new Promise((r) => flooder!.once('exit', r));
    flooder.kill('SIGTERM');
    await done;
    counts = JSON.parse(out.trim().split('\n').pop() ?? 'null');
    await sleep(1000);
  }
  process.stderr.write(`${label}: ${acks.length} moves\n`);
  return { label, acks, counts, peakRss };
}

async function main(): Promise<void> {
  await ensureBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-players-flood-'));
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  try {
    const first = await measureStart('first start (empty DATA_DIR)', dir);
    await stopServer(first.proc);
    const ids = await seed(dir);
    const later = await measureStart('later start (300 players, 600 games)', dir);
    const rows: PhaseRow[] = [];
    try {
      rows.push(await phase(later.proc, 'no flood', null, ids));
      rows.push(await phase(later.proc, `flood: ${FLOODERS} clients, one address`, 'one-address', ids));
      rows.push(await phase(later.proc, `flood: ${FLOODERS} clients, many addresses, same pages`, 'many-addresses', ids));
      rows.push(await phase(later.proc, `flood: ${FLOODERS} clients, many addresses, many pages`, 'many-pages', ids));
    } finally {
      await stopServer(later.proc);
    }
    console.log(`node ${process.version}, ${os.cpus().length} cores, load average at the start ${load} (1/5/15 min), at the end ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}\n`);
    console.log('| start | /healthz | game joined | players\' route answers | worst move ack meanwhile (moves) | RSS then |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of [first.row, later.row]) {
      console.log(`| ${r.label} | ${r.health.toFixed(0)} ms | ${r.join.toFixed(0)} ms | ${r.players.toFixed(0)} ms | ${r.worstAck.toFixed(0)} ms (${r.moves}) | ${r.rss.toFixed(0)} MiB |`);
    }
    const base = q(rows[0].acks, 0.99);
    console.log(`\n${PLAYERS} solo games at a move every ${PACE_MS} ms each, ${PHASE_MS / 1000} s a phase:\n`);
    console.log('| phase | reads/s answered 200 / 429 / other | moves | ack p50 | ack p99 | p99 / no-flood p99 | peak RSS |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const r of rows) {
      const c = r.counts ? [r.counts.ok, r.counts.limited, r.counts.other].map((n) => (n / r.counts!.seconds).toFixed(0)).join(' / ') : '–';
      console.log(`| ${r.label} | ${c} | ${r.acks.length} | ${q(r.acks, 0.5).toFixed(1)} ms | ${q(r.acks, 0.99).toFixed(1)} ms | ${(q(r.acks, 0.99) / base).toFixed(2)} | ${r.peakRss.toFixed(0)} MiB |`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
