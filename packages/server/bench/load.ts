/**
 * npm run bench:tables -w @isle-of-trains/server: what one server process costs, measured on the built server
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
import { IsleClient, type Session } from '@isle-of-trains/client';
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

async function startedTable(url: string, name: string): Promise<Session> {
  // The bench's server allows 1000 messages a second: the session's pace matches it, so it measures the server.
  const s = await new IsleClient(url, { name, rejoin: { attempts: 0 }, pace: { perSecond: 1000, burst: 1000 } }).create({ seats: 4, bots: 3 });
  await s.start();
  return s;
}

/**
 * The client's side of one game (the @isle-of-trains/client session): whenever the decision is its
 * own seat's, a greedy bot picks a move from the session's view and the client sends it; bots play
 * the other seats on the server. Resolves when the game has ended.
 */
function playAsClient(s: Session): Promise<void> {
  const bot = createBot('greedy', { seed: s.seat ?? 0 });
  let busy = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`room ${s.roomId}: no end after 5 minutes`)), 300_000);
    const step = () => {
      if (s.state?.phase === 'ended') { clearTimeout(timer); return resolve(); }
      if (busy || !s.isMyDecision()) return;
      const action = bot.chooseAction({ view: s.view!, seat: s.seat!, history: [] } as never);
      busy = true;
      s.act(action).then(() => { busy = false; step(); }, (e: Error) => reject(new Error(`${action.type} refused: ${e.message}`)));
    };
    s.onView(step);
  });
}

async function memoryPhase(): Promise<void> {
  const srv = await startServer({ ...quiet, BOT_DELAY_MS: '60000' });
  try {
    await new Promise((r) => setTimeout(r, 500));
    if (global.gc) global.gc();
    const before = await metrics(srv);
    const players: Session[] = [];
    const t0 = Date.now();
    for (let i = 0; i < ROOMS; i++) players.push(await startedTable(srv.url, `m${i}`));
    const createMs = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 1000));
    const after = await metrics(srv);
    const rss = metric(after, 'process_resident_memory_bytes') - metric(before, 'process_resident_memory_bytes');
    const heap = metric(after, 'nodejs_heap_size_used_bytes') - metric(before, 'nodejs_heap_size_used_bytes');
    console.log(`memory: ${ROOMS} started 4-seat rooms (1 client + 3 bots each), created and started in ${(createMs / 1000).toFixed(1)} s (${(createMs / ROOMS).toFixed(1)} ms each)`);
    console.log(`  resident ${mb(metric(before, 'process_resident_memory_bytes'))} → ${mb(metric(after, 'process_resident_memory_bytes'))} MB: ${(rss / ROOMS / 1024).toFixed(0)} KB per room; heap used +${mb(heap)} MB: ${(heap / ROOMS / 1024).toFixed(0)} KB per room`);
    await Promise.all(players.map((p) => p.leave()));
  } finally {
    await killServer(srv);
  }
}

async function throughputPhase(): Promise<void> {
  const srv = await startServer({ ...quiet, BOT_DELAY_MS: '0' });
  try {
    const tables: Session[] = [];
    for (let i = 0; i < GAMES; i++) tables.push(await startedTable(srv.url, `t${i}`));
    const t0 = Date.now();
    await Promise.all(tables.map((p) => playAsClient(p)));
    const seconds = (Date.now() - t0) / 1000;
    let actions = 0;
    for (const p of tables) {
      const replay = (await (await fetch(`${srv.http}/api/games/${p.roomId}/replay`)).json()) as { actions: unknown[] };
      actions += replay.actions.length;
    }
    const text = await metrics(srv);
    console.log(`throughput: ${GAMES} 4-seat games at once (1 client + 3 greedy bots each, no bot delay) in ${seconds.toFixed(1)} s:`);
    console.log(`  ${(GAMES / seconds * 60).toFixed(1)} games/min, ${(actions / seconds).toFixed(0)} actions/s (${(actions / GAMES).toFixed(0)} actions/game, client moves included)`);
    console.log(`  client intent → patch: p50 ${histogramQuantile(text, 'isle_intent_to_patch_seconds', 0.5)}, p99 ${histogramQuantile(text, 'isle_intent_to_patch_seconds', 0.99)}; event-loop lag p99 ${(metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(1)} ms; resident ${mb(metric(text, 'process_resident_memory_bytes'))} MB`);
    await Promise.all(tables.map((p) => p.leave()));
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
