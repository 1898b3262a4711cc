/**
 * Flood isolation: a well-behaved solo player's intent→ack latency (the ack follows
 * the patch) with no flood, then while another connection floods the same server in each of four
 * ways: small intents, 60 KB bodies, garbage frames, request frames. The server and the flooder are
 * separate processes; the flooder reconnects whenever it is closed (4029) and floods again.
 *
 *   npm run bench:flood -w @isle-of-trains/server [-- seconds-per-phase [max-payload-bytes,…]]
 *
 * Prints p50/p99 per phase and the ratio to the no-flood p99 (target ≤ 2×), once per frame limit
 * (MAX_PAYLOAD_BYTES: by default the old 64 KiB, then today's 16 KiB, each on a fresh server).
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import { Client, type Room } from '@colyseus/sdk';
import { legalActions, currentDecision } from '@isle-of-trains/rules';
import { stateFromWire, viewFromState, type IsleStateWire } from '@isle-of-trains/client';
import { ensureBuilt, killServer, startServer } from '../test/support/ops-proc';

const PHASE_MS = Number(process.argv[2] ?? 8) * 1000;
/** Frame limits to compare in one run: the old default (64 KiB) and the new one (16 KiB). */
const LIMITS = (process.argv[3] ?? '65536,16384').split(',');
const PACE_MS = 120; // a brisk human: about 8 moves a second

const FLOODER = `
const { Client } = require('@colyseus/sdk');
const [url, mode] = process.argv.slice(1);
const big = 'x'.repeat(60000);
const garbage = Buffer.from([99, 1, 2, 3, 4, 5, 6, 7]);
async function once() {
  const room = await new Client(url).create('isle', { seats: 2, name: 'Flood' });
  room.onMessage('*', () => {});
  room.reconnection.enabled = false;
  let open = true;
  room.onLeave(() => { open = false; });
  while (open) {
    for (let i = 0; i < 200 && open; i++) {
      if (mode === 'intents') room.send('intent', { action: { type: 'take', from: 'deck' } });
      else if (mode === 'big') room.send('intent', { action: { type: 'take' }, pad: big });
      else if (mode === 'garbage') room.connection.send(garbage);
      else room.request('intent', { action: { type: 'take', from: 'deck' } }).catch(() => {});
    }
    await new Promise((r) => setImmediate(r));
  }
}
(async () => { for (;;) { try { await once(); } catch (e) { await new Promise((r) => setTimeout(r, 50)); } } })();
`;

interface Player { room: Room; seat: number; n: number }

async function player(url: string): Promise<Player> {
  const room = await new Client(url).create('isle', { seats: 1, name: 'Steady' });
  room.onMessage('*', () => undefined);
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

/** Per phase: the steady player's latencies, and the flooder's and the server's CPU over the phase (% of a core). */
type PhaseRow = [string, number[], number, number];

async function run(maxPayload: string): Promise<PhaseRow[]> {
  // Both clients come from 127.0.0.1. The room-creation quota keeps its default (30 a minute per
  // address): a closed flooder comes back through room creation, which that quota bounds in
  // production. The steady player's games are all created before any flood. The connection and
  // pending-join quotas are off (they do not bear on one connection at a time).
  const server = await startServer({
    STORE: 'memory', LOG_LEVEL: 'error', BOT_DELAY_MS: '0', MAX_PAYLOAD_BYTES: maxPayload,
    ROOMS_PER_MINUTE_PER_ADDRESS: process.env.ROOMS_PER_MINUTE_PER_ADDRESS ?? '30', PENDING_JOINS_PER_ADDRESS: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '1000000',
  });
  const url = server.url;
  const flooders: ChildProcess[] = [];
  try {
    // Spare games made before any flood (new connections from a flooding address are slowed): a solo game
    // lasts about 8 s at this pace, so one per second of a phase, within the room quota of 30 a minute.
    const players: Player[] = [];
    for (let i = 0; i < Math.min(28, Math.max(8, Math.ceil(PHASE_MS / 1000))); i++) players.push(await player(url));
    const s0 = cpuSeconds(server.child.pid);
    const rows: PhaseRow[] = [['no flood', await phase(url, players, 'no flood'), 0, (cpuSeconds(server.child.pid) - s0) / PHASE_MS * 1e5]];
    for (const mode of ['intents', 'big', 'garbage', 'requests']) {
      const child = spawn(process.execPath, ['-e', FLOODER, url, mode], { stdio: 'ignore', cwd: __dirname });
      flooders.push(child);
      await new Promise((r) => setTimeout(r, 1000));
      const f0 = cpuSeconds(child.pid);
      const sv0 = cpuSeconds(server.child.pid);
      const xs = await phase(url, players, mode);
      rows.push([`flood: ${mode}`, xs, (cpuSeconds(child.pid) - f0) / PHASE_MS * 1e5, (cpuSeconds(server.child.pid) - sv0) / PHASE_MS * 1e5]);
      child.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const p of players) await p.room.leave().catch(() => undefined);
    return rows;
  } finally {
    for (const c of flooders) c.kill('SIGKILL');
    await killServer(server);
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  console.log('| MAX_PAYLOAD_BYTES | phase | moves | p50 ms | p99 ms | p99 / no-flood p99 | server CPU | flooder CPU |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const limit of LIMITS) {
    const rows = await run(limit);
    const base = q(rows[0][1], 0.99);
    for (const [label, xs, flooderCpu, serverCpu] of rows) {
      console.log(`| ${limit} | ${label} | ${xs.length} | ${q(xs, 0.5).toFixed(1)} | ${q(xs, 0.99).toFixed(1)} | ${(q(xs, 0.99) / base).toFixed(2)} | ${serverCpu.toFixed(0)} % | ${flooderCpu.toFixed(0)} % |`);
    }
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
