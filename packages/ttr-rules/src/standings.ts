/**
 * The bonus cards as they stand now, from what a table shows: each seat's measure for each card in play and
 * the seats leading it. On a full state every measure is known. On a view a measure that needs hidden
 * information is null (the ticket cards for a seat whose tickets are hidden, Call of the wild for a seat
 * whose hand is hidden), and a card with any unknown measure has no leaders: naming one would hint at what
 * the others hold. Once the game is over every hand and ticket is shown, so a view knows them all.
 */
import { bonusMeasure, type SeatRecord } from './bonus';
import { mapOf } from './map';
import { components, edgesOf } from './network';
import type { TrailCache } from './trail-cache';
import type { BonusCardId, Seat, Table } from './types';

export interface BonusStanding {
  card: BonusCardId;
  /** Per seat, in seat order; null where the table does not show enough to measure. */
  measures: (number | null)[];
  /** The seats with the highest measure when every measure is known and the highest is above 0, else none. */
  leaders: Seat[];
}

/**
 * `trails`, when given, answers the Nordic Express measure (the longest trail) from memory while a seat's
 * routes are unchanged; keep one per table and pass it on every call (a server mirroring every move does).
 */
export function bonusStandings(t: Table, trails?: TrailCache): BonusStanding[] {
  const map = mapOf(t.options.map);
  const trailInPlay = trails !== undefined && t.bonusCards.includes('nordic-express');
  const records = t.players.map((p): SeatRecord => {
    const edges = edgesOf(map, t.claims, p.seat);
    const ids = t.kind === 'state' ? (p as { tickets: number[] }).tickets : (p as { tickets?: { id: number }[] }).tickets?.map((x) => x.id);
    const joined = components(edges);
    const completed = ids === undefined ? null : ids.map((id) => map.ticket.get(id)!).filter((x) => joined(x.from, x.to));
    const record: SeatRecord = { edges, completed, trainsLeft: p.trainsLeft, hand: p.hand ?? null };
    if (trailInPlay && trails !== undefined) record.trail = trails.trail(map.id, p.seat, edges);
    return record;
  });
  return t.bonusCards.map((card) => {
    const measures = records.map((r) => bonusMeasure(map, card, r));
    const known = measures.every((m) => m !== null);
    const best = known ? Math.max(...(measures as number[])) : 0;
    const leaders = known && best > 0 ? measures.flatMap((m, seat) => (m === best ? [seat] : [])) : [];
    return { card, measures, leaders };
  });
}
