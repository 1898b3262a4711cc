/** Scratch: the solo planner with chosen depth/width on a few deals. */
import './register';
import { applyAction, createGame, currentDecision, playerView, scoreBreakdown, type GameOptions } from '@isle-of-trains/rules';
import { soloChoose, soloStats } from '../src/solo/search';
import { Rand, hashString } from '../src/random';

const [chs, games, depth, width, budget, iters] = process.argv.slice(2);
const times: number[] = [];
for (const chRaw of chs.split(',')) {
  const ch = chRaw === 'challenge' ? 'challenge' : Number(chRaw);
  let wins = 0; const scores: number[] = [];
  for (let g = Number(process.env.OFF ?? 0); g < Number(process.env.OFF ?? 0) + Number(games); g++) {
    const o: GameOptions = ch === 'challenge' ? { players: 1, seed: `arena-solo-${g}`, mode: 'challenge' } : { players: 1, seed: `arena-ch${ch}-${g}`, mode: 'scenario', scenario: ch as number };
    let s = createGame(o);
    let n = 0;
    while (!s.gameOver && n < 3000) {
      const v = playerView(s, 0);
      const t0 = Date.now();
      const a = soloChoose(v as any, new Rand(hashString(`${g}|${n}`)), { timeBudgetMs: Number(budget), iterations: iters ? Number(iters) : undefined, depth: Number(depth), width: Number(width) });
      times.push(Date.now() - t0);
      const r = applyAction(s, 0, a);
      if (!r.ok) throw new Error(JSON.stringify(a) + r.error.code);
      s = r.state; n++;
    }
    const sc = scoreBreakdown(s).players[0].total;
    scores.push(sc);
    if (s.result?.solo === 'won') wins++;
    if (process.env.V) console.log(ch, g, s.result?.solo, sc, s.turn.number);
  }
  times.sort((a, b) => a - b);
  console.log(`ch ${ch}: wins ${wins}/${games}, mean ${(scores.reduce((a, b) => a + b, 0) / scores.length).toFixed(1)}, p50 ${times[Math.floor(times.length / 2)]} p99 ${times[Math.floor(times.length * 0.99)]} ms`);
}
void soloStats; void currentDecision;
