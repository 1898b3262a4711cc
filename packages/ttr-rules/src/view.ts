/**
 * playerView: what one seat (or a spectator) may see. Public: claims and route points, trains left, hand
 * and ticket counts, how many tickets a seat is choosing from, the deck and ticket-deck sizes, the discard
 * pile by card (spent cards are shown), the display and the bonus cards. A seat sees its own hand, tickets
 * (with whether each is completed) and offer; nobody sees another seat's. Once the game is over every hand
 * and ticket is shown, as they are at the table for the final count. Never in a view: the seed, the
 * generator, the order of either deck, and the tickets a seat gave back.
 */
import { CARDS, emptyHand, handSize } from './cards';
import { components, edgesOf } from './network';
import { mapOf } from './map';
import type { GameState, GameView, PlayerView, Seat, ViewTicket } from './types';

export function playerView(s: GameState, viewer: Seat | 'spectator'): GameView {
  const map = mapOf(s.options.map);
  const discardCounts = emptyHand();
  for (const c of s.discard) discardCounts[c] += 1;
  const players: PlayerView[] = s.players.map((p) => {
    const v: PlayerView = {
      seat: p.seat,
      name: p.name,
      trainsLeft: p.trainsLeft,
      routePoints: p.routePoints,
      handCount: handSize(p.hand),
      ticketCount: p.tickets.length,
      offerCount: p.offer?.length ?? 0,
    };
    const own = viewer === p.seat;
    if (own || s.gameOver) {
      const joined = components(edgesOf(map, s.claims, p.seat));
      const hand = emptyHand();
      for (const c of CARDS) hand[c] = p.hand[c];
      v.hand = hand;
      v.tickets = p.tickets.map((id): ViewTicket => {
        const t = map.ticket.get(id)!;
        return { id, from: t.from, to: t.to, points: t.points, completed: joined(t.from, t.to) };
      });
    }
    if (own) v.offer = p.offer === null ? null : p.offer.slice();
    return v;
  });
  return {
    kind: 'view',
    viewer,
    version: s.version,
    options: { players: s.options.players, names: s.options.names.slice(), map: { ...s.options.map } },
    deckCount: s.deck.length,
    discardCount: s.discard.length,
    discardCounts,
    display: s.display.slice(),
    ticketDeckCount: s.ticketDeck.length,
    bonusCards: s.bonusCards.slice(),
    claims: { ...s.claims },
    players,
    turn: { ...s.turn },
    passesInARow: s.passesInARow,
    endTriggeredBy: s.endTriggeredBy,
    finalTurnsLeft: s.finalTurnsLeft,
    gameOver: s.gameOver,
    result: s.result === null ? null : { ...s.result },
  };
}
