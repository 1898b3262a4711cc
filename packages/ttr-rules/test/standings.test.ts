/** bonusStandings: the bonus cards' measures and leaders as a table shows them, hidden parts unmeasured. */
import { bonusStandings, playerView, scoreBreakdown, type BonusCardId, type GameState } from '../src';
import { give, routeBetween as between, setHand, started, playRandom } from './helpers';

function withCards(s: GameState, cards: BonusCardId[]): GameState {
  s.bonusCards = cards;
  return s;
}

test('on a state every measure is known and the leaders are the seats the count would pay', () => {
  const s = withCards(started(3, 'standings-state'), ['ferry-master', 'call-of-the-wild', 'local-network', 'cost-efficiency']);
  setHand(s, 1, { loco: 3 });
  give(s, 2, [between('stavanger', 'bergen')]);
  const standings = bonusStandings(s);
  const score = scoreBreakdown(s);
  standings.forEach((b, i) => {
    expect(b.measures).toEqual(score.players.map((p) => p.bonus[i].measure));
    expect(b.leaders).toEqual(score.players.filter((p) => p.bonus[i].won).map((p) => p.seat));
  });
  expect(standings[0].leaders).toEqual([2]);
  expect(standings[1].leaders).toEqual([1]);
  expect(standings[3].leaders).toEqual([0, 1]);
});

test('a view measures only what it shows: no leader on a card that needs a hidden hand or hidden tickets', () => {
  const s = withCards(started(3, 'standings-view'), ['call-of-the-wild', 'capital-investment', 'local-network', 'snowplow']);
  const full = bonusStandings(s);
  const spectator = bonusStandings(playerView(s, 'spectator'));
  for (const b of spectator.slice(0, 3)) {
    expect(b.measures).toEqual([null, null, null]);
    expect(b.leaders).toEqual([]);
  }
  expect(spectator[3]).toEqual(full[3]);
  const own = bonusStandings(playerView(s, 1));
  for (const i of [0, 1, 2]) expect(own[i].measures).toEqual([null, full[i].measures[1], null]);
});

test('once the game is over a spectator view knows every measure, the same as the state', () => {
  const { state } = playRandom(started(4, 'standings-end'), 5);
  expect(bonusStandings(playerView(state, 'spectator'))).toEqual(bonusStandings(state));
});
