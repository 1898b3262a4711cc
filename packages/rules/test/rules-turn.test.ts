/**
 * Rules tests for multiplayer games: turn structure, the Take action, the end of a turn
 * (hand limit, display refill) and the end of the game. Each test builds an exact
 * situation by editing a fresh game's JSON state (see fixtures.ts).
 */
import {
  applyAction, card, currentDecision, legalActions, playerView, scoreBreakdown, Action, GameState,
} from '../src';
import { act, picker } from './helpers';
import {
  allCardIds, allPassengerIds, census, discardEach, emptyBag, expectRefused, expectSameLegal, game, giveSpare,
  moveCard, passengerCensus, run, runNow, setDisplay, setHand, snap, spare, stackDeck,
} from './fixtures';

const TAKE_DECK: Action = { type: 'take', from: 'deck' };
const TAKE_BAG: Action = { type: 'take', from: 'bag' };

function conserved(s: GameState): void {
  expect(census(s)).toEqual(allCardIds());
  expect(passengerCensus(s)).toEqual(allPassengerIds());
}

/** Play the current seat's remaining main actions as takes (a passenger while the bag has one, else a card) and any hand-limit discards. */
function finishTurnWithTakes(s: GameState): GameState {
  const seat = s.turn.seat;
  const turn = s.turn.number;
  while (!s.gameOver && s.turn.number === turn) {
    const d = currentDecision(s)!;
    expect(d.seat).toBe(seat);
    if (d.kind === 'action') s = act(s, s.bag.length > 0 ? TAKE_BAG : TAKE_DECK);
    else if (d.kind === 'handLimit') s = act(s, { type: 'discard', card: s.players[seat].hand[0] });
    else throw new Error(`unexpected decision ${d.kind}`);
  }
  return s;
}

describe('turn structure', () => {
  test('a turn is two actions; the same action may be taken twice; then play passes to the left', () => {
    let s = game();
    setHand(s, 0, []);
    giveSpare(s, 0, 3);
    const [a, b] = spare(s, 2);
    stackDeck(s, [a, b]);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 2 });

    s = act(s, TAKE_DECK);
    expect(s.players[0].hand).toContain(a);
    expect(s.turn).toMatchObject({ seat: 0, actionsLeft: 1, number: 1 });
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });

    s = act(s, TAKE_DECK); // the same action again
    expect(s.players[0].hand).toContain(b);
    expect(s.players[0].hand).toHaveLength(5);
    expect(s.turn).toEqual({ seat: 1, actionsLeft: 2, queue: [], ending: false, number: 2 });
    expect(currentDecision(s)).toEqual({ seat: 1, kind: 'action', actionsLeft: 2 });
    conserved(s);
  });

  test.each([3, 4])('with %i players the turn goes round the table to the left and back to seat 0', (n) => {
    let s = game(n);
    const order: number[] = [];
    for (let i = 0; i < n + 1; i++) {
      order.push(s.turn.seat);
      s = finishTurnWithTakes(s);
    }
    expect(order).toEqual([...Array.from({ length: n }, (_, i) => i), 0]);
    expect(s.turn.seat).toBe(1);
    expect(s.turn.number).toBe(n + 2);
  });

  test('bonus actions do not count toward the two actions (a +A from a Level 3 Hopper is an extra action)', () => {
    let s = game();
    setHand(s, 0, ['hopper-2.1']); // shows coal
    moveCard(s, 'hopper-3.1', { car: 1 });
    s = act(s, { type: 'loadCard', card: 'hopper-2.1', seat: 1, car: 'hopper-3.1' });
    expect(currentDecision(s)).toMatchObject({ seat: 0, kind: 'bonus', bonus: 'A' });
    expect(s.turn.actionsLeft).toBe(1);
    expect(s.players[0].hand).toHaveLength(2); // drew 2

    s = act(s, TAKE_DECK); // the bonus action
    expect(s.players[0].hand).toHaveLength(3);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });

    s = act(s, TAKE_DECK); // the second real action ends the turn
    expect(s.players[0].hand).toHaveLength(4);
    expect(s.turn.seat).toBe(1);
    conserved(s);
  });

  test('skipping a bonus action does not use up a main action either', () => {
    let s = game();
    setHand(s, 0, ['hopper-2.1']);
    moveCard(s, 'hopper-3.1', { car: 1 });
    s = act(s, { type: 'loadCard', card: 'hopper-2.1', seat: 1, car: 'hopper-3.1' });
    const r = run(s, 0, { type: 'skip' });
    expect(currentDecision(r.state)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect(r.events.some((e) => e.type === 'bonus')).toBe(true);
  });

  test('NOT_YOUR_TURN: a seat that is not deciding is refused and nothing changes', () => {
    const s = game(3);
    expectRefused(s, 1, TAKE_DECK, 'NOT_YOUR_TURN');
    expectRefused(s, 2, TAKE_BAG, 'NOT_YOUR_TURN');
    expectRefused(s, 1, { type: 'skip' }, 'NOT_YOUR_TURN');
    expectRefused(s, 5, TAKE_DECK, 'NO_SUCH_SEAT');
  });

  test('NOT_YOUR_TURN also while the current player has a pay decision pending', () => {
    let s = game();
    setHand(s, 0, ['tanker-1.1', ...spare(s, 3)]);
    s = act(s, { type: 'build', card: 'tanker-1.1' });
    expect(currentDecision(s)!.kind).toBe('pay');
    expectRefused(s, 1, { type: 'discard', card: s.players[1].hand[0] }, 'NOT_YOUR_TURN');
  });

  test('BAD_ACTION: malformed actions are refused before anything else and nothing changes', () => {
    const s = game();
    const bad: unknown[] = [
      null,
      undefined,
      'take',
      42,
      {},
      { type: 'fly' },
      { type: 'take' },
      { type: 'take', from: 'display' }, // no card
      { type: 'take', from: 'somewhere' },
      { type: 'take', from: 'deck', card: 'hopper-1.1' }, // extra key
      { type: 'build' },
      { type: 'build', card: '' },
      { type: 'build', card: 'hopper-1.1', colour: 'red' },
      { type: 'loadCard', card: 'hopper-1.1', seat: 9, car: 'engine-1.2' },
      { type: 'loadCard', card: 'hopper-1.1', seat: 1.5, car: 'engine-1.2' },
      { type: 'loadPassenger', passenger: 'p-flint-1', seat: 1 },
      { type: 'discard' },
      { type: 'deliverSecondary', contract: 2, items: ['x'] },
      { type: 'deliverPrimary', items: [] },
    ];
    for (const a of bad) expectRefused(s, 0, a, 'BAD_ACTION');
    // A malformed action from a seat that is not deciding is still BAD_ACTION (shape first).
    expectRefused(s, 1, { type: 'take' }, 'BAD_ACTION');
  });

  test('WRONG_DECISION: a take while a pay decision is pending, a discard or skip while choosing an action', () => {
    let s = game();
    const fillers = spare(s, 3);
    setHand(s, 0, ['tanker-1.1', ...fillers]);
    expectRefused(s, 0, { type: 'discard', card: fillers[0] }, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'skip' }, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'endDelivery' }, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'deliverSpecial', item: fillers[0] }, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'returnCard' }, 'SOLO_ONLY'); // a solo-only move in a multiplayer game
    s = act(s, { type: 'build', card: 'tanker-1.1' });
    expect(currentDecision(s)).toMatchObject({ seat: 0, kind: 'pay', count: 2, reason: 'build' });
    expectRefused(s, 0, TAKE_DECK, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'take', from: 'display', card: s.display[0] }, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'skip' }, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'build', card: fillers[0] }, 'WRONG_DECISION');
    // and the pay decision only accepts cards in hand
    expectRefused(s, 0, { type: 'discard', card: 'tanker-1.1' }, 'CARD_NOT_IN_HAND');
  });

  test('applyAction never mutates its input state (takes, builds, payments, loads)', () => {
    let s = game();
    setHand(s, 0, ['tanker-1.1', 'hopper-2.1', ...spare(s, 4)]);
    moveCard(s, 'hopper-3.1', { car: 1 });
    const script: ((st: GameState) => Action)[] = [
      (st) => ({ type: 'take', from: 'display', card: st.display[1] }),
      () => ({ type: 'build', card: 'tanker-1.1' }),
      (st) => ({ type: 'discard', card: st.players[0].hand[0] }),
      (st) => ({ type: 'discard', card: st.players[0].hand[0] }),
    ];
    for (const step of script) {
      const before = snap(s);
      const a = step(s);
      const r = applyAction(s, 0, a);
      expect(r.ok).toBe(true);
      expect(s).toEqual(before);
      if (r.ok) {
        expect(r.state).not.toBe(s);
        s = r.state;
      }
    }
    // Turn passed; seat 1 loads into seat 0's train? Seat 0 only has an engine: load a passenger there.
    expect(s.turn.seat).toBe(1);
    const before = snap(s);
    const pax = s.players[1].supply[0];
    const r = applyAction(s, 1, { type: 'loadPassenger', passenger: pax, seat: 0, car: 'engine-1.1' });
    expect(r.ok).toBe(true);
    expect(s).toEqual(before);
    if (r.ok) {
      expect(r.state.players[0].train[0].loads).toEqual([{ kind: 'passenger', id: pax }]);
      expect(s.players[0].train[0].loads).toEqual([]);
    }
  });
  test('applyAction never mutates its input: a long walk of legal moves through every kind of decision', () => {
    let s = game(3);
    const pick = picker(7);
    const seen = new Set<string>();
    for (let i = 0; i < 1500 && !s.gameOver; i++) {
      const d = currentDecision(s)!;
      seen.add(d.kind);
      const legal = legalActions(s, d.seat);
      const a = legal[pick(legal.length)];
      const before = snap(s);
      const r = applyAction(s, d.seat, a);
      expect(r.ok).toBe(true);
      expect(s).toEqual(before);
      if (r.ok) s = r.state;
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['action', 'bonus', 'handLimit', 'pay']));
  });
});

describe('take', () => {
  test('from the display: the card goes to hand and the display is refilled to 3 only at the end of the turn', () => {
    let s = game();
    setHand(s, 0, []);
    giveSpare(s, 0, 2);
    const [d1, d2, d3, x, y] = spare(s, 5);
    setDisplay(s, [d1, d2, d3]);
    stackDeck(s, [x, y]);
    const deckBefore = s.deck.length;

    s = act(s, { type: 'take', from: 'display', card: d2 });
    expect(s.players[0].hand).toContain(d2);
    expect(s.display).toEqual([d1, d3]); // not refilled yet
    expect(s.deck.length).toBe(deckBefore);
    expect(s.deck[s.deck.length - 1]).toBe(x);

    s = act(s, TAKE_DECK);
    expect(s.players[0].hand).toEqual(expect.arrayContaining([d2, x]));
    // End of turn: refilled from the top of the deck.
    expect(s.turn.seat).toBe(1);
    expect(s.display).toEqual([d1, d3, y]);
    expect(s.deck.length).toBe(deckBefore - 2);
    conserved(s);
  });

  test('taking two display cards leaves one until the turn ends, then the display is back to 3', () => {
    let s = game();
    setHand(s, 0, []);
    const [d1, d2, d3, y1, y2] = spare(s, 5);
    setDisplay(s, [d1, d2, d3]);
    stackDeck(s, [y1, y2]);
    s = act(s, { type: 'take', from: 'display', card: d1 });
    expect(s.display).toEqual([d2, d3]);
    s = act(s, { type: 'take', from: 'display', card: d3 });
    expect(s.players[0].hand).toEqual([d1, d3]);
    expect(s.turn.seat).toBe(1);
    expect(s.display).toEqual([d2, y1, y2]);
    conserved(s);
  });

  test('from the top of the deck', () => {
    let s = game();
    const [top] = spare(s, 1);
    stackDeck(s, [top]);
    const before = snap(s);
    s = act(s, TAKE_DECK);
    expect(s.players[0].hand).toEqual([...before.players[0].hand, top]);
    expect(s.deck).toEqual(before.deck.slice(0, -1));
    expect(s.display).toEqual(before.display);
    conserved(s);
  });

  test('a passenger from the bag goes to the supply', () => {
    let s = game();
    const before = snap(s);
    s = act(s, TAKE_BAG);
    const supply = s.players[0].supply;
    expect(supply).toHaveLength(before.players[0].supply.length + 1);
    const drawn = supply[supply.length - 1];
    expect(before.bag).toContain(drawn);
    expect(s.bag).not.toContain(drawn);
    expect(s.bag).toHaveLength(before.bag.length - 1);
    expect(s.players[0].vp).toBe(0);
    expect(s.players[0].hand).toEqual(before.players[0].hand);
    conserved(s);
  });

  test('an empty bag: taking a passenger is not an action (not listed, refused with BAG_EMPTY)', () => {
    const s = game();
    emptyBag(s, 1);
    const before = snap(s);
    expect(legalActions(s, 0)).not.toContainEqual(TAKE_BAG);
    expect(legalActions(playerView(s, 0), 0)).not.toContainEqual(TAKE_BAG);
    const r = applyAction(s, 0, TAKE_BAG);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('BAG_EMPTY');
    expect(s).toEqual(before);
  });

  test('an empty bag still gives 1 VP token for each passenger an effect makes you draw', () => {
    let s = game();
    const coach = 'coach-2.1';
    setHand(s, 0, [coach, ...spare(s, 5, [coach])]);
    emptyBag(s, 1);
    const supply = [...s.players[0].supply];
    s = act(s, { type: 'build', card: coach });
    s = discardEach(s, s.players[0].hand.slice(0, 5));
    // Coach L2 brings 2 passengers when built; the bag has none, so 2 VP tokens instead.
    expect(s.players[0].vp).toBe(2);
    expect(s.players[0].supply).toEqual(supply);
    conserved(s);
  });

  test('an empty deck: the discard pile is shuffled into a new deck, then the top card is taken', () => {
    let s = game();
    s.discard.push(...s.deck.splice(0));
    const pile = [...s.discard];
    expect(s.deck).toEqual([]);
    const hand = [...s.players[0].hand];
    const r = runNow(s, TAKE_DECK);
    s = r.state;
    expect(r.events.some((e) => e.type === 'reshuffle')).toBe(true);
    expect(s.discard).toEqual([]);
    expect(s.deck).toHaveLength(pile.length - 1);
    const got = s.players[0].hand.filter((c) => !hand.includes(c));
    expect(got).toHaveLength(1);
    expect(pile).toContain(got[0]);
    expect([...s.deck, got[0]].sort()).toEqual([...pile].sort());
    conserved(s);
  });

  test('DECK_EMPTY when both the deck and the discard pile are empty; the bag still works', () => {
    let s = game();
    s.players[1].hand.push(...s.deck.splice(0), ...s.discard.splice(0));
    expectRefused(s, 0, TAKE_DECK, 'DECK_EMPTY');
    expect(legalActions(s, 0)).not.toContainEqual(TAKE_DECK);
    s = act(s, TAKE_BAG);
    expect(s.players[0].supply).toHaveLength(3);
  });

  test('NOT_IN_DISPLAY: taking a card that is not in the display', () => {
    const s = game();
    const inDeck = s.deck[0];
    const inHand = s.players[0].hand[0];
    expectRefused(s, 0, { type: 'take', from: 'display', card: inDeck }, 'NOT_IN_DISPLAY');
    expectRefused(s, 0, { type: 'take', from: 'display', card: inHand }, 'NOT_IN_DISPLAY');
    expectRefused(s, 0, { type: 'take', from: 'display', card: 'no-such-card.9' }, 'NOT_IN_DISPLAY');
    // The legal takes are exactly: each display card, the deck and the bag.
    const takes = legalActions(s, 0).filter((a) => a.type === 'take');
    expect(takes).toEqual([
      ...s.display.map((card) => ({ type: 'take', from: 'display', card })),
      TAKE_DECK,
      TAKE_BAG,
    ]);
  });
});

describe('end of turn', () => {
  test('hand limit 5: the player chooses the discards one by one, and they go to the discard pile', () => {
    let s = game();
    const hand0 = [...s.players[0].hand];
    expect(hand0).toHaveLength(5);
    const [x, y] = spare(s, 2);
    stackDeck(s, [x, y]);
    s = act(s, TAKE_DECK);
    // 6 cards mid-turn is fine: the limit is only checked at the end of the turn.
    expect(s.players[0].hand).toHaveLength(6);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    s = act(s, TAKE_DECK);
    expect(s.players[0].hand).toHaveLength(7);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'handLimit', count: 2 });
    expect(s.turn.seat).toBe(0);
    const legal = expectSameLegal(s, 0);
    // One discard per distinct card face (identical copies are one choice); every copy is still accepted.
    expect(legalActions(s, 0, { everyCopy: true })).toEqual(s.players[0].hand.map((card) => ({ type: 'discard', card })));
    const faces = (ids: string[]) => new Set(ids.map((id) => `${card(id).kind}/${card(id).symbol}`));
    expect(legal.length).toBe(faces(s.players[0].hand).size);
    expect(legalActions(s, 1)).toEqual([]);

    expectRefused(s, 0, TAKE_DECK, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'skip' }, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'discard', card: s.deck[0] }, 'CARD_NOT_IN_HAND');
    expectRefused(s, 1, { type: 'discard', card: s.players[1].hand[0] }, 'NOT_YOUR_TURN');

    const discardBefore = [...s.discard];
    s = act(s, { type: 'discard', card: x });
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'handLimit', count: 1 });
    s = act(s, { type: 'discard', card: hand0[2] });
    expect(s.discard).toEqual([...discardBefore, x, hand0[2]]);
    expect(s.players[0].hand.sort()).toEqual([...hand0.filter((c) => c !== hand0[2]), y].sort());
    expect(s.turn.seat).toBe(1);
    expect(currentDecision(s)).toEqual({ seat: 1, kind: 'action', actionsLeft: 2 });
    conserved(s);
  });

  test('exactly 5 cards at the end of the turn: no hand-limit decision', () => {
    let s = game();
    setHand(s, 0, []);
    giveSpare(s, 0, 3);
    s = act(s, TAKE_DECK);
    s = act(s, TAKE_DECK);
    expect(s.players[0].hand).toHaveLength(5);
    expect(currentDecision(s)).toEqual({ seat: 1, kind: 'action', actionsLeft: 2 });
  });

  test('the display refill happens after the hand-limit discards and the refill cards never reach the hand', () => {
    let s = game();
    const [d1, d2, d3, top] = spare(s, 4);
    setDisplay(s, [d1, d2, d3]);
    stackDeck(s, [top]);
    s = act(s, { type: 'take', from: 'display', card: d1 });
    s = act(s, { type: 'take', from: 'display', card: d2 });
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'handLimit', count: 2 });
    expect(s.display).toEqual([d3]); // still waiting for the end of the turn
    s = discardEach(s, [d1, d2]);
    expect(s.turn.seat).toBe(1);
    expect(s.players[0].hand).toHaveLength(5);
    expect(s.display).toHaveLength(3);
    expect(s.display.slice(0, 2)).toEqual([d3, top]);
    conserved(s);
  });

  test('the display is refilled from a reshuffled discard pile when the deck runs out', () => {
    let s = game();
    setHand(s, 0, []);
    const [d1, d2, d3] = s.display;
    // Leave the deck empty and some cards in the discard pile.
    s.discard.push(...s.deck.splice(0));
    s = act(s, { type: 'take', from: 'display', card: d1 });
    s = act(s, TAKE_BAG);
    expect(s.turn.seat).toBe(1);
    expect(s.display).toHaveLength(3);
    expect(s.display.slice(0, 2)).toEqual([d2, d3]);
    expect(s.discard).toEqual([]);
    expect(s.endTriggered).toBe(false);
    conserved(s);
  });
});

describe('end of game', () => {
  test('2 players: a delivery takes the progress train to 4 at the end of the turn; one final turn each, trigger player included', () => {
    let s = game();
    // Seat 0 carries 1 box + 1 coal for Billington's primary contract.
    moveCard(s, 'hopper-1.1', { car: 0 });
    moveCard(s, 'boxcar-1.1', { car: 0 });
    moveCard(s, 'hopper-2.1', { load: 0, car: 'hopper-1.1' }); // coal
    moveCard(s, 'boxcar-2.1', { load: 0, car: 'boxcar-1.1' }); // box
    s.progress = 3;
    s = act(s, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverPrimary', items: ['hopper-2.1', 'boxcar-2.1'] });
    expect(s.progress).toBe(4);
    // Checked only when the turn's actions are done.
    expect(s.endTriggered).toBe(false);
    expect(s.progressTrain).toBeNull();
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });

    s = act(s, TAKE_BAG);
    expect(s.endTriggered).toBe(true);
    expect(s.progressTrain).toBe(0);
    expect(s.result).toEqual({ reason: 'progress', solo: null });
    expect(s.gameOver).toBe(false);

    const finalTurns: number[] = [];
    while (!s.gameOver) {
      finalTurns.push(s.turn.seat);
      s = finishTurnWithTakes(s);
    }
    expect(finalTurns).toEqual([1, 0]);
    const score = scoreBreakdown(s);
    expect(score.players[0].progressTrain).toBe(1);
    expect(score.players[1].progressTrain).toBe(0);
    expect(score.players[0].contracts).toBe(3);
    expect(currentDecision(s)).toBeNull();
    conserved(s);
  });

  test.each([
    [2, 4],
    [3, 5],
    [4, 6],
  ])('%i players: the progress train ends the game at %i, and everyone gets exactly one final turn', (n, th) => {
    let s = game(n);
    s.progress = th - 1;
    s = finishTurnWithTakes(s); // seat 0: one short of the threshold, nothing happens
    expect(s.endTriggered).toBe(false);
    expect(s.progressTrain).toBeNull();
    expect(s.turn.seat).toBe(1);

    s.progress = th; // as if seat 1 had just completed a contract this turn
    s = finishTurnWithTakes(s);
    expect(s.endTriggered).toBe(true);
    expect(s.progressTrain).toBe(1);
    expect(s.result!.reason).toBe('progress');
    expect(playerView(s, 0).progressThreshold).toBe(th);

    const finalTurns: number[] = [];
    while (!s.gameOver) {
      finalTurns.push(s.turn.seat);
      s = finishTurnWithTakes(s);
    }
    const expected = [...Array.from({ length: n }, (_, i) => (i + 2) % n)];
    expect(finalTurns).toEqual(expected);
    expect(finalTurns[finalTurns.length - 1]).toBe(1); // the trigger player plays last
    const sb = scoreBreakdown(s);
    expect(sb.players.map((p) => p.progressTrain)).toEqual(Array.from({ length: n }, (_, i) => (i === 1 ? 1 : 0)));
    expect(sb.players[1].total).toBe(sb.players[1].tokens + sb.players[1].trainCars + 1);
  });

  test('deck and discard both empty at the end of a turn: end triggered, no one takes the progress train', () => {
    let s = game();
    // Park every remaining deck card in seat 1's hand (conservation kept).
    s.players[1].hand.push(...s.deck.splice(0));
    s = act(s, TAKE_BAG);
    expect(s.endTriggered).toBe(false);
    s = act(s, TAKE_BAG);
    expect(s.endTriggered).toBe(true);
    expect(s.result).toEqual({ reason: 'cards', solo: null });
    expect(s.progressTrain).toBeNull();
    expect(s.turn.seat).toBe(1);

    const finalTurns: number[] = [];
    while (!s.gameOver) {
      finalTurns.push(s.turn.seat);
      s = finishTurnWithTakes(s); // seat 1 has to discard down to 5 on the way
    }
    expect(finalTurns).toEqual([1, 0]);
    expect(s.players[1].hand).toHaveLength(5);
    expect(s.progressTrain).toBeNull();
    expect(scoreBreakdown(s).players.every((p) => p.progressTrain === 0)).toBe(true);
    conserved(s);
  });

  test('an empty deck with cards still in the discard pile does not end the game', () => {
    let s = game();
    s.discard.push(...s.deck.splice(0, s.deck.length - 0));
    s = finishTurnWithTakes(s);
    expect(s.deck).toEqual([]);
    expect(s.discard.length).toBeGreaterThan(0);
    expect(s.endTriggered).toBe(false);
    expect(s.finalTurnsLeft).toBeNull();
  });

  test('after a card-exhaustion trigger, reaching the progress spot in a final turn takes the progress train but adds no turns', () => {
    let s = game();
    s.players[1].hand.push(...s.deck.splice(0));
    s = finishTurnWithTakes(s);
    expect(s.result!.reason).toBe('cards');
    const left = s.finalTurnsLeft;
    s.progress = 4; // seat 1 completes the last contract during its final turn
    s = finishTurnWithTakes(s);
    expect(s.progressTrain).toBe(1);
    expect(s.result!.reason).toBe('cards');
    expect(s.finalTurnsLeft).toBe(left! - 1);
    expect(s.turn.seat).toBe(0);
    s = finishTurnWithTakes(s);
    expect(s.gameOver).toBe(true);
    expect(scoreBreakdown(s).players[1].progressTrain).toBe(1);
  });

  test('after game over every action is refused with GAME_OVER, nobody has legal actions, scores are available', () => {
    let s = game();
    s.progress = 4;
    while (!s.gameOver) s = finishTurnWithTakes(s);
    expect(s.result).toEqual({ reason: 'progress', solo: null });
    const actions: Action[] = [
      TAKE_DECK,
      TAKE_BAG,
      { type: 'take', from: 'display', card: s.display[0] },
      { type: 'skip' },
      { type: 'discard', card: s.players[0].hand[0] },
      { type: 'build', card: s.players[0].hand[0] },
      { type: 'loadPassenger', passenger: 'p-flint-1', seat: 0, car: 'engine-1.1' },
      { type: 'deliver', at: 'flint' },
      { type: 'endDelivery' },
      { type: 'returnCard' },
    ];
    for (const seat of [0, 1]) for (const a of actions) expectRefused(s, seat, a, 'GAME_OVER');
    for (const seat of [0, 1]) {
      expect(legalActions(s, seat)).toEqual([]);
      expect(legalActions(playerView(s, seat), seat)).toEqual([]);
    }
    expect(currentDecision(s)).toBeNull();
    const sb = scoreBreakdown(s);
    expect(sb.players).toHaveLength(2);
    expect(sb.winners.length).toBeGreaterThan(0);
    expect(sb.players[0].progressTrain).toBe(1);
    for (const p of sb.players) {
      expect(p.total).toBe(p.tokens + p.trainCars + p.contracts + p.loaded + p.progressTrain + p.buildings);
    }
  });
});

describe('legalActions on a state equals legalActions on the seat\'s own view', () => {
  test('at the start, mid-turn, in a pay decision and in a bonus decision; [] for a seat that is not deciding', () => {
    let s = game(3);
    expect(expectSameLegal(s, 0).length).toBeGreaterThan(0);
    expect(legalActions(s, 1)).toEqual([]);
    expect(legalActions(playerView(s, 1), 1)).toEqual([]);
    expect(legalActions(playerView(s, 0), 1)).toEqual([]); // someone else's view
    expect(legalActions(playerView(s, 'spectator'), 0)).toEqual([]);

    setHand(s, 0, ['tanker-1.1', 'hopper-2.1', ...spare(s, 3)]);
    moveCard(s, 'hopper-3.1', { car: 2 });
    expectSameLegal(s, 0);
    s = act(s, { type: 'loadCard', card: 'hopper-2.1', seat: 2, car: 'hopper-3.1' });
    expect(currentDecision(s)!.kind).toBe('bonus');
    const bonus = expectSameLegal(s, 0);
    expect(bonus[0]).toEqual({ type: 'skip' });
    expect(legalActions(s, 2)).toEqual([]);
    s = act(s, { type: 'build', card: 'tanker-1.1' });
    expect(currentDecision(s)!.kind).toBe('pay');
    const pay = expectSameLegal(s, 0);
    expect(pay).toEqual(s.players[0].hand.map((card) => ({ type: 'discard', card })));
    expect(legalActions(s, 1)).toEqual([]);
  });
});
