/**
 * Arena for the second game: bots play each other on the Northern Europe map and the results are printed.
 *
 *   npm run arena:ttr -- --games 50 --players 2 --bots greedy,random
 *   npm run arena:ttr -- --games 20 --players 4 --bots greedy,random
 *
 * Options: --games N, --players P (2–5), --bots list (one level per entry; a list shorter than the seat
 * count is repeated to fill the seats, so `greedy,random` at 4 players is greedy, random, greedy, random),
 * --seed S (base seed; game g is dealt from `S-g`), --quiet (no line per game), --help.
 * Seats rotate every game (entry i sits at seat (i + g) mod P), so no entry keeps the first move.
 *
 * Reported per entry: wins (a shared win counts 1/k to each of the k winners) with a 95 % Wilson interval,
 * mean score, mean trains left, tickets completed of kept; per game: turns, actions, and how many games
 * ended by everyone passing rather than by the trains.
 */
import './register';
import { scoreBreakdown } from '@isle-of-trains/ttr-rules';
import { createTtrBot, TTR_BOT_LEVELS, type TtrBot, type TtrBotLevel } from '@isle-of-trains/bots';
import { playTtrGame } from './ttr-play';
import { wilson } from './wilson';

const USAGE = `usage: npm run arena:ttr -- [--games N] [--players 2-5] [--bots greedy,random] [--seed S] [--quiet]`;

interface Args {
  games: number;
  players: number;
  bots: TtrBotLevel[];
  seed: string;
  quiet: boolean;
}

function parseArgs(argv: string[]): Args | null {
  const a: Args = { games: 20, players: 2, bots: ['greedy', 'random'], seed: 'ttr-arena', quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${k} needs a value`);
      return x;
    };
    const int = (min: number, max: number): number => {
      const x = v();
      const n = Number(x);
      if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${k} must be a whole number from ${min} to ${max}, not ${x}`);
      return n;
    };
    switch (k) {
      case '--games': a.games = int(1, 100_000); break;
      case '--players': a.players = int(2, 5); break;
      case '--bots': a.bots = v().split(',').map((s) => s.trim()) as TtrBotLevel[]; break;
      case '--seed': a.seed = v(); break;
      case '--quiet': a.quiet = true; break;
      case '--help': case '-h': return null;
      default: throw new Error(`unknown option ${k}`);
    }
  }
  for (const b of a.bots) if (!TTR_BOT_LEVELS.includes(b)) throw new Error(`unknown bot level ${b} (the second game has ${TTR_BOT_LEVELS.join(', ')})`);
  if (a.bots.length === 0 || a.bots.length > a.players) throw new Error(`--bots needs 1 to ${a.players} entries, got ${a.bots.length}`);
  return a;
}


interface Entry {
  level: TtrBotLevel;
  label: string;
  bot: TtrBot;
  seats: number;
  wins: number;
  score: number;
  trainsLeft: number;
  ticketsKept: number;
  ticketsDone: number;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const mean = (xs: number[]): number => xs.reduce((x, y) => x + y, 0) / xs.length;

function run(a: Args): void {
  const P = a.players;
  // Entry i plays the level a.bots[i mod length]; each seat of the table is one entry.
  const entries: Entry[] = Array.from({ length: P }, (_, i) => {
    const level = a.bots[i % a.bots.length];
    return { level, label: `#${i + 1} ${level}`, bot: createTtrBot(level, { seed: `${a.seed}:${i}` }), seats: 0, wins: 0, score: 0, trainsLeft: 0, ticketsKept: 0, ticketsDone: 0 };
  });
  const turns: number[] = [];
  const actions: number[] = [];
  let byPasses = 0;
  const t0 = Date.now();
  for (let g = 0; g < a.games; g++) {
    const seatEntry = new Array<number>(P);
    entries.forEach((_, i) => { seatEntry[(i + g) % P] = i; });
    const game = playTtrGame({ players: P, seed: `${a.seed}-${g}` }, seatEntry.map((i) => entries[i].bot));
    const s = game.state;
    const sb = scoreBreakdown(s);
    turns.push(s.turn.number);
    actions.push(game.actions.length);
    if (s.result?.reason === 'passes') byPasses++;
    for (let seat = 0; seat < P; seat++) {
      const e = entries[seatEntry[seat]];
      const p = sb.players[seat];
      e.seats++;
      e.score += p.total;
      e.trainsLeft += s.players[seat].trainsLeft;
      e.ticketsKept += p.tickets.length;
      e.ticketsDone += p.completedTickets;
      if (sb.winners.includes(seat)) e.wins += 1 / sb.winners.length;
    }
    if (!a.quiet) {
      const line = seatEntry.map((i, seat) => `${entries[i].label}=${sb.players[seat].total}${sb.winners.includes(seat) ? '*' : ''}`).join(' ');
      console.log(`game ${g + 1}/${a.games}: ${line} (${s.result?.reason}, ${s.turn.number} turns, ${game.actions.length} actions)`);
    }
  }
  const secs = (Date.now() - t0) / 1000;
  console.log(`\n${a.games} games, ${P} players, bots ${entries.map((e) => e.level).join(',')}, seed ${a.seed}`);
  for (const e of entries) {
    const [lo, hi] = wilson(e.wins, e.seats);
    console.log(
      `  ${e.label.padEnd(10)} wins ${e.wins.toFixed(1)}/${e.seats} = ${pct(e.wins / e.seats)} (95% CI ${pct(lo)}–${pct(hi)}), `
      + `mean score ${(e.score / e.seats).toFixed(1)}, trains left ${(e.trainsLeft / e.seats).toFixed(1)}, `
      + `tickets completed ${(e.ticketsDone / e.seats).toFixed(2)} of ${(e.ticketsKept / e.seats).toFixed(2)} kept`,
    );
  }
  // Pooled by level, when a level holds several seats.
  for (const level of [...new Set(entries.map((e) => e.level))]) {
    const mine = entries.filter((e) => e.level === level);
    if (mine.length < 2) continue;
    const seats = mine.reduce((n, e) => n + e.seats, 0);
    const wins = mine.reduce((n, e) => n + e.wins, 0);
    const [lo, hi] = wilson(wins, seats);
    console.log(`  all ${level.padEnd(6)} wins ${wins.toFixed(1)}/${seats} seats = ${pct(wins / seats)} (95% CI ${pct(lo)}–${pct(hi)}); ${(wins / a.games * 100).toFixed(1)}% of games won by a ${level} seat`);
  }
  const sorted = [...turns].sort((x, y) => x - y);
  console.log(`  game length: mean ${mean(turns).toFixed(1)} turns (min ${sorted[0]}, max ${sorted[sorted.length - 1]}), ${mean(actions).toFixed(0)} actions`);
  console.log(`  ended by everyone passing: ${byPasses} of ${a.games}`);
  console.log(`  ${(secs / a.games).toFixed(2)} s/game`);
}

let args: Args | null = null;
try {
  args = parseArgs(process.argv.slice(2));
  if (args === null) console.log(USAGE);
} catch (e) {
  console.error(`${(e as Error).message}\n${USAGE}`);
  process.exitCode = 2;
}
if (args !== null) run(args);
