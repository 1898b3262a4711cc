/**
 * npm run play: a whole game between random players in the terminal, printing
 * the game log and the final scores. Arguments: [players=2] [seed].
 */
import './register';
import { applyAction, createGame, currentDecision, legalActions, scoreBreakdown, soloStatus } from '../src';

const players = Number(process.argv[2] ?? 2);
const seed = process.argv[3] ?? `cli-${Date.now()}`;
let s = createGame({ players, seed, names: ['Ada', 'Brunel', 'Stephenson', 'Trevithick'].slice(0, players) });
let x = 7;
const pick = (n: number) => { x = (x * 1103515245 + 12345) & 0x7fffffff; return x % n; };
while (!s.gameOver) {
  const seat = currentDecision(s)!.seat;
  const legal = legalActions(s, seat);
  const r = applyAction(s, seat, legal[pick(legal.length)]);
  if (!r.ok) throw new Error(r.error.message);
  for (const e of r.events) if (e.type !== 'draw') console.log(`  ${e.text}`);
  s = r.state;
}
const sb = scoreBreakdown(s);
console.log('\nFinal scores (seed ' + seed + '):');
for (const p of sb.players) {
  console.log(`  ${s.players[p.seat].name}: ${p.total} (tokens ${p.tokens}, cars ${p.trainCars}, contracts ${p.contracts}, loaded ${p.loaded}, progress ${p.progressTrain}, buildings ${p.buildings})`);
}
console.log(`Winner: ${sb.winners.map((w) => s.players[w].name).join(' and ')} (decided by ${sb.decidedBy})`);
const solo = soloStatus(s);
if (solo) console.log(`Solo: ${solo.label}, ${solo.outcome}${sb.rating ? `, rating ${sb.rating}` : ''}`);
