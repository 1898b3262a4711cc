/**
 * legalActions: every action a seat may take now. Candidates are generated
 * generously and filtered through validate, so this list and applyAction can
 * never disagree.
 */
import { card, passengerDestination, type CardDef } from './catalogue';
import type { Action } from './actions';
import { currentDecision } from './decision';
import {
  bagCount, carAccepts, cardFacts, deckCount, discardCount, FACE_COUNT, handOf, isSolo, locations, locationsIn, Table,
} from './table';
import type { BonusKind } from './catalogue';
import type { Car, Decision, GameState, PlayerView, Seat } from './types';
import { computeBuild, deliverySteps, trainTotals, validateFor } from './validate';
import { carClass, oneActionPerChoice } from './choices';

export interface LegalOptions {
  /** List every copy separately instead of one action per real choice (for tools that compare the two). */
  everyCopy?: boolean;
}

export function legalActions(t: GameState | PlayerView, seat: Seat, options: LegalOptions = {}): Action[] {
  if (t.gameOver) return [];
  if (t.kind === 'view' && t.viewer !== seat) return [];
  const d = currentDecision(t);
  if (!d || d.seat !== seat) return [];
  return options.everyCopy === true ? everyLegalCopy(t, seat, d) : oneLegalPerChoice(t, seat, d);
}

/**
 * The reference list: candidates generated generously and each filtered through validate, every copy
 * listed. `oneActionPerChoice` of this list is, by definition, what legalActions returns
 * (test/simulator.test.ts compares the two along random games).
 */
function everyLegalCopy(t: Table, seat: Seat, d: Decision): Action[] {
  const out: Action[] = [];
  switch (d.kind) {
    case 'action':
      out.push(...mainCandidates(t, seat, false));
      break;
    case 'bonus': {
      out.push({ type: 'skip' });
      const allowed = BONUS_ALLOWED[d.bonus];
      out.push(...mainCandidates(t, seat, true).filter((a) => allowed === null || allowed.includes(a.type)));
      break;
    }
    case 'pay':
    case 'discard':
    case 'handLimit':
      for (const c of handOf(t, seat)) out.push({ type: 'discard', card: c });
      break;
    case 'delivery':
      out.push(...deliverySteps(t, seat, d.progress));
      out.push({ type: 'endDelivery' });
      break;
  }
  if (isSolo(t)) out.push({ type: 'returnCard' });
  return out.filter((a) => validateFor(t, seat, d, a) === null);
}

/**
 * The fast list, on every hot path (the server, the bots, the simulator): only the first copy of each
 * interchangeable thing is considered, and the rules' conditions are applied while generating (the same
 * conditions validate applies; the comparison with the reference list keeps them the same), so nothing is
 * generated to be thrown away. Only a delivery's steps still need the one-per-choice pass (which goods go).
 */
function oneLegalPerChoice(t: Table, seat: Seat, d: Decision): Action[] {
  const out: Action[] = [];
  switch (d.kind) {
    case 'action':
      legalMain(t, seat, false, null, out);
      break;
    case 'bonus':
      out.push({ type: 'skip' });
      legalMain(t, seat, true, BONUS_ALLOWED[d.bonus], out);
      break;
    case 'pay':
    case 'discard':
    case 'handLimit':
      for (const c of firstOfEachClass(handOf(t, seat), false)) out.push({ type: 'discard', card: c });
      break;
    case 'delivery': {
      const steps = deliverySteps(t, seat, d.progress);
      out.push(...(steps.length > 1 ? oneActionPerChoice(t, seat, steps) : steps));
      if (d.progress.steps > 0) out.push({ type: 'endDelivery' });
      break;
    }
  }
  if (isSolo(t) && validateFor(t, seat, d, { type: 'returnCard' }) === null) out.push({ type: 'returnCard' });
  return out;
}

/** Main-action (or bonus) moves that are legal now, one per real choice, in the reference list's order. */
function legalMain(t: Table, seat: Seat, bonus: boolean, allowed: readonly string[] | null, out: Action[]): void {
  const p = t.players[seat];
  const fullHand = handOf(t, seat);
  const hand = firstOfEachClass(fullHand, false);
  // Each card's facts are looked up once per call, not once per car it is tried against.
  const handDefs = new Array<CardDef>(hand.length);
  for (let i = 0; i < hand.length; i++) handDefs[i] = cardFacts(hand[i]).def;
  const may = (type: string) => allowed === null || allowed.includes(type);
  if (may('take')) {
    for (const c of firstOfEachClass(t.display, false)) out.push({ type: 'take', from: 'display', card: c });
    if (deckCount(t) > 0 || (!isSolo(t) && discardCount(t) > 0)) out.push({ type: 'take', from: 'deck' });
    if (bagCount(t) > 0) out.push({ type: 'take', from: 'bag' });
  }
  const ownCars = firstOfEachCar(p, false);
  if (may('build')) {
    const ownCategories = ownCars.map((car) => cardFacts(car.card).def.category);
    const totals = trainTotals(p.train);
    for (let h = 0; h < hand.length; h++) {
      const id = hand[h];
      const c = handDefs[h];
      if (c.category === 'building') {
        const plain: Action = { type: 'build', card: id };
        if (!('error' in computeBuild(t, seat, plain, undefined, true))) out.push(plain);
        for (const b of p.buildings) {
          const r: Action = { type: 'build', card: id, replace: b };
          if (!('error' in computeBuild(t, seat, r, undefined, true))) out.push(r);
        }
        continue;
      }
      const targets: (string | undefined)[] = [undefined];
      for (let k = 0; k < ownCars.length; k++) if (ownCategories[k] === c.category) targets.push(ownCars[k].card);
      for (const upgrade of targets) {
        const plain = (upgrade ? { type: 'build', card: id, upgrade } : { type: 'build', card: id }) as Extract<Action, { type: 'build' }>;
        const plan = computeBuild(t, seat, plain, totals, true);
        if (!('error' in plan)) out.push(plain);
        else if (plan.error.code === 'OVER_CAPACITY') {
          // Scrapping is only ever legal when the plain build is too heavy; one per kind of car scrapped.
          const rest = p.train.slice(1).filter((car) => car.card !== upgrade);
          for (const car of firstOfEachCar({ seat: p.seat, train: rest }, false)) {
            const v: Action = upgrade ? { type: 'build', card: id, upgrade, scrap: car.card } : { type: 'build', card: id, scrap: car.card };
            if (!('error' in computeBuild(t, seat, v, totals, true))) out.push(v);
          }
        }
      }
    }
  }
  const loadCards = may('loadCard');
  const loadPassengers = may('loadPassenger');
  if (loadCards || loadPassengers) {
    const supply = firstOfEachDestination(p.supply);
    const trains = bonus || isSolo(t) ? [p] : t.players;
    const faceDownOk = fullHand.length >= 2;
    for (const owner of trains) {
      for (const car of owner === p ? ownCars : firstOfEachCar(owner, false)) {
        const acc = cardFacts(car.card).accepts;
        if (car.loads.length >= acc.capacity) continue;
        if (acc.goods !== null && loadCards) {
          for (let h = 0; h < hand.length; h++) {
            const sym = handDefs[h].symbol;
            const natural = sym === 'all' || acc.goods === 'any' || sym === acc.goods;
            // The same conditions as checkLoad: face up when the card fits, face down (paying one more) when not.
            if (natural) out.push({ type: 'loadCard', card: hand[h], seat: owner.seat, car: car.card });
            else if (faceDownOk) out.push({ type: 'loadCard', card: hand[h], seat: owner.seat, car: car.card, faceDown: true });
          }
        }
        if (acc.passengers && loadPassengers) {
          for (const pid of supply) out.push({ type: 'loadPassenger', passenger: pid, seat: owner.seat, car: car.card });
        }
      }
    }
  }
  // A Deliver is possible exactly when the train carries something (validate's rule).
  if (may('deliver') && p.train.some((c) => c.loads.length > 0)) {
    for (const at of locationsIn(t)) out.push({ type: 'deliver', at });
  }
}

/** Waiting passengers for the same destination are the same choice. */
function firstOfEachDestination(ids: readonly string[]): readonly string[] {
  if (ids.length < 2) return ids;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of ids) {
    const k = passengerDestination(id);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(id);
  }
  return out;
}

/**
 * Marks for "this face was already seen in this pass": a face is seen when its mark equals the pass's
 * number, so starting a pass costs nothing (no set to build). Passes never nest.
 */
const faceMark = new Int32Array(FACE_COUNT);
let pass = 0;
function newPass(): number {
  if (pass === 0x7fffffff) {
    faceMark.fill(0);
    pass = 0;
  }
  return ++pass;
}

/**
 * Cards with identical faces are the same choice (choices.ts), and whether one is legal never depends on
 * which copy it is: unless every copy is asked for, only the first copy of each is tried.
 */
function firstOfEachClass(ids: readonly string[], every: boolean): readonly string[] {
  if (every || ids.length < 2) return ids;
  const mark = newPass();
  let out: string[] | null = null;
  for (let i = 0; i < ids.length; i++) {
    const f = cardFacts(ids[i]).face;
    if (faceMark[f] === mark) {
      // The first copy seen: from here on the list differs from the input.
      if (out === null) out = ids.slice(0, i);
      continue;
    }
    faceMark[f] = mark;
    if (out !== null) out.push(ids[i]);
  }
  return out ?? ids;
}

/** The same for cars of one train that are the same kind and symbol carrying interchangeable loads. */
function firstOfEachCar(owner: { seat: Seat; train: Car[] }, every: boolean): readonly Car[] {
  if (every || owner.train.length < 2) return owner.train;
  // Cars of different kinds or symbols are never interchangeable: only when two share a face do their
  // loads need comparing (the costly part of a car's class).
  const mark = newPass();
  let shared = false;
  for (const car of owner.train) {
    const f = cardFacts(car.card).face;
    if (faceMark[f] === mark) { shared = true; break; }
    faceMark[f] = mark;
  }
  if (!shared) return owner.train;
  const seen = new Set<string>();
  const out: Car[] = [];
  for (const car of owner.train) {
    const k = carClass(owner.seat, car);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(car);
  }
  return out;
}

/** Every candidate for a main action or bonus, legal or not (the reference list and hasBonusUse filter them). */
function mainCandidates(t: Table, seat: Seat, bonus: boolean): Action[] {
  const out: Action[] = [];
  const p = t.players[seat];
  const hand = handOf(t, seat);
  for (const c of t.display) out.push({ type: 'take', from: 'display', card: c });
  out.push({ type: 'take', from: 'deck' }, { type: 'take', from: 'bag' });

  for (const id of hand) {
    const c = card(id);
    if (c.category === 'building') {
      out.push({ type: 'build', card: id });
      for (const b of p.buildings) out.push({ type: 'build', card: id, replace: b });
      continue;
    }
    const targets: (string | undefined)[] = [undefined];
    for (const car of p.train) if (card(car.card).category === c.category) targets.push(car.card);
    for (const upgrade of targets) {
      const plain: Action = upgrade ? { type: 'build', card: id, upgrade } : { type: 'build', card: id };
      out.push(plain);
      // Scrapping is only ever legal when the plain build is too heavy; only then list the variants.
      const plan = computeBuild(t, seat, plain as Extract<Action, { type: 'build' }>);
      if ('error' in plan && plan.error.code === 'OVER_CAPACITY') {
        for (const car of p.train.slice(1)) if (car.card !== upgrade) out.push({ ...plain, scrap: car.card } as Action);
      }
    }
  }

  const trains = bonus || isSolo(t) ? [p] : t.players;
  for (const owner of trains) {
    for (const car of owner.train) {
      const acc = carAccepts(card(car.card));
      if (car.loads.length >= acc.capacity) continue;
      if (acc.goods !== null) {
        for (const id of hand) {
          out.push({ type: 'loadCard', card: id, seat: owner.seat, car: car.card });
          out.push({ type: 'loadCard', card: id, seat: owner.seat, car: car.card, faceDown: true });
        }
      }
      if (acc.passengers) for (const pid of p.supply) out.push({ type: 'loadPassenger', passenger: pid, seat: owner.seat, car: car.card });
    }
  }
  for (const at of locations(t)) out.push({ type: 'deliver', at });
  return out;
}

const BONUS_ALLOWED: Record<BonusKind, readonly string[] | null> = {
  A: null, L: ['loadCard', 'loadPassenger'], B: ['build'], D: ['deliver'], LD: ['loadCard', 'loadPassenger', 'deliver'],
};

/**
 * Could `seat` use a pending bonus of this kind at all (the same answer as "legalActions lists more than
 * skip and returnCard")? advance() asks this for every bonus, so it stops at the first legal use instead
 * of listing and sorting every action: the cheap takes and delivers are tried before the full list.
 */
export function hasBonusUse(t: Table, seat: Seat, bonus: BonusKind): boolean {
  const d: Decision = { seat, kind: 'bonus', bonus, source: '' };
  const allowed = BONUS_ALLOWED[bonus];
  if (bonus === 'A') {
    if (t.display.length > 0 || validateFor(t, seat, d, { type: 'take', from: 'deck' }) === null) return true;
    if (validateFor(t, seat, d, { type: 'take', from: 'bag' }) === null) return true;
  }
  if (allowed === null || allowed.includes('deliver')) {
    // A Deliver is possible exactly when the train carries something (validate's rule).
    if (t.players[seat].train.some((c) => c.loads.length > 0)) return true;
    if (bonus === 'D') return false;
  }
  for (const a of mainCandidates(t, seat, true)) {
    if (allowed !== null && !allowed.includes(a.type)) continue;
    if (validateFor(t, seat, d, a) === null) return true;
  }
  return false;
}
