/**
 * The count: route points (recounted from the claims), each ticket plus or minus its points, then the four
 * bonus cards. Most points wins; a tie goes to more completed tickets, then more bonus cards won, and is
 * otherwise shared. Works on a state at any time (a provisional count while the game runs) and on a view
 * once the game is over (every hand and ticket is shown then).
 */
import { bonusCard, bonusMeasure, type SeatRecord } from './bonus';
import { mapOf, ROUTE_POINTS } from './map';
import type { TicketData } from './map-schema';
import { components, edgesOf } from './network';
import type { BonusCardId, Seat, Table } from './types';

export interface TicketScore {
  id: number;
  points: number;
  completed: boolean;
}

export interface BonusScore {
  card: BonusCardId;
  measure: number;
  won: boolean;
  points: number;
}

export interface SeatScore {
  seat: Seat;
  routePoints: number;
  tickets: TicketScore[];
  ticketPoints: number;
  completedTickets: number;
  bonus: BonusScore[];
  bonusPoints: number;
  bonusCardsWon: number;
  total: number;
}

export type DecidedBy = 'score' | 'tickets' | 'bonus-cards' | 'shared';

export interface ScoreBreakdown {
  players: SeatScore[];
  winners: Seat[];
  decidedBy: DecidedBy;
  /** False while the game runs: then the count is what the position would score if it ended now. */
  final: boolean;
}

export function scoreBreakdown(t: Table): ScoreBreakdown {
  const map = mapOf(t.options.map);
  const records: (SeatRecord & { completed: readonly TicketData[] })[] = t.players.map((p) => {
    const hand = p.hand;
    const ticketIds = t.kind === 'state' ? (p as { tickets: number[] }).tickets : (p as { tickets?: { id: number }[] }).tickets?.map((x) => x.id);
    if (!hand || !ticketIds) throw new Error('a view can only be scored once the game is over');
    const edges = edgesOf(map, t.claims, p.seat);
    const joined = components(edges);
    const completed = ticketIds.map((id) => map.ticket.get(id)!).filter((x) => joined(x.from, x.to));
    return { edges, completed, trainsLeft: p.trainsLeft, hand };
  });

  const measures = new Map<BonusCardId, number[]>();
  for (const card of t.bonusCards) measures.set(card, records.map((r) => bonusMeasure(map, card, r) ?? 0));

  const players: SeatScore[] = t.players.map((p, seat) => {
    const r = records[seat];
    const routePoints = r.edges.reduce((n, e) => n + (ROUTE_POINTS[e.length] ?? 0), 0);
    const ticketIds = t.kind === 'state' ? (p as { tickets: number[] }).tickets : (p as { tickets: { id: number }[] }).tickets.map((x) => x.id);
    const done = new Set(r.completed.map((x) => x.id));
    const tickets = ticketIds.map((id) => ({ id, points: map.ticket.get(id)!.points, completed: done.has(id) }));
    const ticketPoints = tickets.reduce((n, x) => n + (x.completed ? x.points : -x.points), 0);
    const bonus = t.bonusCards.map((card): BonusScore => {
      const all = measures.get(card)!;
      const best = Math.max(...all);
      const won = best > 0 && all[seat] === best;
      return { card, measure: all[seat], won, points: won ? bonusCard(card).points : 0 };
    });
    const bonusPoints = bonus.reduce((n, b) => n + b.points, 0);
    return {
      seat,
      routePoints,
      tickets,
      ticketPoints,
      completedTickets: done.size,
      bonus,
      bonusPoints,
      bonusCardsWon: bonus.filter((b) => b.won).length,
      total: routePoints + ticketPoints + bonusPoints,
    };
  });

  let field = players;
  let decidedBy: DecidedBy = 'shared';
  const keys: [DecidedBy, (x: SeatScore) => number][] = [['score', (x) => x.total], ['tickets', (x) => x.completedTickets], ['bonus-cards', (x) => x.bonusCardsWon]];
  for (const [name, key] of keys) {
    const best = Math.max(...field.map(key));
    field = field.filter((x) => key(x) === best);
    if (field.length === 1) {
      decidedBy = name;
      break;
    }
  }
  return { players, winners: field.map((x) => x.seat), decidedBy, final: t.gameOver };
}
