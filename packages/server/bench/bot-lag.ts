/**
 * npm run bench:bots -w @isle-of-trains/server -- [botRooms=10] [humanRooms=20] [seconds=40] [workers=0,2]
 *
 * Each entry of `workers` is a thread count, optionally with the worker threads' nice value after an @
 * (BOT_WORKER_NICE; default 10): `0,1@0,1` compares the main thread, one worker at normal priority and one
 * lowered.
 *
 * What strong bots cost everyone else on a server: the built server (`node dist/main.js`, STORE=memory)
 * runs `botRooms` 4-seat tables (one scripted client + three strong bots, default bot delay) and
 * `humanRooms` solo tables of scripted clients, once per entry of `workers`: bots on the main thread
 * (BOT_WORKERS=0), then in a pool of that many worker threads. Every scripted client plays a random legal move after a short
 * think (200–400 ms). Reported from /metrics, over the measured window only (after a warm-up): the
 * event-loop lag p99 and the clients' intent → patch p99.
 */
import '../src/bots/worker-sources'; // run from sources: resolve the workspace packages to their src
import { legalActions, type Action } from '@isle-of-trains/rules';
import { viewFromState } from '@isle-of-trains/client';
import { connect, stateOf, type Player } from '../test/support/ops-game';
import { buckets, metric, metrics } from './prom';
import { ensureBuilt, killServer, startServer } from '../test/support/ops-proc';

const BOT_ROOMS = Number(process.argv[2] ?? 10);
const HUMAN_ROOMS = Number(process.argv[3] ?? 20);
const SECONDS = Number(process.argv[4] ?? 40);
const WORKERS = (process.argv[5] ?? '0,2').split(',').map((e) => {
  const [w, nice] = e.split('@');
  return { workers: Number(w), nice: nice === undefined ? undefined : Number(nice) };
});
const WARMUP_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A quantile of the observations made between two scrapes of a cumulative Prometheus histogram. */
function windowQuantile(before: string, after: string, name: string, q: number): string {
  const a = buckets(before, name);
  const b = buckets(after, name).map((x, i) => ({ le: x.le, n: x.n - (a[i]?.n ?? 0) }));
  const total = b[b.length - 1]?.n ?? 0;
  if (total === 0) return 'n/a (no observations)';
  const hit = b.find((x) => x.n >= q * total)!;
  return `${hit.le === '+Inf' ? '> top bucket' : `≤ ${(Number(hit.le) * 1000).toFixed(1)} ms`} (${total} intents)`;
}

/** A scripted player: a random legal move after a short think, whenever it is this seat's decision. */
function script(p: Player, stop: { done: boolean }): void {
  let busy = false;
  let n = 0;
  const step = () => {
    if (busy || stop.done) return;
    const state = stateOf(p);
    if (state.phase !== 'playing' || !state.game) return;
    const d = JSON.parse(state.game.decisionJson) as { seat: number } | null;
    if (!d || d.seat !== p.seat.seat) return;
    busy = true;
    setTimeout(() => {
      const view = viewFromState(stateOf(p), p.seat.seat);
      const legal = view ? legalActions(view, p.seat.seat) : [];
      if (legal.length === 0 || stop.done) { busy = false; return; }
      const pool = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
      const action: Action = pool[Math.floor(Math.random() * pool.length)];
      p.room.send('intent', { action, id: `s${++n}` });
      busy = false;
      setTimeout(step, 20);
    }, 200 + Math.random() * 200);
  };
  p.room.onStateChange(step);
  step();
}

async function started(url: string, options: Record<string, unknown>): Promise<Player> {
  const p = await connect(url, null, options);
  p.room.send('start', {});
  const t0 = Date.now();
  while ((stateOf(p) as { phase?: string }).phase !== 'playing') {
    if (Date.now() - t0 > 15_000) throw new Error('a table did not start');
    await sleep(5);
  }
  return p;
}

async function phase({ workers, nice }: { workers: number; nice?: number }): Promise<string> {
  const srv = await startServer({
    LOG_LEVEL: 'warn', STORE: 'memory', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000', BOT_WORKERS: String(workers),
    ...(nice === undefined ? {} : { BOT_WORKER_NICE: String(nice) }),
  });
  const stop = { done: false };
  const players: Player[] = [];
  try {
    for (let i = 0; i < BOT_ROOMS; i++) players.push(await started(srv.url, { seats: 4, bots: 3, botLevel: 'strong', name: `b${i}` }));
    for (let i = 0; i < HUMAN_ROOMS; i++) players.push(await started(srv.url, { seats: 1, name: `h${i}` }));
    for (const p of players) script(p, stop);
    await sleep(WARMUP_MS);
    const before = await metrics(srv); // prom-client resets the event-loop delay histogram on every scrape
    await sleep(SECONDS * 1000);
    const after = await metrics(srv);
    const lag = metric(after, 'nodejs_eventloop_lag_p99_seconds') * 1000;
    // Decisions that fell back to a greedy move on the main thread (pool timeouts, a queue wait included).
    const fallbacks = (text: string) => {
      const m = /^isle_bot_fallbacks_total\{why="timeout"\} (\d+)$/m.exec(text);
      return m ? Number(m[1]) : 0;
    };
    const moves = (text: string) => {
      const m = /^isle_bot_moves_total\{by="bot"\} (\d+)$/m.exec(text);
      return m ? Number(m[1]) : 0;
    };
    return `BOT_WORKERS=${workers}${nice === undefined ? '' : ` BOT_WORKER_NICE=${nice}`}: event-loop lag p99 ${lag.toFixed(1)} ms; intent → patch p99 ${windowQuantile(before, after, 'isle_intent_to_patch_seconds', 0.99)}, p50 ${windowQuantile(before, after, 'isle_intent_to_patch_seconds', 0.5)}; `
      + `bot moves ${moves(after) - moves(before)}, of which timed out in the pool (greedy on the main thread) ${fallbacks(after) - fallbacks(before)}`;
  } finally {
    stop.done = true;
    await Promise.all(players.map((p) => p.room.leave(true).catch(() => undefined)));
    await killServer(srv);
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  console.log(`node ${process.version}; ${BOT_ROOMS} rooms of 1 scripted client + 3 strong bots, ${HUMAN_ROOMS} solo rooms of scripted clients; ${SECONDS} s measured after ${WARMUP_MS / 1000} s`);
  for (const w of WORKERS) console.log(await phase(w));
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
