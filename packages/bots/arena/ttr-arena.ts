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
 * Options also: --budget MS (the strong bot's time budget per decision).
 *
 * Reported per entry: wins (a shared win counts 1/k to each of the k winners) with a 95 % Wilson interval,
 * mean place, mean score, mean trains left, tickets completed and failed; per level: decision time p50/p99;
 * per game: turns, actions, how many games ended by everyone passing rather than by the trains, and how many
 * stalled (did not end within the rules' action bound). How the map plays: how often each bonus card in
 * play was won by someone, how many claims were contested (another seat's plan at that moment ran over the
 * pair, or the claim took the second track of a pair someone else already held), and per country the share
 * of its tracks claimed by the end.
 */
import './register';
import { mapOf, scoreBreakdown, ttrGame, type BonusCardId } from '@isle-of-trains/ttr-rules';
import { createTtrBot, TTR_BOT_LEVELS, type TtrBot, type TtrBotLevel } from '@isle-of-trains/bots';
import { ttrSearchStats } from '../src/ttr';
import { neededByOther } from './ttr-needed-by-other';
import { playTtrGame } from './ttr-play';
import { wilson } from './wilson';

const USAGE = `usage: npm run arena:ttr -- [--games N] [--players 2-5] [--bots greedy,random] [--seed S] [--budget MS] [--quiet]`;

interface Args {
  games: number;
  players: number;
  bots: TtrBotLevel[];
  seed: string;
  quiet: boolean;
  budget: number | undefined;
}

function parseArgs(argv: string[]): Args | null {
  const a: Args = { games: 20, players: 2, bots: ['greedy', 'random'], seed: 'ttr-arena', quiet: false, budget: undefined };
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
      case '--budget': a.budget = int(1, 60_000); break;
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
  place: number;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const mean = (xs: number[]): number => xs.reduce((x, y) => x + y, 0) / xs.length;

function run(a: Args): void {
  const P = a.players;
  // Entry i plays the level a.bots[i mod length]; each seat of the table is one entry.
  const entries: Entry[] = Array.from({ length: P }, (_, i) => {
    const level = a.bots[i % a.bots.length];
    return { level, label: `#${i + 1} ${level}`, bot: timedBot(createTtrBot(level, { seed: `${a.seed}:${i}`, timeBudgetMs: a.budget })), seats: 0, wins: 0, score: 0, trainsLeft: 0, ticketsKept: 0, ticketsDone: 0, place: 0 };
  });
  const turns: number[] = [];
  const trainsLeftAll: number[] = [];
  const actions: number[] = [];
  let byPasses = 0;
  let stalled = 0;
  const map = mapOf(ttrGame.setup({ players: P, seed: 'map' }).options.map);
  const bonusInPlay = new Map<BonusCardId, number>();
  const bonusWon = new Map<BonusCardId, number>();
  let claims = 0;
  let contestedByPlan = 0;
  let secondTrack = 0;
  const countryTracks = new Map<string, number>();
  const countryClaimed = new Map<string, number>();
  const countriesOf = (id: number): string[] => {
    const r = map.route.get(id)!;
    return [...new Set([map.city.get(r.from)!.country, map.city.get(r.to)!.country])];
  };
  for (const r of map.data.routes) for (const c of countriesOf(r.id)) countryTracks.set(c, (countryTracks.get(c) ?? 0) + 1);
  const t0 = Date.now();
  for (let g = 0; g < a.games; g++) {
    const seatEntry = new Array<number>(P);
    entries.forEach((_, i) => { seatEntry[(i + g) % P] = i; });
    let game;
    try {
      game = playTtrGame({ players: P, seed: `${a.seed}-${g}` }, seatEntry.map((i) => entries[i].bot), (st, seat, action) => {
        if (action.type !== 'claim') return;
        claims++;
        const r = map.route.get(action.route)!;
        if (map.pairTracks.get(r.pair)!.some((id) => st.claims[String(id)] !== undefined && st.claims[String(id)] !== seat)) secondTrack++;
        if (neededByOther(st, seat, r.pair)) contestedByPlan++;
      });
    } catch (e) {
      stalled++;
      console.log(`game ${g + 1}: ${(e as Error).message}`);
      continue;
    }
    const s = game.state;
    const sb = scoreBreakdown(s);
    for (const id of Object.keys(s.claims)) for (const c of countriesOf(Number(id))) countryClaimed.set(c, (countryClaimed.get(c) ?? 0) + 1);
    for (const card of s.bonusCards) {
      bonusInPlay.set(card, (bonusInPlay.get(card) ?? 0) + 1);
      if (sb.players.some((p) => p.bonus.some((b) => b.card === card && b.won))) bonusWon.set(card, (bonusWon.get(card) ?? 0) + 1);
    }
    const totals = sb.players.map((p) => p.total);
    turns.push(s.turn.number);
    actions.push(game.actions.length);
    if (s.result?.reason === 'passes') byPasses++;
    for (let seat = 0; seat < P; seat++) {
      trainsLeftAll.push(s.players[seat].trainsLeft);
      const e = entries[seatEntry[seat]];
      const p = sb.players[seat];
      e.seats++;
      e.score += p.total;
      e.trainsLeft += s.players[seat].trainsLeft;
      e.ticketsKept += p.tickets.length;
      e.ticketsDone += p.completedTickets;
      // Place: 1 + the number of seats with a strictly higher total (a tie shares the better place).
      e.place += 1 + totals.filter((t) => t > p.total).length;
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
      + `mean place ${(e.place / e.seats).toFixed(2)}, mean score ${(e.score / e.seats).toFixed(1)}, trains left ${(e.trainsLeft / e.seats).toFixed(1)}, `
      + `tickets completed ${(e.ticketsDone / e.seats).toFixed(2)}, failed ${((e.ticketsKept - e.ticketsDone) / e.seats).toFixed(2)}`,
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
  for (const level of [...new Set(entries.map((e) => e.level))]) {
    const ms = [...(decisionMs.get(level) ?? [])].sort((x, y) => x - y);
    if (ms.length > 0) console.log(`  ${level} decisions: ${ms.length}, p50 ${quantile(ms, 0.5).toFixed(1)} ms, p99 ${quantile(ms, 0.99).toFixed(1)} ms, max ${ms[ms.length - 1].toFixed(1)} ms`);
  }
  if (search.searched > 0) {
    console.log(`  strong searches: ${search.searched}, mean ${(search.worlds / search.searched).toFixed(1)} worlds, greedy's choice replaced in ${pct(search.switched / search.searched)}`);
  }
  const sorted = [...turns].sort((x, y) => x - y);
  console.log(`  game length: mean ${mean(turns).toFixed(1)} turns (min ${sorted[0]}, max ${sorted[sorted.length - 1]}), ${mean(actions).toFixed(0)} actions`);
  console.log(`  ended by everyone passing: ${byPasses} of ${a.games}; stalled: ${stalled}`);
  const played = turns.length;
  const meanLeft = (trainsLeftAll.reduce((x, y) => x + y, 0) / Math.max(1, trainsLeftAll.length)).toFixed(1);
  console.log(`  trains left per seat at the end: mean ${meanLeft}`);
  console.log(`  claims: ${(claims / played).toFixed(1)} per game; contested ${pct((contestedByPlan) / claims)} (another seat's plan used the pair), `
    + `second track of a pair another seat held ${pct(secondTrack / claims)}`);
  const cards = [...bonusInPlay.keys()].sort();
  console.log(`  bonus cards won when in play: ${cards.map((c) => `${c} ${bonusWon.get(c) ?? 0}/${bonusInPlay.get(c)}`).join(', ')}`);
  const countries = [...countryTracks.keys()].sort();
  console.log(`  tracks claimed per country (share of its tracks, mean per game): ${countries.map((c) => `${c} ${pct((countryClaimed.get(c) ?? 0) / played / countryTracks.get(c)!)}`).join(', ')}`);
  console.log(`  ${(secs / a.games).toFixed(2)} s/game`);
}

/** Decision times per bot level, in ms, for the report. */
const decisionMs = new Map<TtrBotLevel, number[]>();
/** The strong bot's searches: decisions with more than one candidate, worlds dealt, answers other than greedy's. */
const search = { searched: 0, worlds: 0, switched: 0 };

function timedBot(bot: TtrBot): TtrBot {
  const list = decisionMs.get(bot.level) ?? [];
  decisionMs.set(bot.level, list);
  return {
    game: bot.game,
    level: bot.level,
    chooseAction: (input) => {
      const t = performance.now();
      const a = bot.chooseAction(input);
      list.push(performance.now() - t);
      if (bot.level === 'strong' && ttrSearchStats.lastCandidates > 1) {
        search.searched++;
        search.worlds += ttrSearchStats.lastWorlds;
        if (ttrSearchStats.lastSwitched) search.switched++;
      }
      return a;
    },
  };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
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
