/**
 * npm run bench:server: how many 2-player rooms of human-paced players one server process holds on
 * this machine (the target is 5,000 players). The built server runs as its own process
 * (`node packages/server/dist/main.js`, STORE=memory); the load generator (bench/humans-gen.ts) is a
 * second process holding two SDK clients per room, each moving 2–5 s after its decision comes up. The
 * number of rooms grows step by step; after each step the generator measures a window and reports
 * the client-observed intent → patch latency (on the raw socket, before the SDK decodes the patch), the
 * server's CPU and memory, and its own CPU and event-loop delay (so a saturated generator shows).
 *
 * Each step runs once per mode, on fresh servers, one mode after the other, so the modes compare on the
 * same machine within minutes of each other (it is shared with other work). The baseline is `minimal`
 * (bench/minimal-server.ts: a Colyseus room with the same client harness and no game, whose one field an
 * intent flips); the table gives each other mode's latency, CPU per move and memory per room as a ratio
 * against the minimal room of the same step. `off` is the server with its load tuning off
 * (LOAD_TUNING=off and PATCH_RATE_MS=50: Colyseus' keep-alive sweep, idle patch ticks at full cost and
 * twice as often, patch and ack as separate writes, the action parsed twice).
 *
 *   npm run bench:server [-- steps=500,1000,1500,2000,2500 warm-s=5 window-s=20 modes=minimal,on]
 *
 * GENERATORS (default 2) load-generator processes share the rooms; their samples are merged per step.
 * BENCH_PROBE=n plays n of each step's rooms from one more generator whose latencies are reported apart (below).
 * BENCH_HEAD_START=n: each player's first n moves are quick and untimed, so rooms are measured mid-game.
 * SERVER_NODE_OPTIONS (e.g. --cpu-prof) and SERVER_NODE_FLAGS (flags NODE_OPTIONS refuses, e.g. --trace-gc) reach the
 * server; SERVER_LOG=path keeps its output; BENCH_TIMELINE=1 prints each generator's slow moves per second.
 * Modes: `minimal` (the baseline), `off`, `on`, `room-timers` (the load tuning on, but one patch timer per room
 * instead of the shared ticker, src/colyseus-patches/patch-ticker.ts), `on-v8-defaults` (the load tuning on,
 * but without the V8 flags of src/ops/node-flags.ts) and `two` (the deployment of docker-compose.yml on one
 * machine: two server processes sharing the rooms through Redis, games stored in Redis; generator g asks server
 * g % 2 for its rooms, and each process takes a new room when it holds fewer than the other). `two` needs a
 * Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379); its keys carry a prefix of their own, removed after.
 * `two-memory-store` is `two` with each process keeping its games in memory (Redis shares the rooms only): what
 * the journal's writes to Redis cost apart from the rest.
 *
 * Targets: p99 ≤ 50 ms at 5,000 rooms (10,000 players) with no stall over 100 ms; server CPU per move ≤ 1.5× the
 * minimal room's; ≤ 100 KB resident per room mid-game.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import Redis from 'ioredis';
import { ensureBuilt, freePort, killServer, startServer, type ServerProc } from '../test/support/ops-proc';
import { NODE_FLAGS } from '../src/ops/node-flags';

const STEPS = process.argv[2] ?? '500,1000,1500,2000,2500';
const WARM = process.argv[3] ?? '5';
const WINDOW = process.argv[4] ?? '20';
const MODES = (process.argv[5] ?? 'minimal,on').split(',');
const BASELINE = 'minimal';

interface Row { rooms: number; [k: string]: number }
type GenRow = Row & { samples?: number[] };

const GENERATORS = Math.max(1, Number(process.env.GENERATORS ?? 2));
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * BENCH_PROBE=n: n of a step's rooms are played by a generator of their own, lightly loaded, whose latencies are
 * reported apart (probe p50/p99): the server's delay without the big generators' own queues in it.
 */
const PROBE = Math.max(0, Number(process.env.BENCH_PROBE ?? 0));
/** Modes that run several server processes; each generator reads the server figures of its own. */
const PROCESSES: Record<string, number> = { two: 2, 'two-memory-store': 2 };

const q = (xs: number[], f: number) => xs.length === 0 ? NaN : xs[Math.min(xs.length - 1, Math.floor(f * xs.length))];

/**
 * One step's rows from every generator: latencies from all their samples; server figures from the first, or,
 * when each generator read a server of its own (`servers` > 1), summed over them (CPU, memory) or the worst
 * of them (event-loop lag).
 */
function merge(parts: GenRow[], servers = 1): Row {
  const xs = parts.flatMap((p) => p.samples ?? []).sort((a, b) => a - b);
  const sum = (k: string) => parts.reduce((n, p) => n + (p[k] ?? 0), 0);
  const max = (k: string) => Math.max(...parts.map((p) => p[k] ?? 0));
  const moves = sum('moves');
  const { samples: _s, ...first } = parts[0];
  const own = servers > 1 ? parts.slice(0, servers) : [parts[0]];
  const serverSum = (k: string) => own.reduce((n, p) => n + (p[k] ?? 0), 0);
  const serverMax = (k: string) => Math.max(...own.map((p) => p[k] ?? 0));
  // The server's event-loop lag: prom-client empties its lag histogram at each scrape, so with one server read
  // by every generator, each reading covers only the time since another generator's scrape. The worst of all
  // the readings covers the window; the first generator's alone missed a 326 ms stall that the second saw.
  const lagMax = (k: string) => servers > 1 ? serverMax(k) : max(k);
  // A generator's memory per room is its server's growth over the generator's own rooms: times those rooms, the
  // server's growth; summed over the servers read and divided by all the rooms, the whole's per room (rooms are
  // shared out evenly between processes, so each server's growth is about its generator's rooms').
  const perRoom = (k: string) => +(own.reduce((n, p) => n + p[k] * p.live, 0) / Math.max(1, sum('live'))).toFixed(0);
  return {
    ...first,
    serverCpu: +serverSum('serverCpu').toFixed(1), serverGc: +serverSum('serverGc').toFixed(1),
    serverRssMB: serverSum('serverRssMB'), serverGcOver100ms: serverSum('serverGcOver100ms'),
    serverIntentsOver50: serverSum('serverIntentsOver50'), serverLagP99: lagMax('serverLagP99'), serverLagMax: lagMax('serverLagMax'),
    rooms: sum('rooms'), live: sum('live'), players: sum('players'), moves, movesPerS: +sum('movesPerS').toFixed(1),
    refused: sum('refused'), gamesEnded: sum('gamesEnded'), failures: sum('failures'),
    p50: +q(xs, 0.5).toFixed(1), p99: +q(xs, 0.99).toFixed(1), max: +(xs[xs.length - 1] ?? NaN).toFixed(1), over50: xs.filter((x) => x > 50).length,
    // Weighted by every action each generator's clients saw acknowledged (head-start moves included).
    patchBytesPerAction: +(parts.reduce((n, p) => n + p.patchBytesPerAction * p.actions, 0) / Math.max(1, sum('actions'))).toFixed(0),
    // The servers' memory per room over all the rooms.
    rssPerRoomKB: perRoom('rssPerRoomKB'),
    heapPerRoomKB: perRoom('heapPerRoomKB'),
    // The servers' CPU time per move over the window (ms): the figure the shared machine disturbs least.
    cpuPerMoveMs: +(serverSum('serverCpu') * 10 / Math.max(1e-9, sum('movesPerS'))).toFixed(3),
    genCpu: +sum('genCpu').toFixed(1), genLagP99: max('genLagP99'), genLagMax: max('genLagMax'),
    genGcOver50ms: sum('genGcOver50ms'), genGcMaxMs: max('genGcMaxMs'),
  };
}

// SERVER_NODE_FLAGS: more flags on the server's command line, for what NODE_OPTIONS refuses (--trace-gc).
const extraFlags = (process.env.SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

async function run(mode: string, steps: string): Promise<Row[]> {
  // 'on' and 'off' run with the V8 flags of npm start (src/ops/node-flags.ts); 'on-v8-defaults' is 'on' without them.
  const tuning = mode === 'off' || mode === 'room-timers' ? mode : 'on';
  const minimal = mode === BASELINE;
  const processes = PROCESSES[mode] ?? 1;
  // Several processes: Redis shares the rooms out and stores the games, under a prefix of this run's own; each
  // process advertises its own address, which a seat reservation carries to the client.
  const prefix = `bench-humans-${process.pid}-${mode}:`;
  const servers: ServerProc[] = [];
  const ports = await distinctPorts(processes);
  for (let i = 0; i < processes; i++) {
    servers.push(await startServer({
      STORE: mode === 'two' ? 'redis' : 'memory', LOG_LEVEL: 'warn', LOAD_TUNING: tuning, RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000',
      ...(processes > 1 ? { REDIS_URL, REDIS_KEY_PREFIX: prefix, PUBLIC_ADDRESS: `127.0.0.1:${ports[i]}`, NODE_ID: `bench-${i}` } : {}),
      // The patch interval was 50 ms before the tuning; today's default is 100 ms (the minimal room's too).
      ...(mode === 'off' ? { PATCH_RATE_MS: '50' } : {}),
      ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
    }, ports[i], [...(mode === 'on-v8-defaults' ? [] : NODE_FLAGS), ...extraFlags], minimal
      ? [require.resolve('ts-node/dist/bin.js'), '-P', path.join(__dirname, '..', 'tsconfig.test.json'), '--transpile-only', path.join(__dirname, 'minimal-server.ts')]
      : undefined));
  }
  const redisCpu0 = processes > 1 ? await redisCpuSeconds() : 0;
  const t0 = Date.now();
  let rows: Row[] = [];
  try {
    // GENERATORS processes share the rooms (5,000 decoded states in one process gave it pauses of its own,
    // which the latencies then measured); each prints its samples, merged here per step.
    const stepCount = steps.split(',').length;
    const setUp = Array.from({ length: stepCount }, () => 0);
    const probe = PROBE > 0 ? generator(mode, 'probe', servers[0], Array.from({ length: stepCount }, () => PROBE).join(','), minimal, true) : null;
    const perGenP = Promise.all(Array.from({ length: GENERATORS }, async (_, g) => {
      const share = steps.split(',').map((n) => String(Math.max(1, Math.round((Number(n) - PROBE) / GENERATORS)))).join(',');
      return generator(mode, `generator ${g}`, servers[g % processes], share, minimal, false, (step) => {
        // The probe measures a step's window once every main generator has its rooms of that step.
        if (++setUp[step] === GENERATORS) probe?.child.stdin!.write('go\n');
      }).done;
    }));
    const perGen = await perGenP;
    // A main generator that failed never lets the probe measure its last windows: it is stopped after a last one's time.
    const probeRows: GenRow[] = !probe ? [] : await Promise.race([probe.done, new Promise<GenRow[]>((r) => setTimeout(() => {
      probe.child.kill();
      void probe.done.then(r);
    }, (Number(WARM) + Number(WINDOW) + 30) * 1000).unref())]);
    // A generator that failed (rooms not set up on a loaded machine) reports nothing: the others' rows stand.
    const reported = perGen.filter((r) => r.length > 0);
    // With several processes each generator's server figures are its own process's, so all of them must have reported.
    const read = processes > 1 && reported.length === perGen.length ? Math.min(processes, GENERATORS) : 1;
    rows = (reported[0] ?? []).map((_, step) => merge(reported.map((r) => r[step]).filter((r): r is GenRow => r !== undefined), read));
    rows.forEach((r, i) => {
      const p = probeRows[i];
      if (!p) return;
      // The probe's rooms and moves count with the rest for the server's figures; its latencies stand apart.
      const live = r.live + p.live;
      Object.assign(r, {
        probeP50: p.p50, probeP99: p.p99, probeMax: p.max, probeOver50: p.over50, probeMoves: p.moves,
        rooms: r.rooms + p.rooms, players: r.players + p.players, movesPerS: +(r.movesPerS + p.movesPerS).toFixed(1),
        rssPerRoomKB: Math.round(r.rssPerRoomKB * r.live / live), heapPerRoomKB: Math.round(r.heapPerRoomKB * r.live / live),
        cpuPerMoveMs: +(r.serverCpu * 10 / Math.max(1e-9, r.movesPerS + p.movesPerS)).toFixed(3), live,
      });
    });
    if (processes > 1) {
      // Redis's CPU over the whole run (set-up included), as a share of one core: it runs on the same two cores.
      const share = +((await redisCpuSeconds() - redisCpu0) / ((Date.now() - t0) / 1000) * 100).toFixed(1);
      process.stderr.write(`[${mode}] redis CPU over the run: ${share} % of a core\n`);
      for (const r of rows) r.redisCpu = share;
    }
  } finally {
    await Promise.all(servers.map(async (server, i) => {
      // A profiling server (--cpu-prof) writes its profile on a clean exit: SIGTERM first.
      if (process.env.SERVER_NODE_OPTIONS) {
        server.child.kill('SIGTERM');
        await Promise.race([server.exited, new Promise((r) => setTimeout(r, 20_000))]);
      }
      await killServer(server);
      // The server's own output (warnings; --trace-gc lines when SERVER_NODE_FLAGS asks for them).
      if (process.env.SERVER_LOG) fs.writeFileSync(`${process.env.SERVER_LOG}.${mode}${processes > 1 ? `.${i}` : ''}`, server.output.join('\n'));
    }));
    if (processes > 1) await dropKeys(prefix);
  }
  return rows;
}

/**
 * One load generator (bench/humans-gen.ts) as its own process: its rows, one a step, and `onSetUp(step)` when it
 * has its rooms of a step. A probe (`wait`) holds its few rooms and measures each window when told on stdin.
 */
function generator(mode: string, name: string, server: ServerProc, share: string, minimal: boolean, wait: boolean, onSetUp?: (step: number) => void): { child: ReturnType<typeof spawn>; done: Promise<GenRow[]> } {
  const gen = spawn(process.execPath, [
    require.resolve('ts-node/dist/bin.js'), '-P', path.join(__dirname, '..', 'tsconfig.test.json'), '--transpile-only',
    path.join(__dirname, 'humans-gen.ts'), server.url, server.http, share, WARM, WINDOW,
  ], {
    stdio: [wait ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: { ...process.env, GEN_SAMPLES: '1', GEN_ROOM: minimal ? 'minimal' : 'isle', NODE_OPTIONS: '--max-old-space-size=4096', ...(wait ? { GEN_WAIT: '1' } : {}) },
  });
  const out: GenRow[] = [];
  let step = 0;
  const lines = (stream: NodeJS.ReadableStream, each: (line: string) => void) => {
    let buf = '';
    stream.on('data', (b: Buffer) => {
      buf += b.toString();
      let i: number;
      while ((i = buf.indexOf('\n')) >= 0) { each(buf.slice(0, i)); buf = buf.slice(i + 1); }
    });
  };
  lines(gen.stdout!, (line) => {
    try {
      const row = JSON.parse(line) as GenRow;
      out.push(row);
      const { samples: _s, ...shown } = row;
      process.stderr.write(`[${mode}, ${name}] ${JSON.stringify(shown)}\n`);
    } catch { process.stderr.write(`${line}\n`); }
  });
  lines(gen.stderr!, (line) => {
    process.stderr.write(`${line}\n`);
    if (/^\d+ rooms in /.test(line)) onSetUp?.(step++);
  });
  const done = new Promise<number | null>((r) => gen.on('exit', r)).then((code) => {
    if (code !== 0) process.stderr.write(`${name} exited with ${code}\n`);
    return out;
  });
  return { child: gen, done };
}

/** `n` ports free now and different from each other. */
async function distinctPorts(n: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < n) {
    const p = await freePort();
    if (!ports.includes(p)) ports.push(p);
  }
  return ports;
}

/** The Redis server's CPU so far (user + system, s), from INFO. */
async function redisCpuSeconds(): Promise<number> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await r.connect();
    const info = await r.info('cpu');
    const num = (k: string) => Number(new RegExp(`^${k}:([0-9.]+)`, 'm').exec(info)?.[1] ?? 0);
    return num('used_cpu_user') + num('used_cpu_sys');
  } finally { r.disconnect(); }
}

/** Remove a run's keys from the shared Redis. */
async function dropKeys(prefix: string): Promise<void> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await r.connect();
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await r.del(...keys);
    } while (cursor !== '0');
  } finally { r.disconnect(); }
}

async function main(): Promise<void> {
  await ensureBuilt();
  console.log(`node ${process.version}; server: node packages/server/dist/main.js, STORE=memory (two: two processes, REDIS_URL ${REDIS_URL}, STORE=redis; two-memory-store: the same, STORE=memory); modes ${MODES.join(', ')}; steps ${STEPS}, warm ${WARM} s, window ${WINDOW} s`);
  // Step by step, each mode on a fresh server, one after the other: the machine is shared, and
  // alternating keeps the two columns of a step minutes apart at most.
  const results: [string, Row[]][] = MODES.map((m) => [m, []]);
  for (const step of STEPS.split(',')) {
    for (const [mode, rows] of results) rows.push(...await run(mode, step));
  }
  // Ratios against the minimal room of the same step (the baseline's row), when the run has one.
  const base = results.find(([m]) => m === BASELINE)?.[1] ?? [];
  const ratio = (x: number, b: number | undefined) => (b && Number.isFinite(x / b) ? `${(x / b).toFixed(1)}×` : '–');
  console.log(`| mode | rooms (players) | moves/s | p50 ms | p99 ms | max ms | > 50 ms | server CPU | CPU/move | server GC | server lag p99 | server RSS | RSS/room | heap/room | patch B/action | p50, p99, CPU/move, RSS/room vs minimal | generator CPU | generator lag p99 | stalls: server lag max, GCs > 100 ms / generator lag max, GCs > 50 ms (longest) |${PROBE > 0 ? ` probe (${PROBE} rooms): p50, p99, max, > 50 ms |` : ''}`);
  console.log(`| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |${PROBE > 0 ? ' --- |' : ''}`);
  for (const [mode, rows] of results) {
    rows.forEach((r, i) => {
      const b = base[i];
      const vs = mode === BASELINE || !b ? '–'
        : [ratio(r.p50, b.p50), ratio(r.p99, b.p99), ratio(r.cpuPerMoveMs, b.cpuPerMoveMs), ratio(r.rssPerRoomKB, b.rssPerRoomKB)].join(', ');
      console.log(`| ${mode} | ${r.live} (${r.players}) | ${r.movesPerS} | ${r.p50} | ${r.p99} | ${r.max} | ${r.over50} (${r.serverIntentsOver50} in the server) | ${r.serverCpu} %${r.redisCpu !== undefined ? ` (+ Redis ${r.redisCpu} %)` : ''} | ${r.cpuPerMoveMs} ms | ${r.serverGc} % | ${r.serverLagP99} ms | ${r.serverRssMB} MB | ${r.rssPerRoomKB} KB | ${r.heapPerRoomKB} KB | ${r.patchBytesPerAction} B | ${vs} | ${r.genCpu} % | ${r.genLagP99} ms | ${r.serverLagMax} ms, ${r.serverGcOver100ms} / ${r.genLagMax} ms, ${r.genGcOver50ms} (${r.genGcMaxMs} ms) |${PROBE > 0 ? ` ${r.probeP50} ms, ${r.probeP99} ms, ${r.probeMax} ms, ${r.probeOver50} of ${r.probeMoves} |` : ''}`);
    });
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
