/**
 * validate: the single source of truth for what is legal. It reads only what
 * the acting seat may see, so it gives the same answer on a GameState and on
 * that seat's PlayerView. applyAction and legalActions both go through it.
 */
import { card, CATALOGUE, DESTINATIONS, type CardDef, island as islandDef, passengerDestination } from './catalogue';
import type { Action } from './actions';
import { currentDecision } from './decision';
import {
  abilityCount, bagCount, buildingLimit, carAccepts, deckCount, discardCount, handOf, holdsOpenIsland,
  isSolo, itemsMatchGoods, itemsOnTrain, locationsIn, nameOf, soloRules, Table, TrainItem,
} from './table';
import type { BonusKind } from './catalogue';
import type { Decision, DeliveryProgress, RuleError, Seat } from './types';

export const err = (code: string, message: string): RuleError => ({ code, message });

const MAIN_TYPES = new Set(['take', 'build', 'loadCard', 'loadPassenger', 'deliver']);
const BONUS_TYPES: Record<BonusKind, Set<string>> = {
  A: MAIN_TYPES,
  L: new Set(['loadCard', 'loadPassenger']),
  B: new Set(['build']),
  D: new Set(['deliver']),
  LD: new Set(['loadCard', 'loadPassenger', 'deliver']),
};
const BONUS_NAMES: Record<BonusKind, string> = {
  A: 'a bonus action', L: 'a bonus Load', B: 'a bonus Build', D: 'a bonus Deliver', LD: 'a bonus Load or Deliver',
};
const DELIVERY_TYPES = new Set(['deliverPrimary', 'deliverSecondary', 'deliverTicket', 'deliverAnyPassenger', 'deliverSpecial', 'endDelivery']);

export function returnCost(t: Table): number {
  return soloRules(t).returnCost ?? CATALOGUE.solo.returnCost;
}

export function validate(t: Table, seat: Seat, a: Action): RuleError | null {
  if (t.gameOver) return err('GAME_OVER', 'The game is over; no more moves can be made.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= t.players.length) return err('NO_SUCH_SEAT', `There is no seat ${seat} in this game.`);
  const d = currentDecision(t)!;
  if (d.seat !== seat) return err('NOT_YOUR_TURN', `It is ${nameOf(t, d.seat)}'s turn, not yours.`);
  if (t.kind === 'view' && t.viewer !== seat) return err('NOT_YOUR_VIEW', 'This view belongs to another seat.');
  return validateFor(t, seat, d, a);
}

/** validate, once the decision is known to be this seat's (legalActions calls this per candidate). */
export function validateFor(t: Table, seat: Seat, d: Decision, a: Action): RuleError | null {
  if (a.type === 'returnCard') return checkReturn(t, seat);
  switch (d.kind) {
    case 'action':
      if (!MAIN_TYPES.has(a.type)) return err('WRONG_DECISION', 'Choose one of your two actions now: take, build, load or deliver.');
      return checkMain(t, seat, a, false);
    case 'bonus':
      if (a.type === 'skip') return null;
      if (!BONUS_TYPES[d.bonus].has(a.type)) return err('WRONG_DECISION', `You may take ${BONUS_NAMES[d.bonus]} now, or skip it.`);
      return checkMain(t, seat, a, true);
    case 'pay':
    case 'discard':
    case 'handLimit': {
      if (a.type !== 'discard') {
        const why = d.kind === 'pay' ? `pay for ${d.label}` : d.kind === 'discard' ? `discard after ${d.source}` : 'get down to 5 cards';
        return err('WRONG_DECISION', `Choose a card from your hand to discard first (${why}).`);
      }
      if (!handOf(t, seat).includes(a.card)) return err('CARD_NOT_IN_HAND', 'That card is not in your hand.');
      return null;
    }
    case 'delivery':
      if (!DELIVERY_TYPES.has(a.type)) return err('WRONG_DECISION', `Finish your delivery at ${placeName(d.progress.at)} first (or end it).`);
      return checkDeliveryStep(t, seat, d.progress, a);
  }
}

function checkReturn(t: Table, seat: Seat): RuleError | null {
  if (!isSolo(t)) return err('SOLO_ONLY', 'Returning cards to the deck is a solo-mode rule.');
  const cost = returnCost(t);
  if (t.players[seat].vp < cost) return err('NOT_ENOUGH_VP', `Returning a card costs ${cost} VP tokens; you have ${t.players[seat].vp}.`);
  if (discardCount(t) === 0) return err('DISCARD_EMPTY', 'The discard pile is empty.');
  return null;
}

function checkMain(t: Table, seat: Seat, a: Action, bonus: boolean): RuleError | null {
  switch (a.type) {
    case 'take':
      if (a.from === 'display' && !t.display.includes(a.card)) return err('NOT_IN_DISPLAY', 'That card is not in the display.');
      if (a.from === 'deck' && deckCount(t) === 0 && (isSolo(t) || discardCount(t) === 0)) {
        return err('DECK_EMPTY', 'There are no cards left to draw.');
      }
      // Taking a passenger needs one in the bag: the 1-VP stand-in is only for passengers an effect
      // makes you draw (CATALOGUE.md, Readings: "Take a passenger from an empty bag").
      if (a.from === 'bag' && bagCount(t) === 0) return err('BAG_EMPTY', 'The passenger bag is empty, so there is no passenger to take.');
      return null;
    case 'build': {
      const r = computeBuild(t, seat, a);
      return 'error' in r ? r.error : null;
    }
    case 'loadCard':
    case 'loadPassenger':
      return checkLoad(t, seat, a, bonus);
    case 'deliver':
      if (!locationsIn(t).includes(a.at)) return err('NO_SUCH_DESTINATION', `There is no destination "${a.at}" in this game.`);
      // Every delivery needs something loaded on your train, and anything loaded can at least
      // go as a special delivery, so a Deliver is possible exactly when your train carries something.
      if (!t.players[seat].train.some((c) => c.loads.length > 0)) {
        return err('NOTHING_TO_DELIVER', `You have nothing loaded on your train to deliver at ${placeName(a.at)}.`);
      }
      return null;
    default:
      return err('WRONG_DECISION', 'That is not an action you can take now.');
  }
}

export function placeName(at: string): string {
  try {
    return islandDef(at).name;
  } catch {
    return at;
  }
}

export interface BuildPlan {
  cost: number;
  passengers: number;
}

/** Sums over a train that every build check needs; legalActions works them out once for all its candidates. */
export interface TrainTotals {
  weight: number;
  capacity: number;
  /** Cars with the extend discount (Caboose 3). */
  discount: number;
}

export function trainTotals(train: readonly { card: string }[]): TrainTotals {
  let weight = 0;
  let capacity = 0;
  let discount = 0;
  for (const x of train) {
    const def = card(x.card);
    weight += def.weight;
    capacity += def.engineCapacity;
    if (def.ability === 'extendDiscount') discount++;
  }
  return { weight, capacity, discount };
}

/**
 * Checks a build and works out its cost; used by validation and by applyAction. `totals` must be
 * trainTotals of the seat's train as it is now (a cache for callers that check many builds at once).
 */
export function computeBuild(
  t: Table, seat: Seat, a: Extract<Action, { type: 'build' }>, totals?: TrainTotals, quiet = false,
): BuildPlan | { error: RuleError } {
  const p = t.players[seat];
  const hand = handOf(t, seat);
  // `quiet`: the caller wants only whether the build is legal (legalActions tries every build in the hand),
  // so a refusal's message is not worded; the refusal's code is the same.
  const fail = (code: string, message: string | (() => string)) =>
    ({ error: err(code, quiet ? '' : typeof message === 'string' ? message : message()) });
  if (!hand.includes(a.card)) return fail('CARD_NOT_IN_HAND', 'That card is not in your hand.');
  const c = card(a.card);
  let cost: number;
  if (c.category === 'building') {
    if (a.upgrade || a.scrap) return fail('BUILDING_NOT_IN_TRAIN', 'A building stands beside your train: it cannot upgrade a car or need a car scrapped.');
    const limit = buildingLimit(t, p);
    if (p.buildings.length >= limit) {
      if (!a.replace) return fail('BUILDING_LIMIT', () => `You already own ${p.buildings.length === 1 ? 'a building' : `${p.buildings.length} buildings`}; choose one for the new building to replace.`);
      if (!p.buildings.includes(a.replace)) return fail('NO_SUCH_BUILDING', 'You do not own the building you chose to replace.');
    } else if (a.replace) {
      return fail('REPLACE_NOT_NEEDED', 'You have room for this building without replacing one.');
    }
    cost = c.cost;
  } else {
    if (a.replace) return fail('NOT_A_BUILDING', 'Only a building can replace a building.');
    // Weight and capacity of the train after the build, from the train's sums (no trial trains are built).
    const sums = totals ?? trainTotals(p.train);
    let weight = sums.weight;
    let capacity = sums.capacity;
    let scrapped: CardDef | null = null;
    if (a.scrap) {
      const i = p.train.findIndex((x) => x.card === a.scrap);
      if (i < 0) return fail('NO_SUCH_CAR', 'The car to scrap is not in your train.');
      if (i === 0) return fail('CANNOT_SCRAP_ENGINE', 'Your engine cannot be scrapped.');
      if (a.scrap === a.upgrade) return fail('CANNOT_SCRAP_UPGRADE', 'You cannot scrap the car you are upgrading.');
      scrapped = card(p.train[i].card);
      weight -= scrapped.weight;
      capacity -= scrapped.engineCapacity;
    }
    if (a.upgrade) {
      const target = p.train.find((x) => x.card === a.upgrade);
      if (!target) return fail('NO_SUCH_CAR', 'The car to upgrade is not in your train.');
      const old = card(target.card);
      if (c.category === 'caboose' || old.category === 'caboose') return fail('CANNOT_UPGRADE', 'Cabooses are never upgraded.');
      if (old.category !== c.category) return fail('UPGRADE_CATEGORY', () => `A ${c.name} cannot upgrade a ${old.name}: upgrades stay within the same kind of car.`);
      if ((c.level ?? 0) <= (old.level ?? 0)) return fail('UPGRADE_LEVEL', () => `A ${c.name} is not a higher level than your ${old.name}.`);
      cost = c.cost - old.cost;
      weight += c.weight - old.weight;
      capacity += c.engineCapacity - old.engineCapacity;
    } else {
      if (c.category === 'engine') return fail('ONE_ENGINE', 'You already have an engine: build a higher-level engine as an upgrade of it.');
      const discount = sums.discount - (scrapped?.ability === 'extendDiscount' ? 1 : 0);
      cost = Math.max(0, c.cost - discount);
      weight += c.weight;
      capacity += c.engineCapacity;
    }
    if (weight > capacity) {
      return fail('OVER_CAPACITY', () => `That would bring your train to weight ${weight}, over your engine capacity of ${capacity}${a.scrap ? '' : '; you may scrap a car to make room'}.`);
    }
    if (a.scrap) {
      const plain = computeBuild(t, seat, { ...a, scrap: undefined }, sums, true);
      if (!('error' in plain)) return fail('SCRAP_NOT_NEEDED', 'Your engine can pull this car without scrapping one: scrapping is only for making room.');
    }
  }
  const others = hand.length - 1;
  if (others < cost) return fail('CANNOT_AFFORD', () => `This costs ${cost} card${cost === 1 ? '' : 's'} and you have only ${others} other card${others === 1 ? '' : 's'} in hand.`);
  return { cost, passengers: c.passengersOnBuild };
}

function checkLoad(
  t: Table, seat: Seat, a: Extract<Action, { type: 'loadCard' | 'loadPassenger' }>, bonus: boolean,
): RuleError | null {
  const target = t.players[a.seat];
  if (!target) return err('NO_SUCH_SEAT', `There is no seat ${a.seat} in this game.`);
  if (bonus && a.seat !== seat) return err('BONUS_LOAD_OWN_TRAIN', 'A bonus load must go onto your own train.');
  const car = target.train.find((x) => x.card === a.car);
  if (!car) return err('NO_SUCH_CAR', 'That car is not in that train.');
  const def = card(car.card);
  const acc = carAccepts(def);
  if (a.type === 'loadCard') {
    const hand = handOf(t, seat);
    if (!hand.includes(a.card)) return err('CARD_NOT_IN_HAND', 'That card is not in your hand.');
    if (acc.goods === null) return err('NOT_A_CARGO_CAR', `The ${def.name} does not carry goods.`);
    if (car.loads.length >= acc.capacity) return err('CAR_FULL', `The ${def.name} is full.`);
    const sym = card(a.card).symbol;
    const natural = sym === 'all' || acc.goods === 'any' || sym === acc.goods;
    if (a.faceDown) {
      if (natural) return err('FACE_DOWN_NOT_NEEDED', 'That card already fits this car: load it face up.');
      if (hand.length < 2) return err('CANNOT_AFFORD', 'Loading face down costs one more card from your hand, and you have none.');
    } else if (!natural) {
      return err('CARGO_MISMATCH', `That card shows ${sym}, but the ${def.name} carries ${acc.goods}; you may load it face down by paying one more card.`);
    }
    return null;
  }
  if (!t.players[seat].supply.includes(a.passenger)) return err('PASSENGER_NOT_IN_SUPPLY', 'That passenger is not waiting beside your engine.');
  if (!acc.passengers) return err('NOT_A_PASSENGER_CAR', `The ${def.name} has no seats for passengers.`);
  if (car.loads.length >= acc.capacity) return err('CAR_FULL', `The ${def.name} is full.`);
  return null;
}

export function newProgress(at: string): DeliveryProgress {
  return { at, steps: 0, primary: false, secondary: false, passengerAsCargoUsed: false, remoteTicketUsed: false, anyPassengerUsed: false };
}

function pickItems(items: readonly TrainItem[], ids: readonly string[]): TrainItem[] | null {
  if (new Set(ids).size !== ids.length) return null;
  const out: TrainItem[] = [];
  for (const id of ids) {
    const it = items.find((x) => x.id === id);
    if (!it) return null;
    out.push(it);
  }
  return out;
}

function goodsText(goods: readonly string[]): string {
  return goods.join(' + ');
}

/** `items` is itemsOnTrain of the seat's train as it is now (deliverySteps lists them once for all its candidates). */
export function checkDeliveryStep(
  t: Table, seat: Seat, prog: DeliveryProgress, a: Action, items: readonly TrainItem[] = itemsOnTrain(t.players[seat]),
): RuleError | null {
  const p = t.players[seat];
  // Worked out only by the steps that need them: deliverySteps checks every candidate through here.
  const rules = () => soloRules(t);
  const passengerWild = () => !prog.passengerAsCargoUsed && abilityCount(p, 'passengerAsCargo') > 0;
  switch (a.type) {
    case 'deliverPrimary': {
      if (!t.islandsOnMap.includes(prog.at)) return err('ISLAND_TAKEN', `The ${placeName(prog.at)} island card has already been taken.`);
      if (holdsOpenIsland(p) && !rules().noSecondary) return err('ISLAND_HELD', 'Complete a secondary contract on the island card beside your engine before taking another.');
      const picked = pickItems(items, a.items);
      if (!picked) return err('NOT_ON_YOUR_TRAIN', 'Deliver only goods loaded on your own train, each once.');
      const goods = islandDef(prog.at).primary.goods;
      if (!itemsMatchGoods(picked, goods, passengerWild())) return err('CONTRACT_MISMATCH', `The primary contract at ${placeName(prog.at)} needs exactly ${goodsText(goods)}.`);
      return null;
    }
    case 'deliverSecondary': {
      if (rules().noSecondary) return err('NO_SECONDARY_CONTRACTS', 'Secondary contracts are closed in this chapter.');
      if (!p.islands.some((i) => i.island === prog.at && i.secondary === null)) {
        return err('NO_ISLAND_CARD', `You need the ${placeName(prog.at)} island card beside your engine, primary side up, to deliver its secondary contract.`);
      }
      const picked = pickItems(items, a.items);
      if (!picked) return err('NOT_ON_YOUR_TRAIN', 'Deliver only goods loaded on your own train, each once.');
      const goods = islandDef(prog.at).secondary[a.contract].goods;
      if (!itemsMatchGoods(picked, goods, passengerWild())) return err('CONTRACT_MISMATCH', `That secondary contract needs exactly ${goodsText(goods)}.`);
      return null;
    }
    case 'deliverTicket': {
      const it = items.find((x) => x.id === a.passenger && x.type === 'passenger');
      if (!it) return err('NOT_ON_YOUR_TRAIN', 'That passenger is not riding on your train.');
      const dest = a.to ?? prog.at;
      if (dest !== prog.at) {
        if (abilityCount(p, 'remoteTicket') === 0) return err('NEEDS_CABOOSE', 'Only Caboose 9 lets you deliver a passenger to another destination.');
        if (prog.remoteTicketUsed) return err('ALREADY_USED', 'Caboose 9 works once per Deliver action.');
      }
      const ticket = t.tickets.find((x) => x.destination === dest);
      if (!ticket) return err('NO_TICKET_TILE', `${placeName(dest)} has no ticket tile.`);
      if (ticket.filled.length >= 3) return err('TICKET_FULL', `The ticket tile at ${placeName(dest)} is full.`);
      if (passengerDestination(a.passenger) !== dest) return err('PASSENGER_MISMATCH', `That passenger is going to ${placeName(passengerDestination(a.passenger))}, not ${placeName(dest)}.`);
      return null;
    }
    case 'deliverAnyPassenger': {
      if (abilityCount(p, 'anyPassengerTicket') === 0) return err('NEEDS_CABOOSE', 'Only Caboose 10 lets a passenger claim a ticket reward at the wrong destination.');
      if (prog.anyPassengerUsed) return err('ALREADY_USED', 'Caboose 10 works once per Deliver action.');
      if (!items.some((x) => x.id === a.passenger && x.type === 'passenger')) return err('NOT_ON_YOUR_TRAIN', 'That passenger is not riding on your train.');
      const ticket = t.tickets.find((x) => x.destination === prog.at);
      if (!ticket) return err('NO_TICKET_TILE', `${placeName(prog.at)} has no ticket tile.`);
      if (ticket.filled.length >= 3) return err('TICKET_FULL', `The ticket tile at ${placeName(prog.at)} is full.`);
      return null;
    }
    case 'deliverSpecial':
      if (!items.some((x) => x.id === a.item)) return err('NOT_ON_YOUR_TRAIN', 'That is not loaded on your train.');
      return null;
    case 'endDelivery':
      if (prog.steps === 0) return err('NOTHING_DELIVERED', 'Deliver at least one thing before ending the delivery.');
      return null;
    default:
      return err('WRONG_DECISION', 'Finish your delivery first.');
  }
}

function combinations<T>(arr: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const rec = (start: number, acc: T[]) => {
    if (acc.length === k) { out.push([...acc]); return; }
    for (let i = start; i < arr.length; i++) { acc.push(arr[i]); rec(i + 1, acc); acc.pop(); }
  };
  rec(0, []);
  return out;
}

/**
 * Is any delivery step possible now (deliverySteps non-empty)? Anything loaded can always go as a special
 * delivery (checkDeliveryStep), so a step is possible exactly when the train carries something. applyAction
 * asks this after every step to end a delivery that has nothing left to do; test/simulator.test.ts checks it
 * against deliverySteps along random games.
 */
export function hasDeliveryStep(t: Table, seat: Seat): boolean {
  return t.players[seat].train.some((c) => c.loads.length > 0);
}

/** Every delivery step possible now (endDelivery excluded). */
export function deliverySteps(t: Table, seat: Seat, prog: DeliveryProgress): Action[] {
  const p = t.players[seat];
  const items = itemsOnTrain(p);
  const out: Action[] = [];
  const passengerWild = abilityCount(p, 'passengerAsCargo') > 0 && !prog.passengerAsCargoUsed;
  const contractCandidates = (goods: readonly string[]) =>
    items.filter((x) => goods.includes(x.type) || x.type === 'any' || (x.type === 'passenger' && passengerWild));
  const isl = (() => { try { return islandDef(prog.at); } catch { return null; } })();
  if (isl && t.islandsOnMap.includes(prog.at)) {
    for (const combo of combinations(contractCandidates(isl.primary.goods), isl.primary.goods.length)) {
      out.push({ type: 'deliverPrimary', items: combo.map((x) => x.id) });
    }
  }
  if (isl && p.islands.some((i) => i.island === prog.at && i.secondary === null)) {
    isl.secondary.forEach((con, idx) => {
      for (const combo of combinations(contractCandidates(con.goods), con.goods.length)) {
        out.push({ type: 'deliverSecondary', contract: idx, items: combo.map((x) => x.id) });
      }
    });
  }
  const remote = abilityCount(p, 'remoteTicket') > 0;
  const anyTicket = abilityCount(p, 'anyPassengerTicket') > 0;
  for (const it of items) {
    if (it.type !== 'passenger') continue;
    out.push({ type: 'deliverTicket', passenger: it.id });
    if (remote) {
      for (const d of DESTINATIONS) if (d.id !== prog.at) out.push({ type: 'deliverTicket', passenger: it.id, to: d.id });
    }
    if (anyTicket) out.push({ type: 'deliverAnyPassenger', passenger: it.id });
  }
  for (const it of items) out.push({ type: 'deliverSpecial', item: it.id });
  return out.filter((a) => checkDeliveryStep(t, seat, prog, a, items) === null);
}
