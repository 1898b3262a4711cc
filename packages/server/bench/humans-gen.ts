/**
 * The load generator of `npm run bench:server` (bench/humans.ts starts it as its own process): two
 * scripted humans per 2-seat room, each moving 2–5 s after its decision comes up, with a random legal
 * move chosen from the view it rebuilds from its decoded state (as a browser would). It grows the
 * number of rooms step by step and, after each step, prints one JSON line: the client-observed
 * intent → patch latency over a measuring window (to the patch frame's arrival, before the SDK decodes it),
 * its own CPU and event-loop delay (a saturated
 * generator makes the latencies meaningless, so it says so), and the server's CPU and memory read
 * from /metrics.
 *
 *   node … humans-gen.ts <ws-url> <http-url> <steps, e.g. 500,1000,2500> <warm s> <window s>
 *
 * Lean on purpose: one process, the SDK on the `ws` package (Node's built-in WebSocket costs more
 * per connection), no per-patch work but one decision check; the view is rebuilt only to move.
 *
 * GEN_ROOM=minimal drives the baseline instead (bench/minimal-server.ts): the same two clients per room,
 * taking turns at the same pace, but a move is an empty intent that flips the room's one field.
 */
import { monitorEventLoopDelay, performance } from 'perf_hooks';
import { currentDecision, legalActions } from '@isle-of-trains/rules';
import { stateFromWire, viewFromState, type IsleStateWire } from '@isle-of-trains/client/protocol';
import { metric } from './prom';

// Before the SDK loads: it takes globalThis.WebSocket when there is one.
delete (globalThis as { WebSocket?: unknown }).WebSocket;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require('@colyseus/sdk') as typeof import('@colyseus/sdk');
type Room = import('@colyseus/sdk').Room;

// Every frame a client receives passes here first, before the SDK decodes it. A state patch (Colyseus'
// ROOM_STATE_PATCH, byte 15) that arrives while its client waits on an intent is the intent's own patch: its
// arrival time here is what the latencies measure (on the raw socket: decoding the patch is the client's work,
// and a game's patch takes the SDK longer to decode than the minimal room's one number). Patch bytes are counted
// while measuring, so the figure is bytes per client per action ("patch bytes per action": the patch each player
// of the room receives for one move).
const ROOM_STATE_PATCH = 15;
let patchBytes = 0;
let patchFrames = 0;
{
  const RoomClass = (require('@colyseus/sdk') as { Room: { prototype: { connect: (...a: unknown[]) => void } } }).Room;
  const connect = RoomClass.prototype.connect;
  RoomClass.prototype.connect = function (this: { human?: Human; connection: { events: { onmessage?: (ev: { data: ArrayBuffer }) => void } } }, ...args: unknown[]) {
    connect.apply(this, args);
    const events = this.connection.events;
    const inner = events.onmessage!;
    events.onmessage = (ev) => {
      const bytes = new Uint8Array(ev.data);
      if (bytes[0] === ROOM_STATE_PATCH) {
        const p = this.human?.pending;
        if (p && p.patchAt === 0) p.patchAt = performance.now();
        if (measuring) { patchBytes += bytes.byteLength; patchFrames++; }
      }
      inner(ev);
    };
  };
}

const [url, http, stepsArg, warmArg, windowArg] = process.argv.slice(2);
const STEPS = stepsArg.split(',').map(Number);
const WARM_MS = Number(warmArg) * 1000;
const WINDOW_MS = Number(windowArg) * 1000;
/** Rooms being set up at once (BENCH_CREATE_CONCURRENCY; fewer when a loaded machine lets seat reservations expire). */
const CREATE_CONCURRENCY = Number(process.env.BENCH_CREATE_CONCURRENCY ?? 16);
const MINIMAL = process.env.GEN_ROOM === 'minimal';

interface Human {
  room: Room;
  seat: number;
  timer: NodeJS.Timeout | null;
  /** Sent, not answered yet: the id and when it went. */
  pending: { id: string; at: number; patchAt: number; untimed?: boolean } | null;
  n: number;
}

let measuring = false;
let samples: number[] = [];
/** With BENCH_TIMELINE set: [sent at, latency] of each measured move, printed per second to stderr (where slow moves cluster). */
const timeline: [number, number][] = [];
/**
 * The generator's own garbage-collection pauses over 20 ms ([start, duration]): 5,000 decoded room states in
 * one process make its heap large, and a pause here delays the patches it is timing just as a server stall would.
 */
const genGc: [number, number][] = [];
{
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PerformanceObserver } = require('perf_hooks') as typeof import('perf_hooks');
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (measuring && e.duration > 20) genGc.push([e.startTime, e.duration]); }).observe({ entryTypes: ['gc'] });
}
let refused = 0;
let moves = 0;
let ended = 0;
let failures = 0;
const tables: Human[][] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The next line on standard input (the go-ahead of bench/humans.ts for a probe's next window). */
const lines: string[] = [];
let lineWaiter: (() => void) | null = null;
if (process.env.GEN_WAIT) {
  let buf = '';
  process.stdin.on('data', (b: Buffer) => {
    buf += b.toString();
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) { lines.push(buf.slice(0, i)); buf = buf.slice(i + 1); }
    lineWaiter?.();
  });
}
async function nextLine(): Promise<string> {
  while (lines.length === 0) await new Promise<void>((r) => { lineWaiter = r; });
  lineWaiter = null;
  return lines.shift()!;
}

function decisionSeat(room: Room): number {
  if (MINIMAL) return (room.state as { turn: number }).turn;
  // The rules' currentDecision is always the turn's seat's, until the game is over.
  const g = (room.state as { game?: { gameOver: boolean; turn?: { seat: number } } }).game;
  return g?.turn && !g.gameOver ? g.turn.seat : -1;
}

/**
 * BENCH_HEAD_START=n: each player's first n moves come quickly (20–50 ms apart) and are not timed, so
 * the rooms measured are n moves per player into their games (a room's history grows with its game:
 * memory per room is then measured mid-game, not just after the deal).
 */
const HEAD_START = Number(process.env.BENCH_HEAD_START ?? 0);

function consider(h: Human): void {
  if (h.timer || h.pending) return;
  const phase = (h.room.state as { phase?: string }).phase;
  if (phase === 'ended') return;
  if (decisionSeat(h.room) !== h.seat) return;
  h.timer = setTimeout(() => move(h), h.n < HEAD_START ? 20 + Math.random() * 30 : 2000 + Math.random() * 3000);
}

function move(h: Human): void {
  h.timer = null;
  if (MINIMAL) {
    const id = `m${++h.n}`;
    h.pending = { id, at: performance.now(), patchAt: 0, untimed: h.n <= HEAD_START };
    h.room.send('intent', { id });
    return;
  }
  const state = stateFromWire((h.room.state as { toJSON(): IsleStateWire }).toJSON());
  const view = viewFromState(state, h.seat);
  const d = view && currentDecision(view);
  if (!view || !d || d.seat !== h.seat) return;
  const legal = legalActions(view, h.seat);
  const action = legal[Math.floor(Math.random() * legal.length)];
  const id = `m${++h.n}`;
  h.pending = { id, at: performance.now(), patchAt: 0, untimed: h.n <= HEAD_START };
  h.room.send('intent', { action, id });
}

function human(room: Room, tableIndex: number): Human {
  const h: Human = { room, seat: -1, timer: null, pending: null, n: 0 };
  (room as unknown as { human: Human }).human = h;
  room.onMessage('seat', (m: { seat: number }) => { h.seat = m.seat; });
  room.onMessage('ack', (m: { id: string }) => {
    const p = h.pending;
    if (!p || p.id !== m.id) return;
    h.pending = null;
    moves++;
    if (measuring && !p.untimed) {
      const ms = (p.patchAt || performance.now()) - p.at;
      samples.push(ms);
      if (process.env.BENCH_TIMELINE) timeline.push([p.at, ms]);
    }
    consider(h);
  });
  room.onMessage('error', (m: { id?: string }) => {
    if (h.pending && m.id === h.pending.id) { h.pending = null; refused++; consider(h); }
  });
  room.onMessage('*', () => undefined);
  room.onStateChange(() => {
    if (h.pending && h.pending.patchAt === 0) h.pending.patchAt = performance.now();
    if ((room.state as { phase?: string }).phase === 'ended') { finish(tableIndex); return; }
    consider(h);
  });
  (room as unknown as { reconnection?: { enabled: boolean } }).reconnection!.enabled = false;
  return h;
}

/** A finished game is replaced by a new one, so the number of rooms stays what the step says. */
function finish(tableIndex: number): void {
  const t = tables[tableIndex];
  if (!t || t.length === 0) return;
  tables[tableIndex] = [];
  ended++;
  for (const h of t) { if (h.timer) clearTimeout(h.timer); void h.room.leave(true).catch(() => undefined); }
  void table(tableIndex).catch(() => { failures++; });
}

async function table(index: number): Promise<void> {
  const host = await new Client(url).create(MINIMAL ? 'minimal' : 'isle', MINIMAL ? {} : { seats: 2, name: `h${index}` });
  const a = human(host, index);
  const guest = await new Client(url).joinById(host.roomId, { name: `g${index}` });
  const b = human(guest, index);
  const t0 = Date.now();
  while (a.seat < 0 || b.seat < 0) {
    if (Date.now() - t0 > 30_000) throw new Error('no seat message');
    await sleep(20);
  }
  if (!MINIMAL) host.send('start', {});
  tables[index] = [a, b];
  // The minimal room has no start: seat 0 is to move from the first full state.
  if (MINIMAL) { consider(a); consider(b); }
}

async function grow(to: number): Promise<void> {
  let next = tables.length;
  const worker = async () => {
    while (next < to) {
      const i = next++;
      tables[i] = [];
      for (let attempt = 0; ; attempt++) {
        try {
          await Promise.race([table(i), sleep(30_000).then(() => { throw new Error(`room ${i}: not started within 30 s`); })]);
          break;
        } catch (e) {
          failures++;
          if (attempt >= 3) throw e;
          await sleep(500);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
}

/** The server's time in garbage collection so far (s), from prom-client's GC histogram. */
function gcSeconds(text: string): number {
  let sum = 0;
  for (const m of text.matchAll(/^nodejs_gc_duration_seconds_sum\{[^}]*\} ([0-9.e+-]+)$/gm)) sum += Number(m[1]);
  return sum;
}

/** How many of the server's collections so far took over 100 ms (each one stalls every room that long). */
function slowGcs(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/^nodejs_gc_duration_seconds_count\{kind="(\w+)"\} (\d+)$/gm)) {
    const under = new RegExp(`^nodejs_gc_duration_seconds_bucket\\{le="0.1",kind="${m[1]}"\\} (\\d+)$`, 'm').exec(text);
    n += Number(m[2]) - Number(under?.[1] ?? m[2]);
  }
  return n;
}

/** The server's own intent → patch histogram: intents so far, and how many took over 50 ms inside the server. */
function serverIntents(text: string): { n: number; over50: number; within05: number; within1: number } {
  const n = Number(/^isle_intent_to_patch_seconds_count (\d+)$/m.exec(text)?.[1] ?? 0);
  const bucket = (le: string) => Number(new RegExp(`^isle_intent_to_patch_seconds_bucket\\{le="${le}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { n, over50: n - bucket('0.05'), within05: bucket('0.0005'), within1: bucket('0.001') };
}

async function serverSample(): Promise<{ cpu: number; rss: number; heap: number; lagP99: number; lagMax: number; gc: number; slowGc: number; intents: ReturnType<typeof serverIntents>; at: number }> {
  const text = await (await fetch(`${http}/metrics`)).text();
  return {
    intents: serverIntents(text),
    gc: gcSeconds(text),
    slowGc: slowGcs(text),
    // prom-client resets its event-loop histogram at each scrape: the max is the window's.
    lagMax: metric(text, 'nodejs_eventloop_lag_max_seconds'),
    cpu: metric(text, 'process_cpu_seconds_total'),
    rss: metric(text, 'process_resident_memory_bytes'),
    heap: metric(text, 'nodejs_heap_size_used_bytes'),
    lagP99: metric(text, 'nodejs_eventloop_lag_p99_seconds'),
    at: performance.now(),
  };
}

const q = (xs: number[], f: number) => xs.length === 0 ? NaN : xs[Math.min(xs.length - 1, Math.floor(f * xs.length))];

async function main(): Promise<void> {
  const base = await serverSample();
  for (const rooms of STEPS) {
    const tCreate = performance.now();
    await grow(rooms);
    const createS = (performance.now() - tCreate) / 1000;
    process.stderr.write(`${rooms} rooms in ${createS.toFixed(1)} s (${failures} failed attempts)\n`);
    // A probe (GEN_WAIT=1, bench/humans.ts) measures each window when the main generators have set up theirs.
    if (process.env.GEN_WAIT) await nextLine();
    await sleep(WARM_MS);
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    samples = [];
    refused = 0;
    moves = 0;
    patchBytes = 0;
    patchFrames = 0;
    genGc.length = 0;
    measuring = true;
    const cpu0 = process.cpuUsage();
    const s0 = await serverSample();
    await sleep(WINDOW_MS);
    const s1 = await serverSample();
    const cpu1 = process.cpuUsage(cpu0);
    measuring = false;
    lag.disable();
    if (process.env.BENCH_TIMELINE && timeline.length > 0) {
      const t0 = timeline[0][0];
      const per = new Map<number, { n: number; slow: number; max: number }>();
      for (const [at, ms] of timeline) {
        const k = Math.floor((at - t0) / 1000);
        const e = per.get(k) ?? { n: 0, slow: 0, max: 0 };
        e.n++; if (ms > 50) e.slow++; e.max = Math.max(e.max, ms);
        per.set(k, e);
      }
      for (const [k, e] of [...per].sort((a, b) => a[0] - b[0])) process.stderr.write(`  t=${k}s moves ${e.n} over-50ms ${e.slow} max ${e.max.toFixed(0)} ms\n`);
      for (const [at, d] of genGc) if (at >= t0) process.stderr.write(`  generator GC at t=${((at - t0) / 1000).toFixed(1)}s: ${d.toFixed(0)} ms\n`);
      timeline.length = 0;
    }
    const xs = samples.slice().sort((a, b) => a - b);
    const wallS = (s1.at - s0.at) / 1000;
    const live = tables.filter((t) => t.length === 2).length;
    console.log(JSON.stringify({
      rooms, live, players: live * 2, createS: +createS.toFixed(1), windowS: +wallS.toFixed(1),
      moves: xs.length, movesPerS: +(xs.length / wallS).toFixed(1), refused, gamesEnded: ended, failures,
      p50: +q(xs, 0.5).toFixed(1), p99: +q(xs, 0.99).toFixed(1), max: +(xs[xs.length - 1] ?? NaN).toFixed(1),
      over50: xs.filter((x) => x > 50).length,
      // Each action is patched to both players of its room. Every action acknowledged in the window counts,
      // timed or not: the bytes of the head start's quick untimed moves are in patchBytes too (dividing by
      // the timed moves alone read 772–849 B for what is ~300 B).
      actions: moves,
      patchBytesPerAction: +(patchBytes / Math.max(1, moves) / 2).toFixed(0),
      patchBytesPerFrame: +(patchBytes / Math.max(1, patchFrames)).toFixed(0),
      serverCpu: +((s1.cpu - s0.cpu) / wallS * 100).toFixed(1),
      serverLagP99: +(s1.lagP99 * 1000).toFixed(1),
      serverLagMax: +(s1.lagMax * 1000).toFixed(1),
      serverGcOver100ms: s1.slowGc - s0.slowGc,
      // Of the moves that took over 50 ms as the clients saw them, how many were slow inside the server.
      serverIntentsOver50: s1.intents.over50 - s0.intents.over50,
      // The share of the window's intents the server patched within 0.5 ms and 1 ms of their arrival (its own
      // histogram; the game server only): the server's part of the latency the clients see.
      serverWithin05: +(100 * (s1.intents.within05 - s0.intents.within05) / Math.max(1, s1.intents.n - s0.intents.n)).toFixed(1),
      serverWithin1: +(100 * (s1.intents.within1 - s0.intents.within1) / Math.max(1, s1.intents.n - s0.intents.n)).toFixed(1),
      serverGc: +((s1.gc - s0.gc) / wallS * 100).toFixed(1),
      serverRssMB: +(s1.rss / 2 ** 20).toFixed(0),
      rssPerRoomKB: +((s1.rss - base.rss) / live / 1024).toFixed(0),
      heapPerRoomKB: +((s1.heap - base.heap) / live / 1024).toFixed(0),
      genCpu: +((cpu1.user + cpu1.system) / 1e6 / wallS * 100).toFixed(1),
      genLagP99: +(lag.percentile(99) / 1e6).toFixed(1),
      genLagMax: +(lag.max / 1e6).toFixed(1),
      genGcOver50ms: genGc.filter(([, d]) => d > 50).length,
      genGcMaxMs: +Math.max(0, ...genGc.map(([, d]) => d)).toFixed(0),
      // For bench/humans.ts, which merges the samples of several generator processes.
      ...(process.env.GEN_SAMPLES ? { samples: xs.map((x) => +x.toFixed(2)) } : {}),
      genRssMB: +(process.memoryUsage().rss / 2 ** 20).toFixed(0),
    }));
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
