/**
 * One legal action per real choice. Two actions are the same choice when they differ only in which of
 * several interchangeable things they use; legalActions keeps the first of each class (in the order the
 * candidates are generated, which is the order of the hand, the display and the trains), and applyAction
 * still accepts any specific id. "Interchangeable" (also written in the README):
 *  - two train cards (in a hand or the display) are interchangeable when they are copies of the same kind
 *    with the same cargo symbol: their faces are identical;
 *  - two passengers waiting in a supply are interchangeable when they go to the same destination;
 *  - two loads on the same car are interchangeable when they are passengers for the same destination,
 *    face-up cards with identical faces loaded as the same good, or face-down cards (a face-down card
 *    counts only as the car's good, and its face may be hidden from the one delivering it);
 *  - two cars in the same train are interchangeable when they are the same kind with the same symbol and
 *    carry interchangeable loads.
 * Only what the acting seat can see is used, so the list is the same from the state and from its view.
 */
import type { Action } from './actions';
import { card, passengerDestination } from './catalogue';
import { loadItemId, type Table } from './table';
import type { Car, Load, Seat } from './types';

const cardClasses = new Map<string, string>();

/** Cards with identical faces share a class (memoised: ids are a fixed set). */
export function cardClass(id: string): string {
  let k = cardClasses.get(id);
  if (k === undefined) {
    const c = card(id);
    k = `${c.kind}/${c.symbol}`;
    cardClasses.set(id, k);
  }
  return k;
}

function loadClass(l: Load): string {
  if (l.kind === 'passenger') return `p:${passengerDestination(l.id)}`;
  if (l.faceDown) return `down:${l.as}`;
  return `c:${cardClass(l.card!)}:${l.as}`;
}

export function carClass(owner: Seat, car: Car): string {
  if (car.loads.length === 0) return `${owner}:${cardClass(car.card)}[]`;
  return `${owner}:${cardClass(car.card)}[${car.loads.map(loadClass).sort().join(',')}]`;
}

/** Class keys for the things a seat's actions can name, worked out once per legalActions call when first asked. */
class Classes {
  private items: Map<string, string> | null = null;
  private cars: Map<string, string> | null = null;

  constructor(private readonly t: Table, private readonly seat: Seat) {}

  car(id: string): string {
    if (this.cars === null) {
      this.cars = new Map();
      // Car ids are unique across the table, so one map serves every train.
      for (const p of this.t.players) for (const car of p.train) this.cars.set(car.card, carClass(p.seat, car));
    }
    return this.cars.get(id) ?? id;
  }
  item(id: string): string {
    if (this.items === null) {
      this.items = new Map();
      for (const car of this.t.players[this.seat].train) {
        car.loads.forEach((l, i) => this.items!.set(loadItemId(car, i), `${car.card}|${loadClass(l)}`));
      }
    }
    return this.items.get(id) ?? id;
  }
}

function key(a: Action, k: Classes): string {
  switch (a.type) {
    case 'take':
      return a.from === 'display' ? `take|${cardClass(a.card)}` : `take|${a.from}`;
    case 'build':
      return `build|${cardClass(a.card)}|${a.upgrade ? k.car(a.upgrade) : ''}|${a.replace ?? ''}|${a.scrap ? k.car(a.scrap) : ''}`;
    case 'loadCard':
      return `loadCard|${cardClass(a.card)}|${k.car(a.car)}|${a.faceDown === true}`;
    case 'loadPassenger':
      return `loadPassenger|${passengerDestination(a.passenger)}|${k.car(a.car)}`;
    case 'discard':
      return `discard|${cardClass(a.card)}`;
    case 'deliverPrimary':
      return `primary|${a.items.map((i) => k.item(i)).sort().join('+')}`;
    case 'deliverSecondary':
      return `secondary|${a.contract}|${a.items.map((i) => k.item(i)).sort().join('+')}`;
    case 'deliverTicket':
      return `ticket|${k.item(a.passenger)}|${a.to ?? ''}`;
    case 'deliverAnyPassenger':
      return `any|${k.item(a.passenger)}`;
    case 'deliverSpecial':
      return `special|${k.item(a.item)}`;
    default:
      return JSON.stringify(a);
  }
}

/** Keep the first action of each class of interchangeable choices. */
export function oneActionPerChoice(t: Table, seat: Seat, actions: readonly Action[]): Action[] {
  if (actions.length < 2) return [...actions];
  const k = new Classes(t, seat);
  const seen = new Set<string>();
  const out: Action[] = [];
  for (const a of actions) {
    const id = key(a, k);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(a);
  }
  return out;
}
