/**
 * Greedy against greedy with no public history (what a bot gets after a restore, and what the server's
 * ops tests' driver passes), looking for deals whose games do not end.
 *
 *   npm run stall-hunt -w @isle-of-trains/bots -- [games=50] [players=2] [seed prefix=hunt]
 *
 * Prints each deal's seed and its number of actions; deals past 2,500 actions are marked STALL with the
 * deck, the discard pile, the progress track and the last 30 actions.
 */
import './register';
import { applyAction, createGame, currentDecision, playerView, type Action } from '@isle-of-trains/rules';
import { createBot } from '@isle-of-trains/bots';

const games = Number(process.argv[2] ?? 50);
const players = Number(process.argv[3] ?? 2);
const prefix = process.argv[4] ?? 'hunt';
const CAP = 6000;
let stalls = 0;
let longest = 0;
for (let g = 0; g < games; g++) {
  const seed = `${prefix}-${g}`;
  let s = createGame({ players, seed });
  const bots = Array.from({ length: players }, (_, i) => createBot('greedy', { seed: 1000 + i }));
  const recent: string[] = [];
  let n = 0;
  for (; n < CAP; n++) {
    const d = currentDecision(s);
    if (!d) break;
    const a: Action = bots[d.seat].chooseAction({ view: playerView(s, d.seat), seat: d.seat, history: [] });
    const r = applyAction(s, d.seat, a);
    if (!r.ok) throw new Error(`${seed}: ${a.type} refused: ${r.error.code}`);
    s = r.state;
    recent.push(`${d.seat}:${a.type}`);
    if (recent.length > 30) recent.shift();
  }
  longest = Math.max(longest, n);
  if (n > 2500) stalls++;
  console.log(seed, n, n > 2500 ? `STALL deck=${s.deck.length} discard=${s.discard.length} progress=${s.progress} last: ${recent.join(' ')}` : '');
}
console.log(`${games} deals, ${players} players: ${stalls} past 2,500 actions; longest ${longest}`);
