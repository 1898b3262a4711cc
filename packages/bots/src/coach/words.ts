/**
 * The coach's sentences: a move as a short phrase ("building the Hopper L2", "taking the Tanker L1 from the
 * display") and a mark's advice built from two of them. Everything named is what the seat could see.
 */
import {
  card, DESTINATIONS, ISLANDS, passengerDestination, type Action, type Decision, type PlayerView,
} from '@isle-of-trains/rules';
import type { CoachUnit } from './judge';

function cardWords(id: string): string {
  try {
    // As the web client's short names: "Hopper L2", "Caboose 8".
    const c = card(id);
    return c.level !== null ? `${c.category[0].toUpperCase()}${c.category.slice(1)} L${c.level}` : c.name;
  } catch {
    return id;
  }
}
const place = (id: string): string => ISLANDS.find((i) => i.id === id)?.name ?? DESTINATIONS.find((d) => d.id === id)?.name ?? id;
const whose = (view: PlayerView, seat: number, me: number): string => (seat === me ? 'your' : `${view.players[seat]?.name || `Player ${seat + 1}`}'s`);
const passenger = (id: string): string => `the passenger for ${place(passengerDestination(id))}`;

/** A move as the object of "…cost you", in the -ing form. */
export function movePhrase(a: Action, view: PlayerView, me: number, d: Decision | null): string {
  switch (a.type) {
    case 'take':
      return a.from === 'display' ? `taking the ${cardWords(a.card)} from the display` : a.from === 'deck' ? 'drawing from the deck' : 'drawing a passenger from the bag';
    case 'build':
      return a.upgrade ? `upgrading your ${cardWords(a.upgrade)} to the ${cardWords(a.card)}` : `building the ${cardWords(a.card)}`;
    case 'loadCard':
      return `loading the ${cardWords(a.card)}${a.faceDown ? ' face down' : ''} into ${whose(view, a.seat, me)} ${cardWords(a.car)}`;
    case 'loadPassenger':
      return `seating ${passenger(a.passenger)} in ${whose(view, a.seat, me)} ${cardWords(a.car)}`;
    case 'deliver':
      return `delivering at ${place(a.at)}`;
    case 'deliverPrimary':
      return 'delivering the primary contract';
    case 'deliverSecondary':
      return `delivering secondary contract ${a.contract + 1}`;
    case 'deliverTicket':
    case 'deliverAnyPassenger':
      return `delivering ${passenger(a.passenger)} to its ticket`;
    case 'deliverSpecial':
      return 'a special delivery';
    case 'endDelivery':
      return 'ending the delivery';
    case 'discard':
      return `${d?.kind === 'pay' ? 'paying with' : 'discarding'} the ${cardWords(a.card)}`;
    case 'skip':
      return d?.kind === 'bonus' ? 'skipping the bonus' : 'skipping';
    case 'returnCard':
      return 'buying back the top of the discard pile';
  }
}

const SINGULAR: Record<CoachUnit, string> = {
  points: 'point', buildings: 'building', 'building points': 'building point', cars: 'car', 'Level 3 cars': 'Level 3 car',
  'ticket tiles': 'full ticket tile', goods: 'good delivered',
};
const PLURAL: Record<CoachUnit, string> = {
  points: 'points', buildings: 'buildings', 'building points': 'building points', cars: 'cars', 'Level 3 cars': 'Level 3 cars',
  'ticket tiles': 'full ticket tiles', goods: 'goods delivered',
};

/** "6 points", "0.5 cars": halves under 10, whole numbers above. */
export function amountText(x: number, unit: CoachUnit): string {
  const r = x >= 10 ? Math.round(x) : Math.round(x * 2) / 2;
  return `${r} ${r === 1 ? SINGULAR[unit] : PLURAL[unit]}`;
}

/** The mark's advice: "Building the Hopper L2 cost you about 6 points on average; taking the Tanker L1 from the display would have saved them." */
export function adviceText(made: string, better: string, loss: number, unit: CoachUnit): string {
  const lead = made.charAt(0).toUpperCase() + made.slice(1);
  const whole = amountText(loss, unit);
  return `${lead} cost you about ${whole} on average; ${better} would have saved ${whole.startsWith('1 ') ? 'it' : 'them'}.`;
}
