/**
 * npm run bench:server: what one server process costs, measured on the built server
 * (`node packages/server/dist/main.js`, as the container runs it) with real SDK clients.
 *
 *  1. memory: ROOMS started 4-seat games (one client + three bots each) held still (bots wait a
 *     long time), resident and heap memory before and after, per room;
 *  2. throughput: GAMES 4-seat games at once, one client + three greedy bots each, bot delay 0,
 *     played to the end: games and actions per second, and the intent-to-patch latency histogram
 *     the server exports on /metrics.
 *
 * Arguments: [rooms=200] [games=8]. Figures go in BENCHMARKS.md.
 */
import { ensureBuilt, killServer, startServer } from '../test/support/ops-proc';
import { createBot } from '@isle-of-trains/bots';
import type { Action } from '@isle-of-trains/rules';
import { viewFromState } from '../src/client-view';
import { connect, stateOf, type Player } from '../test/support/ops-game';
import { buckets, metric, metrics } from './prom';

const ROOMS = Number(process.argv[2] ?? 200);
const GAMES = Number(process.argv[3] ?? 8);
// One load generator on one address: per-address quotas off.
const quiet = { LOG_LEVEL: 'warn', STORE: 'memory', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000', ROOMS_PER_MINUTE_PER_ADDRESS: '1000000', PENDING_JOINS_PER_ADDRESS: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '1000000' };

/** A quantile from a Prometheus histogram's cumulative buckets (upper bound of the bucket it falls in). */
function histogramQuantile(text: string, name: string, q: number): string {
  const bs = buckets(text, name);
  const total = bs[bs.length - 1]?.n ?? 0;
  const hit = bs.find((b) => b.n >= q * total);
  return hit ? (hit.le === '+Inf' ? '> top bucket' : `≤ ${(Number(hit.le) * 1000).toFixed(1)} ms`) : 'n/a';
}
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

async function startedTable(url: string, name: string): Promise<Player> {
  const p = await connect(url, null, { seats: 4, bots: 3, name });
  p.room.send('start', {});
  const t0 = Date.now();
  while ((stateOf(p) as { phase?: string }).phase !== 'playing') {
    if (Date.now() - t0 > 10_000) throw new Error('a table did not start');
    await new Promise((r) => setTimeout(r, 5));
  }
  return p;
}

/**
 * The client's side of one game: whenever the decision is its own seat's, a greedy bot picks a move
 * from the view rebuilt from the room state and the client sends it; bots play the other seats on the
 * server. Resolves when the game has ended.
 */
function playAsClient(p: Player): Promise<void> {
  const bot = createBot('greedy', { seed: p.seat.seat });
  let pending = false;
  let n = 0;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`room ${p.seat.roomId}: no end after 5 minutes`)), 300_000);
    const step = () => {
      const state = stateOf(p);
      if (state.phase === 'ended') { clearTimeout(timer); return resolve(); }
      if (pending || !state.game) return;
      const d = JSON.parse(state.game.decisionJson) as { seat: number } | null;
      if (!d || d.seat !== p.seat.seat) return;
      const view = viewFromState(state, p.seat.seat)!;
      const action = bot.chooseAction({ view, seat: p.seat.seat, history: [] } as never) as Action;
      const id = `b${++n}`;
      pending = true;
      p.replies.delete(id);
      p.room.send('intent', { action, id });
      const wait = setInterval(() => {
        const reply = p.replies.get(id);
        if (!reply) return;
        clearInterval(wait);
        if (reply.type === 'error') return reject(new Error(`${action.type} refused: ${reply.msg.code}`));
        pending = false;
        step();
      }, 1);
    };
    p.room.onStateChange(step);
    step();
  });
}

async function memoryPhase(): Promise<void> {
  const srv = await startServer({ ...quiet, BOT_DELAY_MS: '60000' });
  try {
    await new Promise((r) => setTimeout(r, 500));
    if (global.gc) global.gc();
    const before = await metrics(srv);
    const players: Player[] = [];
    const t0 = Date.now();
    for (let i = 0; i < ROOMS; i++) players.push(await startedTable(srv.url, `m${i}`));
    const createMs = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 1000));
    const after = await metrics(srv);
    const rss = metric(after, 'process_resident_memory_bytes') - metric(before, 'process_resident_memory_bytes');
    const heap = metric(after, 'nodejs_heap_size_used_bytes') - metric(before, 'nodejs_heap_size_used_bytes');
    console.log(`memory: ${ROOMS} started 4-seat rooms (1 client + 3 bots each), created and started in ${(createMs / 1000).toFixed(1)} s (${(createMs / ROOMS).toFixed(1)} ms each)`);
    console.log(`  resident ${mb(metric(before, 'process_resident_memory_bytes'))} → ${mb(metric(after, 'process_resident_memory_bytes'))} MB: ${(rss / ROOMS / 1024).toFixed(0)} KB per room; heap used +${mb(heap)} MB: ${(heap / ROOMS / 1024).toFixed(0)} KB per room`);
    await Promise.all(players.map((p) => p.room.leave(true).catch(() => undefined)));
  } finally {
    await killServer(srv);
  }
}

async function throughputPhase(): Promise<void> {
  const srv = await startServer({ ...quiet, BOT_DELAY_MS: '0' });
  try {
    const tables: Player[] = [];
    for (let i = 0; i < GAMES; i++) tables.push(await startedTable(srv.url, `t${i}`));
    const t0 = Date.now();
    await Promise.all(tables.map((p) => playAsClient(p)));
    const seconds = (Date.now() - t0) / 1000;
    let actions = 0;
    for (const p of tables) {
      const replay = (await (await fetch(`${srv.http}/api/games/${p.seat.roomId}/replay`)).json()) as { actions: unknown[] };
      actions += replay.actions.length;
    }
    const text = await metrics(srv);
    console.log(`throughput: ${GAMES} 4-seat games at once (1 client + 3 greedy bots each, no bot delay) in ${seconds.toFixed(1)} s:`);
    console.log(`  ${(GAMES / seconds * 60).toFixed(1)} games/min, ${(actions / seconds).toFixed(0)} actions/s (${(actions / GAMES).toFixed(0)} actions/game, client moves included)`);
    console.log(`  client intent → patch: p50 ${histogramQuantile(text, 'isle_intent_to_patch_seconds', 0.5)}, p99 ${histogramQuantile(text, 'isle_intent_to_patch_seconds', 0.99)}; event-loop lag p99 ${(metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(1)} ms; resident ${mb(metric(text, 'process_resident_memory_bytes'))} MB`);
    await Promise.all(tables.map((p) => p.room.leave(true).catch(() => undefined)));
  } finally {
    await killServer(srv);
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  console.log(`node ${process.version}; server: node packages/server/dist/main.js, STORE=memory`);
  await memoryPhase();
  await throughputPhase();
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
