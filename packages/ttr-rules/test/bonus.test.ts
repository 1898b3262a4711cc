/** The eleven bonus cards on fixtures: what each counts, ties, nobody at zero, count-once, the Arctic line. */
import { BONUS_CARDS, NORTHERN_EUROPE, scoreBreakdown, type BonusCardId, type GameState } from '../src';
import { give, routeBetween as between, setHand, started } from './helpers';

/** A 3-player game in play with only `card` face up, no tickets and empty hands, to set up by hand. */
function table(card: BonusCardId): GameState {
  const s = started(3, `bonus-${card}`);
  s.bonusCards = [card];
  for (const p of s.players) {
    p.tickets = [];
    setHand(s, p.seat, {});
  }
  return s;
}

function result(s: GameState): { measure: number; won: boolean; points: number }[] {
  return scoreBreakdown(s).players.map((p) => {
    const { measure, won, points } = p.bonus[0];
    return { measure, won, points };
  });
}

const pts = (id: BonusCardId): number => BONUS_CARDS.find((c) => c.id === id)!.points;

test('eleven cards, each with its points as data', () => {
  expect(BONUS_CARDS.map((c) => [c.id, c.points])).toEqual([
    ['call-of-the-wild', 5], ['capital-investment', 7], ['cost-efficiency', 7], ['small-steps', 10], ['nordic-express', 10], ['local-network', 10],
    ['international-tycoon', 12], ['polar-express', 12], ['snowplow', 12], ['ferry-master', 12], ['wild-west', 7],
  ]);
  const s = started(5, 'four');
  expect(new Set(s.bonusCards).size).toBe(4);
});

test('Call of the wild: locomotives plus a pair of one colour for each; a lone card never pairs with another colour; ties all score', () => {
  const s = table('call-of-the-wild');
  setHand(s, 0, { loco: 2, red: 3, blue: 1 }); // 2 + 1 = 3
  setHand(s, 1, { red: 2, blue: 2, green: 2, white: 1 }); // 3
  setHand(s, 2, { loco: 1, yellow: 1, black: 1 }); // 1
  expect(result(s)).toEqual([
    { measure: 3, won: true, points: 5 }, { measure: 3, won: true, points: 5 }, { measure: 1, won: false, points: 0 },
  ]);
});

test('nobody scores a card whose best measure is 0', () => {
  const s = table('ferry-master');
  give(s, 0, [between('oslo', 'bergen')]); // rail
  expect(result(s).map((r) => r.won)).toEqual([false, false, false]);
  expect(result(s).map((r) => r.measure)).toEqual([0, 0, 0]);
});

test('Capital investment and Local network: completed tickets only; a capital-to-capital ticket counts once', () => {
  for (const card of ['capital-investment', 'local-network'] as const) {
    const s = table(card);
    s.players[0].tickets = [54]; // Helsinki–Stockholm (4 points), completed
    give(s, 0, [between('stockholm', 'mariehamn'), between('helsinki', 'mariehamn')]);
    s.players[1].tickets = [41]; // Oslo–Stockholm (5 points), not completed
    expect(result(s)).toEqual([{ measure: 1, won: true, points: pts(card) }, { measure: 0, won: false, points: 0 }, { measure: 0, won: false, points: 0 }]);
  }
  // a completed ticket worth more than 5 is no Local network ticket
  const s = table('local-network');
  s.players[2].tickets = [33]; // Jokkmokk–Trondheim, 7 points
  give(s, 2, [between('jokkmokk', 'moirana'), between('moirana', 'trondheim')]);
  expect(scoreBreakdown(s).players[2].tickets[0].completed).toBe(true);
  expect(result(s)[2].measure).toBe(0);
});

test('Polar Express: completed tickets with an Arctic end, an Arctic-to-Arctic ticket once', () => {
  const s = table('polar-express');
  s.players[1].tickets = [55, 33]; // Narvik–Jokkmokk (both Arctic), Jokkmokk–Trondheim
  give(s, 1, [between('narvik', 'kiruna'), between('jokkmokk', 'kiruna'), between('jokkmokk', 'moirana'), between('moirana', 'trondheim')]);
  expect(result(s)[1]).toEqual({ measure: 2, won: true, points: 12 });
});

test('Cost efficiency: most trains left', () => {
  const s = table('cost-efficiency');
  s.players[0].trainsLeft = 12;
  s.players[1].trainsLeft = 7;
  s.players[2].trainsLeft = 12;
  expect(result(s).map((r) => r.won)).toEqual([true, false, true]);
});

test('Small steps: routes of one space, each counting once', () => {
  const s = table('small-steps');
  give(s, 0, [between('oslo', 'lillehammer'), between('malmo', 'kobenhavn'), between('oslo', 'bergen')]);
  give(s, 1, [between('malmo', 'kobenhavn', 2)]);
  expect(result(s).map((r) => r.measure)).toEqual([2, 1, 0]);
});

test('Nordic Express: the longest trail in spaces', () => {
  const s = table('nordic-express');
  give(s, 0, [between('oslo', 'bergen'), between('oslo', 'kristiansand')]); // 3 + 2
  give(s, 1, [between('trondheim', 'bodo')]); // 5
  expect(result(s).map((r) => [r.measure, r.won])).toEqual([[5, true], [5, true], [0, false]]);
});

test('International tycoon: countries among the ends of claimed routes, no connection needed', () => {
  const s = table('international-tycoon');
  give(s, 0, [between('stockholm', 'tallinn'), between('malmo', 'kobenhavn')]); // SE EE + SE DK
  give(s, 1, [between('oslo', 'kiel')]); // NO DE
  expect(result(s).map((r) => r.measure)).toEqual([3, 2, 0]);
});

test('Snowplow: routes with an Arctic end; Jokkmokk is in, Rovaniemi and Mo i Rana are out', () => {
  const city = NORTHERN_EUROPE.city;
  expect([city.get('jokkmokk')!.arctic, city.get('rovaniemi')!.arctic, city.get('moirana')!.arctic]).toEqual([true, false, false]);
  const s = table('snowplow');
  give(s, 0, [between('oulu', 'rovaniemi'), between('trondheim', 'moirana')]); // no Arctic end
  give(s, 1, [between('lulea', 'jokkmokk')]); // Jokkmokk
  give(s, 2, [between('jokkmokk', 'kiruna')]); // both ends Arctic: one route
  expect(result(s).map((r) => [r.measure, r.won])).toEqual([[0, false], [1, true], [1, true]]);
});

test('Ferry Master and The wild west', () => {
  const f = table('ferry-master');
  give(f, 0, [between('stockholm', 'mariehamn'), between('oslo', 'aalborg')]);
  give(f, 1, [between('oslo', 'bergen')]);
  expect(result(f).map((r) => r.measure)).toEqual([2, 0, 0]);
  const w = table('wild-west');
  give(w, 0, [between('oslo', 'bergen'), between('oslo', 'karlstad')]); // both touch Norway
  give(w, 1, [between('stockholm', 'mariehamn')]);
  expect(result(w).map((r) => r.measure)).toEqual([2, 0, 0]);
});
