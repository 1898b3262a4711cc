/** Tickets: the parallel opening choice, later draws, returns under the deck, completion and failure. */
import { applyAction, createGame, legalActions, pending, playerView, revealsHidden, scoreBreakdown } from '../src';
import { give, must, routeBetween, started } from './helpers';

test('every seat chooses its opening tickets at once, keeping at least 2 of 4; play starts when all have chosen', () => {
  let s = createGame({ players: 3, seed: 'opening' });
  expect(pending(s).map((d) => d)).toEqual([0, 1, 2].map((seat) => ({ seat, kind: 'keepTickets', count: 4, min: 2 })));
  expect(legalActions(s, 1)).toHaveLength(11); // 6 pairs + 4 triples + all four
  expect(applyAction(s, 1, { type: 'keepTickets', keep: [s.players[1].offer![0]] })).toMatchObject({ ok: false, error: { message: 'keep at least 2 of the 4 tickets' } });
  expect(applyAction(s, 1, { type: 'keepTickets', keep: [s.players[0].offer![0], s.players[0].offer![1]] })).toMatchObject({ ok: false, error: { message: expect.stringContaining('not on offer') } });
  const offers = s.players.map((p) => p.offer!);
  const deckBefore = s.ticketDeck.slice();
  // seats answer out of order: 2, then 0, then 1
  s = must(s, 2, { type: 'keepTickets', keep: offers[2].slice(0, 2) });
  expect(pending(s).map((d) => d.seat)).toEqual([0, 1]);
  expect(applyAction(s, 2, { type: 'keepTickets', keep: offers[2].slice(2) })).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN' } });
  s = must(s, 0, { type: 'keepTickets', keep: offers[0] });
  expect(s.ticketDeck).toEqual(deckBefore); // nothing returned under the deck until everyone has chosen
  expect(s.turn.step).toBe('setup');
  s = must(s, 1, { type: 'keepTickets', keep: offers[1].slice(1) });
  expect(s.turn.step).toBe('turn');
  expect(s.players.map((p) => p.tickets.length)).toEqual([4, 3, 2]);
  // returned in seat order (seat 1's one, then seat 2's two in offer order), each put under the deck
  expect(s.ticketDeck.slice(0, 3)).toEqual([offers[2][3], offers[2][2], offers[1][0]]);
  expect(s.ticketDeck.slice(3)).toEqual(deckBefore);
});

test('a ticket draw shows 3, keeps at least 1, returns the rest under the deck; it reveals hidden information', () => {
  let s = started(2, 'draw-tickets');
  const seat = s.turn.seat;
  const top3 = s.ticketDeck.slice(-3).reverse();
  const before = s;
  s = must(s, seat, { type: 'drawTickets' });
  expect(revealsHidden(before, s)).toBe(true);
  expect(s.players[seat].offer).toEqual(top3);
  expect(pending(s)).toEqual([{ seat, kind: 'keepTickets', count: 3, min: 1 }]);
  expect(legalActions(s, seat)).toHaveLength(7);
  expect(applyAction(s, seat, { type: 'keepTickets', keep: [] })).toMatchObject({ ok: false, error: { message: 'keep at least 1 of the 3 tickets' } });
  const kept = must(s, seat, { type: 'keepTickets', keep: [top3[1]] });
  expect(revealsHidden(s, kept)).toBe(false);
  expect(kept.ticketDeck.slice(0, 2)).toEqual([top3[2], top3[0]]);
  expect(kept.players[seat].tickets).toContain(top3[1]);
  expect(kept.turn.seat).not.toBe(seat);
});

test('with fewer than 3 tickets left the draw takes what is there; with none it is not legal', () => {
  const s = started(2, 'few-tickets');
  const seat = s.turn.seat;
  s.ticketDeck = s.ticketDeck.slice(-2);
  const t = must(s, seat, { type: 'drawTickets' });
  expect(t.players[seat].offer).toHaveLength(2);
  expect(legalActions(t, seat)).toHaveLength(3);
  s.ticketDeck = [];
  expect(legalActions(s, seat).some((a) => a.type === 'drawTickets')).toBe(false);
  expect(applyAction(s, seat, { type: 'drawTickets' })).toMatchObject({ ok: false, error: { message: 'the ticket deck is empty' } });
});

test('a completed ticket adds its points, a failed one subtracts them; the owner sees completion live', () => {
  const s = started(2, 'complete');
  s.players[0].tickets = [54]; // Helsinki–Stockholm, 4 points
  s.players[1].tickets = [54];
  // seat 0: Stockholm–Mariehamn (1 space) and Mariehamn–Helsinki (3): the ticket is joined
  give(s, 0, [routeBetween('stockholm', 'mariehamn'), routeBetween('helsinki', 'mariehamn')]);
  give(s, 1, [routeBetween('stockholm', 'mariehamn', 2)]);
  const b = scoreBreakdown(s);
  expect(b.players[0].tickets).toEqual([{ id: 54, points: 4, completed: true }]);
  expect(b.players[0].ticketPoints).toBe(4);
  expect(b.players[1].tickets).toEqual([{ id: 54, points: 4, completed: false }]);
  expect(b.players[1].ticketPoints).toBe(-4);
  expect(playerView(s, 0).players[0].tickets).toEqual([{ id: 54, from: 'helsinki', to: 'stockholm', points: 4, completed: true }]);
  expect(playerView(s, 0).players[1].tickets).toBeUndefined();
});
