/**
 * Rules tests for multiplayer games: the Build and Load actions. Each test builds an
 * exact situation by editing a fresh game's JSON state (see fixtures.ts).
 *
 * Card facts used here (data/catalogue.json): costs hopper 1/4/7, tanker 2/5/8,
 * boxcar 3/6/9, coach 2/5/8, engine 0/3/6, cabooses 1–6 cost 3 and 7–10 cost 4;
 * weights hopper 1/2/1, tanker 1/2/1, boxcar 2/3/2, coach 1/2/2, cabooses 2 (Caboose 6: 0, +2 capacity);
 * engine capacity 4/6/8. Cargo symbols by copy: hopper-2.1, engine-2.3 coal; tanker-2.1, engine-2.1 oil;
 * boxcar-2.1, engine-2.2 box; tanker-3.3, hopper-3.2, bank.1 all types.
 */
import {
  applyAction, capacityOf, card, currentDecision, itemsOnTrain, legalActions, playerView, weightOf, Action, GameState,
} from '../src';
import { act } from './helpers';
import {
  allCardIds, allPassengerIds, census, discardEach, emptyBag, expectRefused, expectSameLegal, game, giveSpare,
  moveCard, movePassenger, passengerCensus, runNow, setEngine, setHand, setSupply, snap, spare, stackDeck,
  trainCards,
} from './fixtures';

function conserved(s: GameState): void {
  expect(census(s)).toEqual(allCardIds());
  expect(passengerCensus(s)).toEqual(allPassengerIds());
}

/** A 2-player game where seat 0 holds exactly `hand` plus `fillers` spare cards; returns the fillers. */
function withHand(s: GameState, hand: string[], fillers: number): string[] {
  setHand(s, 0, hand);
  return giveSpare(s, 0, fillers, hand);
}

describe('build: extend', () => {
  test('a new car goes on the right of the train; cost = the card cost, paid one chosen card at a time', () => {
    let s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    const fillers = withHand(s, ['tanker-1.1'], 3);
    s = act(s, { type: 'build', card: 'tanker-1.1' });
    expect(trainCards(s, 0)).toEqual(['engine-1.1', 'hopper-1.1', 'tanker-1.1']);
    expect(s.players[0].train[2].loads).toEqual([]);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'pay', count: 2, reason: 'build', label: card('tanker-1.1').name });
    expect(expectSameLegal(s, 0)).toEqual(fillers.map((c) => ({ type: 'discard', card: c })));
    expect(s.turn.actionsLeft).toBe(1);

    const discardBefore = [...s.discard];
    s = act(s, { type: 'discard', card: fillers[2] });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 1 });
    s = act(s, { type: 'discard', card: fillers[0] });
    // Exactly the cost: the pay decision is over after 2 cards.
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect(s.players[0].hand).toEqual([fillers[1]]);
    expect(s.discard).toEqual([...discardBefore, fillers[2], fillers[0]]);
    conserved(s);
  });

  test('duplicates of the same car are allowed', () => {
    let s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    const [f] = withHand(s, ['hopper-1.2'], 1);
    s = act(s, { type: 'build', card: 'hopper-1.2' });
    s = act(s, { type: 'discard', card: f });
    expect(trainCards(s, 0)).toEqual(['engine-1.1', 'hopper-1.1', 'hopper-1.2']);
  });

  test('several cabooses are allowed', () => {
    let s = game();
    setEngine(s, 0, 'engine-3.1');
    moveCard(s, 'caboose-1.1', { car: 0 });
    const fillers = withHand(s, ['caboose-2.1'], 3);
    s = act(s, { type: 'build', card: 'caboose-2.1' });
    s = discardEach(s, fillers);
    expect(trainCards(s, 0)).toEqual(['engine-3.1', 'caboose-1.1', 'caboose-2.1']);
    expect(s.players[0].supply).toHaveLength(3); // a caboose brings 1 passenger
    conserved(s);
  });

  test('CARD_NOT_IN_HAND: building a card you do not hold', () => {
    const s = game();
    withHand(s, [], 5);
    expectRefused(s, 0, { type: 'build', card: 'tanker-1.1' }, 'CARD_NOT_IN_HAND');
  });

  test('ONE_ENGINE: an engine can only be built as an upgrade of your engine', () => {
    const s = game();
    withHand(s, ['engine-2.1'], 4);
    expectRefused(s, 0, { type: 'build', card: 'engine-2.1' }, 'ONE_ENGINE');
    expect(legalActions(s, 0)).not.toContainEqual({ type: 'build', card: 'engine-2.1' });
    expect(legalActions(s, 0)).toContainEqual({ type: 'build', card: 'engine-2.1', upgrade: 'engine-1.1' });
  });
});

describe('build: upgrade', () => {
  test('within the same category: pay the difference, the old car is discarded, its loads stay, same position', () => {
    let s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    moveCard(s, 'tanker-1.1', { car: 0 });
    moveCard(s, 'hopper-2.1', { load: 0, car: 'hopper-1.1' }); // a coal on board
    const fillers = withHand(s, ['hopper-2.2'], 4);
    s = act(s, { type: 'build', card: 'hopper-2.2', upgrade: 'hopper-1.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 3 }); // 4 - 1
    s = discardEach(s, fillers.slice(0, 3));
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect(s.players[0].train).toEqual([
      { card: 'engine-1.1', loads: [] },
      { card: 'hopper-2.2', loads: [{ kind: 'card', card: 'hopper-2.1', as: 'coal', faceDown: false }] },
      { card: 'tanker-1.1', loads: [] },
    ]);
    expect(s.discard).toContain('hopper-1.1');
    expect(s.players[0].hand).toEqual([fillers[3]]);
    conserved(s);
  });

  test('Level 1 straight to Level 3 is allowed (hopper 1 → 3 costs 7 - 1 = 6)', () => {
    let s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    const fillers = withHand(s, ['hopper-3.1'], 6);
    s = act(s, { type: 'build', card: 'hopper-3.1', upgrade: 'hopper-1.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 6 });
    s = discardEach(s, fillers);
    expect(trainCards(s, 0)).toEqual(['engine-1.1', 'hopper-3.1']);
    expect(s.discard.slice(-7)).toEqual(['hopper-1.1', ...fillers]);
  });

  test('the rulebook example: Level 1 Coach → Level 3 Coach on a Level 2 Engine costs 6, gives 3 passengers, weight 2 after', () => {
    let s = game();
    setEngine(s, 0, 'engine-2.1');
    moveCard(s, 'coach-1.1', { car: 0 });
    const fillers = withHand(s, ['coach-3.1'], 6);
    const supplyBefore = [...s.players[0].supply];
    const bagBefore = s.bag.length;
    expect(capacityOf(s.players[0].train)).toBe(6);
    s = act(s, { type: 'build', card: 'coach-3.1', upgrade: 'coach-1.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 6, reason: 'build' });
    // Passengers come after paying (step 4).
    expect(s.players[0].supply).toEqual(supplyBefore);
    s = discardEach(s, fillers);
    expect(trainCards(s, 0)).toEqual(['engine-2.1', 'coach-3.1']);
    expect(s.discard).toContain('coach-1.1');
    expect(s.players[0].hand).toEqual([]);
    expect(s.players[0].supply).toHaveLength(supplyBefore.length + 3);
    expect(s.bag).toHaveLength(bagBefore - 3);
    expect(weightOf(s.players[0].train)).toBe(2);
    expect(capacityOf(s.players[0].train)).toBe(6);
    conserved(s);
  });

  test('engine upgrade Level 1 → Level 3 costs 6, keeps the engine at the front, gives 1 passenger, capacity 8', () => {
    let s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    movePassenger(s, s.players[0].supply[0], { seat: 0, car: 'engine-1.1' });
    const fillers = withHand(s, ['engine-3.1'], 6);
    s = act(s, { type: 'build', card: 'engine-3.1', upgrade: 'engine-1.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 6 });
    s = discardEach(s, fillers);
    expect(trainCards(s, 0)).toEqual(['engine-3.1', 'hopper-1.1']);
    expect(s.players[0].train[0].loads).toHaveLength(1); // the passenger stays on board
    expect(capacityOf(s.players[0].train)).toBe(8);
    expect(s.discard).toContain('engine-1.1');
    expect(s.players[0].supply).toHaveLength(2); // 1 left + 1 new
    conserved(s);
  });

  test('UPGRADE_CATEGORY: a car cannot upgrade a car of another category', () => {
    const s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    moveCard(s, 'coach-1.1', { car: 0 });
    withHand(s, ['tanker-2.1', 'coach-3.1'], 8);
    expectRefused(s, 0, { type: 'build', card: 'tanker-2.1', upgrade: 'hopper-1.1' }, 'UPGRADE_CATEGORY');
    expectRefused(s, 0, { type: 'build', card: 'coach-3.1', upgrade: 'engine-1.1' }, 'UPGRADE_CATEGORY');
    expectRefused(s, 0, { type: 'build', card: 'coach-3.1', upgrade: 'hopper-1.1' }, 'UPGRADE_CATEGORY');
  });

  test('UPGRADE_LEVEL: same or lower level is refused', () => {
    const s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    moveCard(s, 'hopper-2.1', { car: 0 });
    withHand(s, ['hopper-1.2', 'hopper-2.2', 'engine-1.3'], 5);
    expectRefused(s, 0, { type: 'build', card: 'hopper-1.2', upgrade: 'hopper-1.1' }, 'UPGRADE_LEVEL');
    expectRefused(s, 0, { type: 'build', card: 'hopper-1.2', upgrade: 'hopper-2.1' }, 'UPGRADE_LEVEL');
    expectRefused(s, 0, { type: 'build', card: 'hopper-2.2', upgrade: 'hopper-2.1' }, 'UPGRADE_LEVEL');
    expectRefused(s, 0, { type: 'build', card: 'engine-1.3', upgrade: 'engine-1.1' }, 'UPGRADE_LEVEL');
  });

  test('CANNOT_UPGRADE: cabooses never upgrade or get upgraded', () => {
    const s = game();
    moveCard(s, 'caboose-1.1', { car: 0 });
    withHand(s, ['caboose-2.1', 'hopper-2.1'], 5);
    expectRefused(s, 0, { type: 'build', card: 'caboose-2.1', upgrade: 'caboose-1.1' }, 'CANNOT_UPGRADE');
    expectRefused(s, 0, { type: 'build', card: 'hopper-2.1', upgrade: 'caboose-1.1' }, 'CANNOT_UPGRADE');
  });

  test('BUILDING_NOT_IN_TRAIN: a building cannot upgrade a car or scrap one', () => {
    const s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    withHand(s, ['bank.1'], 6);
    expectRefused(s, 0, { type: 'build', card: 'bank.1', upgrade: 'hopper-1.1' }, 'BUILDING_NOT_IN_TRAIN');
    expectRefused(s, 0, { type: 'build', card: 'bank.1', scrap: 'hopper-1.1' }, 'BUILDING_NOT_IN_TRAIN');
  });

  test('NO_SUCH_CAR: upgrading a car that is not in your train', () => {
    const s = game();
    moveCard(s, 'hopper-1.1', { car: 1 });
    withHand(s, ['hopper-2.1'], 4);
    expectRefused(s, 0, { type: 'build', card: 'hopper-2.1', upgrade: 'hopper-1.1' }, 'NO_SUCH_CAR');
  });
});

describe('build: engine capacity and scrapping', () => {
  test('OVER_CAPACITY: total weight over the engine capacity (extension and upgrade)', () => {
    const s = game();
    moveCard(s, 'boxcar-2.1', { car: 0 }); // weight 3 of 4
    withHand(s, ['boxcar-1.1', 'hopper-1.1'], 5);
    expectRefused(s, 0, { type: 'build', card: 'boxcar-1.1' }, 'OVER_CAPACITY'); // 3 + 2 > 4
    // hopper-1 (weight 1) still fits exactly.
    expect(legalActions(s, 0)).toContainEqual({ type: 'build', card: 'hopper-1.1' });

    const u = game();
    moveCard(u, 'boxcar-2.1', { car: 0 });
    moveCard(u, 'hopper-1.1', { car: 0 }); // weight 4 of 4
    withHand(u, ['hopper-2.1', 'hopper-3.1'], 6);
    expectRefused(u, 0, { type: 'build', card: 'hopper-2.1', upgrade: 'hopper-1.1' }, 'OVER_CAPACITY'); // 3 + 2 > 4
    // The upgraded car's weight replaces the old one: hopper-3 weighs 1, so it fits.
    expect(applyAction(u, 0, { type: 'build', card: 'hopper-3.1', upgrade: 'hopper-1.1' }).ok).toBe(true);
  });

  test('scrapping one non-engine car makes the build fit; its cargo goes to the discard pile', () => {
    let s = game();
    moveCard(s, 'boxcar-2.1', { car: 0 });
    moveCard(s, 'engine-2.2', { load: 0, car: 'boxcar-2.1' }); // a box on board
    const fillers = withHand(s, ['boxcar-1.1'], 3);
    const legal = expectSameLegal(s, 0);
    expect(legal).toContainEqual({ type: 'build', card: 'boxcar-1.1', scrap: 'boxcar-2.1' });
    expect(legal).not.toContainEqual({ type: 'build', card: 'boxcar-1.1' });
    s = act(s, { type: 'build', card: 'boxcar-1.1', scrap: 'boxcar-2.1' });
    s = discardEach(s, fillers);
    expect(trainCards(s, 0)).toEqual(['engine-1.1', 'boxcar-1.1']);
    expect(s.discard).toEqual(expect.arrayContaining(['boxcar-2.1', 'engine-2.2']));
    conserved(s);
  });

  test('scrapping a coach sends its passengers back to the bag', () => {
    let s = game();
    moveCard(s, 'coach-2.1', { car: 0 });
    moveCard(s, 'hopper-2.1', { car: 0 }); // weight 2 + 2 = 4
    const pax = s.players[0].supply[0];
    movePassenger(s, pax, { seat: 0, car: 'coach-2.1' });
    const fillers = withHand(s, ['tanker-2.2'], 5);
    expectRefused(s, 0, { type: 'build', card: 'tanker-2.2' }, 'OVER_CAPACITY');
    s = act(s, { type: 'build', card: 'tanker-2.2', scrap: 'coach-2.1' });
    s = discardEach(s, fillers);
    expect(trainCards(s, 0)).toEqual(['engine-1.1', 'hopper-2.1', 'tanker-2.2']);
    expect(s.bag).toContain(pax);
    conserved(s);
  });

  test('SCRAP_NOT_NEEDED when the build already fits; CANNOT_SCRAP_ENGINE; NO_SUCH_CAR for a car you do not own', () => {
    const s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    moveCard(s, 'hopper-1.2', { car: 1 });
    withHand(s, ['tanker-1.1'], 3);
    expectRefused(s, 0, { type: 'build', card: 'tanker-1.1', scrap: 'hopper-1.1' }, 'SCRAP_NOT_NEEDED');
    expectRefused(s, 0, { type: 'build', card: 'tanker-1.1', scrap: 'engine-1.1' }, 'CANNOT_SCRAP_ENGINE');
    expectRefused(s, 0, { type: 'build', card: 'tanker-1.1', scrap: 'hopper-1.2' }, 'NO_SUCH_CAR');
    expect(legalActions(s, 0).filter((a) => a.type === 'build' && a.scrap)).toEqual([]);
  });

  test('Caboose 6 adds 2 to the engine capacity', () => {
    let s = game();
    moveCard(s, 'caboose-6.1', { car: 0 });
    moveCard(s, 'boxcar-2.1', { car: 0 });
    expect(capacityOf(s.players[0].train)).toBe(6);
    const fillers = withHand(s, ['boxcar-1.1'], 3);
    s = act(s, { type: 'build', card: 'boxcar-1.1' }); // weight 3 + 2 = 5 <= 6
    s = discardEach(s, fillers);
    expect(trainCards(s, 0)).toEqual(['engine-1.1', 'caboose-6.1', 'boxcar-2.1', 'boxcar-1.1']);
    expect(weightOf(s.players[0].train)).toBe(5);
  });

  test('building Caboose 6 itself counts its own +2 capacity', () => {
    let s = game();
    moveCard(s, 'boxcar-2.1', { car: 0 });
    moveCard(s, 'hopper-1.1', { car: 0 }); // weight 4 of 4, full
    const fillers = withHand(s, ['caboose-6.1'], 3);
    s = act(s, { type: 'build', card: 'caboose-6.1' });
    s = discardEach(s, fillers);
    expect(capacityOf(s.players[0].train)).toBe(6);
  });
});

describe('build: passengers', () => {
  test('cards that give passengers draw them from the bag after payment', () => {
    let s = game();
    const fillers = withHand(s, ['coach-2.1'], 5);
    const bag = [...s.bag];
    s = act(s, { type: 'build', card: 'coach-2.1' });
    expect(s.players[0].supply).toHaveLength(2);
    s = discardEach(s, fillers);
    const supply = s.players[0].supply;
    expect(supply).toHaveLength(4);
    expect(bag).toEqual(expect.arrayContaining(supply.slice(2)));
    expect(s.bag).toHaveLength(bag.length - 2);
    expect(s.players[0].vp).toBe(0);
    conserved(s);
  });

  test('an empty bag gives 1 VP per passenger the bag cannot give', () => {
    let s = game();
    emptyBag(s, 1);
    movePassenger(s, s.players[1].supply[0], 'bag'); // exactly one left in the bag
    const fillers = withHand(s, ['coach-3.1'], 8);
    s = act(s, { type: 'build', card: 'coach-3.1' });
    s = discardEach(s, fillers);
    expect(s.players[0].supply).toHaveLength(3); // 2 + 1
    expect(s.bag).toEqual([]);
    expect(s.players[0].vp).toBe(2);
    conserved(s);
  });
});

describe('build: buildings', () => {
  test('a building costs its printed cost and stands beside the train (even with a full train)', () => {
    let s = game();
    moveCard(s, 'boxcar-2.1', { car: 0 });
    moveCard(s, 'hopper-1.1', { car: 0 }); // weight 4 of 4
    const fillers = withHand(s, ['bank.1'], 6);
    s = act(s, { type: 'build', card: 'bank.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 6 });
    s = discardEach(s, fillers);
    expect(s.players[0].buildings).toEqual(['bank.1']);
    expect(trainCards(s, 0)).toEqual(['engine-1.1', 'boxcar-2.1', 'hopper-1.1']);
    expect(s.players[0].supply).toHaveLength(2);
    conserved(s);
  });

  test('one building only: BUILDING_LIMIT without replace; a replacement pays full cost and discards the old one', () => {
    let s = game();
    moveCard(s, 'bank.1', { building: 0 });
    const fillers = withHand(s, ['grand-central.1'], 6);
    expectRefused(s, 0, { type: 'build', card: 'grand-central.1' }, 'BUILDING_LIMIT');
    expectRefused(s, 0, { type: 'build', card: 'grand-central.1', replace: 'rail-yard.1' }, 'NO_SUCH_BUILDING');
    expect(legalActions(s, 0)).toContainEqual({ type: 'build', card: 'grand-central.1', replace: 'bank.1' });
    s = act(s, { type: 'build', card: 'grand-central.1', replace: 'bank.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 6 });
    s = discardEach(s, fillers);
    expect(s.players[0].buildings).toEqual(['grand-central.1']);
    expect(s.discard).toContain('bank.1');
    conserved(s);
  });

  test('REPLACE_NOT_NEEDED / NOT_A_BUILDING: replace is only for a building when there is no room', () => {
    const s = game();
    withHand(s, ['bank.1', 'hopper-1.1'], 6);
    moveCard(s, 'rail-yard.1', { building: 1 });
    expectRefused(s, 0, { type: 'build', card: 'bank.1', replace: 'rail-yard.1' }, 'REPLACE_NOT_NEEDED');
    expectRefused(s, 0, { type: 'build', card: 'hopper-1.1', replace: 'rail-yard.1' }, 'NOT_A_BUILDING');
  });

  test('Caboose 4 allows a second building (and a third needs a replacement)', () => {
    let s = game();
    moveCard(s, 'caboose-4.1', { car: 0 });
    moveCard(s, 'bank.1', { building: 0 });
    let fillers = withHand(s, ['grand-central.1', 'middle-station.1'], 10);
    s = act(s, { type: 'build', card: 'grand-central.1' });
    s = discardEach(s, fillers.slice(0, 6));
    expect(s.players[0].buildings).toEqual(['bank.1', 'grand-central.1']);
    expectRefused(s, 0, { type: 'build', card: 'middle-station.1' }, 'BUILDING_LIMIT');
    fillers = fillers.slice(6);
    s = act(s, { type: 'build', card: 'middle-station.1', replace: 'bank.1' });
    s = discardEach(s, fillers);
    expect(s.players[0].buildings).toEqual(['grand-central.1', 'middle-station.1']);
    conserved(s);
  });
});

describe('build: Caboose 5', () => {
  test('extending costs 1 less (down to 0, then no payment at all)', () => {
    let s = game();
    setEngine(s, 0, 'engine-3.1');
    moveCard(s, 'caboose-5.1', { car: 0 });
    const [f1, f2] = withHand(s, ['tanker-1.1', 'hopper-1.2'], 2);
    s = act(s, { type: 'build', card: 'tanker-1.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 1 }); // 2 - 1
    s = act(s, { type: 'discard', card: f1 });
    s = act(s, { type: 'build', card: 'hopper-1.2' }); // 1 - 1 = 0: no pay decision
    expect(s.turn.seat).toBe(1);
    expect(s.players[0].hand).toEqual([f2]);
    expect(trainCards(s, 0)).toEqual(['engine-3.1', 'caboose-5.1', 'tanker-1.1', 'hopper-1.2']);
  });

  test('a caboose is an extension too (3 - 1 = 2), but a building is not extending the train (full cost)', () => {
    let s = game();
    setEngine(s, 0, 'engine-3.1');
    moveCard(s, 'caboose-5.1', { car: 0 });
    const fillers = withHand(s, ['caboose-1.1', 'bank.1'], 8);
    s = act(s, { type: 'build', card: 'caboose-1.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 2 });
    s = discardEach(s, fillers.slice(0, 2));
    s = act(s, { type: 'build', card: 'bank.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 6 });
  });

  test('upgrading is not discounted', () => {
    let s = game();
    moveCard(s, 'caboose-5.1', { car: 0 });
    moveCard(s, 'hopper-1.1', { car: 0 });
    const fillers = withHand(s, ['hopper-2.2'], 3);
    s = act(s, { type: 'build', card: 'hopper-2.2', upgrade: 'hopper-1.1' });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 3 });
    s = discardEach(s, fillers);
    expect(trainCards(s, 0)).toEqual(['engine-1.1', 'caboose-5.1', 'hopper-2.2']);
  });

  test('with Caboose 5, a card you cannot otherwise afford becomes affordable only for an extension', () => {
    const s = game();
    moveCard(s, 'caboose-5.1', { car: 0 });
    withHand(s, ['boxcar-1.1'], 2); // costs 3, only 2 other cards
    expect(applyAction(s, 0, { type: 'build', card: 'boxcar-1.1' }).ok).toBe(true);
    const t = game();
    withHand(t, ['boxcar-1.1'], 2);
    expectRefused(t, 0, { type: 'build', card: 'boxcar-1.1' }, 'CANNOT_AFFORD');
  });
});

describe('build: affordability', () => {
  test('CANNOT_AFFORD: an extension, an upgrade and a building with too few other cards', () => {
    const s = game();
    moveCard(s, 'hopper-1.1', { car: 0 });
    withHand(s, ['boxcar-1.1', 'hopper-3.1', 'bank.1'], 0);
    // 2 other cards each time: boxcar-1 costs 3, hopper 1 → 3 costs 6, the bank 6.
    expectRefused(s, 0, { type: 'build', card: 'boxcar-1.1' }, 'CANNOT_AFFORD');
    expectRefused(s, 0, { type: 'build', card: 'hopper-3.1', upgrade: 'hopper-1.1' }, 'CANNOT_AFFORD');
    expectRefused(s, 0, { type: 'build', card: 'bank.1' }, 'CANNOT_AFFORD');
    expect(legalActions(s, 0).filter((a) => a.type === 'build')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

/** Seat 0 with `hand`, and seat 1's train = its engine + `cars`. */
function loadTable(hand: string[], seat1Cars: string[], seat0Cars: string[] = []): GameState {
  const s = game();
  for (const c of seat0Cars) moveCard(s, c, { car: 0 });
  for (const c of seat1Cars) moveCard(s, c, { car: 1 });
  setHand(s, 0, hand);
  return s;
}

describe('load: basics', () => {
  test('a card with the matching symbol goes under a car with space (own car: no benefit)', () => {
    let s = loadTable(['hopper-2.1', 'tanker-2.1'], [], ['hopper-2.2']);
    s = act(s, { type: 'loadCard', card: 'hopper-2.1', seat: 0, car: 'hopper-2.2' });
    expect(s.players[0].train[1].loads).toEqual([{ kind: 'card', card: 'hopper-2.1', as: 'coal', faceDown: false }]);
    expect(s.players[0].hand).toEqual(['tanker-2.1']); // nothing drawn
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    conserved(s);
  });

  test('an all-types card takes the type of the car it is loaded into', () => {
    let s = loadTable(['tanker-3.3', 'hopper-3.2'], ['boxcar-1.1'], ['tanker-1.1']);
    s = act(s, { type: 'loadCard', card: 'tanker-3.3', seat: 0, car: 'tanker-1.1' });
    expect(s.players[0].train[1].loads[0]).toEqual({ kind: 'card', card: 'tanker-3.3', as: 'oil', faceDown: false });
    s = act(s, { type: 'loadCard', card: 'hopper-3.2', seat: 1, car: 'boxcar-1.1' });
    expect(s.players[1].train[1].loads[0]).toEqual({ kind: 'card', card: 'hopper-3.2', as: 'box', faceDown: false });
  });

  test('CARGO_MISMATCH: a card of another type, face up', () => {
    const s = loadTable(['tanker-2.1', 'coach-1.1'], ['boxcar-1.1'], ['hopper-1.1']);
    expectRefused(s, 0, { type: 'loadCard', card: 'tanker-2.1', seat: 0, car: 'hopper-1.1' }, 'CARGO_MISMATCH');
    expectRefused(s, 0, { type: 'loadCard', card: 'tanker-2.1', seat: 1, car: 'boxcar-1.1' }, 'CARGO_MISMATCH');
    expect(legalActions(s, 0)).not.toContainEqual({ type: 'loadCard', card: 'tanker-2.1', seat: 0, car: 'hopper-1.1' });
  });

  test('face down: any card loads as the car type by paying one extra card; others see only the car type', () => {
    let s = game(3);
    moveCard(s, 'hopper-1.1', { car: 0 });
    const [f1, f2] = withHand(s, ['tanker-2.1'], 2);
    expect(legalActions(s, 0)).toContainEqual({ type: 'loadCard', card: 'tanker-2.1', seat: 0, car: 'hopper-1.1', faceDown: true });
    const r = runNow(s, { type: 'loadCard', card: 'tanker-2.1', seat: 0, car: 'hopper-1.1', faceDown: true });
    s = r.state;
    // The game log does not say which card went face down.
    for (const e of r.events) expect(e.text).not.toContain(card('tanker-2.1').name);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'pay', count: 1, reason: 'faceDown', label: expect.any(String) });
    expectSameLegal(s, 0);
    s = act(s, { type: 'discard', card: f2 });
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect(s.players[0].hand).toEqual([f1]);
    expect(s.discard[s.discard.length - 1]).toBe(f2);
    const load = { kind: 'card', card: 'tanker-2.1', as: 'coal', faceDown: true, by: 0 };
    expect(s.players[0].train[1].loads).toEqual([load]);
    expect(playerView(s, 0).players[0].train[1].loads).toEqual([load]);
    for (const viewer of [1, 2, 'spectator'] as const) {
      const v = playerView(s, viewer);
      expect(v.players[0].train[1].loads).toEqual([{ kind: 'card', card: null, as: 'coal', faceDown: true, by: 0 }]);
      expect(JSON.stringify(v)).not.toContain('tanker-2.1');
    }
    // legalActions still agree for the other seats when the hidden card is on someone else's train.
    s = act(s, { type: 'take', from: 'bag' });
    expect(s.turn.seat).toBe(1);
    expectSameLegal(s, 1);
    conserved(s);
  });

  test('FACE_DOWN_NOT_NEEDED for a card that already fits; CANNOT_AFFORD face down with no other card', () => {
    const s = loadTable(['hopper-2.1', 'tanker-3.3'], [], ['hopper-1.1']);
    expectRefused(s, 0, { type: 'loadCard', card: 'hopper-2.1', seat: 0, car: 'hopper-1.1', faceDown: true }, 'FACE_DOWN_NOT_NEEDED');
    expectRefused(s, 0, { type: 'loadCard', card: 'tanker-3.3', seat: 0, car: 'hopper-1.1', faceDown: true }, 'FACE_DOWN_NOT_NEEDED');
    const t = loadTable(['tanker-2.1'], [], ['hopper-1.1']);
    expectRefused(t, 0, { type: 'loadCard', card: 'tanker-2.1', seat: 0, car: 'hopper-1.1', faceDown: true }, 'CANNOT_AFFORD');
  });

  test('CAR_FULL: a car holding as many loads as its capacity', () => {
    const s = loadTable(['hopper-2.1', 'engine-2.3'], ['hopper-1.2'], ['hopper-1.1']);
    moveCard(s, 'coach-1.3', { load: 0, car: 'hopper-1.1' });
    moveCard(s, 'coach-2.1', { load: 1, car: 'hopper-1.2' });
    movePassenger(s, s.players[1].supply[0], { seat: 1, car: 'engine-1.2' });
    expectRefused(s, 0, { type: 'loadCard', card: 'hopper-2.1', seat: 0, car: 'hopper-1.1' }, 'CAR_FULL');
    expectRefused(s, 0, { type: 'loadCard', card: 'hopper-2.1', seat: 1, car: 'hopper-1.2' }, 'CAR_FULL');
    expectRefused(s, 0, { type: 'loadPassenger', passenger: s.players[0].supply[0], seat: 1, car: 'engine-1.2' }, 'CAR_FULL');
  });

  test('passengers ride in engines and coaches only; goods never ride there', () => {
    let s = loadTable(['hopper-2.1'], [], ['coach-1.1', 'hopper-1.1']);
    const [p1, p2] = s.players[0].supply;
    expectRefused(s, 0, { type: 'loadPassenger', passenger: p1, seat: 0, car: 'hopper-1.1' }, 'NOT_A_PASSENGER_CAR');
    expectRefused(s, 0, { type: 'loadCard', card: 'hopper-2.1', seat: 0, car: 'coach-1.1' }, 'NOT_A_CARGO_CAR');
    expectRefused(s, 0, { type: 'loadCard', card: 'hopper-2.1', seat: 0, car: 'engine-1.1' }, 'NOT_A_CARGO_CAR');
    const elsewhere = s.bag[0];
    expectRefused(s, 0, { type: 'loadPassenger', passenger: elsewhere, seat: 0, car: 'coach-1.1' }, 'PASSENGER_NOT_IN_SUPPLY');
    expectRefused(s, 0, { type: 'loadPassenger', passenger: p1, seat: 0, car: 'tanker-1.1' }, 'NO_SUCH_CAR');
    s = act(s, { type: 'loadPassenger', passenger: p1, seat: 0, car: 'engine-1.1' });
    s = act(s, { type: 'loadPassenger', passenger: p2, seat: 0, car: 'coach-1.1' });
    expect(s.players[0].train[0].loads).toEqual([{ kind: 'passenger', id: p1 }]);
    expect(s.players[0].train[1].loads).toEqual([{ kind: 'passenger', id: p2 }]);
    // Own cars: no cards drawn, no VP from the coach.
    expect(s.players[0].vp).toBe(0);
    expect(s.players[0].hand).toEqual(['hopper-2.1']);
    expect(s.turn.seat).toBe(1);
    conserved(s);
  });
});

describe('load: any seat at the table', () => {
  test('4 players: seat 0 loads into seat 3\'s car and gains its benefit; a seat not in a 2-player game is NO_SUCH_SEAT', () => {
    let s = game(4);
    moveCard(s, 'tanker-1.1', { car: 3 });
    setHand(s, 0, ['engine-2.1']);
    const owner = snap(s.players[3]);
    s = act(s, { type: 'loadCard', card: 'engine-2.1', seat: 3, car: 'tanker-1.1' });
    expect(s.players[3].train[1].loads).toEqual([{ kind: 'card', card: 'engine-2.1', as: 'oil', faceDown: false }]);
    expect(s.players[0].hand).toHaveLength(3);
    expect(s.players[3].hand).toEqual(owner.hand);
    expect(s.players[3].vp).toBe(owner.vp);
    conserved(s);

    const t = game(2);
    setHand(t, 0, ['engine-2.1']);
    expectRefused(t, 0, { type: 'loadCard', card: 'engine-2.1', seat: 3, car: 'tanker-1.1' }, 'NO_SUCH_SEAT');
    expectRefused(t, 0, { type: 'loadCard', card: 'engine-2.1', seat: 1, car: 'tanker-1.1' }, 'NO_SUCH_CAR');
  });
});

describe('load: benefits of another player\'s car', () => {
  // Seat 0's own train can use any bonus: a passenger on the engine (Deliver), an empty
  // Caboose 3 (Load), and the deck top gives two Level 1 Hoppers (an affordable Build).
  function benefitTable(car: string, item: string, passenger: boolean): GameState {
    const s = game();
    if (car !== 'engine-1.2') moveCard(s, car, { car: 1 }); // engine-1.2 is seat 1's own engine
    moveCard(s, 'caboose-3.1', { car: 0 });
    const pax = ['p-flint-1', 'p-flint-2', 'p-devon-1'];
    setSupply(s, 1, []);
    setSupply(s, 0, pax);
    movePassenger(s, 'p-devon-1', { seat: 0, car: 'engine-1.1' });
    setHand(s, 0, passenger ? [] : [item]);
    stackDeck(s, ['hopper-1.3', 'hopper-1.4']);
    return s;
  }

  test.each([
    // car, item, draws, vp, next decision
    ['engine-1.2', 'p', 2, 0, 'action'],
    ['coach-1.1', 'p', 3, 1, 'action'],
    ['coach-2.1', 'p', 3, 2, 'action'],
    ['coach-3.1', 'p', 3, 3, 'action'],
    ['hopper-1.1', 'engine-2.3', 3, 0, 'discard'],
    ['hopper-2.2', 'engine-2.3', 2, 0, 'bonus:B'],
    ['hopper-3.1', 'engine-2.3', 2, 0, 'bonus:A'],
    ['tanker-1.1', 'engine-2.1', 3, 0, 'action'],
    ['tanker-2.2', 'engine-2.1', 3, 0, 'bonus:D'],
    ['tanker-3.1', 'engine-2.1', 3, 0, 'bonus:LD'],
    ['boxcar-1.1', 'engine-2.2', 4, 0, 'action'],
    ['boxcar-2.2', 'engine-2.2', 4, 0, 'bonus:L'],
    ['boxcar-3.1', 'engine-2.2', 5, 0, 'discard'],
  ])('loading into %s draws the printed number of cards', (car, item, draws, vp, next) => {
    const passenger = item === 'p';
    let s = benefitTable(car, item, passenger);
    const a: Action = passenger
      ? { type: 'loadPassenger', passenger: 'p-flint-1', seat: 1, car }
      : { type: 'loadCard', card: item, seat: 1, car };
    const handBefore = s.players[0].hand.length - (passenger ? 0 : 1);
    const otherHand = [...s.players[1].hand];
    s = act(s, a);
    expect(s.players[0].hand).toHaveLength(handBefore + draws);
    expect(s.players[0].hand.slice(0, 2)).toEqual(['hopper-1.3', 'hopper-1.4']);
    expect(s.players[0].vp).toBe(vp);
    const d = currentDecision(s)!;
    expect(d.seat).toBe(0);
    expect(d.kind === 'bonus' ? `bonus:${d.bonus}` : d.kind).toBe(next);
    if (d.kind === 'discard') expect(d.count).toBe(1);
    expect(s.turn.actionsLeft).toBe(1);
    expectSameLegal(s, 0);
    expect(s.players[1].vp).toBe(0);
    expect(s.players[1].hand).toEqual(otherHand); // the car's owner gains nothing
  });

  test('no benefit for loading your own car', () => {
    let s = loadTable(['engine-2.2', 'engine-2.3'], [], ['boxcar-2.1', 'hopper-1.1']);
    const deck = s.deck.length;
    s = act(s, { type: 'loadCard', card: 'engine-2.2', seat: 0, car: 'boxcar-2.1' });
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    s = act(s, { type: 'loadCard', card: 'engine-2.3', seat: 0, car: 'hopper-1.1' });
    expect(s.turn.seat).toBe(1);
    expect(s.players[0].hand).toEqual([]);
    expect(s.deck.length).toBe(deck);
  });

  test('Level 1 Hopper: draw 3, then discard any 1 card (not necessarily a drawn one)', () => {
    let s = loadTable(['engine-2.3', 'tanker-1.1'], ['hopper-1.1']);
    const [x, y, z] = spare(s, 3);
    stackDeck(s, [x, y, z]);
    s = act(s, { type: 'loadCard', card: 'engine-2.3', seat: 1, car: 'hopper-1.1' });
    expect(s.players[0].hand).toEqual(['tanker-1.1', x, y, z]);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'discard', count: 1, source: card('hopper-1.1').name });
    expect(expectSameLegal(s, 0)).toEqual(s.players[0].hand.map((c) => ({ type: 'discard', card: c })));
    expectRefused(s, 0, { type: 'take', from: 'deck' }, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'skip' }, 'WRONG_DECISION');
    s = act(s, { type: 'discard', card: 'tanker-1.1' });
    expect(s.players[0].hand).toEqual([x, y, z]);
    expect(s.discard[s.discard.length - 1]).toBe('tanker-1.1');
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    conserved(s);
  });

  test('Level 3 Boxcar, left to right: draw 5, discard 1, then the bonus Load (cards before bonus actions)', () => {
    let s = loadTable(['engine-2.2', 'hopper-2.1'], ['boxcar-3.1'], ['hopper-1.1']);
    const drawn = spare(s, 5);
    stackDeck(s, drawn);
    s = act(s, { type: 'loadCard', card: 'engine-2.2', seat: 1, car: 'boxcar-3.1' });
    expect(s.players[0].hand).toEqual(['hopper-2.1', ...drawn]);
    expect(currentDecision(s)).toMatchObject({ seat: 0, kind: 'discard', count: 1 });
    s = act(s, { type: 'discard', card: drawn[4] });
    expect(currentDecision(s)).toMatchObject({ seat: 0, kind: 'bonus', bonus: 'L' });
    const legal = expectSameLegal(s, 0);
    expect(legal[0]).toEqual({ type: 'skip' });
    // Only loads onto the player's own train.
    for (const a of legal.slice(1)) {
      expect(a.type === 'loadCard' || a.type === 'loadPassenger').toBe(true);
      if (a.type === 'loadCard' || a.type === 'loadPassenger') expect(a.seat).toBe(0);
    }
    s = act(s, { type: 'loadCard', card: 'hopper-2.1', seat: 0, car: 'hopper-1.1' });
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect(s.players[0].hand).toEqual(drawn.slice(0, 4)); // the bonus load gave nothing
    conserved(s);
  });

  test('a bonus that cannot be taken is lost automatically and the turn moves on', () => {
    let s = loadTable(['engine-2.2'], ['boxcar-2.2']);
    // Seat 0: engine full, no other cars, no passengers: a bonus Load has nowhere to go.
    setSupply(s, 0, ['p-alpine-1']);
    movePassenger(s, 'p-alpine-1', { seat: 0, car: 'engine-1.1' });
    const r = runNow(s, { type: 'loadCard', card: 'engine-2.2', seat: 1, car: 'boxcar-2.2' });
    s = r.state;
    expect(s.players[0].hand).toHaveLength(4);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect(s.turn.queue).toEqual([]);
    expect(r.events.some((e) => e.type === 'bonus' && /lost/.test(e.text))).toBe(true);
  });

  test('a bonus Deliver with nothing loaded is lost too (Level 2 Tanker)', () => {
    let s = loadTable(['engine-2.1'], ['tanker-2.1']);
    s = act(s, { type: 'loadCard', card: 'engine-2.1', seat: 1, car: 'tanker-2.1' });
    expect(s.players[0].hand).toHaveLength(3);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
  });

  test('BONUS_LOAD_OWN_TRAIN: +L and +A bonus loads must go to your own cars, and give no benefit', () => {
    // +L from a Level 2 Boxcar
    let s = loadTable(['engine-2.2', 'engine-2.3', 'hopper-2.1'], ['boxcar-2.2', 'hopper-1.2'], ['hopper-2.3']);
    s = act(s, { type: 'loadCard', card: 'engine-2.2', seat: 1, car: 'boxcar-2.2' });
    expect(currentDecision(s)).toMatchObject({ kind: 'bonus', bonus: 'L' });
    expectRefused(s, 0, { type: 'loadCard', card: 'engine-2.3', seat: 1, car: 'hopper-1.2' }, 'BONUS_LOAD_OWN_TRAIN');
    expectRefused(s, 0, { type: 'take', from: 'deck' }, 'WRONG_DECISION');
    expectRefused(s, 0, { type: 'build', card: 'hopper-2.1' }, 'WRONG_DECISION');
    expect(legalActions(s, 0)).not.toContainEqual({ type: 'loadCard', card: 'engine-2.3', seat: 1, car: 'hopper-1.2' });
    const hand = s.players[0].hand.length;
    s = act(s, { type: 'loadCard', card: 'engine-2.3', seat: 0, car: 'hopper-2.3' });
    expect(s.players[0].hand).toHaveLength(hand - 1);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });

    // +A from a Level 3 Hopper
    let t = loadTable(['engine-2.3', 'hopper-2.1'], ['hopper-3.1', 'hopper-1.2'], ['hopper-1.1']);
    t = act(t, { type: 'loadCard', card: 'engine-2.3', seat: 1, car: 'hopper-3.1' });
    expect(currentDecision(t)).toMatchObject({ kind: 'bonus', bonus: 'A' });
    expectRefused(t, 0, { type: 'loadCard', card: 'hopper-2.1', seat: 1, car: 'hopper-1.2' }, 'BONUS_LOAD_OWN_TRAIN');
    const handT = t.players[0].hand.length;
    t = act(t, { type: 'loadCard', card: 'hopper-2.1', seat: 0, car: 'hopper-1.1' });
    expect(t.players[0].hand).toHaveLength(handT - 1); // no draw, no discard decision
    expect(currentDecision(t)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
  });

  test('the rulebook example: a box into another player\'s Level 2 Boxcar draws 4 and gives a bonus Load, used on the loader\'s own Level 2 Hopper with no benefit', () => {
    // Chris = seat 0, Sam = seat 1.
    let s = loadTable(['engine-2.2', 'engine-2.3'], ['boxcar-2.2'], ['hopper-2.2']);
    const drawn = spare(s, 4);
    stackDeck(s, drawn);
    s = act(s, { type: 'loadCard', card: 'engine-2.2', seat: 1, car: 'boxcar-2.2' });
    expect(s.players[1].train[1].loads).toEqual([{ kind: 'card', card: 'engine-2.2', as: 'box', faceDown: false }]);
    expect(s.players[0].hand).toEqual(['engine-2.3', ...drawn]);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'bonus', bonus: 'L', source: card('boxcar-2.2').name });
    expect(s.turn.actionsLeft).toBe(1);
    s = act(s, { type: 'loadCard', card: 'engine-2.3', seat: 0, car: 'hopper-2.2' });
    expect(s.players[0].train[1].loads).toEqual([{ kind: 'card', card: 'engine-2.3', as: 'coal', faceDown: false }]);
    // The Level 2 Hopper's own draw 2 + bonus Build is not gained.
    expect(s.players[0].hand).toEqual(drawn);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
    conserved(s);
  });

  test('a face-down load into another player\'s car still gains that car\'s benefit (it counts as the car\'s type)', () => {
    let s = loadTable(['coach-1.1', 'hopper-1.2'], ['tanker-1.1']); // coach-1.1 shows box; the tanker wants oil
    s = act(s, { type: 'loadCard', card: 'coach-1.1', seat: 1, car: 'tanker-1.1', faceDown: true });
    expect(currentDecision(s)).toMatchObject({ kind: 'pay', count: 1, reason: 'faceDown' });
    expect(s.players[0].hand).toEqual(['hopper-1.2']); // the draw waits for the payment
    s = act(s, { type: 'discard', card: 'hopper-1.2' });
    expect(s.players[0].hand).toHaveLength(3);
    expect(s.players[1].train[1].loads).toEqual([{ kind: 'card', card: 'coach-1.1', as: 'oil', faceDown: true, by: 0 }]);
    expect(playerView(s, 0).players[1].train[1].loads[0]).toMatchObject({ as: 'oil', faceDown: true });
  });

  test('a face-down load into another player\'s car: the loader knows the card, the car\'s owner and everyone else do not', () => {
    let s = loadTable(['coach-1.1', 'hopper-1.2'], ['tanker-1.1']);
    s = act(s, { type: 'loadCard', card: 'coach-1.1', seat: 1, car: 'tanker-1.1', faceDown: true });
    s = act(s, { type: 'discard', card: 'hopper-1.2' });
    expect(playerView(s, 0).players[1].train[1].loads[0]).toEqual({ kind: 'card', card: 'coach-1.1', as: 'oil', faceDown: true, by: 0 });
    for (const viewer of [1, 'spectator'] as const) {
      const v = playerView(s, viewer);
      expect(v.players[1].train[1].loads[0]).toEqual({ kind: 'card', card: null, as: 'oil', faceDown: true, by: 0 });
      expect(JSON.stringify(v)).not.toContain('coach-1.1');
    }
    // The owner can still deliver it: it goes by its place on the car, the same id in the state and every view.
    expect(itemsOnTrain(s.players[1]).map((i) => i.id)).toEqual(['face-down:tanker-1.1:0']);
    expect(itemsOnTrain(playerView(s, 1).players[1]).map((i) => i.id)).toEqual(['face-down:tanker-1.1:0']);
  });
});

describe('load: cabooses', () => {
  test('Caboose 2: loading a coal draws 1 (own car too), other goods do not', () => {
    let s = loadTable(['engine-2.3', 'engine-2.1'], [], ['caboose-2.1', 'hopper-1.1', 'tanker-1.1']);
    const [top] = spare(s, 1);
    stackDeck(s, [top]);
    s = act(s, { type: 'loadCard', card: 'engine-2.3', seat: 0, car: 'hopper-1.1' });
    expect(s.players[0].hand).toEqual(['engine-2.1', top]);
    s = act(s, { type: 'loadCard', card: 'engine-2.1', seat: 0, car: 'tanker-1.1' });
    expect(s.players[0].hand).toEqual([top]);
    conserved(s);
  });

  test('Caboose 2 with another player\'s Level 2 Hopper: 2 + 1 cards, all drawn before the bonus Build', () => {
    let s = loadTable(['engine-2.3'], ['hopper-2.2'], ['caboose-2.1']);
    stackDeck(s, ['hopper-1.3', 'hopper-1.4', 'tanker-1.2']);
    s = act(s, { type: 'loadCard', card: 'engine-2.3', seat: 1, car: 'hopper-2.2' });
    expect(s.players[0].hand).toEqual(['hopper-1.3', 'hopper-1.4', 'tanker-1.2']);
    expect(currentDecision(s)).toMatchObject({ kind: 'bonus', bonus: 'B' });
    s = act(s, { type: 'build', card: 'hopper-1.3' });
    s = act(s, { type: 'discard', card: 'tanker-1.2' });
    expect(trainCards(s, 0)).toEqual(['engine-1.1', 'caboose-2.1', 'hopper-1.3']);
    expect(currentDecision(s)).toEqual({ seat: 0, kind: 'action', actionsLeft: 1 });
  });

  test('Caboose 8: loading a passenger draws 2 (own coach: only the caboose; another\'s engine: 2 + 2)', () => {
    let s = loadTable([], [], ['caboose-8.1', 'coach-1.1']);
    const [p1, p2] = s.players[0].supply;
    s = act(s, { type: 'loadPassenger', passenger: p1, seat: 0, car: 'coach-1.1' });
    expect(s.players[0].hand).toHaveLength(2);
    expect(s.players[0].vp).toBe(0);
    s = act(s, { type: 'loadPassenger', passenger: p2, seat: 1, car: 'engine-1.2' });
    expect(s.players[0].hand).toHaveLength(2 + 4);
    conserved(s);
  });
});
