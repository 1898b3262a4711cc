/** A seat's network of claimed routes: which tickets it completes, and its longest trail. */
import type { GameMap } from './map';
import { routeIndex } from './route-index';
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
  const key = routeIndex(map).key;
  const routes = map.routes;
  for (let i = 0; i < routes.length; i++) {
    if (claims[key[i]] !== seat) continue;
    const r = routes[i];
    out.push({ id: r.id, a: r.from, b: r.to, length: r.length });
  }
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
 * Exact: a depth-first search over unused routes, on cities and routes numbered into typed arrays. Two facts
 * keep it short. A longest trail cannot be made longer, so it ends at cities with an odd number of route
 * ends (at an even one an unused route would be left to add), unless it is closed, and a closed trail that
 * cannot be made longer uses its whole piece of network, whose cities are then all even. So a piece with
 * no odd city scores its whole length (it has a circuit through every route), and in the others the search
 * starts only from odd cities. See README.md for the measured cost.
 */
export function longestTrail(edges: readonly Edge[]): number {
  const m = edges.length;
  if (m === 0) return 0;
  const cityIndex = new Map<string, number>();
  const number = (city: string): number => {
    let i = cityIndex.get(city);
    if (i === undefined) {
      i = cityIndex.size;
      cityIndex.set(city, i);
    }
    return i;
  };
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  const length = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    from[i] = number(edges[i].a);
    to[i] = number(edges[i].b);
    length[i] = edges[i].length;
  }
  const n = cityIndex.size;
  // Each city's routes (a loop listed once) as one flat list with offsets, and its count of route ends.
  const listed = new Int32Array(n + 1);
  const ends = new Int32Array(n);
  for (let i = 0; i < m; i++) {
    listed[from[i] + 1]++;
    if (to[i] !== from[i]) listed[to[i] + 1]++;
    ends[from[i]]++;
    ends[to[i]]++;
  }
  for (let v = 0; v < n; v++) listed[v + 1] += listed[v];
  const incident = new Int32Array(listed[n]);
  const fill = listed.slice(0, n);
  for (let i = 0; i < m; i++) {
    incident[fill[from[i]]++] = i;
    if (to[i] !== from[i]) incident[fill[to[i]]++] = i;
  }
  // Pieces of the network: their total length and whether any city in them is odd.
  const parent = new Int32Array(n);
  for (let v = 0; v < n; v++) parent[v] = v;
  const root = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  for (let i = 0; i < m; i++) parent[root(from[i])] = root(to[i]);
  const total = new Int32Array(n);
  const odd = new Uint8Array(n);
  for (let i = 0; i < m; i++) total[root(from[i])] += length[i];
  for (let v = 0; v < n; v++) if (ends[v] % 2 === 1) odd[root(v)] = 1;

  let best = 0;
  for (let v = 0; v < n; v++) if (parent[v] === v && odd[v] === 0 && total[v] > best) best = total[v];
  const used = new Uint8Array(m);
  const walk = (city: number): number => {
    let longest = 0;
    for (let k = listed[city]; k < listed[city + 1]; k++) {
      const i = incident[k];
      if (used[i] === 1) continue;
      used[i] = 1;
      const got = length[i] + walk(from[i] === city ? to[i] : from[i]);
      if (got > longest) longest = got;
      used[i] = 0;
    }
    return longest;
  };
  for (let v = 0; v < n; v++) {
    // An odd city of a piece that could still beat the best so far (a trail never exceeds its piece).
    if (ends[v] % 2 === 0 || total[root(v)] <= best) continue;
    const got = walk(v);
    if (got > best) best = got;
  }
  return best;
}
