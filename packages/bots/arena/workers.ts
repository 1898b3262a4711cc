/**
 * The arena's worker mode (--workers N): bots play as the server plays them. Every decision, at every level,
 * goes through the server's own bot pool (packages/server/src/bots/bot-pool.ts: piscina worker threads at
 * the server's nice value, its per-decision time limit with a greedy fallback), and the worker decides with
 * the bots' defaults (the strong bot's default budget), exactly as a room's bot seat does. A decision is
 * timed from the call to the answer, which is what a room waits for (its BOT_DELAY_MS pause aside): the
 * search, the structured clone both ways, and any wait for a free thread.
 */
import {
  applyAction, createGame, currentDecision, playerView, scoreBreakdown, type Action, type GameState,
} from '@isle-of-trains/rules';
import type { BotLevel, PublicHistoryEntry } from '@isle-of-trains/bots';
import { hashString } from '../src/random';
import { BotPool } from '../../server/src/bots/bot-pool';
import type { Args } from './args';
import { wilson } from './wilson';

/** The server sends a worker the last 50 log entries with each decision (src/bots/bots.ts). */
const HISTORY_TO_WORKER = 50;
const MAX_DECISIONS = 3000;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export async function multiplayerInWorkers(a: Args): Promise<void> {
  const P = a.players;
  const fallbacks = { timeout: 0, error: 0 };
  const pool = new BotPool({ threads: a.workers!, onFallback: (why) => { fallbacks[why]++; } });
  // Warm-up, not counted: a thread loading the rules and bots (from TypeScript sources here) takes seconds,
  // which the pool's time limit would turn into fallbacks. A server's threads start with the process.
  const warm = createGame({ players: P, seed: `${a.seed}-warm-up` });
  await Promise.all(Array.from({ length: a.workers! }, () => pool.choose(
    { level: 'greedy', view: playerView(warm, currentDecision(warm)!.seat), seat: currentDecision(warm)!.seat, history: [], seed: 1 }, 120_000)));
  const warmUps = pool.counts.decisions;
  const timings = new Map<BotLevel, number[]>();
  const entries = a.bots.map((level, i) => ({ level, label: `#${i + 1} ${level}`, wins: 0, games: 0, scores: [] as number[] }));
  const t0 = Date.now();
  let totalDecisions = 0;
  let capped = 0;
  let done = 0;
  let stopped = false;

  async function playOne(g: number): Promise<void> {
    // Rotate: entry i sits at seat (i + g) % P.
    const seatEntry = new Array<number>(P);
    entries.forEach((_, i) => { seatEntry[(i + g) % P] = i; });
    let s: GameState = createGame({ players: P, seed: `${a.seed}-${g}` });
    const history: PublicHistoryEntry[] = [];
    let decisions = 0;
    while (decisions < MAX_DECISIONS && !s.gameOver) {
      const seat = currentDecision(s)!.seat;
      const level = entries[seatEntry[seat]].level;
      const view = playerView(s, seat);
      const seed = hashString(`${a.seed}:${g}:${seat}:${decisions}`);
      const t = process.hrtime.bigint();
      const action: Action = await pool.choose({ level, view, seat, history: history.slice(-HISTORY_TO_WORKER), seed });
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      let arr = timings.get(level);
      if (!arr) timings.set(level, (arr = []));
      arr.push(ms);
      const r = applyAction(s, seat, action);
      if (!r.ok) throw new Error(`${level} bot at seat ${seat} sent an illegal action ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
      history.push(...r.events);
      s = r.state;
      decisions++;
    }
    if (stopped) return;
    totalDecisions += decisions;
    if (!s.gameOver) capped++;
    const sb = scoreBreakdown(s);
    for (let seat = 0; seat < P; seat++) {
      const e = entries[seatEntry[seat]];
      e.games++;
      e.scores.push(sb.players[seat].total);
      if (sb.winners.includes(seat)) e.wins += 1 / sb.winners.length;
    }
    done++;
    if (!a.quiet || done % 10 === 0) {
      const lead = entries.map((e) => `${e.label} ${e.wins}`).join(', ');
      console.log(`game ${done}/${a.games} (deal ${g}): ${seatEntry.map((i, seat) => `${entries[i].label}=${sb.players[seat].total}${sb.winners.includes(seat) ? '*' : ''}`).join(' ')} (${s.result?.reason ?? 'stopped'}, ${decisions} decisions); wins so far ${lead}; ${((Date.now() - t0) / done / 1000).toFixed(1)} s/game`);
    }
  }

  let next = 0;
  // A long series stopped with SIGTERM or SIGINT still reports the games it finished.
  const stop = (): void => { stopped = true; next = a.games; };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const lanes = Array.from({ length: Math.min(a.parallel, a.games) }, async () => {
    while (next < a.games) await playOne(next++);
  });
  // On a stop the games in progress are abandoned: the summary is printed at once.
  let poll: NodeJS.Timeout | undefined;
  const interrupted = new Promise<void>((resolve) => { poll = setInterval(() => { if (stopped) resolve(); }, 200); });
  try {
    await Promise.race([Promise.all(lanes), interrupted]);
  } finally {
    clearInterval(poll);
  }
  const games = done;

  console.log(`\n${games} games${stopped ? ` (stopped after ${games} of ${a.games})` : ''}, ${P} players, bots ${a.bots.join(',')}, in the server's bot pool (${a.workers} worker thread(s), ${a.parallel} game(s) at once; the bots' default budget), seed ${a.seed}`);
  for (const e of entries) {
    const [lo, hi] = wilson(e.wins, e.games);
    const mean = e.scores.reduce((x, y) => x + y, 0) / e.scores.length;
    console.log(`  ${e.label.padEnd(10)} win rate ${pct(e.wins / e.games)} (95% CI ${pct(lo)}–${pct(hi)}), mean score ${mean.toFixed(1)}`);
  }
  if (capped > 0) console.log(`  ${capped} game(s) stalled and were stopped after ${MAX_DECISIONS} decisions, scored as they stood`);
  console.log(`  ${(totalDecisions / games).toFixed(0)} decisions/game, ${((Date.now() - t0) / games / 1000).toFixed(2)} s/game`);
  console.log(`  pool fallbacks to greedy: ${fallbacks.timeout} timeouts, ${fallbacks.error} errors, of ${pool.counts.decisions - warmUps} decisions`);
  console.log('  decision time per level, call to answer through the pool:');
  for (const [level, arr] of timings) {
    const sorted = [...arr].sort((x, y) => x - y);
    console.log(`    ${level.padEnd(7)} median ${quantile(sorted, 0.5).toFixed(2)} ms, p99 ${quantile(sorted, 0.99).toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms over ${arr.length} decisions`);
  }
  await pool.close();
  if (stopped) process.exit(0);
}
