/**
 * Every move in words, naming whose car it touches and what it earns, for choice buttons and the
 * confirm tray: "Load into Bea's Tanker L2: draw 3, then a bonus Deliver",
 * "Secondary contract 1: coal + box → 12 points". Pure.
 */
import {
  card, CATALOGUE, ISLANDS, isSolo, TICKETS,
  type Action, type Decision, type PlayerView,
} from '@isle-of-trains/rules';
import { bonusText, CARGO_LABEL, cardName, goodsText, passengerInfo, placeName, rewardText, shortName } from './cards';

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
const abilityCount = (p: { train: { card: string }[] }, ability: string): number => p.train.filter((c) => card(c.card).ability === ability).length;

export function ownerName(view: PlayerView, seat: number, me: number): string {
  return seat === me ? 'your' : `${view.players[seat]?.name || `Player ${seat + 1}`}'s`;
}

/** A good or passenger on my train, in words: "coal (Hopper L1)", "passenger for Flint Beach (blue)". */
export function itemText(view: PlayerView, me: number, id: string): string {
  if (id.startsWith('p-')) return passengerInfo(id).label;
  const train = view.players[me]?.train ?? [];
  const fd = /^face-down:(.+):(\d+)$/.exec(id);
  if (fd) {
    const c = train.find((x) => x.card === fd[1]);
    const l = c?.loads[Number(fd[2])];
    const as = l && l.kind === 'card' ? l.as : 'any';
    return `${CARGO_LABEL[as] ?? as} (face down, ${shortName(fd[1])})`;
  }
  for (const c of train) {
    for (const l of c.loads) if (l.kind === 'card' && l.card === id) return `${CARGO_LABEL[l.as] ?? l.as} (${shortName(c.card)})`;
  }
  return cardName(id);
}

/** What loading into this car gives the loader: "draw 3, discard 1, then a bonus Build" or "no reward". */
export function loadReward(view: PlayerView, me: number, seat: number, carId: string, kind: 'coal' | 'oil' | 'box' | 'any' | 'passenger', bonus: boolean): string {
  const def = card(carId);
  const gains = !bonus && (isSolo(view) || seat !== me);
  const parts: string[] = [];
  const b = def.benefit;
  let draw = gains && b ? b.draw : 0;
  const p = view.players[me];
  if (p && kind === 'coal') draw += abilityCount(p, 'coalLoadDraw');
  if (p && kind === 'passenger') draw += 2 * abilityCount(p, 'passengerLoadDraw');
  if (draw > 0) parts.push(`draw ${draw}`);
  if (gains && b?.discard) parts.push(`discard ${b.discard}`);
  if (gains && b?.vp) parts.push(`+${b.vp} VP`);
  if (gains && b?.bonus) parts.push(`then ${bonusText(b.bonus)}`);
  if (parts.length > 0) return parts.join(', ');
  return bonus ? 'no reward (bonus load)' : seat === me && !isSolo(view) ? 'no reward (your own train)' : 'no reward';
}

/** Cards a build costs, as the rules count it (the server still checks). */
export function buildCost(view: PlayerView, me: number, a: Extract<Action, { type: 'build' }>): number {
  const c = card(a.card);
  if (c.category === 'building') return c.cost;
  if (a.upgrade) return c.cost - card(a.upgrade).cost;
  const p = view.players[me];
  const train = p ? p.train.filter((x) => x.card !== a.scrap) : [];
  return Math.max(0, c.cost - (p ? abilityCount({ ...p, train }, 'extendDiscount') : 0));
}

function nextTicketReward(view: PlayerView, at: string): string {
  const t = view.tickets.find((x) => x.destination === at);
  const def = t ? TICKETS.find((x) => x.id === t.tile) : null;
  const r = def && t ? def.rewards[t.filled.length] : undefined;
  return r ? rewardText(r) : 'no reward (ticket full)';
}

/** The whole move in words. */
export function describe(a: Action, view: PlayerView, me: number, d: Decision | null): string {
  const bonus = d?.kind === 'bonus';
  const at = d?.kind === 'delivery' ? d.progress.at : '';
  switch (a.type) {
    case 'take':
      return a.from === 'display' ? `Take ${cardName(a.card)} from the display` : a.from === 'deck' ? 'Draw the top card of the deck' : 'Draw a passenger from the bag';
    case 'build': {
      const c = card(a.card);
      const cost = buildCost(view, me, a);
      let s = a.upgrade ? `Upgrade your ${shortName(a.upgrade)} to ${c.name}` : `Build ${c.name}`;
      if (a.replace) s += `, replacing your ${cardName(a.replace)}`;
      if (a.scrap) s += `, scrapping your ${shortName(a.scrap)}`;
      const worth = c.category === 'building' ? 'scores at the end' : `${plural(c.vp, 'point')}`;
      const pax = c.passengersOnBuild > 0 ? `, ${plural(c.passengersOnBuild, 'passenger')} to your supply` : '';
      return `${s}: pay ${plural(cost, 'card')}, ${worth}${pax}`;
    }
    case 'loadCard': {
      const car = card(a.car);
      const kind = car.category === 'caboose' ? (a.faceDown || card(a.card).symbol === 'all' ? 'any' : card(a.card).symbol as 'coal') : (car.category === 'hopper' ? 'coal' : car.category === 'tanker' ? 'oil' : 'box');
      const how = a.faceDown ? ` face down as ${CARGO_LABEL[kind]} (pay 1 more card)` : ` as ${CARGO_LABEL[kind]}`;
      return `Load ${cardName(a.card)}${how} into ${ownerName(view, a.seat, me)} ${shortName(a.car)}: ${loadReward(view, me, a.seat, a.car, kind, bonus)}`;
    }
    case 'loadPassenger':
      return `Seat the ${passengerInfo(a.passenger).label} in ${ownerName(view, a.seat, me)} ${shortName(a.car)}: ${loadReward(view, me, a.seat, a.car, 'passenger', bonus)}`;
    case 'deliver':
      return `Deliver at ${placeName(a.at)}`;
    case 'deliverPrimary': {
      const isl = ISLANDS.find((i) => i.id === at);
      return `Primary contract at ${placeName(at)}: ${isl ? goodsText(isl.primary.goods) : ''} → ${isl ? plural(isl.primary.vp, 'point') : '?'} and the island card (using ${a.items.map((x) => itemText(view, me, x)).join(' + ')})`;
    }
    case 'deliverSecondary': {
      const isl = ISLANDS.find((i) => i.id === at);
      const c = isl?.secondary[a.contract];
      return `Secondary contract ${a.contract + 1}: ${c ? goodsText(c.goods) : ''} → ${c ? plural(c.vp, 'point') : '?'} (using ${a.items.map((x) => itemText(view, me, x)).join(' + ')})`;
    }
    case 'deliverTicket': {
      const to = a.to ?? at;
      return `Deliver the ${passengerInfo(a.passenger).label} to the ticket at ${placeName(to)}${a.to ? ' (Caboose 9)' : ''}: ${nextTicketReward(view, to)}`;
    }
    case 'deliverAnyPassenger':
      return `Deliver the ${passengerInfo(a.passenger).label} here for the ticket (Caboose 10): ${nextTicketReward(view, at)}`;
    case 'deliverSpecial':
      return `Special delivery of ${itemText(view, me, a.item)}: draw ${CATALOGUE.specialDeliveryCards} cards`;
    case 'endDelivery':
      return 'End delivery';
    case 'discard':
      return `${d?.kind === 'pay' ? 'Pay with' : 'Discard'} ${cardName(a.card)}`;
    case 'skip':
      return d?.kind === 'bonus' ? `Skip ${bonusText(d.bonus)}` : 'Skip';
    case 'returnCard':
      return 'Put the top of the discard pile back on the deck';
  }
}

/** Moves that change the table for good deserve a second look before they go (confirm/cancel). */
export function needsConfirm(a: Action): boolean {
  return ['build', 'loadCard', 'loadPassenger', 'deliver', 'deliverPrimary', 'deliverSecondary', 'deliverTicket',
    'deliverAnyPassenger', 'deliverSpecial', 'returnCard'].includes(a.type);
}
