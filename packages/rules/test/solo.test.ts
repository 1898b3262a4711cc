/**
 * Solo mode (rulebook "Solo mode" and "Scenarios"): every difference from the
 * multiplayer turn, the Challenge's ending and rating, and each chapter's
 * objective and special rule, on constructed states.
 */
import {
  applyAction, buildingPoints, card, CARDS, challengeRating, createGame, currentDecision, legalActions, playerScore,
  playerView, scoreBreakdown, soloStatus, Action, GameState,
} from '../src';
import { checkConservation } from './invariants';
import {
  act, actAll, addCars, ALL_MODES, decisionKind, discardEach, expectRefused, holdIsland, Mode, modeName, moveCard,
  movePassenger, passengersFor, ready, run, setEngine, setHand, snap, solo, spare, stackDeck, thinDeck,
} from './solo-fixtures';

const me = (s: GameState) => s.players[0];
const top = (pile: string[]) => pile[pile.length - 1];
const loadsOf = (s: GameState, car: string) => me(s).train.find((c) => c.card === car)!.loads;

/** A fresh solo state with these cars attached and one good of the car's type loaded into each `loaded` car. */
function withGoods(mode: Mode, cars: string[], loaded: Record<string, 'coal' | 'oil' | 'box'>): { s: GameState; goods: Record<string, string> } {
  const s = solo(mode);
  addCars(s, cars);
  const goods: Record<string, string> = {};
  for (const [car, sym] of Object.entries(loaded)) {
    const [g] = spare(s, 1, [], sym);
    moveCard(s, g, { load: car });
    goods[car] = g;
  }
  return { s, goods };
}

describe('solo turn: what differs from the multiplayer game', () => {
  test('loading your own car gains the benefit shown on it (it gains nothing in a 2-player game)', () => {
    const s = solo();
    addCars(s, ['tanker-1.1', 'coach-1.1']);
    const [oil] = spare(s, 1, [], 'oil');
    setHand(s, [oil]);
    s.bag.push(...s.players[0].supply.splice(0));
    movePassenger(s, 'p-alpine-1', 'supply');
    ready(s);
    const deck = s.deck.length;

    // Tanker Level 1: when oil is loaded, draw 3 cards.
    const a = act(s, { type: 'loadCard', card: oil, seat: 0, car: 'tanker-1.1' });
    expect(loadsOf(a, 'tanker-1.1')).toEqual([{ kind: 'card', card: oil, as: 'oil', faceDown: false }]);
    expect(me(a).hand).toHaveLength(3);
    expect(a.deck).toHaveLength(deck - 3);

    // Coach Level 1: when passengers are loaded, draw 3 cards, then take 1 VP token.
    const b = act(a, { type: 'loadPassenger', passenger: 'p-alpine-1', seat: 0, car: 'coach-1.1' });
    expect(me(b).hand).toHaveLength(6);
    expect(me(b).vp).toBe(1);

    // The same load onto your own car in a 2-player game draws nothing.
    const m = createGame({ players: 2, seed: 'solo' });
    const [oil2] = m.deck.filter((id) => card(id).symbol === 'oil');
    m.deck.splice(m.deck.indexOf(oil2), 1);
    m.deck.push(...m.players[0].hand.splice(0, 5, oil2));
    const tanker = m.deck.find((id) => id.startsWith('tanker-1.'))!;
    m.deck.splice(m.deck.indexOf(tanker), 1);
    m.players[0].train.push({ card: tanker, loads: [] });
    checkConservation(m);
    const r = applyAction(m, 0, { type: 'loadCard', card: oil2, seat: 0, car: tanker });
    expect(r.ok && r.state.players[0].hand).toEqual([]);
  });

  test('the engine\'s own benefit works too: seating a passenger on it draws 2', () => {
    const s = solo();
    const pax = me(s).supply[0];
    ready(s);
    const a = act(s, { type: 'loadPassenger', passenger: pax, seat: 0, car: me(s).train[0].card });
    expect(me(a).hand).toHaveLength(7);
    expect(decisionKind(a)).toBe('action');
  });

  test('cargo loaded through a +L bonus gains no benefit', () => {
    const { s } = withGoods('challenge', ['boxcar-2.1', 'hopper-1.1'], {});
    const [box] = spare(s, 1, [], 'box');
    const [coal] = spare(s, 1, [box], 'coal');
    setHand(s, [box, coal]);
    ready(s);
    const deck = s.deck.length;
    // Boxcar Level 2 on your own train: draw 4, then a bonus Load.
    const a = act(s, { type: 'loadCard', card: box, seat: 0, car: 'boxcar-2.1' });
    expect(currentDecision(a)).toMatchObject({ kind: 'bonus', bonus: 'L' });
    expect(me(a).hand).toHaveLength(5);
    expect(a.deck).toHaveLength(deck - 4);
    // The bonus load into the Hopper Level 1 would draw 3 and discard 1 as a normal load: here nothing.
    const b = act(a, { type: 'loadCard', card: coal, seat: 0, car: 'hopper-1.1' });
    expect(loadsOf(b, 'hopper-1.1')).toHaveLength(1);
    expect(me(b).hand).toHaveLength(4);
    expect(b.deck).toHaveLength(deck - 4);
    expect(currentDecision(b)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
  });

  test('cargo loaded through a +A bonus gains no benefit, and the bonus costs no action', () => {
    const { s } = withGoods('challenge', ['hopper-3.1', 'tanker-1.2'], {});
    const [coal] = spare(s, 1, [], 'coal');
    const [oil] = spare(s, 1, [coal], 'oil');
    setHand(s, [coal, oil]);
    ready(s);
    const deck = s.deck.length;
    // Hopper Level 3: draw 2, then a bonus action.
    const a = act(s, { type: 'loadCard', card: coal, seat: 0, car: 'hopper-3.1' });
    expect(currentDecision(a)).toMatchObject({ kind: 'bonus', bonus: 'A' });
    expect(me(a).hand).toHaveLength(3);
    const b = act(a, { type: 'loadCard', card: oil, seat: 0, car: 'tanker-1.2' });
    expect(me(b).hand).toHaveLength(2);
    expect(b.deck).toHaveLength(deck - 2);
    expect(currentDecision(b)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
  });

  test('a passenger seated through a ticket tile\'s +L bonus gains no benefit either', () => {
    const s = solo();
    addCars(s, ['coach-1.2']);
    const engine = me(s).train[0].card;
    // Put the Load ticket tile on Alpine Lodge.
    const other = s.tickets.find((t) => t.tile === 'load')!;
    const alpine = s.tickets.find((t) => t.destination === 'alpine')!;
    [other.tile, alpine.tile] = [alpine.tile, 'load'];
    movePassenger(s, 'p-alpine-1', { car: engine });
    s.bag.push(...s.players[0].supply.splice(0));
    movePassenger(s, 'p-devon-1', 'supply');
    setHand(s, []);
    ready(s);
    let a = act(s, { type: 'deliver', at: 'alpine' });
    a = act(a, { type: 'deliverTicket', passenger: 'p-alpine-1' });
    // First reward: take 2 cards and a bonus Load (the delivery ends by itself: nothing else is loaded).
    expect(currentDecision(a)).toMatchObject({ kind: 'bonus', bonus: 'L' });
    expect(me(a).hand).toHaveLength(2);
    const b = act(a, { type: 'loadPassenger', passenger: 'p-devon-1', seat: 0, car: 'coach-1.2' });
    expect(me(b).hand).toHaveLength(2);
    expect(me(b).vp).toBe(0);
    expect(currentDecision(b)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
  });

  test('the day phase is two actions, then the night phase runs and a new day begins', () => {
    const s = ready(solo());
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 2 });
    const a = act(s, { type: 'take', from: 'bag' });
    expect(a.turn).toMatchObject({ number: 1, actionsLeft: 1 });
    expect(a.discard).toEqual([]);
    const b = act(a, { type: 'take', from: 'bag' });
    expect(b.turn).toMatchObject({ number: 2, actionsLeft: 2, queue: [] });
    expect(b.discard).toEqual([top(s.deck)]);
    expect(b.gameOver).toBe(false);
  });

  test('night phase: hand limit 5 with discards you choose, display refilled to 3, then the deck\'s top card discarded face up', () => {
    const s = solo();
    const [x, y, z] = spare(s, 3);
    stackDeck(s, [x, y, z]);
    ready(s);
    const shown = s.display[0];
    const hand = [...me(s).hand];
    let t = act(s, { type: 'take', from: 'display', card: shown });
    t = act(t, { type: 'take', from: 'deck' });
    // Seven cards: the player picks the two to drop, any two of them.
    expect(currentDecision(t)).toEqual({ seat: 0, kind: 'handLimit', count: 2 });
    expect(legalActions(t, 0).filter((a) => a.type === 'discard').map((a) => (a as { card: string }).card).sort())
      .toEqual([...hand, shown, x].sort());
    expect(t.display).toHaveLength(2);
    expect(t.discard).toEqual([]);
    t = discardEach(t, [hand[0], hand[3]]);
    expect([...me(t).hand].sort()).toEqual([hand[1], hand[2], hand[4], shown, x].sort());
    // Refill first (y), then the night discard (z) on top of the chosen discards.
    expect(t.display).toEqual([...s.display.slice(1), y]);
    expect(t.discard).toEqual([hand[0], hand[3], z]);
    expect(t.deck).toEqual(s.deck.slice(0, -3));
    expect(t.turn).toMatchObject({ number: 2, actionsLeft: 2 });
  });

  test('the discard pile is never reshuffled: a draw from a short deck stops, and the deck running out ends the game', () => {
    const { s, goods } = withGoods('challenge', ['hopper-1.1'], { 'hopper-1.1': 'coal' });
    thinDeck(s, 1);
    ready(s);
    const last = s.deck[0];
    const discard = [...s.discard];
    // A special delivery draws 2 cards; only 1 is left and the discard pile is not touched.
    let t = act(s, { type: 'deliver', at: 'billingtons' });
    t = act(t, { type: 'deliverSpecial', item: goods['hopper-1.1'] });
    expect(me(t).hand).toEqual([...me(s).hand, last]);
    expect(t.deck).toEqual([]);
    expect(t.discard.slice(0, discard.length)).toEqual(discard);
    expect(t.discard.slice(discard.length)).toEqual([goods['hopper-1.1']]);
    expect(t.gameOver).toBe(true);
    expect(t.result).toEqual({ reason: 'deck-empty', solo: 'finished' });
  });

  test('the progress track is not used: island cards and full ticket tiles do not move it or end the game', () => {
    const { s, goods } = withGoods('challenge', ['hopper-1.1', 'boxcar-1.1'], { 'hopper-1.1': 'coal', 'boxcar-1.1': 'box' });
    const [p1, p2, p3] = passengersFor('billingtons');
    movePassenger(s, p1, { ticket: 'billingtons' });
    movePassenger(s, p2, { ticket: 'billingtons' });
    movePassenger(s, p3, { car: me(s).train[0].card });
    ready(s);
    expect(playerView(s, 0).progressThreshold).toBeNull();
    let t = act(s, { type: 'deliver', at: 'billingtons' });
    t = act(t, { type: 'deliverPrimary', items: [goods['hopper-1.1'], goods['boxcar-1.1']] });
    expect(me(t).islands).toEqual([{ island: 'billingtons', secondary: null }]);
    expect(t.progress).toBe(0);
    t = act(t, { type: 'deliverTicket', passenger: p3 });
    expect(t.tickets.find((x) => x.destination === 'billingtons')!.filled).toEqual([p1, p2, p3]);
    expect(t.progress).toBe(0);
    expect(t.progressTrain).toBeNull();
    expect(t.endTriggered).toBe(false);
    expect(t.finalTurnsLeft).toBeNull();
    expect(t.gameOver).toBe(false);
    expect(scoreBreakdown(t).players[0].progressTrain).toBe(0);
  });
});

describe('solo returnCard: the discard top back onto the deck for VP tokens', () => {
  function withDiscard(mode: Mode, vp: number): { s: GameState; x: string; y: string } {
    const s = solo(mode);
    const [x, y] = spare(s, 2);
    moveCard(s, x, 'discard');
    moveCard(s, y, 'discard');
    s.players[0].vp = vp;
    return { s: ready(s), x, y };
  }

  test('costs 3 VP per card, moves the discard top to the deck top, and costs no action', () => {
    const { s, x, y } = withDiscard('challenge', 7);
    const { state: a, events } = run(s, { type: 'returnCard' });
    expect(me(a).vp).toBe(4);
    expect(a.deck).toEqual([...s.deck, y]);
    expect(a.discard).toEqual([x]);
    expect(a.turn).toEqual(s.turn);
    expect(events.map((e) => e.type)).toEqual(['return']);
    // Several cards may go back, one after another, while the tokens last.
    const b = act(a, { type: 'returnCard' });
    expect(me(b).vp).toBe(1);
    expect(b.deck).toEqual([...s.deck, y, x]);
    expect(b.discard).toEqual([]);
    expectRefused(b, { type: 'returnCard' }, 'NOT_ENOUGH_VP');
  });

  test('may be used in the middle of a decision, e.g. while paying for a build', () => {
    const s = solo();
    const pay = spare(s, 3, ['boxcar-1.1']);
    setHand(s, ['boxcar-1.1', ...pay]);
    s.players[0].vp = 3;
    ready(s);
    let t = act(s, { type: 'build', card: 'boxcar-1.1' });
    t = act(t, { type: 'discard', card: pay[0] });
    expect(currentDecision(t)).toMatchObject({ kind: 'pay', count: 2 });
    expect(legalActions(t, 0)).toContainEqual({ type: 'returnCard' });
    t = act(t, { type: 'returnCard' });
    // The card just paid goes back on the deck; the payment still owes 2.
    expect(top(t.deck)).toBe(pay[0]);
    expect(me(t).vp).toBe(0);
    expect(currentDecision(t)).toMatchObject({ kind: 'pay', count: 2 });
    t = discardEach(t, pay.slice(1));
    expect(currentDecision(t)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
  });

  test('may be used during a bonus decision, a delivery and the night\'s hand limit', () => {
    const { s: base, goods } = withGoods('challenge', ['boxcar-2.1', 'hopper-1.1'], { 'hopper-1.1': 'coal' });
    const [box] = spare(base, 1, [], 'box');
    setHand(base, [box]);
    for (const id of spare(base, 3)) moveCard(base, id, 'discard');
    base.players[0].vp = 9;
    const s = ready(base);
    // Bonus decision.
    let t = act(s, { type: 'loadCard', card: box, seat: 0, car: 'boxcar-2.1' });
    expect(decisionKind(t)).toBe('bonus');
    t = act(t, { type: 'returnCard' });
    expect(currentDecision(t)).toMatchObject({ kind: 'bonus', bonus: 'L' });
    t = act(t, { type: 'skip' });
    // Delivery decision.
    t = act(t, { type: 'deliver', at: 'alpine' });
    expect(decisionKind(t)).toBe('delivery');
    t = act(t, { type: 'returnCard' });
    expect(decisionKind(t)).toBe('delivery');
    t = act(t, { type: 'deliverSpecial', item: goods['hopper-1.1'] });
    t = act(t, { type: 'endDelivery' });
    // Hand limit: 6 cards after drawing 4 (Boxcar) and 2 (special delivery).
    expect(decisionKind(t)).toBe('handLimit');
    t = act(t, { type: 'returnCard' });
    expect(currentDecision(t)).toMatchObject({ kind: 'handLimit' });
    expect(me(t).vp).toBe(0);
  });

  test('costs 2 VP in chapter 9 (3 everywhere else)', () => {
    const { s, y } = withDiscard(9, 2);
    const t = act(s, { type: 'returnCard' });
    expect(me(t).vp).toBe(0);
    expect(top(t.deck)).toBe(y);
    expectRefused(withDiscard('challenge', 2).s, { type: 'returnCard' }, 'NOT_ENOUGH_VP');
    expectRefused(withDiscard(1, 2).s, { type: 'returnCard' }, 'NOT_ENOUGH_VP');
  });

  test('refusals leave the state unchanged: NOT_ENOUGH_VP, DISCARD_EMPTY, SOLO_ONLY', () => {
    expectRefused(withDiscard('challenge', 0).s, { type: 'returnCard' }, 'NOT_ENOUGH_VP');
    const empty = solo();
    empty.players[0].vp = 10;
    expect(empty.discard).toEqual([]);
    expectRefused(ready(empty), { type: 'returnCard' }, 'DISCARD_EMPTY');
    expect(legalActions(empty, 0)).not.toContainEqual({ type: 'returnCard' });

    const m = createGame({ players: 2, seed: 'solo' });
    m.discard.push(m.deck.pop()!);
    m.players[0].vp = 10;
    expectRefused(ready(m), { type: 'returnCard' }, 'SOLO_ONLY');
    expect(legalActions(m, 0)).not.toContainEqual({ type: 'returnCard' });
  });
});

describe('the Challenge', () => {
  test('taking the last card of the deck ends the game at once, mid-turn', () => {
    const s = solo();
    thinDeck(s, 1);
    ready(s);
    const { state: t, events } = run(s, { type: 'take', from: 'deck' });
    expect(t.gameOver).toBe(true);
    expect(t.result).toEqual({ reason: 'deck-empty', solo: 'finished' });
    expect(t.turn.actionsLeft).toBe(1);
    expect(t.discard).toEqual(s.discard); // no night phase
    expect(currentDecision(t)).toBeNull();
    expect(legalActions(t, 0)).toEqual([]);
    expect(events.map((e) => e.type)).toContain('game-over');
    expect(soloStatus(t)).toMatchObject({ mode: 'challenge', outcome: 'finished', deckCount: 0 });
    expect(scoreBreakdown(t).rating).toBe('Freeloader');
    expectRefused(t, { type: 'take', from: 'bag' }, 'GAME_OVER');
  });

  test('the night discard taking the last card ends the game too', () => {
    const s = solo();
    thinDeck(s, 1);
    ready(s);
    const last = s.deck[0];
    const t = actAll(s, [{ type: 'take', from: 'bag' }, { type: 'take', from: 'bag' }]);
    expect(t.result).toEqual({ reason: 'deck-empty', solo: 'finished' });
    expect(top(t.discard)).toBe(last);
  });

  test('challengeRating boundaries: 49/50, 59/60, 69/70, 79/80', () => {
    const cases: [number, string][] = [
      [0, 'Freeloader'], [49, 'Freeloader'], [50, 'Trainee'], [59, 'Trainee'], [60, 'Engineer'], [69, 'Engineer'],
      [70, 'Head Conductor'], [79, 'Head Conductor'], [80, 'Island Conductor'], [150, 'Island Conductor'],
    ];
    for (const [points, name] of cases) {
      expect(challengeRating(points)).toBe(name);
      // The same through scoreBreakdown on a constructed state: a Level 1 Engine scores 0, so the total is the tokens.
      const s = solo();
      s.players[0].vp = points;
      const b = scoreBreakdown(s);
      expect(b.players[0].total).toBe(points);
      expect(b.rating).toBe(name);
      expect(scoreBreakdown(playerView(s, 0)).rating).toBe(name);
    }
  });

  test('the breakdown rates the whole score, not just the tokens', () => {
    const { s } = withGoods('challenge', ['hopper-1.1'], { 'hopper-1.1': 'coal' });
    holdIsland(s, 'flint', 1);
    moveCard(s, 'grand-central.1', 'building');
    // 12 (contract) + 2 (hopper) + 1 (loaded) + 8 (Grand Central) = 23
    s.players[0].vp = 69 - 23;
    expect(scoreBreakdown(s)).toMatchObject({ rating: 'Engineer', players: [{ total: 69, tokens: 46, buildings: 8, contracts: 12 }] });
    s.players[0].vp += 1;
    expect(scoreBreakdown(s)).toMatchObject({ rating: 'Head Conductor', players: [{ total: 70 }] });
    expect(soloStatus(s)).toMatchObject({ mode: 'challenge', current: 70, target: null, label: 'points 70', outcome: 'playing' });
  });
});

/**
 * Apply the winning action and check the game ended with a win once that step was fully resolved: a cost
 * still owed (a build's payment, a car's discard) keeps the game going until it is paid.
 */
function expectWinOn(before: GameState, a: Action, label: string): GameState {
  expect(before.gameOver).toBe(false);
  expect(soloStatus(before)!.outcome).toBe('playing');
  let { state, events } = run(before, a);
  while (!state.gameOver && ['pay', 'discard'].includes(currentDecision(state)!.kind)) {
    expect(soloStatus(state)!.outcome).toBe('playing');
    const next = run(state, { type: 'discard', card: state.players[0].hand[0] });
    state = next.state;
    events = [...events, ...next.events];
  }
  expect(state.gameOver).toBe(true);
  expect(state.result).toEqual({ reason: 'objective', solo: 'won' });
  expect(currentDecision(state)).toBeNull();
  expect(events.map((e) => e.type)).toContain('game-over');
  const st = soloStatus(state)!;
  expect(st).toMatchObject({ mode: 'scenario', outcome: 'won', label });
  expect(st.current).toBeGreaterThanOrEqual(st.target!);
  expect(soloStatus(playerView(state, 0))).toEqual(st);
  expect(scoreBreakdown(state).rating).toBeNull();
  return state;
}

describe('scenario objectives: a near-win state wins on the action that completes it', () => {
  test('chapter 1: primary and secondary contracts of Billington\'s and Flint Beach', () => {
    const { s } = withGoods(1, ['boxcar-2.1'], {});
    holdIsland(s, 'billingtons', 0);
    holdIsland(s, 'flint', null);
    const boxes = spare(s, 2, [], 'box');
    for (const b of boxes) moveCard(s, b, { load: 'boxcar-2.1' });
    ready(s);
    expect(soloStatus(s)).toMatchObject({ chapter: 1, current: 1, target: 2, label: 'contracts 1/2' });
    const t = act(s, { type: 'deliver', at: 'flint' });
    expect(t.gameOver).toBe(false);
    // Flint Beach secondary contract 0 is box + box.
    expectWinOn(t, { type: 'deliverSecondary', contract: 0, items: boxes }, 'contracts 2/2');
  });

  test('chapter 2: four buildings (no building limit)', () => {
    const s = solo(2);
    for (const b of ['bank.1', 'grand-central.1', 'rail-yard.1']) moveCard(s, b, 'building');
    setHand(s, ['town-hall.1', ...spare(s, 5)]);
    ready(s);
    expect(soloStatus(s)!.label).toBe('buildings 3/4');
    expectWinOn(s, { type: 'build', card: 'town-hall.1' }, 'buildings 4/4');
  });

  test('a chapter is won only once the step that meets it is paid for', () => {
    const s = solo(2);
    for (const b of ['bank.1', 'grand-central.1', 'rail-yard.1']) moveCard(s, b, 'building');
    setHand(s, ['town-hall.1', ...spare(s, 5)]);
    ready(s);
    let t = act(s, { type: 'build', card: 'town-hall.1' });
    // Four buildings stand, but the Town Hall is not paid for yet: the game goes on.
    expect(t.players[0].buildings).toHaveLength(4);
    expect(t.gameOver).toBe(false);
    expect(currentDecision(t)).toMatchObject({ kind: 'pay', count: card('town-hall.1').cost });
    expect(soloStatus(t)!.outcome).toBe('playing');
    for (let i = 0; i < card('town-hall.1').cost - 1; i++) {
      t = act(t, { type: 'discard', card: t.players[0].hand[0] });
      expect(t.gameOver).toBe(false);
    }
    t = act(t, { type: 'discard', card: t.players[0].hand[0] });
    expect(t.result).toEqual({ reason: 'objective', solo: 'won' });
  });

  test('chapter 3: 60 points', () => {
    const s = solo(3);
    addCars(s, ['hopper-1.1']);
    const [coal] = spare(s, 1, [], 'coal');
    setHand(s, [coal]);
    s.players[0].vp = 57; // + 2 for the Hopper Level 1
    ready(s);
    expect(soloStatus(s)).toMatchObject({ current: 59, target: 60, label: 'points 59/60' });
    expectWinOn(s, { type: 'loadCard', card: coal, seat: 0, car: 'hopper-1.1' }, 'points 60/60');
  });

  test('chapter 4: cars count without the engine, and an upgrade replaces a car without adding one', () => {
    const s = solo(4);
    const pay = spare(s, 4, ['hopper-1.1', 'hopper-2.1']);
    setHand(s, ['hopper-1.1', 'hopper-2.1', ...pay]);
    ready(s);
    expect(soloStatus(s)).toMatchObject({ current: 0, target: 13, label: 'cars 0/13' });
    let t = act(s, { type: 'build', card: 'hopper-1.1' });
    t = discardEach(t, [pay[0]]);
    expect(soloStatus(t)!.label).toBe('cars 1/13');
    t = act(t, { type: 'build', card: 'hopper-2.1', upgrade: 'hopper-1.1' });
    t = discardEach(t, pay.slice(1));
    expect(me(t).train.map((c) => c.card)).toEqual([me(s).train[0].card, 'hopper-2.1']);
    expect(soloStatus(t)!.label).toBe('cars 1/13');
  });

  test('chapter 4: once 13 cars are attached the next action ends the game with a win', () => {
    // NOTE: this fixture is over its engine capacity; see the known issue below.
    const s = solo(4);
    setEngine(s, 'engine-3.1');
    const cars = CARDS.filter((c) => c.category !== 'engine' && c.category !== 'building').map((c) => c.id)
      .filter((id) => s.deck.includes(id)).slice(0, 13);
    addCars(s, cars);
    ready(s);
    expect(soloStatus(s)!.label).toBe('cars 13/13');
    expectWinOn(s, { type: 'take', from: 'bag' }, 'cars 13/13');
  });

  // The most capacity is 8 (Level 3 Engine) + 2 (Caboose 6); the weightless Level 1 hoppers, tankers
  // and coaches are what let 13 cars fit.
  test('chapter 4 is winnable: 13 cars fit under the best engine capacity', () => {
    const capacity = Math.max(...CARDS.filter((c) => c.category === 'engine').map((c) => c.engineCapacity))
      + CARDS.filter((c) => c.category !== 'engine').reduce((n, c) => n + c.engineCapacity, 0);
    const weights = CARDS.filter((c) => c.category !== 'engine' && c.category !== 'building').map((c) => c.weight).sort((a, b) => a - b);
    let used = 0;
    let cars = 0;
    for (const w of weights) if (used + w <= capacity) { used += w; cars++; }
    expect(cars).toBeGreaterThanOrEqual(13);
  });

  test('chapter 5: five full ticket tiles', () => {
    const s = solo(5);
    const engine = me(s).train[0].card;
    for (const d of ['alpine', 'billingtons', 'cactus', 'devon']) for (const p of passengersFor(d)) movePassenger(s, p, { ticket: d });
    const [e1, e2, e3] = passengersFor('eagle');
    movePassenger(s, e1, { ticket: 'eagle' });
    movePassenger(s, e2, { ticket: 'eagle' });
    movePassenger(s, e3, { car: engine });
    ready(s);
    expect(soloStatus(s)).toMatchObject({ current: 4, target: 5, label: 'ticket tiles filled 4/5' });
    const t = act(s, { type: 'deliver', at: 'eagle' });
    expectWinOn(t, { type: 'deliverTicket', passenger: e3 }, 'ticket tiles filled 5/5');
  });

  test('chapter 6: contracts of Alpine Lodge, Devon City and the Research Station', () => {
    const { s, goods } = withGoods(6, ['hopper-1.1', 'boxcar-1.1'], { 'hopper-1.1': 'coal', 'boxcar-1.1': 'box' });
    holdIsland(s, 'alpine', 0);
    holdIsland(s, 'devon', 1);
    holdIsland(s, 'research', null);
    ready(s);
    expect(soloStatus(s)!.label).toBe('contracts 2/3');
    const t = act(s, { type: 'deliver', at: 'research' });
    // Research Station secondary contract 0 is box + coal.
    expectWinOn(t, { type: 'deliverSecondary', contract: 0, items: [goods['boxcar-1.1'], goods['hopper-1.1']] }, 'contracts 3/3');
  });

  test('chapter 7: 50 points from buildings, adding up across several buildings', () => {
    const s = solo(7);
    for (const b of ['coal-factory.1', 'oil-refinery.1', 'customs-house.1', 'grand-central.1']) moveCard(s, b, 'building');
    for (const i of ['alpine', 'billingtons', 'cactus', 'devon']) holdIsland(s, i, 1);
    setHand(s, ['southern-station.1', ...spare(s, 4)]);
    ready(s);
    const before = playerScore(s, 0);
    expect(before.buildingDetail).toHaveLength(4);
    for (const d of before.buildingDetail) {
      expect(d.points).toBeGreaterThan(0);
      expect(d.points).toBe(buildingPoints(s, me(s), d.card));
    }
    expect(before.buildings).toBe(before.buildingDetail.reduce((n, d) => n + d.points, 0));
    expect(before.buildings).toBe(48); // 2×7 coal + 2×5 oil + 2×8 box + 8
    expect(soloStatus(s)!.label).toBe('building points 48/50');
    const t = expectWinOn(s, { type: 'build', card: 'southern-station.1' }, 'building points 52/50');
    expect(playerScore(t, 0).buildings).toBe(48 + 4);
  });

  test('chapter 8: the primary contract of all 7 island cards, taken while holding open island cards', () => {
    const { s, goods } = withGoods(8, ['hopper-1.1', 'tanker-1.1'], { 'hopper-1.1': 'coal', 'tanker-1.1': 'oil' });
    for (const i of ['alpine', 'billingtons', 'cactus', 'devon', 'eagle', 'research']) holdIsland(s, i, null);
    ready(s);
    expect(soloStatus(s)).toMatchObject({ current: 6, target: 7, label: 'island cards 6/7' });
    const t = act(s, { type: 'deliver', at: 'flint' });
    expect(legalActions(t, 0)).toContainEqual({ type: 'deliverPrimary', items: [goods['hopper-1.1'], goods['tanker-1.1']] });
    expectWinOn(t, { type: 'deliverPrimary', items: [goods['hopper-1.1'], goods['tanker-1.1']] }, 'island cards 7/7');
  });

  test('chapter 9: a Level 3 Engine and Level 3 hopper, tanker, boxcar and coach', () => {
    const s = solo(9);
    setEngine(s, 'engine-3.1');
    addCars(s, ['hopper-3.1', 'tanker-3.1', 'boxcar-3.1', 'coach-1.1']);
    setHand(s, ['coach-3.1', ...spare(s, 6)]);
    ready(s);
    expect(soloStatus(s)).toMatchObject({ current: 4, target: 5, label: 'Level 3 engine 1/1, Level 3 cars 3/4' });
    expectWinOn(s, { type: 'build', card: 'coach-3.1', upgrade: 'coach-1.1' }, 'Level 3 engine 1/1, Level 3 cars 4/4');
  });

  test('chapter 10: 70 points with every VP token counting −1', () => {
    const s = solo(10);
    addCars(s, ['hopper-1.1']);
    for (const i of ['alpine', 'billingtons', 'cactus', 'devon', 'eagle', 'flint']) holdIsland(s, i, 1);
    const [coal] = spare(s, 1, [], 'coal');
    setHand(s, [coal]);
    s.players[0].vp = 5; // 6×12 + 2 − 5 = 69
    ready(s);
    expect(playerScore(s, 0)).toMatchObject({ tokens: -5, total: 69 });
    expect(soloStatus(s)!.label).toBe('points 69/70');
    expectWinOn(s, { type: 'loadCard', card: coal, seat: 0, car: 'hopper-1.1' }, 'points 70/70');
  });
});

describe('scenario losses', () => {
  test.each(ALL_MODES)('%s: running out of deck ends the game (a loss in every chapter)', (mode) => {
    const s = solo(mode);
    thinDeck(s, 1);
    ready(s);
    const t = act(s, { type: 'take', from: 'deck' });
    expect(t.gameOver).toBe(true);
    expect(t.result).toEqual({ reason: 'deck-empty', solo: mode === 'challenge' ? 'finished' : 'lost' });
    expect(soloStatus(t)!.outcome).toBe(mode === 'challenge' ? 'finished' : 'lost');
  });
});

describe('each special rule changes what it says and nothing else', () => {
  test.each(ALL_MODES)('%s', (mode) => {
    const name = modeName(mode);
    const ch = mode === 'challenge' ? 0 : mode;

    // Buildings: unlimited only in chapters 2 and 7.
    const b = solo(mode);
    moveCard(b, 'bank.1', 'building');
    setHand(b, ['grand-central.1', ...spare(b, 6)]);
    ready(b);
    const r = applyAction(b, 0, { type: 'build', card: 'grand-central.1' });
    if (ch === 2 || ch === 7) expect(r.ok).toBe(true);
    else expect(!r.ok && r.error.code).toBe('BUILDING_LIMIT');

    // The Research Station: on the map only in chapters 6 and 8.
    const research = ch === 6 || ch === 8;
    const { s: m } = withGoods(mode, ['hopper-2.1'], { 'hopper-2.1': 'coal' });
    ready(m);
    expect(m.islandsOnMap.includes('research')).toBe(research);
    expect(legalActions(m, 0).some((a) => a.type === 'deliver' && a.at === 'research')).toBe(research);
    if (!research) expectRefused(m, { type: 'deliver', at: 'research' }, 'NO_SUCH_DESTINATION');

    // Contracts: holding an open island card blocks new primaries and allows its secondary, except in chapter 8.
    const { s: c } = withGoods(mode, ['hopper-2.1'], {});
    const coals = spare(c, 2, [], 'coal');
    for (const g of coals) moveCard(c, g, { load: 'hopper-2.1' });
    holdIsland(c, 'alpine', null);
    ready(c);
    const atCactus = act(c, { type: 'deliver', at: 'cactus' }); // Cactus Mines primary: coal + coal
    const atAlpine = act(c, { type: 'deliver', at: 'alpine' }); // Alpine Lodge secondary 0: coal + coal
    const primary: Action = { type: 'deliverPrimary', items: coals };
    const secondary: Action = { type: 'deliverSecondary', contract: 0, items: coals };
    if (ch === 8) {
      expect(legalActions(atCactus, 0)).toContainEqual(primary);
      expect(legalActions(atAlpine, 0).some((a) => a.type === 'deliverSecondary')).toBe(false);
      expectRefused(atAlpine, secondary, 'NO_SECONDARY_CONTRACTS');
    } else {
      expectRefused(atCactus, primary, 'ISLAND_HELD');
      expect(legalActions(atAlpine, 0)).toContainEqual(secondary);
    }

    // Returning a card: 2 VP in chapter 9, 3 elsewhere.
    const v = solo(mode);
    moveCard(v, spare(v, 1)[0], 'discard');
    v.players[0].vp = 3;
    ready(v);
    expect(me(act(v, { type: 'returnCard' })).vp).toBe(ch === 9 ? 1 : 0);

    // Tokens: −1 each in chapter 10, +1 elsewhere; the rating only in the Challenge.
    const sc = snap(v);
    expect(scoreBreakdown(sc).players[0].tokens).toBe(ch === 10 ? -3 : 3);
    expect(scoreBreakdown(sc).rating === null).toBe(mode !== 'challenge');

    // Everything else is the plain solo game: same setup sizes, no progress track.
    const fresh = solo(mode, `same-${name}`);
    expect(fresh.deck).toHaveLength(62);
    expect(me(fresh).hand).toHaveLength(5);
    expect(fresh.display).toHaveLength(3);
    expect(me(fresh).supply).toHaveLength(2);
    expect(me(fresh).train).toEqual([{ card: 'engine-1.1', loads: [] }]);
    expect(fresh.progress).toBe(0);
    expect(fresh.islandsOnMap).toHaveLength(research ? 7 : 6);
    expect(soloStatus(fresh)).toMatchObject({ mode: mode === 'challenge' ? 'challenge' : 'scenario', chapter: mode === 'challenge' ? null : mode, outcome: 'playing', deckCount: 62 });
  });
});

describe('soloStatus', () => {
  test('gives numbers the UI can show, the same from the state and from the player\'s view', () => {
    for (const mode of ALL_MODES) {
      const s = solo(mode);
      const st = soloStatus(s)!;
      expect(st.title.length).toBeGreaterThan(0);
      expect(st.objective.length).toBeGreaterThan(0);
      expect(typeof st.current).toBe('number');
      expect(st.label.length).toBeGreaterThan(0);
      if (mode === 'challenge') expect(st.target).toBeNull();
      else expect(st.target).toBeGreaterThan(st.current);
      expect(soloStatus(playerView(s, 0))).toEqual(st);
      expect(soloStatus(playerView(s, 'spectator'))).toEqual(st);
    }
    expect(soloStatus(createGame({ players: 2, seed: 'x' }))).toBeNull();
  });
});
