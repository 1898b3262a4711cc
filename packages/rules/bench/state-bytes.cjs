/**
 * Heap each state applyAction returns adds beyond what it shares with the state before: random games played
 * through the public applyAction, every state kept, the heap after full collections divided by the number of
 * states. A room keeps each state for a turn, long enough for the collector to move it to the old generation,
 * so this is what one action leaves there.
 *
 *   node --expose-gc packages/rules/bench/state-bytes.cjs [distDir] [games] [isle2|ttr2|ttr5]
 *
 * distDir is a built rules package's dist (default: this package's; for ttr*, the second game's), so two trees
 * compare in one sitting; it must lie inside the repository, where its dependencies resolve.
 */
'use strict';
const path = require('path');

const kind = process.argv[4] || 'isle2';
const ttr = kind.startsWith('ttr');
const players = Number(kind.slice(-1));
const dist = path.resolve(process.argv[2] || path.join(__dirname, '..', '..', ttr ? 'ttr-rules' : 'rules', 'dist'));
const games = Number(process.argv[3] || 20);
if (typeof global.gc !== 'function') throw new Error('run with node --expose-gc');
const r = require(path.join(dist, ttr ? 'src' : '', 'index.js'));
/** Whose decision it is (the second game can have several at once: the first). */
const seatOf = (s) => (ttr ? r.pending(s)[0].seat : s.turn.seat);

/** The moves' own generator (a seeded LCG), so both trees play the same games. */
function lcg(seed) {
  let x = seed >>> 0;
  return () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 2 ** 32; };
}
function heap() {
  global.gc();
  global.gc();
  return process.memoryUsage().heapUsed;
}
function play(n, keep) {
  for (let g = 0; g < n; g++) {
    const rand = lcg(g + 1);
    let s = r.createGame({ players, seed: `g${g}` });
    while (!s.gameOver) {
      const seat = seatOf(s);
      const legal = r.legalActions(s, seat);
      const res = r.applyAction(s, seat, legal[Math.floor(rand() * legal.length)]);
      if (!res.ok) throw new Error(res.error.message);
      s = res.state;
      if (keep) keep.push(s);
    }
  }
}

play(2, null); // code, catalogue and caches allocated before the baseline
const kept = [];
const before = heap();
play(games, kept);
const after = heap();
console.log(`${dist} (${kind}): ${games} games, ${kept.length} states, ${((after - before) / kept.length).toFixed(0)} B per state`);
