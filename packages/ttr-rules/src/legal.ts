/**
 * legalActions: every action a seat may take now, one per real choice. Works on a state and on the seat's
 * own view alike. `pass` is listed only when nothing else is, so a seat always has something to do.
 */
import type { Action, Payment } from './actions';
import { CARDS, type Card } from './cards';
import { KEEP_AT_SETUP, KEEP_LATER } from './decision';
import { canonicalPayments, paymentsFor } from './payments';
import { routeIndex } from './route-index';
import { blindDrawable, claimOpen, handOf, mapOfTable, offerOf, ticketsLeft, usableTracks } from './table';
import type { Seat, Table } from './types';

export function legalActions(t: Table, seat: Seat): Action[] {
  if (t.gameOver || seat < 0 || seat >= t.players.length) return [];
  const step = t.turn.step;
  if (step === 'setup') {
    const offer = offerOf(t, seat);
    return offer === null ? [] : keepChoices(offer, KEEP_AT_SETUP);
  }
  if (seat !== t.turn.seat) return [];
  if (step === 'keepTickets') return keepChoices(offerOf(t, seat) ?? [], KEEP_LATER);
  if (step === 'secondCard') return drawChoices(t, true);

  const out: Action[] = drawChoices(t, false);
  const map = mapOfTable(t);
  const hand = handOf(t, seat);
  const ix = routeIndex(map);
  const claims = t.claims;
  const trains = t.players[seat].trainsLeft;
  const players = t.options.players;
  // Routes of one payment shape take the same payments from this hand: work each shape out once.
  const byShape: (Payment[] | undefined)[] = new Array(ix.shapes);
  const routes = map.routes;
  for (let i = 0; i < routes.length; i++) {
    const route = routes[i];
    if (route.length > trains) continue;
    // The hand decides most routes (it pays few shapes), so that is asked before the claims.
    let pays = byShape[ix.shape[i]];
    if (pays === undefined) {
      pays = canonicalPayments(hand, route);
      byShape[ix.shape[i]] = pays;
    }
    if (pays.length === 0 || claims[ix.key[i]] !== undefined) continue;
    const pair = ix.pairKeys[i];
    if (pair.length > 1 && !pairOpen(claims, pair, seat, players)) continue;
    // Each action gets its own payment object: a caller may keep or change one without touching another.
    for (const pay of pays) out.push({ type: 'claim', route: route.id, pay: { ...pay } });
  }
  if (ticketsLeft(t) > 0) out.push({ type: 'drawTickets' });
  if (out.length === 0) out.push({ type: 'pass' });
  return out;
}

/** Whether another track of a city pair may still be taken by `seat` (the route itself is known to be unclaimed). */
function pairOpen(claims: Readonly<Record<string, Seat>>, pairKeys: readonly string[], seat: Seat, players: number): boolean {
  let taken = 0;
  for (const key of pairKeys) {
    const owner = claims[key];
    if (owner === undefined) continue;
    if (owner === seat) return false;
    taken++;
  }
  return taken < usableTracks(players, pairKeys.length);
}

/** The card draws open now: blind while any card is left, and one face-up take per kind of card showing. */
export function drawChoices(t: Table, second: boolean): Action[] {
  const out: Action[] = [];
  if (blindDrawable(t) > 0) out.push({ type: 'drawBlind' });
  const showing = new Set<Card>();
  for (const c of t.display) if (c !== null && !(second && c === 'loco')) showing.add(c);
  for (const c of CARDS) if (showing.has(c)) out.push({ type: 'drawFaceUp', card: c });
  return out;
}

/** Every subset of the offer of at least `min` tickets (all of it when it is smaller), in offer order. */
export function keepChoices(offer: readonly number[], min: number): Action[] {
  const need = Math.min(min, offer.length);
  const out: Action[] = [];
  for (let mask = 1; mask < 1 << offer.length; mask++) {
    const keep = offer.filter((_, i) => (mask & (1 << i)) !== 0);
    if (keep.length >= need) out.push({ type: 'keepTickets', keep });
  }
  return out;
}

/**
 * Every distinct exact payment `seat` can make for `routeId` now (for a payment chooser), fewest
 * locomotives first; [] when the route cannot be claimed by this seat now. Works on a state or the seat's view.
 */
export function payments(t: Table, seat: Seat, routeId: number): Payment[] {
  if (t.gameOver || t.turn.step !== 'turn' || t.turn.seat !== seat) return [];
  const map = mapOfTable(t);
  const route = map.route.get(routeId);
  if (!route || !claimOpen(t, map, seat, route)) return [];
  return paymentsFor(handOf(t, seat), route);
}
