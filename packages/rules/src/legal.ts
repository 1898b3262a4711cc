/**
 * legalActions: every action a seat may take now. Candidates are generated
 * generously and filtered through validate, so this list and applyAction can
 * never disagree.
 */
import { card } from './catalogue';
import type { Action } from './actions';
import { currentDecision } from './decision';
import { carAccepts, handOf, isSolo, locations, Table } from './table';
import type { BonusKind } from './catalogue';
import type { Car, Decision, GameState, PlayerView, Seat } from './types';
import { computeBuild, deliverySteps, validateFor } from './validate';
import { cardClass, carClass, oneActionPerChoice } from './choices';

export interface LegalOptions {
  /** List every copy separately instead of one action per real choice (for tools that compare the two). */
  everyCopy?: boolean;
}

export function legalActions(t: GameState | PlayerView, seat: Seat, options: LegalOptions = {}): Action[] {
  if (t.gameOver) return [];
  if (t.kind === 'view' && t.viewer !== seat) return [];
  const d = currentDecision(t);
  if (!d || d.seat !== seat) return [];
  const out: Action[] = [];
  const every = options.everyCopy === true;
  // Candidates already checked while they were generated (builds, delivery steps): not checked twice.
  const checked = new Map<Action, boolean>();
  switch (d.kind) {
    case 'action':
      out.push(...mainCandidates(t, seat, false, every, checked));
      break;
    case 'bonus': {
      out.push({ type: 'skip' });
      const allowed = { A: null, L: ['loadCard', 'loadPassenger'], B: ['build'], D: ['deliver'], LD: ['loadCard', 'loadPassenger', 'deliver'] }[d.bonus];
      out.push(...mainCandidates(t, seat, true, every, checked).filter((a) => allowed === null || allowed.includes(a.type)));
      break;
    }
    case 'pay':
    case 'discard':
    case 'handLimit':
      for (const c of firstOfEachClass(handOf(t, seat), every)) out.push({ type: 'discard', card: c });
      break;
    case 'delivery':
      for (const a of deliverySteps(t, seat, d.progress)) {
        out.push(a);
        checked.set(a, true);
      }
      out.push({ type: 'endDelivery' });
      break;
  }
  if (isSolo(t)) out.push({ type: 'returnCard' });
  const legal = out.filter((a) => checked.get(a) ?? validateFor(t, seat, d, a) === null);
  return options.everyCopy ? legal : oneActionPerChoice(t, seat, legal);
}

/**
 * Cards with identical faces are the same choice (choices.ts), and whether one is legal never depends on
 * which copy it is: unless every copy is asked for, only the first copy of each is tried, which spares
 * validating (and then dropping) the rest.
 */
function firstOfEachClass(ids: readonly string[], every: boolean): readonly string[] {
  if (every || ids.length < 2) return ids;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of ids) {
    const k = cardClass(id);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(id);
  }
  return out;
}

/** The same for cars of one train that are the same kind and symbol carrying interchangeable loads. */
function firstOfEachCar(owner: { seat: Seat; train: Car[] }, every: boolean): readonly Car[] {
  if (every || owner.train.length < 2) return owner.train;
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

function mainCandidates(t: Table, seat: Seat, bonus: boolean, every = true, checked?: Map<Action, boolean>): Action[] {
  const out: Action[] = [];
  const p = t.players[seat];
  const hand = firstOfEachClass(handOf(t, seat), every);
  for (const c of firstOfEachClass(t.display, every)) out.push({ type: 'take', from: 'display', card: c });
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
      // The decision is this seat's (legalActions checked), so a build's legality is computeBuild's answer.
      const plan = computeBuild(t, seat, plain as Extract<Action, { type: 'build' }>);
      checked?.set(plain, !('error' in plan));
      // Scrapping is only ever legal when the plain build is too heavy; only then list the variants.
      if ('error' in plan && plan.error.code === 'OVER_CAPACITY') {
        for (const car of p.train.slice(1)) if (car.card !== upgrade) out.push({ ...plain, scrap: car.card } as Action);
      }
    }
  }

  const trains = bonus || isSolo(t) ? [p] : t.players;
  for (const owner of trains) {
    for (const car of firstOfEachCar(owner, every)) {
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
  for (const a of mainCandidates(t, seat, true, false)) {
    if (allowed !== null && !allowed.includes(a.type)) continue;
    if (validateFor(t, seat, d, a) === null) return true;
  }
  return false;
}
