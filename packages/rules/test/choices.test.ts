/**
 * One legal action per real choice: choices that differ only in which of several identical
 * copies they use are listed once; applyAction still takes any specific copy.
 */
import { applyAction, card, currentDecision, legalActions, playerView, Action, GameState } from '../src';
import { act } from './helpers';
import { game, moveCard, setHand, spare } from './fixtures';
import { addCar, freshGame, loadCard } from './deliver-fixtures';

const builds = (s: GameState, seat = 0) => legalActions(s, seat).filter((a) => a.type === 'build');

describe('interchangeable copies give one action', () => {
  test('two Hopper L1 with the same cargo symbol in hand: one build, one load per car; either copy can still be built', () => {
    expect(card('hopper-1.1').symbol).toBe(card('hopper-1.3').symbol);
    const s = game();
    setHand(s, 0, ['hopper-1.1', 'hopper-1.3', ...spare(s, 3, ['hopper-1.1', 'hopper-1.3'])]);
    const all = legalActions(s, 0, { everyCopy: true }).filter((a) => a.type === 'build' && a.card.startsWith('hopper-1.'));
    expect(all).toHaveLength(2);
    const one = builds(s).filter((a) => a.type === 'build' && a.card.startsWith('hopper-1.'));
    expect(one).toEqual([{ type: 'build', card: 'hopper-1.1' }]);
    // The same list from the seat's own view.
    expect(legalActions(playerView(s, 0), 0)).toEqual(legalActions(s, 0));
    const r = applyAction(s, 0, { type: 'build', card: 'hopper-1.3' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.players[0].train.map((c) => c.card)).toContain('hopper-1.3');
  });

  test('copies of one kind with different cargo symbols stay separate choices', () => {
    expect(card('hopper-1.1').symbol).not.toBe(card('hopper-1.2').symbol);
    const s = game();
    setHand(s, 0, ['hopper-1.1', 'hopper-1.2', ...spare(s, 3, ['hopper-1.1', 'hopper-1.2'])]);
    const hoppers = builds(s).filter((a) => a.type === 'build' && a.card.startsWith('hopper-1.'));
    expect(hoppers.map((a) => (a as { card: string }).card).sort()).toEqual(['hopper-1.1', 'hopper-1.2']);
  });

  test('paying with identical copies: one discard per distinct card', () => {
    let s = game();
    setHand(s, 0, ['boxcar-3.1', 'hopper-1.1', 'hopper-1.3', ...spare(s, 8, ['boxcar-3.1', 'hopper-1.1', 'hopper-1.2', 'hopper-1.3', 'hopper-1.4'])]);
    s = act(s, { type: 'build', card: 'boxcar-3.1' });
    expect(currentDecision(s)!.kind).toBe('pay');
    const discards = legalActions(s, 0).filter((a) => a.type === 'discard' && a.card.startsWith('hopper-1.'));
    expect(discards).toEqual([{ type: 'discard', card: 'hopper-1.1' }]);
    expect(legalActions(s, 0, { everyCopy: true }).filter((a) => a.type === 'discard' && a.card.startsWith('hopper-1.'))).toHaveLength(2);
  });

  test('two coal loads of the same kind on one car: one delivery per contract, not one per pair of copies', () => {
    let s = freshGame();
    addCar(s, 0, 'hopper-3.1');
    // Two copies of one kind with the same symbol, loaded as coal, plus a third coal of another kind.
    const [a, b] = ['tanker-1.1', 'tanker-1.3'];
    expect(card(a).symbol).toBe(card(b).symbol);
    loadCard(s, 0, 'hopper-3.1', a, card(a).symbol !== 'coal' && card(a).symbol !== 'all');
    loadCard(s, 0, 'hopper-3.1', b, card(b).symbol !== 'coal' && card(b).symbol !== 'all');
    // Cactus Mines' primary contract is coal + coal.
    s = act(s, { type: 'deliver', at: 'cactus' });
    const every = legalActions(s, 0, { everyCopy: true });
    const one = legalActions(s, 0);
    expect(every.filter((x) => x.type === 'deliverSpecial')).toHaveLength(2);
    expect(one.filter((x) => x.type === 'deliverSpecial')).toHaveLength(1);
    expect(one.filter((x) => x.type === 'deliverPrimary')).toHaveLength(1);
    expect(legalActions(playerView(s, 0), 0)).toEqual(one);
  });

  test('every action in the short list is one of the full list, and every full-list action is still accepted', () => {
    let s = game(3, 'choices');
    for (let i = 0; i < 200 && !s.gameOver; i++) {
      const seat = currentDecision(s)!.seat;
      const every = legalActions(s, seat, { everyCopy: true });
      const one = legalActions(s, seat);
      const everyKeys = new Set(every.map((x) => JSON.stringify(x)));
      for (const x of one) expect(everyKeys.has(JSON.stringify(x))).toBe(true);
      for (const x of every) expect(applyAction(s, seat, x).ok).toBe(true);
      s = act(s, one[(i * 7) % one.length] as Action);
    }
  });
});
