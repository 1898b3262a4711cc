/**
 * Look-ups over a map's routes that the hot paths (legal moves, claim checks) would otherwise rebuild on
 * every call: each route's claim key (the string its claim is stored under), the claim keys of its city
 * pair's tracks, and its payment shape (colour, length, ferry icons: two routes of one shape take exactly
 * the same payments from a hand). Derived once per map and kept beside it; the map itself stays plain data.
 */
import type { GameMap } from './map';

export interface RouteIndex {
  /** Parallel to map.routes: the key of the route in a table's `claims`. */
  readonly key: readonly string[];
  /** Parallel to map.routes: the claim keys of every track between the route's two cities (itself included). */
  readonly pairKeys: readonly (readonly string[])[];
  /** Parallel to map.routes: a small number naming the route's payment shape. */
  readonly shape: Int32Array;
  readonly shapes: number;
}

const cache = new WeakMap<GameMap, RouteIndex>();

export function routeIndex(map: GameMap): RouteIndex {
  let ix = cache.get(map);
  if (ix === undefined) {
    ix = build(map);
    cache.set(map, ix);
  }
  return ix;
}

function build(map: GameMap): RouteIndex {
  const shapeOf = new Map<string, number>();
  const shape = new Int32Array(map.routes.length);
  map.routes.forEach((r, i) => {
    const icons = r.color === 'gray' && r.kind === 'ferry' ? r.locomotives : 0;
    const name = `${r.color}/${r.length}/${icons}`;
    let n = shapeOf.get(name);
    if (n === undefined) {
      n = shapeOf.size;
      shapeOf.set(name, n);
    }
    shape[i] = n;
  });
  return {
    key: map.routes.map((r) => String(r.id)),
    pairKeys: map.routes.map((r) => (map.pairTracks.get(r.pair) ?? [r.id]).map(String)),
    shape,
    shapes: shapeOf.size,
  };
}
