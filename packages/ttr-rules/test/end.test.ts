/** The end: triggered at 2, 1 or 0 trains (not 3), one more turn each, the trigger seat last; passes end a stalled game. */
import { applyAction, legalActions, pending, revealsHidden, type GameState } from '../src';
import { must, route, routeBetween, setHand, started } from './helpers';

const ONE_SPACE = routeBetween('oslo', 'lillehammer'); // orange, 1 space

/** Seat on turn claims a 1-space route with `trains` trains before the claim. */
function claimWith(players: number, trains: number): { s: GameState; after: GameState; seat: number } {
  const s = started(players, `end-${players}-${trains}`);
  const seat = s.turn.seat;
  s.players[seat].trainsLeft = trains;
  setHand(s, seat, { loco: 3 });
  return { s, after: must(s, seat, { type: 'claim', route: ONE_SPACE, pay: { loco: 1 } }), seat };
}

test.each([3, 2, 1])('ending a turn with %i trains left triggers the last round (3 does not: that is 4 before the claim)', (left) => {
  const { after, seat } = claimWith(3, left + 1);
  expect(after.players[seat].trainsLeft).toBe(left);
  if (left === 3) {
    expect(after.endTriggeredBy).toBeNull();
    expect(after.finalTurnsLeft).toBeNull();
  } else {
    expect(after.endTriggeredBy).toBe(seat);
    expect(after.finalTurnsLeft).toBe(3);
  }
});

test('0 trains left triggers too', () => {
  const { after, seat } = claimWith(2, 1);
  expect(after.players[seat].trainsLeft).toBe(0);
  expect(after.endTriggeredBy).toBe(seat);
});

test.each([2, 3, 4, 5])('%i players: exactly one more turn each, the trigger seat last; another seat at ≤ 2 changes nothing', (n) => {
  let { after: s, seat } = claimWith(n, 3);
  const turns: number[] = [];
  let otherLow = false;
  while (!s.gameOver) {
    const mover = s.turn.seat;
    turns.push(mover);
    if (!otherLow && mover !== seat) {
      // another seat also ends a turn with few trains: no second trigger
      s.players[mover].trainsLeft = 2;
      setHand(s, mover, { loco: 1 });
      const oneSpace = legalActions(s, mover).find((a) => a.type === 'claim' && route(a.route).length === 1);
      s = must(s, mover, oneSpace);
      otherLow = true;
      expect(s.endTriggeredBy).toBe(seat);
      continue;
    }
    s = must(s, mover, { type: 'drawBlind' });
    if (!s.gameOver && s.turn.step === 'secondCard') s = must(s, mover, { type: 'drawBlind' });
  }
  expect(turns).toEqual(Array.from({ length: n }, (_, i) => (seat + 1 + i) % n));
  expect(s.result).toEqual({ reason: 'trains' });
  expect(pending(s)).toEqual([]);
  expect(applyAction(s, seat, { type: 'drawBlind' })).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
});

test('when nobody can do anything, as many passes in a row as players end the game', () => {
  const s = started(3, 'stall');
  s.deck = [];
  s.discard = [];
  s.display = [null, null, null, null, null];
  s.ticketDeck = [];
  for (const p of s.players) setHand(s, p.seat, {});
  let t = s;
  for (let i = 0; i < 3; i++) {
    expect(t.gameOver).toBe(false);
    expect(legalActions(t, t.turn.seat)).toEqual([{ type: 'pass' }]);
    const next = must(t, t.turn.seat, { type: 'pass' });
    expect(revealsHidden(t, next)).toBe(false);
    t = next;
  }
  expect(t.gameOver).toBe(true);
  expect(t.result).toEqual({ reason: 'passes' });
});

test('pass is refused while anything else is possible, and a real action resets the count', () => {
  const s = started(2, 'no-pass');
  const seat = s.turn.seat;
  expect(applyAction(s, seat, { type: 'pass' })).toMatchObject({ ok: false, error: { message: expect.stringContaining('only allowed when no other action') } });
  s.passesInARow = 1;
  expect(must(s, seat, { type: 'drawTickets' }).passesInARow).toBe(1); // the turn is not over yet
  const t = must(must(s, seat, { type: 'drawTickets' }), seat, { type: 'keepTickets', keep: [s.ticketDeck[s.ticketDeck.length - 1]] });
  expect(t.passesInARow).toBe(0);
});

test('"+X": a claim of Trondheim–Bodø draws 2 blind cards after paying; with an empty deck the paid cards are reshuffled in', () => {
  const s = started(2, 'plus-x');
  const seat = s.turn.seat;
  const id = routeBetween('trondheim', 'bodo');
  expect(route(id)).toMatchObject({ length: 5, locomotives: 2, drawBonus: 2 });
  setHand(s, seat, { red: 3, blue: 4 });
  const top2 = s.deck.slice(-2);
  const r = applyAction(s, seat, { type: 'claim', route: id, pay: { red: 3, blue: 4 } });
  if (!r.ok) throw new Error(r.error.message);
  expect(r.events).toContainEqual({ type: 'bonusDraw', seat, wanted: 2, drawn: 2 });
  const h = r.state.players[seat].hand;
  expect(h.red + h.blue + h.loco + h.green + h.white + h.yellow + h.black + h.orange + h.purple).toBe(2);
  for (const c of top2) expect(h[c]).toBeGreaterThan(0);
  expect(revealsHidden(s, r.state)).toBe(true);

  const dry = started(2, 'plus-x-dry');
  const seat2 = dry.turn.seat;
  dry.deck = [];
  dry.discard = [];
  dry.display = [null, null, null, null, null];
  setHand(dry, seat2, { red: 3, blue: 4 });
  const d = applyAction(dry, seat2, { type: 'claim', route: id, pay: { red: 3, blue: 4 } });
  if (!d.ok) throw new Error(d.error.message);
  expect(d.events).toContainEqual({ type: 'reshuffled', cards: 7 });
  expect(d.events).toContainEqual({ type: 'bonusDraw', seat: seat2, wanted: 2, drawn: 2 });
  const got = d.state.players[seat2].hand;
  expect(got.red + got.blue).toBe(2); // two of the seven cards just paid
  // the rest of them refill the empty display at the end of the turn
  expect(d.state.display.filter((c) => c !== null)).toHaveLength(5);
  expect(d.state.deck).toHaveLength(0);
});
