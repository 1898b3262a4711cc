/**
 * How the second game's map plays: bots play it at each player count and the report says how long games run,
 * how many trains and tickets are left over, how often each bonus card is won, which routes everyone fights
 * over and which nobody uses.
 *
 *   npm run map-report -w @isle-of-trains/bots -- --players 2,3,4,5 --games 40 --bots strong,greedy --iterations 0
 *   npm run map-report -w @isle-of-trains/bots -- --players 4 --games 40 --out /tmp/4p.jsonl --quiet
 *   npm run map-report -w @isle-of-trains/bots -- --from /tmp/2p.jsonl,/tmp/4p.jsonl
 *
 * Options: --players list (2–5), --games N per count, --bots list (one level per entry, repeated to fill the
 * seats; seats rotate every game), --seed S (game g at P players is dealt from `S-Pp-g`), --budget MS or
 * --iterations N for the strong bot (0: its tuned policy without search, fast and independent of the clock),
 * --out FILE (append one JSON record per game as it ends, so a long run keeps what it played), --from FILES
 * (comma-separated records to report on, with or without new games), --hot PCT (a route is "hot" when claimed
 * in more than PCT % of games, default 90), --no-plans (skip the contest-by-plan measure, the costly part),
 * --quiet (no line per game).
 *
 * Figures are grouped by map version and player count; several bot mixes at one count are pooled (each
 * mix is named in the group's header), and wins, places and scores are given per bot level.
 */
import './register';
import { appendFileSync, readFileSync } from 'node:fs';
import { bonusCard, mapOf, scoreBreakdown, ttrGame, type BonusCardId, type GameMap, type MapRef } from '@isle-of-trains/ttr-rules';
import { createTtrBot, TTR_BOT_LEVELS, type TtrBot, type TtrBotLevel } from '@isle-of-trains/bots';
import { neededByOther } from './ttr-needed-by-other';
import { playTtrGame } from './ttr-play';
import { wilson } from './wilson';

const USAGE = 'usage: npm run map-report -w @isle-of-trains/bots -- [--players 2,3,4,5] [--games N] [--bots strong,greedy] '
  + '[--seed S] [--budget MS | --iterations N] [--out FILE] [--from FILES] [--hot PCT] [--no-plans] [--quiet]';

/** One finished game, as the report needs it (one line of --out). */
export interface GameRecord {
  v: 1;
  map: MapRef;
  players: number;
  seed: string;
  /** The bot at each seat, e.g. "greedy", "strong", "strong/i0" (iterations 0), "strong/200ms". */
  bots: string[];
  turns: number;
  actions: number;
  reason: string;
  seats: {
    trainsLeft: number;
    total: number;
    winner: boolean;
    /** Kept tickets: [id, completed]. */
    tickets: [number, boolean][];
    bonusWon: BonusCardId[];
  }[];
  bonusCards: BonusCardId[];
  /** Tickets offered in every choice (opening and later), ids, repeats counted. */
  offered: number[];
  /** Claims in order: [route id, seat, 1 when another seat's plan ran over the pair at that moment (−1: not measured)]. */
  claims: [number, number, number][];
  ms: number;
}

interface StalledRecord {
  v: 1;
  stalled: true;
  map: MapRef;
  players: number;
  seed: string;
  bots: string[];
  error: string;
}

type Line = GameRecord | StalledRecord;

interface Args {
  players: number[];
  games: number;
  bots: TtrBotLevel[];
  seed: string;
  budget: number | undefined;
  iterations: number | undefined;
  out: string | undefined;
  from: string[];
  hot: number;
  plans: boolean;
  quiet: boolean;
}

function parseArgs(argv: string[]): Args | null {
  const a: Args = {
    players: [2, 3, 4, 5], games: -1, bots: ['strong', 'greedy'], seed: 'ttr-map', budget: undefined, iterations: undefined,
    out: undefined, from: [], hot: 90, plans: true, quiet: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${k} needs a value`);
      return x;
    };
    const int = (x: string, min: number, max: number): number => {
      const n = Number(x);
      if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${k} must be a whole number from ${min} to ${max}, not ${x}`);
      return n;
    };
    switch (k) {
      case '--players': a.players = v().split(',').map((x) => int(x.trim(), 2, 5)); break;
      case '--games': a.games = int(v(), 0, 100_000); break;
      case '--bots': a.bots = v().split(',').map((s) => s.trim()) as TtrBotLevel[]; break;
      case '--seed': a.seed = v(); break;
      case '--budget': a.budget = int(v(), 1, 60_000); break;
      case '--iterations': a.iterations = int(v(), 0, 100_000); break;
      case '--out': a.out = v(); break;
      case '--from': a.from = v().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--hot': a.hot = int(v(), 1, 100); break;
      case '--no-plans': a.plans = false; break;
      case '--quiet': a.quiet = true; break;
      case '--help': case '-h': return null;
      default: throw new Error(`unknown option ${k}`);
    }
  }
  for (const b of a.bots) if (!TTR_BOT_LEVELS.includes(b)) throw new Error(`unknown bot level ${b} (${TTR_BOT_LEVELS.join(', ')})`);
  if (a.bots.length === 0) throw new Error('--bots needs at least one level');
  // Without --games, a run with --from only reports; otherwise it plays 40 games per count.
  if (a.games < 0) a.games = a.from.length > 0 ? 0 : 40;
  return a;
}

// ---- playing --------------------------------------------------------------------------------------------

function botLabel(level: TtrBotLevel, a: Args): string {
  if (level !== 'strong') return level;
  if (a.iterations !== undefined) return `strong/i${a.iterations}`;
  return `strong/${a.budget ?? 200}ms`;
}

function playGames(a: Args, P: number, sink: (l: Line) => void): void {
  const entries = Array.from({ length: P }, (_, i) => {
    const level = a.bots[i % a.bots.length];
    const bot: TtrBot = createTtrBot(level, { seed: `${a.seed}:${i}`, timeBudgetMs: a.budget, iterations: a.iterations });
    return { level, label: botLabel(level, a), bot };
  });
  for (let g = 0; g < a.games; g++) {
    const seed = `${a.seed}-${P}p-${g}`;
    const seatEntry = new Array<number>(P);
    entries.forEach((_, i) => { seatEntry[(i + g) % P] = i; });
    const bots = seatEntry.map((i) => entries[i].label);
    const claims: [number, number, number][] = [];
    const offered: number[] = [];
    const t0 = Date.now();
    let map: GameMap | undefined;
    let played;
    try {
      played = playTtrGame({ players: P, seed }, seatEntry.map((i) => entries[i].bot), (st, seat, action) => {
        map ??= mapOf(st.options.map);
        if (action.type === 'keepTickets') offered.push(...(st.players[seat].offer ?? []));
        if (action.type !== 'claim') return;
        const pair = map.route.get(action.route)!.pair;
        claims.push([action.route, seat, a.plans ? (neededByOther(st, seat, pair) ? 1 : 0) : -1]);
      });
    } catch (e) {
      const ref = ttrGame.setup({ players: P, seed }).options.map;
      sink({ v: 1, stalled: true, map: ref, players: P, seed, bots, error: (e as Error).message });
      console.log(`${P}p game ${g + 1}: ${(e as Error).message}`);
      continue;
    }
    const s = played.state;
    const sb = scoreBreakdown(s);
    const rec: GameRecord = {
      v: 1, map: s.options.map, players: P, seed, bots, turns: s.turn.number, actions: played.actions.length,
      reason: s.result?.reason ?? 'unknown',
      seats: sb.players.map((p, seat) => ({
        trainsLeft: s.players[seat].trainsLeft,
        total: p.total,
        winner: sb.winners.includes(seat),
        tickets: p.tickets.map((t) => [t.id, t.completed] as [number, boolean]),
        bonusWon: p.bonus.filter((b) => b.won).map((b) => b.card),
      })),
      bonusCards: [...s.bonusCards], offered, claims, ms: Date.now() - t0,
    };
    sink(rec);
    if (!a.quiet) {
      console.log(`${P}p game ${g + 1}/${a.games}: ${rec.seats.map((x, seat) => `${bots[seat]}=${x.total}${x.winner ? '*' : ''}`).join(' ')} `
        + `(${rec.turns} turns, ${rec.ms} ms)`);
    }
  }
}

// ---- reporting ------------------------------------------------------------------------------------------

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const mean = (xs: readonly number[]): number => (xs.length === 0 ? NaN : xs.reduce((x, y) => x + y, 0) / xs.length);
const sum = (xs: readonly number[]): number => xs.reduce((x, y) => x + y, 0);

function readLines(files: readonly string[]): Line[] {
  const out: Line[] = [];
  for (const f of files) {
    for (const text of readFileSync(f, 'utf8').split('\n')) if (text.trim()) out.push(JSON.parse(text) as Line);
  }
  return out;
}

/** The one-line summary of a group, for BENCHMARKS.md. */
interface Row {
  players: number;
  games: number;
  mixes: string;
  turns: string;
  trainsLeft: string;
  tickets: string;
  bonus: string;
  contested: string;
  bothTracks: string;
  hot: string;
  never: string;
  stalled: string;
}

function report(lines: readonly Line[], hot: number): void {
  const groups = new Map<string, Line[]>();
  for (const l of lines) {
    const k = `${l.map.id}@${l.map.version} ${l.players}`;
    groups.set(k, [...(groups.get(k) ?? []), l]);
  }
  const rows: Row[] = [];
  const keys = [...groups.keys()].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  for (const key of keys) rows.push(reportGroup(groups.get(key)!, hot));
  console.log('\n## Summary (one row per player count)\n');
  console.log(`| players | games (bots) | game length, turns (min–max) · per player | trains left per seat: mean · seats with ≥ 6 | tickets per seat: completed / failed · completion | bonus cards won when in play (lowest · highest) | claims contested by another plan · took the second track of a pair another seat held | doubles claimed both ways (4–5 p) | pairs claimed in > ${hot} % of games | pairs never claimed | stalled / by passes |`);
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(`| ${r.players} | ${r.games} (${r.mixes}) | ${r.turns} | ${r.trainsLeft} | ${r.tickets} | ${r.bonus} | ${r.contested} | ${r.bothTracks} | ${r.hot} | ${r.never} | ${r.stalled} |`);
  }
}

function reportGroup(lines: readonly Line[], hot: number): Row {
  const games = lines.filter((l): l is GameRecord => !('stalled' in l));
  const stalled = lines.length - games.length;
  const P = lines[0].players;
  const map = mapOf(lines[0].map);
  const mixes = [...new Set(lines.map((l) => [...l.bots].sort().join('+')))];
  const n = games.length;
  console.log(`\n# ${map.id} ${map.version}, ${P} players: ${n} games (${mixes.join('; ')}), ${stalled} stalled`);
  if (n === 0) {
    return { players: P, games: 0, mixes: mixes.join('; '), turns: '', trainsLeft: '', tickets: '', bonus: '', contested: '', bothTracks: '', hot: '', never: '', stalled: `${stalled} / 0` };
  }

  // Length, trains, tickets.
  const turns = games.map((g) => g.turns);
  const byPasses = games.filter((g) => g.reason === 'passes').length;
  const seats = games.flatMap((g) => g.seats);
  const left = seats.map((s) => s.trainsLeft);
  const kept = sum(seats.map((s) => s.tickets.length));
  const done = sum(seats.map((s) => s.tickets.filter(([, c]) => c).length));
  const sortedTurns = [...turns].sort((x, y) => x - y);
  const q = (p: number): number => sortedTurns[Math.min(n - 1, Math.floor(p * n))];
  console.log(`  game length: mean ${mean(turns).toFixed(1)} turns (min ${sortedTurns[0]}, median ${q(0.5)}, max ${sortedTurns[n - 1]}), `
    + `${(mean(turns) / P).toFixed(1)} turns per player; ${mean(games.map((g) => g.actions)).toFixed(0)} actions; ended by everyone passing ${byPasses}`);
  const leftHist = [0, 1, 2, 3, 6, 10, 20].map((lo, i, all) => {
    const hi = all[i + 1] ?? 41;
    return `${hi - lo === 1 ? lo : `${lo}–${hi - 1}`}: ${seats.filter((s) => s.trainsLeft >= lo && s.trainsLeft < hi).length}`;
  });
  console.log(`  trains left per seat: mean ${mean(left).toFixed(1)}, max ${Math.max(...left)}; seats by trains left ${leftHist.join(', ')}`);
  console.log(`  tickets per seat: kept ${(kept / seats.length).toFixed(2)}, completed ${(done / seats.length).toFixed(2)}, failed ${((kept - done) / seats.length).toFixed(2)} (${pct(done / kept)} completed)`);

  // Per bot level: wins (shared wins split), place, score.
  for (const level of [...new Set(games.flatMap((g) => g.bots))].sort()) {
    let k = 0, wins = 0, place = 0, total = 0, lvlDone = 0, lvlKept = 0;
    for (const g of games) {
      const winners = g.seats.filter((s) => s.winner).length;
      g.seats.forEach((s, seat) => {
        if (g.bots[seat] !== level) return;
        k++;
        total += s.total;
        place += 1 + g.seats.filter((o) => o.total > s.total).length;
        if (s.winner) wins += 1 / winners;
        lvlKept += s.tickets.length;
        lvlDone += s.tickets.filter(([, c]) => c).length;
      });
    }
    const [lo, hi] = wilson(wins, k);
    console.log(`  ${level.padEnd(12)} ${k} seats: wins ${pct(wins / k)} (95 % CI ${pct(lo)}–${pct(hi)}), mean place ${(place / k).toFixed(2)}, `
      + `mean score ${(total / k).toFixed(1)}, tickets ${(lvlDone / k).toFixed(2)} completed / ${((lvlKept - lvlDone) / k).toFixed(2)} failed`);
  }

  // Bonus cards.
  const inPlay = new Map<BonusCardId, number>();
  const won = new Map<BonusCardId, number>();
  const winners = new Map<BonusCardId, number>();
  for (const g of games) {
    for (const c of g.bonusCards) inPlay.set(c, (inPlay.get(c) ?? 0) + 1);
    for (const c of g.bonusCards) {
      const k = g.seats.filter((s) => s.bonusWon.includes(c)).length;
      if (k > 0) won.set(c, (won.get(c) ?? 0) + 1);
      winners.set(c, (winners.get(c) ?? 0) + k);
    }
  }
  // A card "decides" a game when taking its points away from the seats that won it changes who has the top total.
  const decided = new Map<BonusCardId, number>();
  const winnerToo = new Map<BonusCardId, number>();
  for (const g of games) {
    const top = (totals: number[]): string => { const m = Math.max(...totals); return totals.flatMap((t, i) => (t === m ? [i] : [])).join(','); };
    const before = top(g.seats.map((s) => s.total));
    for (const c of g.bonusCards) {
      const pts = bonusCard(c).points;
      if (top(g.seats.map((s) => s.total - (s.bonusWon.includes(c) ? pts : 0))) !== before) decided.set(c, (decided.get(c) ?? 0) + 1);
      if (g.seats.some((s) => s.winner && s.bonusWon.includes(c))) winnerToo.set(c, (winnerToo.get(c) ?? 0) + 1);
    }
  }
  const cards = [...inPlay.keys()].sort((x, y) => (won.get(x) ?? 0) / inPlay.get(x)! - (won.get(y) ?? 0) / inPlay.get(y)! || x.localeCompare(y));
  console.log('  bonus cards (games someone won it / games in play; mean seats sharing it when won; won by a game winner; changed who tops the score):');
  for (const c of cards) {
    const w = won.get(c) ?? 0;
    console.log(`    ${c.padEnd(24)} ${String(w).padStart(4)}/${String(inPlay.get(c)).padEnd(4)} ${pct(w / inPlay.get(c)!).padStart(8)}${w > 0 ? `, ${((winners.get(c) ?? 0) / w).toFixed(2)} seats` : ''}, `
      + `winner had it ${pct((winnerToo.get(c) ?? 0) / inPlay.get(c)!)}, decided ${pct((decided.get(c) ?? 0) / inPlay.get(c)!)}`);
  }
  const rate = (c: BonusCardId): number => (won.get(c) ?? 0) / inPlay.get(c)!;
  const bonusCell = cards.length === 0 ? '' : `${cards[0]} ${pct(rate(cards[0]))} · ${cards[cards.length - 1]} ${pct(rate(cards[cards.length - 1]))}`;

  // Claims and contests.
  const claims = games.flatMap((g) => g.claims);
  const measured = claims.filter((c) => c[2] >= 0);
  const byPlan = measured.filter((c) => c[2] === 1).length;
  let second = 0;
  for (const g of games) {
    const owner = new Map<number, number>();
    for (const [route, seat] of g.claims) {
      const pair = map.route.get(route)!.pair;
      if (map.pairTracks.get(pair)!.some((id) => owner.has(id) && owner.get(id) !== seat)) second++;
      owner.set(route, seat);
    }
  }
  console.log(`  claims: ${(claims.length / n).toFixed(1)} per game; contested by another seat's plan ${measured.length ? pct(byPlan / measured.length) : 'not measured'}; `
    + `second track of a pair another seat held ${pct(second / claims.length)}`);

  // Pairs: how often each is claimed (any track), and doubles taken both ways.
  const pairs = [...map.pairTracks.keys()];
  const pairGames = new Map<number, number>(pairs.map((p) => [p, 0]));
  const bothGames = new Map<number, number>(pairs.map((p) => [p, 0]));
  for (const g of games) {
    const claimed = new Map<number, number>();
    for (const [route] of g.claims) {
      const pair = map.route.get(route)!.pair;
      claimed.set(pair, (claimed.get(pair) ?? 0) + 1);
    }
    for (const [pair, k] of claimed) {
      pairGames.set(pair, pairGames.get(pair)! + 1);
      if (k >= 2) bothGames.set(pair, bothGames.get(pair)! + 1);
    }
  }
  const name = (pair: number): string => {
    const r = map.route.get(map.pairTracks.get(pair)![0])!;
    const tracks = map.pairTracks.get(pair)!.length;
    return `${map.city.get(r.from)!.name}–${map.city.get(r.to)!.name} (${r.length}${r.kind === 'ferry' ? ' ferry' : ''}${tracks > 1 ? ` ×${tracks}` : ''})`;
  };
  const hotPairs = pairs.filter((p) => pairGames.get(p)! / n > hot / 100).sort((x, y) => pairGames.get(y)! - pairGames.get(x)!);
  const never = pairs.filter((p) => pairGames.get(p) === 0);
  const rare = pairs.filter((p) => pairGames.get(p)! > 0 && pairGames.get(p)! / n < 0.05);
  console.log(`  pairs claimed in > ${hot} % of games (${hotPairs.length} of ${pairs.length}): ${hotPairs.map((p) => `${name(p)} ${pct(pairGames.get(p)! / n)}`).join(', ') || 'none'}`);
  console.log(`  pairs never claimed (${never.length}): ${never.map(name).join(', ') || 'none'}`);
  console.log(`  pairs claimed in under 5 % of games (${rare.length}): ${rare.map((p) => `${name(p)} ${pairGames.get(p)}`).join(', ') || 'none'}`);
  const doubles = pairs.filter((p) => map.pairTracks.get(p)!.length >= 2);
  let bothCell = 'n/a (one track usable)';
  if (P >= 4) {
    const both = doubles.map((p) => bothGames.get(p)! / n);
    const top = [...doubles].sort((x, y) => bothGames.get(y)! - bothGames.get(x)!).slice(0, 5);
    console.log(`  doubles and triples claimed both (2+) ways: mean ${pct(mean(both))} of games per pair; most often ${top.map((p) => `${name(p)} ${pct(bothGames.get(p)! / n)}`).join(', ')}; `
      + `never both ways ${doubles.filter((p) => bothGames.get(p) === 0).length} of ${doubles.length}`);
    bothCell = `${pct(mean(both))} per pair; never ${doubles.filter((p) => bothGames.get(p) === 0).length} of ${doubles.length}`;
  } else if (P === 3) {
    const triples = pairs.filter((p) => map.pairTracks.get(p)!.length === 3);
    console.log(`  triples claimed twice (the 3-player limit): ${triples.map((p) => `${name(p)} ${pct(bothGames.get(p)! / n)}`).join(', ')}`);
  }

  // Tickets: offered, kept, completed.
  const offeredN = new Map<number, number>();
  const keptN = new Map<number, number>();
  const doneN = new Map<number, number>();
  for (const g of games) {
    for (const id of g.offered) offeredN.set(id, (offeredN.get(id) ?? 0) + 1);
    for (const s of g.seats) for (const [id, c] of s.tickets) {
      keptN.set(id, (keptN.get(id) ?? 0) + 1);
      if (c) doneN.set(id, (doneN.get(id) ?? 0) + 1);
    }
  }
  const tname = (id: number): string => {
    const t = map.ticket.get(id)!;
    return `${map.city.get(t.from)!.name}–${map.city.get(t.to)!.name} (${t.points})`;
  };
  const keepRate = (id: number): number => (keptN.get(id) ?? 0) / Math.max(1, offeredN.get(id) ?? 0);
  const shunned = map.tickets.filter((t) => (offeredN.get(t.id) ?? 0) >= 5).sort((x, y) => keepRate(x.id) - keepRate(y.id)).slice(0, 6);
  console.log(`  tickets kept least often when offered: ${shunned.map((t) => `${tname(t.id)} ${keptN.get(t.id) ?? 0}/${offeredN.get(t.id)}`).join(', ')}`);
  const failRate = (id: number): number => 1 - (doneN.get(id) ?? 0) / (keptN.get(id) ?? 1);
  const failed = map.tickets.filter((t) => (keptN.get(t.id) ?? 0) >= 5 && failRate(t.id) > 0).sort((x, y) => failRate(y.id) - failRate(x.id)).slice(0, 6);
  console.log(`  tickets failed most often when kept: ${failed.map((t) => `${tname(t.id)} ${(keptN.get(t.id) ?? 0) - (doneN.get(t.id) ?? 0)}/${keptN.get(t.id)}`).join(', ') || 'none'}`);

  // Countries: share of their tracks claimed by the end.
  const countryTracks = new Map<string, number>();
  const countryClaimed = new Map<string, number>();
  const countriesOf = (id: number): string[] => {
    const r = map.route.get(id)!;
    return [...new Set([map.city.get(r.from)!.country, map.city.get(r.to)!.country])];
  };
  for (const r of map.routes) for (const c of countriesOf(r.id)) countryTracks.set(c, (countryTracks.get(c) ?? 0) + 1);
  for (const g of games) for (const [route] of g.claims) for (const c of countriesOf(route)) countryClaimed.set(c, (countryClaimed.get(c) ?? 0) + 1);
  const countries = [...countryTracks.keys()].sort((x, y) => (countryClaimed.get(x) ?? 0) / countryTracks.get(x)! - (countryClaimed.get(y) ?? 0) / countryTracks.get(y)!);
  console.log(`  tracks claimed per country (share of its tracks, mean per game): ${countries.map((c) => `${c} ${pct((countryClaimed.get(c) ?? 0) / n / countryTracks.get(c)!)}`).join(', ')}`);
  console.log(`  ${(mean(games.map((g) => g.ms)) / 1000).toFixed(2)} s a game`);

  return {
    players: P,
    games: n,
    mixes: mixes.join('; '),
    turns: `${mean(turns).toFixed(1)} (${sortedTurns[0]}–${sortedTurns[n - 1]}) · ${(mean(turns) / P).toFixed(1)}`,
    trainsLeft: `${mean(left).toFixed(1)} · ${pct(seats.filter((s) => s.trainsLeft >= 6).length / seats.length)}`,
    tickets: `${(done / seats.length).toFixed(2)} / ${((kept - done) / seats.length).toFixed(2)} · ${pct(done / kept)}`,
    bonus: bonusCell,
    contested: `${measured.length ? pct(byPlan / measured.length) : '—'} · ${pct(second / claims.length)}`,
    bothTracks: bothCell,
    hot: hotPairs.length === 0 ? 'none' : hotPairs.map((p) => `${shortPair(map, p)} ${pct(pairGames.get(p)! / n)}`).join(', '),
    never: never.length === 0 ? 'none' : never.map((p) => shortPair(map, p)).join(', '),
    stalled: `${stalled} / ${byPasses}`,
  };
}

function shortPair(map: GameMap, pair: number): string {
  const r = map.route.get(map.pairTracks.get(pair)![0])!;
  return `${map.city.get(r.from)!.name}–${map.city.get(r.to)!.name}`;
}

function main(): void {
  let a: Args | null;
  try {
    a = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (a === null) {
    console.log(USAGE);
    return;
  }
  const lines: Line[] = readLines(a.from);
  const out = a.out;
  const sink = (l: Line): void => {
    lines.push(l);
    if (out) appendFileSync(out, JSON.stringify(l) + '\n');
  };
  if (a.games > 0) for (const P of a.players) playGames(a, P, sink);
  if (lines.length === 0) {
    console.log('no games to report on');
    return;
  }
  report(lines, a.hot);
}

main();
