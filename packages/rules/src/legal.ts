/**
 * legalActions: every action a seat may take now. Candidates are generated
 * generously and filtered through validate, so this list and applyAction can
 * never disagree.
 */
import { card } from './catalogue';
import type { Action } from './actions';
import { currentDecision } from './decision';
import { carAccepts, handOf, isSolo, locations, Table } from './table';
import type { GameState, PlayerView, Seat } from './types';
import { deliverySteps, validate, validateFor } from './validate';
import { oneActionPerChoice } from './choices';

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
  switch (d.kind) {
    case 'action':
      out.push(...mainCandidates(t, seat, false));
      break;
    case 'bonus': {
      out.push({ type: 'skip' });
      const allowed = { A: null, L: ['loadCard', 'loadPassenger'], B: ['build'], D: ['deliver'], LD: ['loadCard', 'loadPassenger', 'deliver'] }[d.bonus];
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
  const legal = out.filter((a) => validateFor(t, seat, d, a) === null);
  return options.everyCopy ? legal : oneActionPerChoice(t, seat, legal);
}

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
      if (validate(t, seat, plain)?.code === 'OVER_CAPACITY') {
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
