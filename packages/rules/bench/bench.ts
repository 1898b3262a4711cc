/**
 * npm run bench: random full-game playouts per second, and the mean cost of
 * applyAction and legalActions, for 2 and 4 players. Figures go in BENCHMARKS.md.
 */
import { performance } from 'node:perf_hooks';
import { applyAction, createGame, currentDecision, legalActions, type GameState } from '../src';

function pickerFrom(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
}

function run(players: number, games: number) {
  let applyMs = 0, legalMs = 0, applyCalls = 0, legalCalls = 0, steps = 0;
  const start = performance.now();
  for (let g = 0; g < games; g++) {
    const pick = pickerFrom(g + 1);
    let s: GameState = createGame({ players, seed: `bench-${players}-${g}` });
    while (!s.gameOver) {
      const seat = currentDecision(s)!.seat;
      let t = performance.now();
      const legal = legalActions(s, seat);
      legalMs += performance.now() - t; legalCalls++;
      const a = legal[pick(legal.length)];
      t = performance.now();
      const r = applyAction(s, seat, a);
      applyMs += performance.now() - t; applyCalls++;
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      steps++;
    }
  }
  const total = performance.now() - start;
  console.log(
    `${players} players: ${games} random games in ${(total / 1000).toFixed(1)} s = ${(games / (total / 1000)).toFixed(1)} playouts/s; ` +
    `${(steps / games).toFixed(0)} actions/game; applyAction mean ${(1000 * applyMs / applyCalls).toFixed(1)} µs; ` +
    `legalActions mean ${(1000 * legalMs / legalCalls).toFixed(1)} µs`,
  );
}

const games = Number(process.argv[2] ?? 100);
console.log(`node ${process.version}, ${games} games per player count`);
for (const p of [2, 4]) run(p, games);
