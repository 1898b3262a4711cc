/**
 * The Deliver action (rulebook "D Deliver"): one destination per action, the
 * four delivery types at it, and the delivery cabooses 1, 3, 7, 9 and 10.
 * Every test builds its table by hand from a plain 2-player game.
 */
import { act } from './helpers';
import {
  addCar, expectRefused, freshGame, giveIsland, good, goods, loadCard, loadedIds, pull, ride, setEngine, setTicket,
  ticket, topOfDeck,
} from './deliver-fixtures';
import { applyAction, currentDecision, island, legalActions, scoreBreakdown, GameState } from '../src';

const E0 = 'engine-1.1'; // seat 0's Level 1 Engine (one passenger seat)
const E1 = 'engine-1.2'; // seat 1's Level 1 Engine

const handSize = (s: GameState, seat = 0) => s.players[seat].hand.length;
const decisionKind = (s: GameState) => currentDecision(s)!.kind;

describe('opening a Deliver action', () => {
  test('choosing a destination opens a delivery there and uses one of the two actions', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    loadCard(s0, 0, 'hopper-1.1', good(s0, 'coal'));
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    const d = currentDecision(s)!;
    expect(d.kind).toBe('delivery');
    expect(d.seat).toBe(0);
    if (d.kind === 'delivery') {
      expect(d.progress).toMatchObject({ at: 'billingtons', steps: 0, primary: false, secondary: false });
    }
    expect(s.turn.actionsLeft).toBe(1);
  });

  test('NOTHING_TO_DELIVER: an empty train cannot deliver anywhere', () => {
    const s = freshGame();
    expectRefused(s, { type: 'deliver', at: 'billingtons' }, 'NOTHING_TO_DELIVER');
  });

  test('passengers waiting beside the engine (not loaded) cannot be delivered', () => {
    const s = freshGame();
    expect(s.players[0].supply.length).toBe(2);
    expectRefused(s, { type: 'deliver', at: 'cactus' }, 'NOTHING_TO_DELIVER');
  });

  test('NO_SUCH_DESTINATION: an unknown place, or the Research Station in a 2-player game', () => {
    const s = freshGame();
    addCar(s, 0, 'hopper-1.1');
    loadCard(s, 0, 'hopper-1.1', good(s, 'coal'));
    expectRefused(s, { type: 'deliver', at: 'atlantis' }, 'NO_SUCH_DESTINATION');
    expectRefused(s, { type: 'deliver', at: 'research' }, 'NO_SUCH_DESTINATION');
  });

  test('NOTHING_DELIVERED: ending the delivery before any step is refused', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    loadCard(s0, 0, 'hopper-1.1', good(s0, 'coal'));
    const s = act(s0, { type: 'deliver', at: 'flint' });
    expectRefused(s, { type: 'endDelivery' }, 'NOTHING_DELIVERED');
  });

  test('WRONG_DECISION: no other action (not even a second Deliver) while a delivery is open', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    loadCard(s0, 0, 'hopper-1.1', good(s0, 'coal'));
    const s = act(s0, { type: 'deliver', at: 'flint' });
    expectRefused(s, { type: 'deliver', at: 'cactus' }, 'WRONG_DECISION');
    expectRefused(s, { type: 'take', from: 'deck' }, 'WRONG_DECISION');
  });

  test('delivery steps are refused outside a delivery', () => {
    const s = freshGame();
    addCar(s, 0, 'hopper-1.1');
    const c = good(s, 'coal');
    loadCard(s, 0, 'hopper-1.1', c);
    expectRefused(s, { type: 'deliverSpecial', item: c }, 'WRONG_DECISION');
  });

  test('one destination per action: a passenger for another destination cannot be ticketed there', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    loadCard(s0, 0, 'hopper-1.1', good(s0, 'coal'));
    ride(s0, 0, E0, 'p-flint-1');
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverTicket', passenger: 'p-flint-1' }, 'PASSENGER_MISMATCH');
    expectRefused(s, { type: 'deliverTicket', passenger: 'p-flint-1', to: 'flint' }, 'NEEDS_CABOOSE');
  });

  test('the delivery ends by itself once nothing more can be delivered', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    const c = good(s0, 'coal');
    loadCard(s0, 0, 'hopper-1.1', c);
    let s = act(s0, { type: 'deliver', at: 'flint' });
    s = act(s, { type: 'deliverSpecial', item: c });
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect(s.turn.queue).toEqual([]);
  });

  test('endDelivery ends it early; what is left stays loaded', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-2.1');
    const [c1, c2] = goods(s0, 'coal', 2);
    loadCard(s0, 0, 'hopper-2.1', c1);
    loadCard(s0, 0, 'hopper-2.1', c2);
    let s = act(s0, { type: 'deliver', at: 'flint' });
    s = act(s, { type: 'deliverSpecial', item: c1 });
    expect(decisionKind(s)).toBe('delivery');
    s = act(s, { type: 'endDelivery' });
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect(loadedIds(s, 0)).toEqual([c2]);
  });

  test('legalActions in a delivery lists exactly the steps applyAction accepts (endDelivery once something is delivered)', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-2.1');
    addCar(s0, 0, 'boxcar-1.1');
    const [c1, c2] = goods(s0, 'coal', 2);
    const b = good(s0, 'box');
    loadCard(s0, 0, 'hopper-2.1', c1);
    loadCard(s0, 0, 'hopper-2.1', c2);
    loadCard(s0, 0, 'boxcar-1.1', b);
    ride(s0, 0, E0, 'p-billingtons-1');
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    const legal = legalActions(s, 0);
    expect(legal).toContainEqual({ type: 'deliverPrimary', items: [c1, b] });
    expect(legal).toContainEqual({ type: 'deliverPrimary', items: [c2, b] });
    expect(legal).not.toContainEqual({ type: 'deliverPrimary', items: [c1, c2] });
    expect(legal).toContainEqual({ type: 'deliverTicket', passenger: 'p-billingtons-1' });
    for (const id of [c1, c2, b, 'p-billingtons-1']) expect(legal).toContainEqual({ type: 'deliverSpecial', item: id });
    expect(legal).not.toContainEqual({ type: 'endDelivery' }); // nothing delivered yet
    expect(legal.filter((a) => a.type === 'deliverSecondary')).toEqual([]);
    for (const a of legal) expect(applyAction(s, 0, a).ok).toBe(true);
    // After the primary: its goods and the primary are gone, the secondary is open, and ending is allowed.
    const t = act(s, { type: 'deliverPrimary', items: [c1, b] });
    const after = legalActions(t, 0);
    expect(after).toContainEqual({ type: 'endDelivery' });
    expect(after.filter((a) => a.type === 'deliverPrimary')).toEqual([]);
    expect(after).not.toContainEqual({ type: 'deliverSpecial', item: c1 });
    for (const a of after) expect(applyAction(t, 0, a).ok).toBe(true);
  });
});

describe('primary contracts', () => {
  /** Seat 0 with a box and a coal loaded: exactly Billington's primary. */
  function boxAndCoal() {
    const s = freshGame();
    addCar(s, 0, 'hopper-1.1');
    addCar(s, 0, 'boxcar-1.1');
    const c = good(s, 'coal');
    const b = good(s, 'box');
    loadCard(s, 0, 'hopper-1.1', c);
    loadCard(s, 0, 'boxcar-1.1', b);
    return { s, c, b };
  }

  test('delivering exactly its two goods: goods to the discard pile, island card taken, progress train +1', () => {
    const { s: s0, c, b } = boxAndCoal();
    expect([...island('billingtons').primary.goods].sort()).toEqual(['box', 'coal']);
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverPrimary', items: [b, c] });
    expect(s.discard.slice(-2)).toEqual([b, c]);
    expect(loadedIds(s, 0)).toEqual([]);
    expect(s.players[0].islands).toEqual([{ island: 'billingtons', secondary: null }]);
    expect(s.islandsOnMap).not.toContain('billingtons');
    expect(s.progress).toBe(1);
    expect(s.players[0].hand).toEqual(s0.players[0].hand); // a contract draws nothing
  });

  test('CONTRACT_MISMATCH: the wrong goods', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-2.1');
    const [c1, c2] = goods(s0, 'coal', 2);
    loadCard(s0, 0, 'hopper-2.1', c1);
    loadCard(s0, 0, 'hopper-2.1', c2);
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverPrimary', items: [c1, c2] }, 'CONTRACT_MISMATCH');
  });

  test('CONTRACT_MISMATCH: only part of the goods, or more than asked', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-2.1');
    addCar(s0, 0, 'boxcar-1.1');
    const [c1, c2] = goods(s0, 'coal', 2);
    const b = good(s0, 'box');
    loadCard(s0, 0, 'hopper-2.1', c1);
    loadCard(s0, 0, 'hopper-2.1', c2);
    loadCard(s0, 0, 'boxcar-1.1', b);
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverPrimary', items: [b] }, 'CONTRACT_MISMATCH');
    expectRefused(s, { type: 'deliverPrimary', items: [b, c1, c2] }, 'CONTRACT_MISMATCH');
  });

  test('NOT_ON_YOUR_TRAIN: goods on another train, or the same good twice', () => {
    const { s: s0, c } = boxAndCoal();
    addCar(s0, 1, 'boxcar-1.3');
    const theirs = good(s0, 'box');
    loadCard(s0, 1, 'boxcar-1.3', theirs);
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverPrimary', items: [theirs, c] }, 'NOT_ON_YOUR_TRAIN');
    expectRefused(s, { type: 'deliverPrimary', items: [c, c] }, 'NOT_ON_YOUR_TRAIN');
  });

  test('ISLAND_HELD: not while an open (primary side up) island card lies beside your engine', () => {
    const { s: s0, c, b } = boxAndCoal();
    giveIsland(s0, 0, 'alpine');
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverPrimary', items: [b, c] }, 'ISLAND_HELD');
  });

  test('a flipped (secondary done) island card does not stop a new primary', () => {
    const { s: s0, c, b } = boxAndCoal();
    giveIsland(s0, 0, 'alpine', 1);
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverPrimary', items: [b, c] });
    expect(s.players[0].islands).toEqual([{ island: 'alpine', secondary: 1 }, { island: 'billingtons', secondary: null }]);
  });

  test('ISLAND_TAKEN: the island card is already beside another engine', () => {
    const { s: s0, c, b } = boxAndCoal();
    giveIsland(s0, 1, 'billingtons');
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverPrimary', items: [b, c] }, 'ISLAND_TAKEN');
  });

  test('ISLAND_TAKEN: a primary cannot be delivered twice in one action', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-2.1');
    addCar(s0, 0, 'boxcar-2.1');
    const [c1, c2] = goods(s0, 'coal', 2);
    const [b1, b2] = goods(s0, 'box', 2);
    for (const c of [c1, c2]) loadCard(s0, 0, 'hopper-2.1', c);
    for (const b of [b1, b2]) loadCard(s0, 0, 'boxcar-2.1', b);
    setEngine(s0, 0, 'engine-2.1'); // room for the weight
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverPrimary', items: [b1, c1] });
    expectRefused(s, { type: 'deliverPrimary', items: [b2, c2] }, 'ISLAND_TAKEN');
  });
});

describe('secondary contracts', () => {
  /** Seat 0 with two oils (Billington's secondary 0 is oil + oil). */
  function twoOils() {
    const s = freshGame();
    addCar(s, 0, 'tanker-1.1');
    addCar(s, 0, 'tanker-1.2');
    const [o1, o2] = goods(s, 'oil', 2);
    loadCard(s, 0, 'tanker-1.1', o1);
    loadCard(s, 0, 'tanker-1.2', o2);
    return { s, o1, o2 };
  }

  test('NO_ISLAND_CARD: you need the island card beside your engine', () => {
    const { s: s0, o1, o2 } = twoOils();
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverSecondary', contract: 0, items: [o1, o2] }, 'NO_ISLAND_CARD');
  });

  test('NO_ISLAND_CARD: only the holder of an island card can complete its contracts', () => {
    const { s: s0, o1, o2 } = twoOils();
    giveIsland(s0, 1, 'billingtons');
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverSecondary', contract: 0, items: [o1, o2] }, 'NO_ISLAND_CARD');
  });

  test('delivering it flips the island card to that contract; goods to the discard pile; no progress', () => {
    const { s: s0, o1, o2 } = twoOils();
    giveIsland(s0, 0, 'billingtons');
    expect(island('billingtons').secondary[0]).toEqual({ goods: ['oil', 'oil'], vp: 9 });
    expect(scoreBreakdown(s0).players[0].contracts).toBe(3);
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverSecondary', contract: 0, items: [o1, o2] });
    expect(s.players[0].islands).toEqual([{ island: 'billingtons', secondary: 0 }]);
    expect(s.discard.slice(-2)).toEqual([o1, o2]);
    expect(loadedIds(s, 0)).toEqual([]);
    expect(s.progress).toBe(0);
    // The secondary's badge is the card's full total, not an increment on the primary's 3.
    expect(scoreBreakdown(s).players[0].contracts).toBe(9);
  });

  test('the other secondary contract (three goods) scores its own full total', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    addCar(s0, 0, 'boxcar-2.1');
    const c = good(s0, 'coal');
    const [b1, b2] = goods(s0, 'box', 2);
    loadCard(s0, 0, 'hopper-1.1', c);
    loadCard(s0, 0, 'boxcar-2.1', b1);
    loadCard(s0, 0, 'boxcar-2.1', b2);
    giveIsland(s0, 0, 'billingtons');
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverSecondary', contract: 1, items: [b1, b2] }, 'CONTRACT_MISMATCH');
    s = act(s, { type: 'deliverSecondary', contract: 1, items: [b2, c, b1] });
    expect(s.players[0].islands).toEqual([{ island: 'billingtons', secondary: 1 }]);
    expect(scoreBreakdown(s).players[0].contracts).toBe(12);
  });

  test('CONTRACT_MISMATCH: goods that do not match the chosen secondary', () => {
    const { s: s0, o1, o2 } = twoOils();
    giveIsland(s0, 0, 'billingtons');
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverSecondary', contract: 1, items: [o1, o2] }, 'CONTRACT_MISMATCH');
  });

  test('a flipped island card cannot take a second secondary', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'tanker-2.1');
    addCar(s0, 0, 'tanker-1.1');
    const [o1, o2, o3] = goods(s0, 'oil', 3);
    loadCard(s0, 0, 'tanker-2.1', o1);
    loadCard(s0, 0, 'tanker-2.1', o2);
    loadCard(s0, 0, 'tanker-1.1', o3);
    giveIsland(s0, 0, 'billingtons', 0);
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverSecondary', contract: 0, items: [o1, o2] }, 'NO_ISLAND_CARD');
  });

  test('primary and secondary at the same destination in one Deliver action', () => {
    const s0 = freshGame();
    setEngine(s0, 0, 'engine-2.1');
    addCar(s0, 0, 'hopper-1.1');
    addCar(s0, 0, 'boxcar-1.1');
    addCar(s0, 0, 'tanker-1.1');
    addCar(s0, 0, 'tanker-1.2');
    const c = good(s0, 'coal');
    const b = good(s0, 'box');
    const [o1, o2] = goods(s0, 'oil', 2);
    loadCard(s0, 0, 'hopper-1.1', c);
    loadCard(s0, 0, 'boxcar-1.1', b);
    loadCard(s0, 0, 'tanker-1.1', o1);
    loadCard(s0, 0, 'tanker-1.2', o2);
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverPrimary', items: [c, b] });
    s = act(s, { type: 'deliverSecondary', contract: 0, items: [o1, o2] });
    expect(s.players[0].islands).toEqual([{ island: 'billingtons', secondary: 0 }]);
    expect(s.progress).toBe(1);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect(scoreBreakdown(s).players[0].contracts).toBe(9);
  });

  test('after flipping, a new primary may be taken in a later Deliver action', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'tanker-1.1');
    addCar(s0, 0, 'tanker-1.2');
    addCar(s0, 0, 'tanker-1.3');
    addCar(s0, 0, 'hopper-1.1');
    const [o1, o2, o3] = goods(s0, 'oil', 3);
    const c = good(s0, 'coal');
    loadCard(s0, 0, 'tanker-1.1', o1);
    loadCard(s0, 0, 'tanker-1.2', o2);
    loadCard(s0, 0, 'tanker-1.3', o3);
    loadCard(s0, 0, 'hopper-1.1', c);
    giveIsland(s0, 0, 'billingtons');

    let s = act(s0, { type: 'deliver', at: 'flint' });
    expectRefused(s, { type: 'deliverPrimary', items: [c, o3] }, 'ISLAND_HELD');

    s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverSecondary', contract: 0, items: [o1, o2] });
    s = act(s, { type: 'endDelivery' });
    s = act(s, { type: 'deliver', at: 'flint' });
    s = act(s, { type: 'deliverPrimary', items: [c, o3] });
    expect(s.players[0].islands).toEqual([{ island: 'billingtons', secondary: 0 }, { island: 'flint', secondary: null }]);
    expect(s.progress).toBe(1);
    expect(scoreBreakdown(s).players[0].contracts).toBe(9 + 3);
  });
});

describe('ticket tiles', () => {
  test('a matching passenger fills the leftmost space and claims that reward (cards)', () => {
    const s0 = freshGame();
    ride(s0, 0, E0, 'p-flint-1');
    setTicket(s0, 'flint', 'cards', ['p-flint-2']); // second reward: take 4 cards
    const top = topOfDeck(s0, 4);
    let s = act(s0, { type: 'deliver', at: 'flint' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-flint-1' });
    expect(ticket(s, 'flint').filled).toEqual(['p-flint-2', 'p-flint-1']);
    expect(handSize(s)).toBe(handSize(s0) + 4);
    expect(s.players[0].hand.slice(-4)).toEqual(top);
    expect(s.players[0].vp).toBe(0);
    expect(s.players[0].delivered).toEqual({ flint: 1 });
    expect(s.bag).not.toContain('p-flint-1');
    expect(s.progress).toBe(0);
  });

  test('a VP reward: the first space of the token ticket gives 4 VP', () => {
    const s0 = freshGame();
    ride(s0, 0, E0, 'p-billingtons-1');
    setTicket(s0, 'billingtons', 'vp');
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-billingtons-1' });
    expect(s.players[0].vp).toBe(4);
    expect(handSize(s)).toBe(handSize(s0));
  });

  test('a cards-and-VP reward gives both', () => {
    const s0 = freshGame();
    ride(s0, 0, E0, 'p-eagle-1');
    setTicket(s0, 'eagle', 'vp-cards', ['p-eagle-2']); // second reward: 2 cards + 2 VP
    let s = act(s0, { type: 'deliver', at: 'eagle' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-eagle-1' });
    expect(s.players[0].vp).toBe(2);
    expect(handSize(s)).toBe(handSize(s0) + 2);
  });

  test('filling the last space advances the progress train; earlier spaces do not', () => {
    const s0 = freshGame();
    ride(s0, 0, E0, 'p-billingtons-1');
    setTicket(s0, 'billingtons', 'vp', ['p-billingtons-2']); // second reward: 3 VP
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-billingtons-1' });
    expect(s.progress).toBe(0);
    expect(s.players[0].vp).toBe(3);

    const t0 = freshGame();
    ride(t0, 0, E0, 'p-billingtons-1');
    setTicket(t0, 'billingtons', 'vp', ['p-billingtons-2', 'p-billingtons-3']);
    let t = act(t0, { type: 'deliver', at: 'billingtons' });
    t = act(t, { type: 'deliverTicket', passenger: 'p-billingtons-1' });
    expect(ticket(t, 'billingtons').filled).toHaveLength(3);
    expect(t.players[0].vp).toBe(2);
    expect(t.progress).toBe(1);
  });

  test('PASSENGER_MISMATCH: the passenger must match the destination', () => {
    const s0 = freshGame();
    ride(s0, 0, E0, 'p-alpine-1');
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverTicket', passenger: 'p-alpine-1' }, 'PASSENGER_MISMATCH');
  });

  test('TICKET_FULL: nothing more can be delivered to a full ticket tile', () => {
    const s0 = freshGame();
    ride(s0, 0, E0, 'p-alpine-1');
    setTicket(s0, 'billingtons', 'vp', ['p-billingtons-1', 'p-billingtons-2', 'p-billingtons-3']);
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverTicket', passenger: 'p-alpine-1' }, 'TICKET_FULL');
  });

  test('NOT_ON_YOUR_TRAIN: a passenger must be loaded on your own train', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    loadCard(s0, 0, 'hopper-1.1', good(s0, 'coal'));
    s0.players[0].supply.push('p-cactus-3'); // waiting beside the engine, not loaded
    s0.bag.splice(s0.bag.indexOf('p-cactus-3'), 1);
    ride(s0, 1, E1, 'p-cactus-2'); // on the opponent's train
    const s = act(s0, { type: 'deliver', at: 'cactus' });
    expectRefused(s, { type: 'deliverTicket', passenger: 'p-cactus-3' }, 'NOT_ON_YOUR_TRAIN');
    expectRefused(s, { type: 'deliverTicket', passenger: 'p-cactus-2' }, 'NOT_ON_YOUR_TRAIN');
  });

  test('a bonus Load reward comes after the delivery ends and must go onto your own train', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    const c = good(s0, 'coal');
    loadCard(s0, 0, 'hopper-1.1', c);
    ride(s0, 0, E0, 'p-billingtons-1');
    setTicket(s0, 'billingtons', 'load'); // first reward: 2 cards + a bonus Load
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-billingtons-1' });
    expect(handSize(s)).toBe(handSize(s0) + 2); // the cards come at once
    expect(decisionKind(s)).toBe('delivery'); // the bonus waits
    s = act(s, { type: 'endDelivery' });
    expect(currentDecision(s)).toMatchObject({ seat: 0, kind: 'bonus', bonus: 'L' });
    const pid = s.players[0].supply[0];
    expectRefused(s, { type: 'loadPassenger', passenger: pid, seat: 1, car: E1 }, 'BONUS_LOAD_OWN_TRAIN');
    s = act(s, { type: 'loadPassenger', passenger: pid, seat: 0, car: E0 });
    expect(loadedIds(s, 0)).toEqual([pid, c]);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 }); // the bonus was free
  });

  test('a bonus Build reward follows a delivery that ended by itself', () => {
    const s0 = freshGame();
    ride(s0, 0, E0, 'p-cactus-3');
    setTicket(s0, 'cactus', 'build'); // first reward: 2 cards + a bonus Build
    let s = act(s0, { type: 'deliver', at: 'cactus' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-cactus-3' });
    expect(currentDecision(s)).toMatchObject({ seat: 0, kind: 'bonus', bonus: 'B' });
    expect(handSize(s)).toBe(handSize(s0) + 2);
    s = act(s, { type: 'skip' });
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
  });
});

describe('special delivery', () => {
  test('cargo: 2 cards drawn per item, the cargo goes to the discard pile', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    const c = good(s0, 'coal');
    loadCard(s0, 0, 'hopper-1.1', c);
    const top = topOfDeck(s0, 2);
    let s = act(s0, { type: 'deliver', at: 'devon' });
    s = act(s, { type: 'deliverSpecial', item: c });
    expect(s.players[0].hand.slice(-2)).toEqual(top);
    expect(handSize(s)).toBe(handSize(s0) + 2);
    expect(s.discard).toEqual([c]);
  });

  test('passengers go back to the bag (any destination), 2 cards each; several items in one action', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    const c = good(s0, 'coal');
    loadCard(s0, 0, 'hopper-1.1', c);
    ride(s0, 0, E0, 'p-alpine-1');
    let s = act(s0, { type: 'deliver', at: 'devon' });
    s = act(s, { type: 'deliverSpecial', item: 'p-alpine-1' });
    expect(s.bag).toContain('p-alpine-1');
    expect(ticket(s, 'devon').filled).toEqual([]);
    expect(s.players[0].delivered).toEqual({});
    s = act(s, { type: 'deliverSpecial', item: c });
    expect(handSize(s)).toBe(handSize(s0) + 4);
    expect(s.discard).toEqual([c]);
  });

  test('NOT_ON_YOUR_TRAIN: only items loaded on your own train', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    loadCard(s0, 0, 'hopper-1.1', good(s0, 'coal'));
    const s = act(s0, { type: 'deliver', at: 'devon' });
    expectRefused(s, { type: 'deliverSpecial', item: s.players[0].hand[0] }, 'NOT_ON_YOUR_TRAIN');
    expectRefused(s, { type: 'deliverSpecial', item: s.players[0].supply[0] }, 'NOT_ON_YOUR_TRAIN');
  });

  test('the delivered cargo is set aside while drawing: it cannot be reshuffled into the cards drawn', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    const c = good(s0, 'coal');
    loadCard(s0, 0, 'hopper-1.1', c);
    // Empty deck; one card in the discard pile.
    s0.players[1].hand.push(...s0.deck);
    s0.deck = [];
    const x = pull(s0, s0.players[1].hand[0]);
    s0.discard = [x];
    let s = act(s0, { type: 'deliver', at: 'devon' });
    s = act(s, { type: 'deliverSpecial', item: c });
    expect(s.players[0].hand).toEqual([...s0.players[0].hand, x]);
    expect(s.discard).toEqual([c]);
    expect(s.deck).toEqual([]);
  });
});

describe('wild goods', () => {
  test('an all-type card stored in Caboose 3 satisfies any good type', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'caboose-3.1');
    addCar(s0, 0, 'boxcar-1.1');
    loadCard(s0, 0, 'boxcar-1.1', good(s0, 'box'));
    s0.players[0].hand.push(pull(s0, 'hopper-3.2')); // an all-type card
    let s = act(s0, { type: 'loadCard', card: 'hopper-3.2', seat: 0, car: 'caboose-3.1' });
    expect(s.players[0].train[1].loads).toEqual([{ kind: 'card', card: 'hopper-3.2', as: 'any', faceDown: false }]);
    const b = loadedIds(s, 0)[1];
    s = act(s, { type: 'deliver', at: 'billingtons' }); // box + coal
    s = act(s, { type: 'deliverPrimary', items: ['hopper-3.2', b] });
    expect(s.players[0].islands).toEqual([{ island: 'billingtons', secondary: null }]);
    expect(s.discard.slice(-2)).toEqual(['hopper-3.2', b]);
  });

  test('a wild good in Caboose 3 stands in for either good of a same-type contract', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'caboose-3.1');
    addCar(s0, 0, 'tanker-1.1');
    loadCard(s0, 0, 'caboose-3.1', 'tanker-3.3'); // all-type
    const o = good(s0, 'oil');
    loadCard(s0, 0, 'tanker-1.1', o);
    let s = act(s0, { type: 'deliver', at: 'eagle' }); // oil + oil
    s = act(s, { type: 'deliverPrimary', items: ['tanker-3.3', o] });
    expect(s.players[0].islands).toEqual([{ island: 'eagle', secondary: null }]);
  });

  test('a card loaded face down in Caboose 3 is a wild good too', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'caboose-3.1');
    addCar(s0, 0, 'boxcar-1.1');
    const c = good(s0, 'coal'); // printed coal, face down
    loadCard(s0, 0, 'caboose-3.1', c, true);
    const b = good(s0, 'box');
    loadCard(s0, 0, 'boxcar-1.1', b);
    let s = act(s0, { type: 'deliver', at: 'alpine' }); // oil + box
    // A face-down load is named by its place on the car, not by the card.
    expect(() => act(s, { type: 'deliverPrimary', items: [c, b] })).toThrow(/NOT_ON_YOUR_TRAIN/);
    s = act(s, { type: 'deliverPrimary', items: ['face-down:caboose-3.1:0', b] });
    expect(s.discard).toContain(c);
    expect(s.players[0].islands).toEqual([{ island: 'alpine', secondary: null }]);
  });

  test('a single-type card face up in Caboose 3 is only its own type', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'caboose-3.1');
    addCar(s0, 0, 'boxcar-1.1');
    const c = good(s0, 'coal');
    loadCard(s0, 0, 'caboose-3.1', c);
    const b = good(s0, 'box');
    loadCard(s0, 0, 'boxcar-1.1', b);
    const s = act(s0, { type: 'deliver', at: 'alpine' }); // oil + box
    expectRefused(s, { type: 'deliverPrimary', items: [c, b] }, 'CONTRACT_MISMATCH');
  });

  test('an all-type card loaded into a hopper counts only as coal', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    addCar(s0, 0, 'boxcar-1.1');
    loadCard(s0, 0, 'hopper-1.1', 'hopper-3.2');
    const b = good(s0, 'box');
    loadCard(s0, 0, 'boxcar-1.1', b);
    expect(s0.players[0].train[1].loads[0]).toMatchObject({ as: 'coal' });
    const s = act(s0, { type: 'deliver', at: 'alpine' }); // oil + box
    expectRefused(s, { type: 'deliverPrimary', items: ['hopper-3.2', b] }, 'CONTRACT_MISMATCH');
    const t = act(s0, { type: 'deliver', at: 'billingtons' }); // box + coal
    expect(act(t, { type: 'deliverPrimary', items: ['hopper-3.2', b] }).players[0].islands).toHaveLength(1);
  });
});

describe('Caboose 1: draw 1 card per Deliver action', () => {
  test('opening a delivery draws 1 card, once per action, not per step', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'caboose-1.1');
    addCar(s0, 0, 'hopper-2.1');
    const [c1, c2] = goods(s0, 'coal', 2);
    loadCard(s0, 0, 'hopper-2.1', c1);
    loadCard(s0, 0, 'hopper-2.1', c2);
    const top = topOfDeck(s0, 1);
    let s = act(s0, { type: 'deliver', at: 'devon' });
    expect(handSize(s)).toBe(handSize(s0) + 1);
    expect(s.players[0].hand.slice(-1)).toEqual(top);
    s = act(s, { type: 'deliverSpecial', item: c1 });
    expect(handSize(s)).toBe(handSize(s0) + 3);
    s = act(s, { type: 'endDelivery' });
    s = act(s, { type: 'deliver', at: 'cactus' });
    expect(handSize(s)).toBe(handSize(s0) + 4);
    s = act(s, { type: 'deliverSpecial', item: c2 });
    expect(handSize(s)).toBe(handSize(s0) + 6);
  });

  test('without Caboose 1 opening a delivery draws nothing', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-1.1');
    loadCard(s0, 0, 'hopper-1.1', good(s0, 'coal'));
    const s = act(s0, { type: 'deliver', at: 'devon' });
    expect(s.players[0].hand).toEqual(s0.players[0].hand);
  });
});

describe('Caboose 7: one passenger as any good per Deliver action', () => {
  function withCaboose7(caboose = true) {
    const s = freshGame();
    setEngine(s, 0, 'engine-3.1'); // two passenger seats
    if (caboose) addCar(s, 0, 'caboose-7.1');
    addCar(s, 0, 'boxcar-1.1');
    addCar(s, 0, 'tanker-1.1');
    const b = good(s, 'box');
    const o = good(s, 'oil');
    loadCard(s, 0, 'boxcar-1.1', b);
    loadCard(s, 0, 'tanker-1.1', o);
    ride(s, 0, 'engine-3.1', 'p-flint-1');
    ride(s, 0, 'engine-3.1', 'p-eagle-1');
    return { s, b, o };
  }

  test('a passenger completes a contract as a missing good and returns to the bag', () => {
    const { s: s0, b } = withCaboose7();
    let s = act(s0, { type: 'deliver', at: 'billingtons' }); // box + coal
    s = act(s, { type: 'deliverPrimary', items: [b, 'p-flint-1'] });
    expect(s.players[0].islands).toEqual([{ island: 'billingtons', secondary: null }]);
    expect(s.bag).toContain('p-flint-1');
    expect(s.discard.slice(-1)).toEqual([b]);
    expect(s.discard).not.toContain('p-flint-1');
    expect(ticket(s, 'billingtons').filled).toEqual([]);
  });

  test('only once per Deliver action; again in the next one', () => {
    const { s: s0, b, o } = withCaboose7();
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverPrimary', items: [b, 'p-flint-1'] });
    // Billington's secondary 0 is oil + oil.
    expectRefused(s, { type: 'deliverSecondary', contract: 0, items: [o, 'p-eagle-1'] }, 'CONTRACT_MISMATCH');
    s = act(s, { type: 'endDelivery' });
    s = act(s, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverSecondary', contract: 0, items: [o, 'p-eagle-1'] });
    expect(s.players[0].islands).toEqual([{ island: 'billingtons', secondary: 0 }]);
    expect(s.bag).toContain('p-eagle-1');
  });

  test('never two passengers for one contract', () => {
    const { s: s0 } = withCaboose7();
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverPrimary', items: ['p-eagle-1', 'p-flint-1'] }, 'CONTRACT_MISMATCH');
  });

  test('CONTRACT_MISMATCH: without Caboose 7 a passenger is no good', () => {
    const { s: s0, b } = withCaboose7(false);
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverPrimary', items: [b, 'p-flint-1'] }, 'CONTRACT_MISMATCH');
  });
});

describe('Caboose 9: one matching passenger to another destination', () => {
  function withCaboose9(caboose = true) {
    const s = freshGame();
    setEngine(s, 0, 'engine-3.1');
    if (caboose) addCar(s, 0, 'caboose-9.1');
    ride(s, 0, 'engine-3.1', 'p-flint-1');
    ride(s, 0, 'engine-3.1', 'p-eagle-1');
    setTicket(s, 'flint', 'vp');
    return s;
  }

  test('delivers to the other destination\'s ticket tile and claims its reward', () => {
    const s0 = withCaboose9();
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-flint-1', to: 'flint' });
    expect(ticket(s, 'flint').filled).toEqual(['p-flint-1']);
    expect(ticket(s, 'billingtons').filled).toEqual([]);
    expect(s.players[0].vp).toBe(4);
    expect(s.players[0].delivered).toEqual({ flint: 1 });
  });

  test('ALREADY_USED: only one such passenger per Deliver action', () => {
    const s0 = withCaboose9();
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-flint-1', to: 'flint' });
    expectRefused(s, { type: 'deliverTicket', passenger: 'p-eagle-1', to: 'eagle' }, 'ALREADY_USED');
  });

  test('PASSENGER_MISMATCH: the passenger must match the destination it goes to', () => {
    const s0 = withCaboose9();
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverTicket', passenger: 'p-eagle-1', to: 'flint' }, 'PASSENGER_MISMATCH');
  });

  test('NEEDS_CABOOSE: without Caboose 9', () => {
    const s0 = withCaboose9(false);
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverTicket', passenger: 'p-flint-1', to: 'flint' }, 'NEEDS_CABOOSE');
  });

  test('filling the other tile\'s last space advances the progress train', () => {
    const s0 = withCaboose9();
    setTicket(s0, 'flint', 'vp', ['p-flint-2', 'p-flint-3']);
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-flint-1', to: 'flint' });
    expect(s.progress).toBe(1);
    expect(s.players[0].vp).toBe(2);
  });
});

describe('Caboose 10: any passenger claims the current destination\'s next reward', () => {
  function withCaboose10(caboose = true) {
    const s = freshGame();
    setEngine(s, 0, 'engine-3.1');
    if (caboose) addCar(s, 0, 'caboose-10.1');
    ride(s, 0, 'engine-3.1', 'p-flint-1');
    ride(s, 0, 'engine-3.1', 'p-eagle-1');
    setTicket(s, 'billingtons', 'vp');
    return s;
  }

  test('a non-matching passenger claims the leftmost reward, goes back to the bag and fills no space', () => {
    const s0 = withCaboose10();
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverAnyPassenger', passenger: 'p-flint-1' });
    expect(s.players[0].vp).toBe(4);
    expect(s.bag).toContain('p-flint-1');
    expect(ticket(s, 'billingtons').filled).toEqual([]);
    expect(s.progress).toBe(0);
    s = act(s, { type: 'endDelivery' });
    s = act(s, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverAnyPassenger', passenger: 'p-eagle-1' });
    expect(s.players[0].vp).toBe(8); // the same leftmost space again
  });

  test('the leftmost empty space decides the reward', () => {
    const s0 = withCaboose10();
    setTicket(s0, 'billingtons', 'vp', ['p-billingtons-1', 'p-billingtons-2']);
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverAnyPassenger', passenger: 'p-flint-1' });
    expect(s.players[0].vp).toBe(2);
    expect(ticket(s, 'billingtons').filled).toHaveLength(2);
    expect(s.progress).toBe(0);
  });

  test('ALREADY_USED: once per Deliver action', () => {
    const s0 = withCaboose10();
    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    s = act(s, { type: 'deliverAnyPassenger', passenger: 'p-flint-1' });
    expectRefused(s, { type: 'deliverAnyPassenger', passenger: 'p-eagle-1' }, 'ALREADY_USED');
  });

  test('NEEDS_CABOOSE: without Caboose 10', () => {
    const s0 = withCaboose10(false);
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverAnyPassenger', passenger: 'p-flint-1' }, 'NEEDS_CABOOSE');
  });

  test('TICKET_FULL: no reward is left on a full tile', () => {
    const s0 = withCaboose10();
    setTicket(s0, 'billingtons', 'vp', ['p-billingtons-1', 'p-billingtons-2', 'p-billingtons-3']);
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverAnyPassenger', passenger: 'p-flint-1' }, 'TICKET_FULL');
  });

  test('NOT_ON_YOUR_TRAIN: the passenger must ride your train', () => {
    const s0 = withCaboose10();
    const s = act(s0, { type: 'deliver', at: 'billingtons' });
    expectRefused(s, { type: 'deliverAnyPassenger', passenger: s.players[0].supply[0] }, 'NOT_ON_YOUR_TRAIN');
  });
});

describe('the worked example at Billington\'s (one Deliver action)', () => {
  test('box + coal to the primary, a passenger for 4 VP, then 1 more coal as a special delivery for 2 cards', () => {
    const s0 = freshGame();
    addCar(s0, 0, 'hopper-2.1');
    addCar(s0, 0, 'boxcar-1.1');
    const [c1, c2] = goods(s0, 'coal', 2);
    const b = good(s0, 'box');
    loadCard(s0, 0, 'hopper-2.1', c1);
    loadCard(s0, 0, 'hopper-2.1', c2);
    loadCard(s0, 0, 'boxcar-1.1', b);
    ride(s0, 0, E0, 'p-billingtons-1');
    setTicket(s0, 'billingtons', 'vp');
    expect([...island('billingtons').primary.goods].sort()).toEqual(['box', 'coal']);

    let s = act(s0, { type: 'deliver', at: 'billingtons' });
    // 1. box + coal: the island card goes beside the engine.
    s = act(s, { type: 'deliverPrimary', items: [b, c1] });
    expect(s.players[0].islands).toEqual([{ island: 'billingtons', secondary: null }]);
    expect(s.progress).toBe(1);
    expect(decisionKind(s)).toBe('delivery');
    // 2. a passenger to the ticket tile: 4 VP tokens.
    s = act(s, { type: 'deliverTicket', passenger: 'p-billingtons-1' });
    expect(s.players[0].vp).toBe(4);
    expect(ticket(s, 'billingtons').filled).toEqual(['p-billingtons-1']);
    expect(decisionKind(s)).toBe('delivery');
    // 3. a special delivery of the other coal: 2 cards.
    const top = topOfDeck(s, 2);
    s = act(s, { type: 'deliverSpecial', item: c2 });
    expect(s.players[0].hand).toEqual([...s0.players[0].hand, ...top]);
    expect(s.discard).toEqual([b, c1, c2]);
    expect(loadedIds(s, 0)).toEqual([]);
    // The train is empty, so the delivery ended by itself: one action used.
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
  });
});
