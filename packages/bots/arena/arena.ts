/**
 * Arena: bots play each other (or the solo modes) and the results are printed.
 *
 *   npm run arena -- --games 100 --players 2 --bots greedy,random
 *   npm run arena -- --games 40 --players 2 --bots strong,greedy --budget 50
 *   npm run arena -- --games 20 --players 4 --bots strong,greedy,greedy,greedy
 *   npm run arena -- --solo --games 20 --bots greedy,strong
 *   npm run arena -- --games 200 --players 2 --bots strong,greedy --workers 1   (as the server runs bots)
 *
 * Options: `npm run arena -- --help` (arena/args.ts).
 */
import './register';
import {
  applyAction, createGame, currentDecision, playerView, scoreBreakdown, type GameState, type GameOptions,
} from '@isle-of-trains/rules';
import { createBot, searchStats, type Bot, type BotLevel, type PublicHistoryEntry } from '@isle-of-trains/bots';
import { ArgsError, parseArgs, USAGE, type Args } from './args';
import { wilson } from './wilson';
import { multiplayerInWorkers } from './workers';

export { wilson };


const timings = new Map<BotLevel, number[]>();
/** Iterations of each strong decision that searched (forced and single-choice decisions do not). */
const searchIterations: number[] = [];
function timed(bot: Bot, f: () => ReturnType<Bot['chooseAction']>): ReturnType<Bot['chooseAction']> {
  const t0 = process.hrtime.bigint();
  const r = f();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  let arr = timings.get(bot.level);
  if (!arr) timings.set(bot.level, (arr = []));
  arr.push(ms);
  if (bot.level === 'strong' && searchStats.lastIterations > 0) searchIterations.push(searchStats.lastIterations);
  return r;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A safety stop: a game still going after this many decisions is stopped and scored as it stands (no bot level should need it). */
const MAX_DECISIONS = 3000;

/** Play one game to the end with one bot per seat. */
function playGame(options: GameOptions, bots: Bot[], maxDecisions = MAX_DECISIONS): { state: GameState; decisions: number } {
  let s = createGame(options);
  const history: PublicHistoryEntry[] = [];
  let decisions = 0;
  while (decisions < maxDecisions && !s.gameOver) {
    const seat = currentDecision(s)!.seat;
    const bot = bots[seat];
    const view = playerView(s, seat);
    const action = timed(bot, () => bot.chooseAction({ view, seat, history }));
    const r = applyAction(s, seat, action);
    if (!r.ok) throw new Error(`${bot.level} bot at seat ${seat} sent an illegal action ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    history.push(...r.events);
    s = r.state;
    decisions++;
  }
  return { state: s, decisions };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function multiplayer(a: Args): void {
  const P = a.players;
  const makeBot = (level: BotLevel, i: number) => createBot(level, { seed: `${a.seed}:${i}`, timeBudgetMs: a.budget, iterations: a.iterations, search: a.search });
  const entries = a.bots.map((level, i) => ({ level, label: `#${i + 1} ${level}`, wins: 0, games: 0, scores: [] as number[], bot: makeBot(level, i) }));
  const t0 = Date.now();
  let totalDecisions = 0;
  let capped = 0;
  for (let g = 0; g < a.games; g++) {
    // Rotate: entry i sits at seat (i + g) % P.
    const seatEntry = new Array<number>(P);
    entries.forEach((_, i) => { seatEntry[(i + g) % P] = i; });
    const { state, decisions } = playGame({ players: P, seed: `${a.seed}-${g}` }, seatEntry.map((i) => entries[i].bot));
    totalDecisions += decisions;
    if (!state.gameOver) capped++;
    const sb = scoreBreakdown(state);
    for (let seat = 0; seat < P; seat++) {
      const e = entries[seatEntry[seat]];
      e.games++;
      e.scores.push(sb.players[seat].total);
      if (sb.winners.includes(seat)) e.wins += 1 / sb.winners.length;
    }
    if (!a.quiet) {
      console.log(`game ${g + 1}/${a.games}: ${seatEntry.map((i, seat) => `${entries[i].label}=${sb.players[seat].total}${sb.winners.includes(seat) ? '*' : ''}`).join(' ')} (${state.result?.reason ?? 'stopped'}, ${decisions} decisions, ${((Date.now() - t0) / (g + 1) / 1000).toFixed(1)}s/game)`);
    }
  }
  console.log(`\n${a.games} games, ${P} players, bots ${a.bots.join(',')}, strong ${a.iterations ? `${a.iterations} rounds` : `${a.budget} ms`}/decision${a.search ? ` (${a.search} search)` : ''}, seed ${a.seed}`);
  for (const e of entries) {
    const [lo, hi] = wilson(e.wins, e.games);
    const mean = e.scores.reduce((x, y) => x + y, 0) / e.scores.length;
    console.log(`  ${e.label.padEnd(10)} win rate ${pct(e.wins / e.games)} (95% CI ${pct(lo)}–${pct(hi)}), mean score ${mean.toFixed(1)}`);
  }
  if (capped > 0) console.log(`  ${capped} game(s) stalled and were stopped after ${MAX_DECISIONS} decisions, scored as they stood`);
  console.log(`  ${(totalDecisions / a.games).toFixed(0)} decisions/game, ${((Date.now() - t0) / a.games / 1000).toFixed(2)} s/game`);
  printTimings();
}

function solo(a: Args): void {
  const levels = [...new Set(a.bots)];
  for (const level of levels) {
    const bot = createBot(level, { seed: `${a.seed}:${level}`, timeBudgetMs: a.budget, iterations: a.iterations, search: a.search });
    console.log(`\n${level} bot, ${a.games} games per chapter`);
    for (const ch of a.chapters) {
      const scores: number[] = [];
      const ratings = new Map<string, number>();
      let wins = 0;
      for (let g = 0; g < a.games; g++) {
        const options: GameOptions = ch === 'challenge'
          ? { players: 1, seed: `${a.seed}-solo-${g}`, mode: 'challenge' }
          : { players: 1, seed: `${a.seed}-ch${ch}-${g}`, mode: 'scenario', scenario: ch };
        const { state } = playGame(options, [bot]);
        const sb = scoreBreakdown(state);
        scores.push(sb.players[0].total);
        if (sb.rating) ratings.set(sb.rating, (ratings.get(sb.rating) ?? 0) + 1);
        if (state.result?.solo === 'won') wins++;
      }
      const mean = scores.reduce((x, y) => x + y, 0) / scores.length;
      const sorted = [...scores].sort((x, y) => x - y);
      if (ch === 'challenge') {
        const dist = ['Freeloader', 'Trainee', 'Engineer', 'Head Conductor', 'Island Conductor'].map((r) => `${r} ${ratings.get(r) ?? 0}`).join(', ');
        // A normal-approximation 95 % interval for the mean (the deals are independent draws).
        const sd = Math.sqrt(scores.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, scores.length - 1));
        const half = 1.96 * sd / Math.sqrt(scores.length);
        console.log(`  Challenge: mean score ${mean.toFixed(1)} (95% CI ${(mean - half).toFixed(1)}–${(mean + half).toFixed(1)}; min ${sorted[0]}, median ${quantile(sorted, 0.5)}, max ${sorted[sorted.length - 1]}); ratings: ${dist}`);
      } else {
        const [lo, hi] = wilson(wins, a.games);
        console.log(`  Chapter ${String(ch).padStart(2)}: win rate ${pct(wins / a.games)} (95% CI ${pct(lo)}–${pct(hi)}), mean score ${mean.toFixed(1)}`);
      }
    }
  }
  printTimings();
}

function printTimings(): void {
  console.log('  decision time per level:');
  for (const [level, arr] of timings) {
    const sorted = [...arr].sort((x, y) => x - y);
    console.log(`    ${level.padEnd(7)} median ${quantile(sorted, 0.5).toFixed(2)} ms, p99 ${quantile(sorted, 0.99).toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms over ${arr.length} decisions`);
  }
  if (searchIterations.length > 0) {
    const it = [...searchIterations].sort((x, y) => x - y);
    console.log(`    strong search: median ${quantile(it, 0.5)} iterations per searched decision (p10 ${quantile(it, 0.1)}, p90 ${quantile(it, 0.9)}), ${it.length} searches`);
  }
}

let parsed: ReturnType<typeof parseArgs>;
try {
  parsed = parseArgs(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof ArgsError)) throw e;
  // A mistyped option is the user's, not a bug: say what was wrong and how to call, with no stack trace.
  process.stderr.write(`arena: ${e.message}\n\n${USAGE}`);
  process.exit(2);
}
if (parsed === 'help') process.stdout.write(USAGE);
else if (parsed.solo) solo(parsed);
else if (parsed.workers !== undefined) {
  multiplayerInWorkers(parsed).catch((e: unknown) => {
    process.stderr.write(`arena: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    process.exit(1);
  });
} else multiplayer(parsed);
