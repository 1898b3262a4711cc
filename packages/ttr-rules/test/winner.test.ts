/** The winner: most points, then most completed tickets, then most bonus cards won, else shared. */
import { scoreBreakdown, type GameState } from '../src';
import { give, routeBetween as between, setHand, started } from './helpers';

/** Two seats, no tickets or cards, only Cost efficiency in play (both keep 40 trains unless changed). */
function blank(): GameState {
  const s = started(2, 'winner');
  s.bonusCards = ['cost-efficiency'];
  for (const p of s.players) {
    p.tickets = [];
    setHand(s, p.seat, {});
  }
  return s;
}

test('most points wins', () => {
  const s = blank();
  give(s, 0, [between('oslo', 'bergen')]); // 4 points; 37 trains, so seat 1 has Cost efficiency (7)
  give(s, 1, [between('oslo', 'lillehammer')]); // 1 point, 39 trains
  const b = scoreBreakdown(s);
  expect(b.players.map((p) => p.total)).toEqual([4, 8]);
  expect(b).toMatchObject({ winners: [1], decidedBy: 'score' });
});

test('equal points: more completed tickets wins', () => {
  const s = blank();
  s.bonusCards = [];
  s.players[0].tickets = [55]; // Narvik–Jokkmokk, 2: completed below
  give(s, 0, [between('narvik', 'kiruna'), between('jokkmokk', 'kiruna')]); // 1 + 1 route points + 2 = 4
  give(s, 1, [between('oslo', 'bergen')]); // 4
  const b = scoreBreakdown(s);
  expect(b.players.map((p) => [p.total, p.completedTickets])).toEqual([[4, 1], [4, 0]]);
  expect(b).toMatchObject({ winners: [0], decidedBy: 'tickets' });
});

test('equal points and tickets: more bonus cards won wins', () => {
  const s = blank();
  s.bonusCards = ['small-steps'];
  give(s, 0, [between('oslo', 'lillehammer')]); // 1 point + Small steps 10
  give(s, 1, [between('trondheim', 'moirana'), between('oslo', 'bergen')]); // 7 + 4 points
  const b = scoreBreakdown(s);
  expect(b.players.map((p) => [p.total, p.completedTickets, p.bonusCardsWon])).toEqual([[11, 0, 1], [11, 0, 0]]);
  expect(b).toMatchObject({ winners: [0], decidedBy: 'bonus-cards' });
});

test('equal on all three: the victory is shared', () => {
  const s = blank();
  s.bonusCards = ['small-steps'];
  give(s, 0, [between('oslo', 'lillehammer')]);
  give(s, 1, [between('malmo', 'kobenhavn')]);
  const b = scoreBreakdown(s);
  expect(b.players.map((p) => p.total)).toEqual([11, 11]);
  expect(b).toMatchObject({ winners: [0, 1], decidedBy: 'shared' });
});
