/** A seat's network of claimed routes: which tickets it completes, and its longest trail. */
import type { GameMap } from './map';
import type { Seat } from './types';

export interface Edge {
  id: number;
  a: string;
  b: string;
  length: number;
}

/** The routes `seat` has claimed, as edges. */
export function edgesOf(map: GameMap, claims: Readonly<Record<string, Seat>>, seat: Seat): Edge[] {
  const out: Edge[] = [];
  for (const r of map.routes) if (claims[String(r.id)] === seat) out.push({ id: r.id, a: r.from, b: r.to, length: r.length });
  return out;
}

/** Union-find over the cities touched by `edges`: `joined(x, y)` says whether one piece holds both. */
export function components(edges: readonly Edge[]): (x: string, y: string) => boolean {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    // path compression
    let cur = x;
    while (parent.has(cur) && parent.get(cur) !== root) {
      const next = parent.get(cur)!;
      parent.set(cur, root);
      cur = next;
    }
    return root;
  };
  for (const e of edges) {
    if (!parent.has(e.a)) parent.set(e.a, e.a);
    if (!parent.has(e.b)) parent.set(e.b, e.b);
    const ra = find(e.a);
    const rb = find(e.b);
    if (ra !== rb) parent.set(ra, rb);
  }
  return (x, y) => parent.has(x) && parent.has(y) && find(x) === find(y);
}

/**
 * The longest trail in spaces: a walk that never uses a route twice, though it may pass a city again.
 * Exact: a depth-first search over unused edges from every city (the networks a 40-train player can build
 * are small enough; see README.md for the measured cost).
 */
export function longestTrail(edges: readonly Edge[]): number {
  const incident = new Map<string, number[]>();
  edges.forEach((e, i) => {
    incident.set(e.a, [...(incident.get(e.a) ?? []), i]);
    if (e.b !== e.a) incident.set(e.b, [...(incident.get(e.b) ?? []), i]);
  });
  const used = new Array<boolean>(edges.length).fill(false);
  const walk = (city: string): number => {
    let best = 0;
    for (const i of incident.get(city) ?? []) {
      if (used[i]) continue;
      used[i] = true;
      const e = edges[i];
      const next = e.a === city ? e.b : e.a;
      const got = e.length + walk(next);
      if (got > best) best = got;
      used[i] = false;
    }
    return best;
  };
  let best = 0;
  for (const city of incident.keys()) best = Math.max(best, walk(city));
  return best;
}
