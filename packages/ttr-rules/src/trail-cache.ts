/**
 * Each seat's longest trail, remembered with the routes it was worked out from. The exact trail search
 * costs milliseconds on a large network (README.md, Measured), and a table that shows the bonus cards after
 * every move (the server's mirror) would otherwise search every seat's network on every move, though a
 * seat's network changes only when that seat claims. The cache answers from memory while a seat holds the
 * same routes and searches again when they differ, in either direction (a claim, or a take-back to an
 * earlier state): it never gives an answer the search would not. One cache per table; it holds one entry per
 * seat, so it stays small however long the game.
 */
import { longestTrail, type Edge } from './network';
import type { Seat } from './types';

export class TrailCache {
  private readonly bySeat = new Map<Seat, { key: string; trail: number }>();
  /** Searches run so far (the rest were answered from memory): for tests and measurements. */
  searches = 0;

  /** The longest trail of `edges`, the routes `seat` holds on the map `mapId` (routes in map order, as edgesOf lists them). */
  trail(mapId: string, seat: Seat, edges: readonly Edge[]): number {
    let key = mapId;
    for (const e of edges) key += `,${e.id}`;
    const known = this.bySeat.get(seat);
    if (known !== undefined && known.key === key) return known.trail;
    const trail = longestTrail(edges);
    this.searches++;
    this.bySeat.set(seat, { key, trail });
    return trail;
  }
}
