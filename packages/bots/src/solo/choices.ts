/**
 * The solo search's move lists: one action per real difference once copies of identical cards are folded
 * together, and for card loads one per target car and face, using the card the objective needs least.
 */
import { card, type Action, type Car, type GameState } from '@isle-of-trains/rules';
import { keepContext, soloKeepValue, type KeepContext } from './heuristic';

/** A card's face (kind and symbol): copies with one face are the same card to the solo search. */
export const key = (id: string): string => {
  const c = card(id);
  return `${c.kind}:${c.symbol}`;
};

/** A car's loads with the copies folded together. */
export function loadsKey(car: Car): string {
  return car.loads.map((l) => (l.kind === 'passenger' ? `p${l.id.split('-')[1]}` : l.as)).sort().join(',');
}

function carKey(s: GameState, id: string | undefined): string {
  if (!id) return '';
  const car = s.players[0].train.find((c) => c.card === id);
  return car ? `${card(car.card).kind}[${loadsKey(car)}]` : id;
}

function itemKey(s: GameState, id: string): string {
  for (const c of s.players[0].train) {
    for (const l of c.loads) {
      if (l.kind === 'passenger' && l.id === id) return `p${id.split('-')[1]}@${card(c.card).kind}`;
      if (l.kind === 'card' && l.card === id) return `${l.as}@${card(c.card).kind}`;
    }
  }
  return id;
}

/** What an action does once the copy of a card (or passenger of a colour) it uses stops mattering. */
function actionSig(s: GameState, a: Action): string {
  switch (a.type) {
    case 'take': return a.from === 'display' ? `td:${key(a.card)}` : `t:${a.from}`;
    case 'build': return `b:${key(a.card)}|u:${carKey(s, a.upgrade)}|r:${a.replace ? card(a.replace).kind : ''}|x:${carKey(s, a.scrap)}`;
    case 'loadPassenger': return `lp:${a.passenger.split('-')[1]}|${carKey(s, a.car)}`;
    case 'deliver': return `d:${a.at}`;
    case 'deliverPrimary': return `dp:${a.items.map((i) => itemKey(s, i)).sort().join(',')}`;
    case 'deliverSecondary': return `ds${a.contract}:${a.items.map((i) => itemKey(s, i)).sort().join(',')}`;
    case 'deliverTicket': return `dt:${a.passenger.split('-')[1]}>${a.to ?? ''}`;
    case 'deliverAnyPassenger': return `da:${a.passenger.split('-')[1]}`;
    case 'deliverSpecial': return `sp:${itemKey(s, a.item)}`;
    default: return JSON.stringify(a);
  }
}

/** The choices worth trying at a main or bonus decision (returnCard is decided apart). */
export function soloChoices(s: GameState, legal: readonly Action[]): Action[] {
  const out: Action[] = [];
  const seen = new Set<string>();
  const loads = new Map<string, { a: Action; v: number }>();
  let ctx: KeepContext | null = null;
  for (const a of legal) {
    if (a.type === 'returnCard') continue;
    if (a.type === 'loadCard') {
      const target = s.players[a.seat].train.find((c) => c.card === a.car)!;
      const storeAny = card(target.card).ability === 'storeAny';
      const k = `${carKey(s, a.car)}|${a.faceDown ? 'down' : 'up'}|${storeAny && !a.faceDown ? card(a.card).symbol : ''}`;
      ctx ??= keepContext(s);
      const v = soloKeepValue(s, a.card, ctx);
      const cur = loads.get(k);
      if (!cur || v < cur.v) loads.set(k, { a, v });
      continue;
    }
    const sig = actionSig(s, a);
    if (seen.has(sig)) continue;
    seen.add(sig);
    out.push(a);
  }
  for (const { a } of loads.values()) out.push(a);
  return out;
}

/** Delivery steps: contracts and tickets first, then ending the delivery, then special deliveries. */
export function soloDeliveryChoices(s: GameState, legal: readonly Action[]): Action[] {
  const rank = (a: Action) => (a.type === 'deliverSpecial' ? 2 : a.type === 'endDelivery' ? 1 : 0);
  return soloChoices(s, legal).sort((x, y) => rank(x) - rank(y));
}

/** The card to give up at a payment, discard or the hand limit: the one the objective needs least. */
export function soloDiscard(s: GameState): Action {
  const hand = s.players[0].hand;
  const ctx = keepContext(s);
  let best = hand[0];
  let bv = Infinity;
  for (const id of hand) {
    const v = soloKeepValue(s, id, ctx);
    if (v < bv) { bv = v; best = id; }
  }
  return { type: 'discard', card: best };
}
