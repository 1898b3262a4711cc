/**
 * Flood isolation: a well-behaved solo player's intent→ack latency (the ack follows
 * the patch) with no flood, then while another client floods the same server in each of five
 * ways: small intents, 60 KB bodies, garbage frames, request frames, `log` requests. The server and the
 * flooder are separate processes; the flooder has its own address (X-Forwarded-For through a trusted
 * proxy: the server's TRUSTED_PROXIES is 127.0.0.1) and comes straight back whenever it is closed
 * (4029, 1009): it re-joins its own room as a spectator and floods again, or creates a new room when
 * that room is gone.
 *
 *   npm run bench:flood -w @isle-of-trains/server [-- seconds-per-phase [max-payload-bytes,…] [loads]]
 *
 * `loads` (default `0,2`): how many busy-loop processes compete for the CPU while a run lasts, each
 * pinned to one core with taskset (when there is one) and the server left free to run anywhere: `0` is
 * the machine as it is, `2` a loaded one. Every load runs its own no-flood phase, so each ratio is
 * against the no-flood p99 under the same load.
 *
 * `FLOOD_NICE` (default 19): the flooder's niceness; `FLOOD_MODES`: only some floods; `FLOOD_NODE_FLAGS`: V8
 * flags for the server (a CPU profile, say).
 *
 * Prints p50/p99 per phase and the ratio to the no-flood p99 (target ≤ 2×), once per frame limit
 * (MAX_PAYLOAD_BYTES, default today's 16 KiB) and load, each on a fresh server.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import { Client, type Room } from '@colyseus/sdk';
import { legalActions, currentDecision } from '@isle-of-trains/rules';
import { stateFromWire, viewFromState, type IsleStateWire } from '@isle-of-trains/client';
import { ensureBuilt, killServer, startServer } from '../test/support/ops-proc';
import { NODE_FLAGS } from '../src/ops/node-flags';

const PHASE_MS = Number(process.argv[2] ?? 8) * 1000;
/** Frame limits to compare in one run (e.g. `65536,16384`: the old default and today's). */
const LIMITS = (process.argv[3] ?? '16384').split(',');
/** CPU competitors per run: busy loops, one pinned per core. */
const LOADS = (process.argv[4] ?? '0,2').split(',').map(Number);
const ALL_MODES = ['intents', 'big', 'garbage', 'requests', 'log'];
/** `FLOOD_MODES=big,log` runs only those floods (to look into one). */
const MODES = process.env.FLOOD_MODES ? process.env.FLOOD_MODES.split(',').filter((m) => ALL_MODES.includes(m)) : ALL_MODES;
/** `FLOOD_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof'` starts the server with these V8 flags too. */
const EXTRA_FLAGS = (process.env.FLOOD_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const PACE_MS = 120; // a brisk human: about 8 moves a second

const FLOODER = `
const { Client } = require('@colyseus/sdk');
const [url, mode] = process.argv.slice(1);
const big = 'x'.repeat(60000);
const garbage = Buffer.from([99, 1, 2, 3, 4, 5, 6, 7]);
// Its own address, as a trusted proxy would forward it.
const client = new Client(url, { headers: { 'x-forwarded-for': '198.51.100.66' } });
let roomId = null;
async function once() {
  // Back into its own room as a spectator after a close; a new room only when that one is gone.
  const room = roomId ? await client.joinById(roomId, { spectate: true, name: 'Flood' }).catch(() => { roomId = null; return null; }) : null;
  const r = room ?? await client.create('isle', { seats: 2, name: 'Flood' });
  roomId = r.roomId;
  r.onMessage('*', () => {});
  r.reconnection.enabled = false;
  let open = true;
  r.onLeave(() => { open = false; });
  while (open) {
    for (let i = 0; i < 200 && open; i++) {
      if (mode === 'intents') r.send('intent', { action: { type: 'take', from: 'deck' } });
      else if (mode === 'big') r.send('intent', { action: { type: 'take' }, pad: big });
      else if (mode === 'garbage') r.connection.send(garbage);
      else if (mode === 'log') r.send('log', {});
      else r.request('intent', { action: { type: 'take', from: 'deck' } }).catch(() => {});
    }
    await new Promise((res) => setImmediate(res));
  }
}
(async () => { for (;;) { try { await once(); } catch (e) { await new Promise((res) => setTimeout(res, 50)); } } })();
`;

/** A busy loop on one core (taskset when the machine has it). */
function competitor(core: number): ChildProcess {
  const loop = [process.execPath, '-e', 'for (;;) {}'];
  const pinned = fs.existsSync('/usr/bin/taskset') ? ['/usr/bin/taskset', '-c', String(core % os.cpus().length), ...loop] : loop;
  return spawn(pinned[0], pinned.slice(1), { stdio: 'ignore' });
}

interface Player { room: Room; seat: number; n: number }

async function player(url: string): Promise<Player> {
  const room = await new Client(url).create('isle', { seats: 1, name: 'Steady' });
  room.onMessage('*', () => undefined);
  // A spare game still open when the run's server is stopped is not to be reconnected.
  room.reconnection.enabled = false;
  const p: Player = { room, seat: 0, n: 0 };
  const t0 = Date.now();
  while (!(room.state as { game?: unknown }).game) {
    if (Date.now() - t0 > 10_000) throw new Error('solo game did not start');
    await new Promise((r) => setTimeout(r, 5));
  }
  return p;
}

/** One move: choose a legal action, send it, resolve with the ms until its ack (or error). */
function move(p: Player): Promise<number | null> {
  const state = stateFromWire((p.room.state as { toJSON(): IsleStateWire }).toJSON());
  if (state.phase !== 'playing') return Promise.resolve(null);
  const view = viewFromState(state, p.seat);
  const d = view && currentDecision(view);
  if (!view || !d || d.seat !== p.seat) return Promise.resolve(null);
  const legal = legalActions(view, p.seat).filter((a, _i, all) => all.length === 1 || a.type !== 'returnCard');
  const action = legal[Math.floor(Math.random() * legal.length)];
  const id = `s${++p.n}`;
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const done = () => resolve(Number(process.hrtime.bigint() - t0) / 1e6);
    const offAck = p.room.onMessage('ack', (b: { id: string }) => { if (b.id === id) { offAck(); offErr(); done(); } });
    // RATE_LIMITED carries no id: this move was dropped (not measured).
    const offErr = p.room.onMessage('error', (b: { id?: string; code?: string }) => {
      if (b.id === id) { offAck(); offErr(); done(); } else if (b.code === 'RATE_LIMITED') { offAck(); offErr(); resolve(null); }
    });
    p.room.send('intent', { action, id });
  });
}

async function phase(url: string, players: Player[], label: string): Promise<number[]> {
  const samples: number[] = [];
  const end = Date.now() + PHASE_MS;
  while (Date.now() < end) {
    let p = players[0];
    if ((p.room.state as { phase?: string }).phase === 'ended') {
      players.shift();
      if (players.length === 0) throw new Error('the steady player ran out of games: run shorter phases');
      p = players[0];
    }
    const ms = await move(p);
    if (ms !== null) samples.push(ms);
    await new Promise((r) => setTimeout(r, PACE_MS));
  }
  process.stderr.write(`${label}: ${samples.length} moves\n`);
  return samples;
}

const q = (xs: number[], f: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(f * s.length))] ?? NaN;
};

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch { return NaN; }
}

/** Per phase: the steady player's latencies, the flooder's and the server's CPU over the phase (% of a core), the server's longest event-loop delay (ms). */
type PhaseRow = [string, number[], number, number, number];

/**
 * The server's longest event-loop delay since the last call: prom-client's lag histogram starts over at
 * each scrape, so a scrape before and after a phase brackets it.
 */
async function loopMaxMs(url: string): Promise<number> {
  try {
    const text = await (await fetch(`${url.replace(/^ws/, 'http')}/metrics`)).text();
    const m = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? ([0-9.e+-]+)/m.exec(text);
    return m ? Number(m[1]) * 1000 : NaN;
  } catch { return NaN; }
}

async function run(maxPayload: string, load: number): Promise<PhaseRow[]> {
  // The steady player comes from 127.0.0.1, the flooder from its forwarded address. The room-creation
  // quota keeps its default (30 a minute per address). The steady player's games are all created
  // before any flood. The connection and pending-join quotas are off (they do not bear on one
  // connection at a time).
  // A loaded machine can take longer than startServer waits: one more try.
  const start = (env: Record<string, string>) => startServer(env, undefined, [...NODE_FLAGS, ...EXTRA_FLAGS]).catch(() => startServer(env, undefined, [...NODE_FLAGS, ...EXTRA_FLAGS]));
  const server = await start({
    STORE: 'memory', LOG_LEVEL: 'error', BOT_DELAY_MS: '0', MAX_PAYLOAD_BYTES: maxPayload, TRUSTED_PROXIES: '127.0.0.1',
    ROOMS_PER_MINUTE_PER_ADDRESS: process.env.ROOMS_PER_MINUTE_PER_ADDRESS ?? '30', PENDING_JOINS_PER_ADDRESS: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '1000000',
  });
  const url = server.url;
  const flooders: ChildProcess[] = [];
  const competitors = Array.from({ length: load }, (_, i) => competitor(i));
  try {
    // Spare games made before any flood (new connections from a flooding address are slowed): a solo game
    // lasts about 8 s at this pace, so one per second of a phase, within the room quota of 30 a minute.
    const players: Player[] = [];
    for (let i = 0; i < Math.min(28, Math.max(8, Math.ceil((PHASE_MS * (MODES.length + 2)) / 8000) + 2)); i++) players.push(await player(url));
    const s0 = cpuSeconds(server.child.pid);
    await loopMaxMs(url);
    const rows: PhaseRow[] = [['no flood', await phase(url, players, 'no flood'), 0, (cpuSeconds(server.child.pid) - s0) / PHASE_MS * 1e5, await loopMaxMs(url)]];
    for (const mode of MODES) {
      const flood = [process.execPath, '-e', FLOODER, url, mode];
      // A real flooder runs on its own machine and its CPU is not the server's. Here it shares the
      // server's cores, so by default it runs at the lowest priority (`nice -n 19`): it gets every cycle
      // the server and the steady player leave, and does not take theirs. FLOOD_NICE=0 runs it as an
      // equal (then a flooder busy on one of two cores slows everything on the machine, the server's
      // isolation aside).
      const niceness = Number(process.env.FLOOD_NICE ?? 19);
      const argv = niceness > 0 && fs.existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', String(niceness), ...flood] : flood;
      const child = spawn(argv[0], argv.slice(1), { stdio: 'ignore', cwd: __dirname });
      flooders.push(child);
      await new Promise((r) => setTimeout(r, 1000));
      const f0 = cpuSeconds(child.pid);
      const sv0 = cpuSeconds(server.child.pid);
      await loopMaxMs(url);
      const xs = await phase(url, players, mode);
      rows.push([`flood: ${mode}`, xs, (cpuSeconds(child.pid) - f0) / PHASE_MS * 1e5, (cpuSeconds(server.child.pid) - sv0) / PHASE_MS * 1e5, await loopMaxMs(url)]);
      child.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
    }
    // The no-flood phase again: how far the machine alone moves the p99 within one run.
    const s1 = cpuSeconds(server.child.pid);
    await loopMaxMs(url);
    rows.push(['no flood, again', await phase(url, players, 'no flood again'), 0, (cpuSeconds(server.child.pid) - s1) / PHASE_MS * 1e5, await loopMaxMs(url)]);
    for (const p of players) await p.room.leave().catch(() => undefined);
    return rows;
  } finally {
    for (const c of flooders) c.kill('SIGKILL');
    for (const c of competitors) c.kill('SIGKILL');
    await killServer(server);
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  console.log('| MAX_PAYLOAD_BYTES | CPU competitors | phase | moves | p50 ms | p99 ms | p99 / no-flood p99 | server CPU | flooder CPU | longest server loop delay ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const limit of LIMITS) {
    for (const load of LOADS) {
      process.stderr.write(`MAX_PAYLOAD_BYTES ${limit}, ${load} competitors; uptime: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
      const rows = await run(limit, load);
      const base = q(rows[0][1], 0.99);
      for (const [label, xs, flooderCpu, serverCpu, loopMs] of rows) {
        console.log(`| ${limit} | ${load} | ${label} | ${xs.length} | ${q(xs, 0.5).toFixed(1)} | ${q(xs, 0.99).toFixed(1)} | ${(q(xs, 0.99) / base).toFixed(2)} | ${serverCpu.toFixed(0)} % | ${flooderCpu.toFixed(0)} % | ${loopMs.toFixed(0)} |`);
      }
    }
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
