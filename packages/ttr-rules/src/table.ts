/**
 * What the rules read from a state or from a player's view alike, so that legal() and pending() give the
 * same answer on both (a client works out its legal moves from its own view).
 */
import { type Hand } from './cards';
import { mapOf, type GameMap } from './map';
import type { RouteData } from './map-schema';
import type { Seat, Table } from './types';

export function mapOfTable(t: Table): GameMap {
  return mapOf(t.options.map);
}

/** Cards that can still be drawn blind: the deck, or the discard pile reshuffled. */
export function blindDrawable(t: Table): number {
  return t.kind === 'state' ? t.deck.length + t.discard.length : t.deckCount + t.discardCount;
}

export function ticketsLeft(t: Table): number {
  return t.kind === 'state' ? t.ticketDeck.length : t.ticketDeckCount;
}

/** A seat's hand; a view knows only its viewer's (and everyone's once the game is over). */
export function handOf(t: Table, seat: Seat): Hand {
  const h = t.players[seat]?.hand;
  if (!h) throw new Error(`this view does not show seat ${seat}'s hand`);
  return h;
}

export function offerOf(t: Table, seat: Seat): number[] | null {
  const p = t.players[seat];
  if (t.kind === 'state') return (p as { offer: number[] | null }).offer;
  const o = (p as { offer?: number[] | null }).offer;
  if (o === undefined) throw new Error(`this view does not show seat ${seat}'s tickets on offer`);
  return o;
}

/** Whether seat is choosing tickets, without needing to see which. */
export function isChoosing(t: Table, seat: Seat): boolean {
  const p = t.players[seat];
  return t.kind === 'state' ? (p as { offer: number[] | null }).offer !== null : (p as { offerCount: number }).offerCount > 0;
}

export function offerCount(t: Table, seat: Seat): number {
  const p = t.players[seat];
  return t.kind === 'state' ? ((p as { offer: number[] | null }).offer?.length ?? 0) : (p as { offerCount: number }).offerCount;
}

/** How many tracks of a pair may be claimed in all: doubles only at 4–5 players, triples 1/2/3 at 2/3/4–5. */
export function usableTracks(players: number, tracks: number): number {
  if (tracks <= 1) return 1;
  if (tracks === 2) return players <= 3 ? 1 : 2;
  return players === 2 ? 1 : players === 3 ? 2 : 3;
}

/** Whether `seat` may claim `route` now, apart from paying for it. */
export function claimOpen(t: Table, map: GameMap, seat: Seat, route: RouteData): boolean {
  if (t.claims[String(route.id)] !== undefined) return false;
  if (t.players[seat].trainsLeft < route.length) return false;
  const tracks = map.pairTracks.get(route.pair) ?? [route.id];
  let taken = 0;
  for (const id of tracks) {
    const owner = t.claims[String(id)];
    if (owner === undefined) continue;
    if (owner === seat) return false;
    taken++;
  }
  return taken < usableTracks(t.options.players, tracks.length);
}
