/**
 * Branching factor: the mean number of legal actions per decision in greedy games, listed one per real
 * choice (what legalActions returns) and with every identical copy listed separately (`everyCopy`), from
 * the same decisions of the same games. It is also the bots' branching factor.
 *
 *   npm run branching -- --games 50
 */
import './register';
import { applyAction, createGame, currentDecision, legalActions, playerView, type GameOptions } from '@isle-of-trains/rules';
import { createBot } from '@isle-of-trains/bots';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function measure(label: string, make: (g: number) => GameOptions, games: number): void {
  const bots = [0, 1, 2, 3].map((i) => createBot('greedy', { seed: i }));
  let decisions = 0, one = 0, every = 0;
  for (let g = 0; g < games; g++) {
    let s = createGame(make(g));
    for (let step = 0; step < 3000 && !s.gameOver; step++) {
      const seat = currentDecision(s)!.seat;
      const view = playerView(s, seat);
      decisions++;
      one += legalActions(view, seat).length;
      every += legalActions(view, seat, { everyCopy: true }).length;
      const a = bots[seat].chooseAction({ view: view as never, seat, history: [] });
      const r = applyAction(s, seat, a);
      if (!r.ok) throw new Error(`${label}: greedy chose an illegal action: ${r.error.code}`);
      s = r.state;
    }
  }
  const f = (n: number) => (n / decisions).toFixed(2);
  console.log(`| ${label} | ${games} | ${decisions} | ${f(every)} | ${f(one)} | ${(1 - one / every).toFixed(3)} |`);
}

const games = arg('games', 20);
console.log('| games | count | decisions | every copy | one per choice | share removed |');
console.log('| --- | --- | --- | --- | --- | --- |');
measure('2 players', (g) => ({ players: 2, seed: `branching-2p-${g}` }), games);
measure('4 players', (g) => ({ players: 4, seed: `branching-4p-${g}` }), Math.max(1, Math.floor(games / 2)));
measure('solo Challenge', (g) => ({ players: 1, seed: `branching-solo-${g}` }), games);
