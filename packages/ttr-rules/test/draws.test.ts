/** Drawing train cards: face-up locomotives, the second card, refills, reshuffles and a dry deck. */
import { applyAction, createGame, legalActions, pending, playerView, revealsHidden, type Card, type GameState } from '../src';
import { must, started } from './helpers';

function withDisplay(s: GameState, display: (Card | null)[]): GameState {
  s.display = display;
  return s;
}

test('the deck: 114 cards, 12 of each colour and 18 locomotives, dealt 4 to each seat and 5 face up', () => {
  const s = createGame({ players: 4, seed: 'count' });
  const all: Card[] = [...s.deck, ...s.discard, ...s.display.filter((c): c is Card => c !== null)];
  for (const p of s.players) for (const [c, n] of Object.entries(p.hand)) for (let i = 0; i < n; i++) all.push(c as Card);
  expect(all).toHaveLength(114);
  expect(all.filter((c) => c === 'loco')).toHaveLength(18);
  expect(all.filter((c) => c === 'red')).toHaveLength(12);
  expect(s.players.map((p) => Object.values(p.hand).reduce((a, b) => a + b, 0))).toEqual([4, 4, 4, 4]);
  expect(s.display).toHaveLength(5);
  expect(s.deck).toHaveLength(114 - 16 - 5);
});

test('a face-up locomotive is a whole draw: taken first, the turn ends', () => {
  const s = withDisplay(started(2, 'loco-first'), ['loco', 'red', 'blue', 'loco', 'green']);
  const seat = s.turn.seat;
  const after = must(s, seat, { type: 'drawFaceUp', card: 'loco' });
  expect(after.players[seat].hand.loco).toBe(s.players[seat].hand.loco + 1);
  expect(after.turn).toMatchObject({ seat: (seat + 1) % 2, step: 'turn' });
  expect(after.display[0]).toBe(s.deck[s.deck.length - 1]); // the slot refilled from the top of the deck
});

test('after a first card, a face-up locomotive cannot be taken; a blind locomotive counts as one card', () => {
  let s = withDisplay(started(2, 'loco-second'), ['red', 'loco', 'blue', 'green', 'loco']);
  const seat = s.turn.seat;
  s.deck.push('loco'); // the blind card is a locomotive
  s = must(s, seat, { type: 'drawBlind' });
  expect(s.turn.step).toBe('secondCard');
  expect(legalActions(s, seat)).toEqual([{ type: 'drawBlind' }, { type: 'drawFaceUp', card: 'blue' }, { type: 'drawFaceUp', card: 'green' }, { type: 'drawFaceUp', card: 'red' }]);
  expect(applyAction(s, seat, { type: 'drawFaceUp', card: 'loco' })).toMatchObject({ ok: false, error: { code: 'ILLEGAL', message: expect.stringContaining('first card') } });
  const done = must(s, seat, { type: 'drawFaceUp', card: 'red' });
  expect(done.turn.seat).not.toBe(seat);
});

test('a locomotive turned up by the refill after the first card cannot be the second', () => {
  let s = withDisplay(started(2, 'refill-loco'), ['red', 'blue', 'blue', 'green', 'green']);
  const seat = s.turn.seat;
  s.deck.push('loco'); // will refill the red slot
  s = must(s, seat, { type: 'drawFaceUp', card: 'red' });
  expect(s.display[0]).toBe('loco');
  expect(legalActions(s, seat).some((a) => a.type === 'drawFaceUp' && a.card === 'loco')).toBe(false);
});

test('no reset with three to five locomotives showing', () => {
  let s = withDisplay(started(3, 'five-locos'), ['loco', 'loco', 'loco', 'loco', 'red']);
  const seat = s.turn.seat;
  s = must(s, seat, { type: 'drawBlind' });
  s = must(s, seat, { type: 'drawBlind' });
  expect(s.display.slice(0, 4)).toEqual(['loco', 'loco', 'loco', 'loco']);
  expect(s.discard).toEqual([]);
});

test('an empty deck is refilled by shuffling the discard pile, and that reveals hidden information', () => {
  const s = started(2, 'reshuffle');
  const seat = s.turn.seat;
  s.discard = [...s.deck];
  s.deck = [];
  const r = applyAction(s, seat, { type: 'drawBlind' });
  if (!r.ok) throw new Error(r.error.message);
  expect(r.events).toContainEqual({ type: 'reshuffled', cards: s.discard.length });
  expect(r.state.discard).toEqual([]);
  expect(r.state.deck).toHaveLength(s.discard.length - 1);
  expect(revealsHidden(s, r.state)).toBe(true);
});

test('a dry deck and discard pile: face-up cards only; the turn ends when no second card can be had', () => {
  const s = withDisplay(started(2, 'dry'), ['red', 'loco', null, null, null]);
  const seat = s.turn.seat;
  s.deck = [];
  s.discard = [];
  expect(legalActions(s, seat).filter((a) => a.type.startsWith('draw') && a.type !== 'drawTickets')).toEqual([
    { type: 'drawFaceUp', card: 'red' }, { type: 'drawFaceUp', card: 'loco' },
  ]);
  expect(applyAction(s, seat, { type: 'drawBlind' })).toMatchObject({ ok: false, error: { message: 'the deck and the discard pile are both empty' } });
  // only a locomotive is left after taking the red: the turn ends after one card
  const after = must(s, seat, { type: 'drawFaceUp', card: 'red' });
  expect(after.display).toEqual([null, 'loco', null, null, null]);
  expect(after.turn.seat).not.toBe(seat);
  expect(pending(after)).toEqual([{ seat: (seat + 1) % 2, kind: 'turn' }]);
});

test('nothing drawable: no draw action is legal (with no claim or ticket either, only pass)', () => {
  const s = withDisplay(started(2, 'nothing'), [null, null, null, null, null]);
  const seat = s.turn.seat;
  s.deck = [];
  s.discard = [];
  s.ticketDeck = [];
  s.players[seat].hand = { purple: 0, blue: 0, orange: 0, white: 0, green: 0, yellow: 0, black: 0, red: 0, loco: 0 };
  expect(legalActions(s, seat)).toEqual([{ type: 'pass' }]);
  expect(legalActions(playerView(s, seat), seat)).toEqual([{ type: 'pass' }]);
});

test('an empty display slot is filled at the end of a turn once the discard pile has cards again', () => {
  const s = withDisplay(started(2, 'slot'), ['red', 'blue', null, null, null]);
  const seat = s.turn.seat;
  s.deck = [];
  s.discard = [];
  s.players[seat].hand = { ...s.players[seat].hand, loco: 5 };
  const route = legalActions(s, seat).find((a) => a.type === 'claim');
  if (!route || route.type !== 'claim') throw new Error('no claim');
  const after = must(s, seat, route);
  expect(after.display.filter((c) => c !== null).length).toBe(Math.min(5, 2 + Object.values(route.pay).reduce((a, b) => a + (b ?? 0), 0)));
});
