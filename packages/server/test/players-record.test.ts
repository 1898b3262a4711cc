/** From a finished room to its archive record: places, ties, and leavers in rated games. */
import type { ScoreBreakdown } from '@isle-of-trains/rules';
import { gameScore, type GameScore } from '@isle-of-trains/engine-core';
import { finishedGameRecord, places } from '../src/players/table-record';

function scores(totals: number[], winners: number[]): GameScore<ScoreBreakdown> {
  return gameScore({ players: totals.map((total, seat) => ({ seat, total } as ScoreBreakdown['players'][number])), winners, decidedBy: 'score', rating: null });
}

test('winners share first place; the rest are ranked by score, ties sharing', () => {
  expect(places(scores([50, 70, 60, 60], [1]), [])).toEqual([4, 1, 2, 2]);
  expect(places(scores([70, 70, 10], [0, 1]), [])).toEqual([1, 1, 3]);
});

test('a tie on points settled by the tie-breaker: the tie-breaker\'s winner is first alone', () => {
  expect(places(scores([70, 70], [1]), [])).toEqual([2, 1]);
});

test('in a rated game a player who left for good is last, even if the bot that finished for them scored most', () => {
  const seats = [
    { name: 'Ada', playerId: 'p_a', hasAccount: true, botLevel: null, leftForGood: true },
    { name: 'Bea', playerId: 'p_b', hasAccount: true, botLevel: null, leftForGood: false },
  ];
  const r = finishedGameRecord({ id: 'g', finishedAt: new Date(0), options: { players: 2 }, seed: 's', actions: [], scores: scores([90, 40], [0]), seats, rated: true });
  expect(r.seats.map((s) => s.place)).toEqual([2, 1]);
  expect(r.seats.map((s) => s.score)).toEqual([90, 40]);
  // Unrated: the result stands as played.
  const u = finishedGameRecord({ id: 'g', finishedAt: new Date(0), options: { players: 2 }, seed: 's', actions: [], scores: scores([90, 40], [0]), seats, rated: false });
  expect(u.seats.map((s) => s.place)).toEqual([1, 2]);
});
