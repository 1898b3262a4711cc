/**
 * Route planning on the map graph from one seat's view: which city pairs the seat still has to claim to
 * finish its tickets. A pair the seat holds costs nothing, an open pair costs its length (a little more
 * for each ferry icon, which needs a locomotive or a pair), and a closed pair (every usable track taken,
 * or the seat holds none and the rest are gone) is removed. Tickets are joined one at a time, the most
 * valuable first, each by a shortest path on which the pairs already planned cost nothing: a simple
 * Steiner-tree heuristic, so that tickets share track. When the plan needs more trains than the seat has,
 * the tickets that save the most trains per point are given up first.
 */
import { mapOf, ROUTE_POINTS, usableTracks, type GameMap, type GameView, type RouteData, type TicketData } from '@isle-of-trains/ttr-rules';

/** A city pair as the planner sees it. */
export interface Pair {
  id: number;
  a: number;
  b: number;
  length: number;
  /** Ferry icons (0 on rail). */
  icons: number;
  /** The pair's tracks the seat may still claim (trains and cards aside). */
  open: RouteData[];
  owned: boolean;
}

export interface Board {
  map: GameMap;
  seat: number;
  cities: string[];
  cityIndex: Map<string, number>;
  pairs: Map<number, Pair>;
  /** Per city: the pairs at it. */
  adjacent: Pair[][];
}

export interface PlanCosts {
  /** Extra cost per ferry icon in the path search (icons need a locomotive or a pair each). */
  iconCost: number;
  /**
   * How much a route's points per train lower its cost (0: cost is the length alone). Long routes score more
   * per train and take fewer turns to claim, so a plan may go a little longer to run over them.
   */
  pointsWeight?: number;
}

/** The least an open pair costs in the path search, whatever its points: a search on positive costs stays a shortest-path search. */
const MIN_COST = 0.25;

export const DEFAULT_COSTS: PlanCosts = { iconCost: 0.5 };

/** The graph as `seat` sees it now. */
export function readBoard(view: GameView, seat: number): Board {
  const map = mapOf(view.options.map);
  const cities = map.data.cities.map((c) => c.id);
  const cityIndex = new Map(cities.map((c, i) => [c, i]));
  const pairs = new Map<number, Pair>();
  const adjacent: Pair[][] = cities.map(() => []);
  for (const [pairId, trackIds] of map.pairTracks) {
    const tracks = trackIds.map((id) => map.route.get(id)!);
    const first = tracks[0];
    let taken = 0;
    let owned = false;
    for (const t of tracks) {
      const owner = view.claims[String(t.id)];
      if (owner === undefined) continue;
      taken++;
      if (owner === seat) owned = true;
    }
    const closed = owned || taken >= usableTracks(view.options.players, tracks.length);
    const open = closed ? [] : tracks.filter((t) => view.claims[String(t.id)] === undefined);
    const pair: Pair = {
      id: pairId, a: cityIndex.get(first.from)!, b: cityIndex.get(first.to)!, length: first.length,
      icons: first.kind === 'ferry' ? first.locomotives : 0, open, owned,
    };
    pairs.set(pairId, pair);
    adjacent[pair.a].push(pair);
    adjacent[pair.b].push(pair);
  }
  return { map, seat, cities, cityIndex, pairs, adjacent };
}

/**
 * The cheapest path between two cities (Dijkstra; 51 cities, so a plain array scan). Pairs in `free` and
 * owned pairs cost nothing; closed pairs are left out. Returns the pairs to claim on it, or null when the
 * cities cannot be joined any more.
 */
export function shortestPath(board: Board, from: string, to: string, free: ReadonlySet<number>, costs: PlanCosts = DEFAULT_COSTS): Pair[] | null {
  const s = board.cityIndex.get(from);
  const t = board.cityIndex.get(to);
  if (s === undefined || t === undefined) return null;
  const n = board.cities.length;
  const dist = new Array<number>(n).fill(Infinity);
  const via = new Array<Pair | null>(n).fill(null);
  const done = new Array<boolean>(n).fill(false);
  dist[s] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0 || u === t) break;
    done[u] = true;
    for (const p of board.adjacent[u]) {
      const cost = p.owned || free.has(p.id) ? 0
        : p.open.length > 0 ? Math.max(MIN_COST, p.length + costs.iconCost * p.icons - (costs.pointsWeight ?? 0) * (ROUTE_POINTS[p.length] - p.length)) : Infinity;
      if (cost === Infinity) continue;
      const v = p.a === u ? p.b : p.a;
      if (done[v] || v === s) continue;
      // Ties go to the lower pair id, so the plan is the same whatever order the map lists its pairs in.
      if (dist[u] + cost < dist[v] || (dist[u] + cost === dist[v] && via[v] !== null && p.id < via[v]!.id)) {
        dist[v] = dist[u] + cost;
        via[v] = p;
      }
    }
  }
  if (dist[t] === Infinity) return null;
  const out: Pair[] = [];
  for (let v = t; v !== s; ) {
    const p = via[v]!;
    if (!p.owned) out.push(p);
    v = p.a === v ? p.b : p.a;
  }
  return out;
}

export interface Plan {
  /** The pairs still to claim, each once. */
  pairs: Pair[];
  /** Trains they take. */
  trains: number;
  /** Tickets the plan completes. */
  reached: TicketData[];
  /** Tickets that can no longer be joined, or were given up to fit the trains. */
  givenUp: TicketData[];
  /** For each planned pair, how many of the reached tickets run over it. */
  uses: Map<number, number>;
}

function steiner(board: Board, tickets: readonly TicketData[], costs: PlanCosts): Plan {
  const order = [...tickets].sort((x, y) => y.points - x.points || x.id - y.id);
  const chosen = new Map<number, Pair>();
  const uses = new Map<number, number>();
  const reached: TicketData[] = [];
  const givenUp: TicketData[] = [];
  for (const t of order) {
    const path = shortestPath(board, t.from, t.to, new Set(chosen.keys()), costs);
    if (path === null) {
      givenUp.push(t);
      continue;
    }
    reached.push(t);
    for (const p of path) {
      chosen.set(p.id, p);
      uses.set(p.id, (uses.get(p.id) ?? 0) + 1);
    }
  }
  const pairs = [...chosen.values()];
  return { pairs, trains: pairs.reduce((n, p) => n + p.length, 0), reached, givenUp, uses };
}

/** The plan for `tickets` (those not yet completed) within `trains` trains. */
export function planTickets(board: Board, tickets: readonly TicketData[], trains: number, costs: PlanCosts = DEFAULT_COSTS): Plan {
  const first = steiner(board, tickets, costs);
  let plan = first;
  const dropped: TicketData[] = [];
  while (plan.trains > trains && plan.reached.length > 0) {
    // Give up the ticket whose removal saves the most trains per point it is worth.
    let best: { t: TicketData; plan: Plan; rate: number } | null = null;
    for (const t of plan.reached) {
      const without = steiner(board, plan.reached.filter((x) => x !== t), costs);
      const rate = (plan.trains - without.trains) / t.points;
      if (best === null || rate > best.rate) best = { t, plan: without, rate };
    }
    dropped.push(best!.t);
    plan = best!.plan;
  }
  return { ...plan, givenUp: [...first.givenUp, ...dropped] };
}
