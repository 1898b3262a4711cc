/**
 * The solo planner at a chosen look-ahead, for comparing depths and widths on the same deals (the arena
 * plays the strong bot at its defaults only).
 *
 *   npx ts-node --transpile-only arena/solo-depth.ts CHAPTERS GAMES DEPTH WIDTH BUDGET_MS [WORLDS]
 *   e.g. OFFSET=10 npx ts-node --transpile-only arena/solo-depth.ts challenge,6 8 2 2 200 3
 *
 * CHAPTERS: challenge and/or chapter numbers, comma-separated; deals are the arena's (seed `arena`), from
 * deal OFFSET (default 0) on; WORLDS fixes the worlds per decision (then the budget is ignored and the run
 * is the same on any machine). Prints wins, mean score and the decision time's median and p99 per chapter.
 */
import './register';
import { applyAction, createGame, playerView, scoreBreakdown, type GameOptions } from '@isle-of-trains/rules';
import { soloChoose } from '../src/solo/search';
import { Rand, hashString } from '../src/random';

const [chapters, games, depth, width, budget, worlds] = process.argv.slice(2);
if (!chapters || !games || !depth || !width || !budget) {
  process.stderr.write('usage: solo-depth.ts CHAPTERS GAMES DEPTH WIDTH BUDGET_MS [WORLDS]\n');
  process.exit(2);
}
const offset = Number(process.env.OFFSET ?? 0);
for (const raw of chapters.split(',')) {
  const ch = raw === 'challenge' ? 'challenge' : Number(raw);
  const times: number[] = [];
  const scores: number[] = [];
  let wins = 0;
  for (let g = offset; g < offset + Number(games); g++) {
    const o: GameOptions = ch === 'challenge'
      ? { players: 1, seed: `arena-solo-${g}`, mode: 'challenge' }
      : { players: 1, seed: `arena-ch${ch}-${g}`, mode: 'scenario', scenario: ch };
    let s = createGame(o);
    for (let n = 0; !s.gameOver && n < 3000; n++) {
      const t0 = Date.now();
      const a = soloChoose(playerView(s, 0), new Rand(hashString(`${g}|${n}`)), {
        timeBudgetMs: Number(budget), iterations: worlds ? Number(worlds) : undefined, depth: Number(depth), width: Number(width),
      });
      times.push(Date.now() - t0);
      const r = applyAction(s, 0, a);
      if (!r.ok) throw new Error(`illegal ${JSON.stringify(a)}: ${r.error.code}`);
      s = r.state;
    }
    scores.push(scoreBreakdown(s).players[0].total);
    if (s.result?.solo === 'won') wins++;
  }
  times.sort((x, y) => x - y);
  const mean = scores.reduce((x, y) => x + y, 0) / scores.length;
  console.log(`${ch}: won ${wins}/${games}, mean score ${mean.toFixed(1)}, decision median ${times[Math.floor(times.length / 2)]} ms, p99 ${times[Math.floor(times.length * 0.99)]} ms`);
}
