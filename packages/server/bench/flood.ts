/**
 * Flood isolation (issue 16 item 3): a well-behaved solo player's intent→ack latency (the ack follows
 * the patch) with no flood, then while another connection floods the same server in each of four
 * ways: small intents, 60 KB bodies, garbage frames, request frames. The server and the flooder are
 * separate processes; the flooder reconnects whenever it is closed (4029) and floods again.
 *
 *   npm run bench:flood -w @isle-of-trains/server [-- seconds-per-phase]
 *
 * Prints p50/p99 per phase and the ratio to the no-flood p99 (target ≤ 2×).
 */
import { spawn, type ChildProcess } from 'child_process';
import { Client, type Room } from '@colyseus/sdk';
import { legalActions, currentDecision } from '@isle-of-trains/rules';
import { viewFromState, type IsleStateJSON } from '../src/client-view';
import { ensureBuilt, killServer, startServer } from '../test/support/ops-proc';

const PHASE_MS = Number(process.argv[2] ?? 8) * 1000;
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
  const state = (p.room.state as { toJSON(): IsleStateJSON }).toJSON();
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
      if (players.length === 0) players.push(await player(url));
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

async function main(): Promise<void> {
  await ensureBuilt();
  // Both clients come from 127.0.0.1, so the per-address quotas are off here: this measures the
  // per-connection frame gate (and the slowing of an address that floods).
  const server = await startServer({
    STORE: 'memory', LOG_LEVEL: 'error', BOT_DELAY_MS: '0',
    ROOMS_PER_MINUTE_PER_ADDRESS: '1000000', PENDING_JOINS_PER_ADDRESS: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '1000000',
  });
  const url = server.url;
  const flooders: ChildProcess[] = [];
  try {
    // Spare games made before any flood (new connections from a flooding address are slowed).
    const players = [await player(url), await player(url), await player(url), await player(url)];
    const rows: [string, number[]][] = [['no flood', await phase(url, players, 'no flood')]];
    for (const mode of ['intents', 'big', 'garbage', 'requests']) {
      const child = spawn(process.execPath, ['-e', FLOODER, url, mode], { stdio: 'ignore', cwd: __dirname });
      flooders.push(child);
      await new Promise((r) => setTimeout(r, 1000));
      rows.push([`flood: ${mode}`, await phase(url, players, mode)]);
      child.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
    }
    const base = q(rows[0][1], 0.99);
    console.log('| phase | moves | p50 ms | p99 ms | p99 / no-flood p99 |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const [label, xs] of rows) {
      console.log(`| ${label} | ${xs.length} | ${q(xs, 0.5).toFixed(1)} | ${q(xs, 0.99).toFixed(1)} | ${(q(xs, 0.99) / base).toFixed(2)} |`);
    }
    for (const p of players) await p.room.leave().catch(() => undefined);
  } finally {
    for (const c of flooders) c.kill('SIGKILL');
    await killServer(server);
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
