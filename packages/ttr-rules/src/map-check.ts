/**
 * The checks a map must pass before a game may use it, beyond its shape: every name refers to something
 * that exists, ids are unique, parallel tracks agree, ferries carry sensible locomotive icons, lengths
 * follow the distances, the network is connected and each ticket's points equal its shortest path.
 * They mirror the design folder's validate-map.mjs (its statistics and warnings stay with that tool), so
 * each fault that tool's self-test plants is refused here as well, with a message naming the fault.
 */
import type { MapData } from './map-schema';

/** A map that cannot be used; `problems` lists every fault found, one sentence each. */
export class MapError extends Error {
  readonly code = 'BAD_MAP';
  constructor(readonly problems: string[], mapId: string) {
    super(`map ${mapId} is not usable: ${problems.join('; ')}`);
    this.name = 'MapError';
  }
}

/** How many countries the bonus cards and the rulebook's flags count on. */
export const COUNTRY_COUNT = 9;
/** Length in spaces = great-circle distance / KM_PER_SPACE, rounded, clamped to 1..6. */
const KM_PER_SPACE = 100;
const EARTH_KM = 6371.0088;
/** The most the eight colours may differ in rail spaces, and in rail routes, on one map. */
const MAX_COLOUR_SPREAD = 3;

export function checkMap(m: MapData): string[] {
  const problems: string[] = [];
  const fail = (ok: boolean, message: string): void => {
    if (!ok) problems.push(message);
  };

  fail(new Set(m.colors).size === m.colors.length, `the eight colours repeat one: ${m.colors.join(', ')}`);
  const countries = new Set<string>();
  for (const c of m.countries) {
    fail(!countries.has(c.id), `country ${c.id} listed twice`);
    countries.add(c.id);
  }
  fail(countries.size === COUNTRY_COUNT, `expected ${COUNTRY_COUNT} countries, got ${countries.size}`);

  const cities = new Map<string, MapData['cities'][number]>();
  for (const c of m.cities) {
    fail(!cities.has(c.id), `city ${c.id} listed twice`);
    cities.set(c.id, c);
    fail(countries.has(c.country), `city ${c.id}: unknown country ${c.country}`);
    fail(c.arctic === c.lat >= m.arcticCircleLatitude, `city ${c.id}: arctic flag ${c.arctic} but latitude ${c.lat} against the circle at ${m.arcticCircleLatitude}`);
  }
  const capitals = m.bonusTargets.capitals;
  for (const id of capitals) fail(cities.has(id), `bonusTargets.capitals names unknown city ${id}`);
  for (const c of m.cities) fail(c.capital === capitals.includes(c.id), `city ${c.id}: capital flag disagrees with bonusTargets.capitals`);
  fail(countries.has(m.bonusTargets.westernCountry), `bonusTargets.westernCountry ${m.bonusTargets.westernCountry} is not a country of the map`);

  // Routes, one entry per track.
  const routeIds = new Set<number>();
  const pairs = new Map<number, MapData['routes']>();
  const pairOfCities = new Map<string, number>();
  for (const r of m.routes) {
    fail(!routeIds.has(r.id), `duplicate route id ${r.id}`);
    routeIds.add(r.id);
    const a = cities.get(r.from);
    const b = cities.get(r.to);
    if (!a || !b) {
      problems.push(`route ${r.id}: unknown city ${a ? r.to : r.from}`);
      continue;
    }
    fail(r.from !== r.to, `route ${r.id} joins ${r.from} to itself`);
    const derived = Math.max(1, Math.min(6, Math.round(greatCircleKm(a, b) / KM_PER_SPACE)));
    fail(r.length === derived, `route ${r.id} ${r.from}-${r.to}: length ${r.length} but the distance gives ${derived}`);
    if (r.kind === 'rail') {
      fail(r.color !== 'gray', `route ${r.id}: a rail route must have one of the eight colours, not gray`);
      fail(r.locomotives === 0, `route ${r.id}: a rail route with ${r.locomotives} locomotive icons`);
    } else {
      fail(r.color === 'gray', `route ${r.id}: a ferry coloured ${r.color} (ferries are gray)`);
      fail(r.locomotives >= 1, `route ${r.id}: a ferry needs at least one locomotive icon`);
      fail(r.locomotives <= r.length, `route ${r.id}: ${r.locomotives} locomotive icons on ${r.length} spaces`);
    }
    const key = [r.from, r.to].sort().join('|');
    const known = pairOfCities.get(key);
    fail(known === undefined || known === r.pair, `cities ${key} appear under two pair ids (${known} and ${r.pair})`);
    pairOfCities.set(key, r.pair);
    const list = pairs.get(r.pair) ?? [];
    list.push(r);
    pairs.set(r.pair, list);
  }
  for (const [id, list] of pairs) {
    const first = list[0];
    const ends = [first.from, first.to].sort().join('|');
    fail(list.every((r) => [r.from, r.to].sort().join('|') === ends), `pair ${id} joins different cities`);
    fail(list.length <= 3, `pair ${id}: ${list.length} tracks (at most 3)`);
    fail(list.every((r) => r.tracks === list.length), `pair ${id}: 'tracks' says ${first.tracks}, found ${list.length}`);
    fail(new Set(list.map((r) => r.track)).size === list.length, `pair ${id}: track numbers repeat`);
    fail(list.every((r) => r.length === first.length && r.kind === first.kind && r.locomotives === first.locomotives && r.drawBonus === first.drawBonus),
      `pair ${id} ${first.from}-${first.to}: parallel tracks differ in length, kind, icons or bonus`);
    const rail = list.filter((r) => r.kind === 'rail').map((r) => r.color);
    fail(new Set(rail).size === rail.length, `pair ${id} ${first.from}-${first.to}: parallel tracks share a colour (${rail.join(', ')})`);
  }

  // Colour balance: no colour much scarcer than another on the board.
  const spaces = new Map<string, number>(m.colors.map((c) => [c, 0]));
  const counts = new Map<string, number>(m.colors.map((c) => [c, 0]));
  for (const r of m.routes) {
    if (r.kind !== 'rail' || !spaces.has(r.color)) continue;
    spaces.set(r.color, (spaces.get(r.color) ?? 0) + r.length);
    counts.set(r.color, (counts.get(r.color) ?? 0) + 1);
  }
  const spread = (v: Map<string, number>): number => Math.max(...v.values()) - Math.min(...v.values());
  fail(spread(spaces) <= MAX_COLOUR_SPREAD, `colour spaces differ by ${spread(spaces)} (at most ${MAX_COLOUR_SPREAD}): ${JSON.stringify(Object.fromEntries(spaces))}`);
  fail(spread(counts) <= MAX_COLOUR_SPREAD, `colour route counts differ by ${spread(counts)} (at most ${MAX_COLOUR_SPREAD}): ${JSON.stringify(Object.fromEntries(counts))}`);

  // The network: one piece, and each ticket worth its shortest path.
  const adjacency = new Map<string, Map<string, number>>([...cities.keys()].map((id) => [id, new Map()]));
  for (const list of pairs.values()) {
    const r = list[0];
    if (!cities.has(r.from) || !cities.has(r.to)) continue;
    adjacency.get(r.from)!.set(r.to, r.length);
    adjacency.get(r.to)!.set(r.from, r.length);
  }
  const first = m.cities[0].id;
  const reach = shortestPaths(adjacency, first);
  const cut = [...cities.keys()].filter((id) => !reach.has(id));
  fail(cut.length === 0, `the network is not connected: ${cut.join(', ')} cannot be reached from ${first}`);

  const ticketIds = new Set<number>();
  const ticketPairs = new Set<string>();
  const fromCache = new Map<string, Map<string, number>>();
  for (const t of m.tickets) {
    fail(!ticketIds.has(t.id), `duplicate ticket id ${t.id}`);
    ticketIds.add(t.id);
    if (!cities.has(t.from) || !cities.has(t.to)) {
      problems.push(`ticket ${t.id}: unknown city ${cities.has(t.from) ? t.to : t.from}`);
      continue;
    }
    fail(t.from !== t.to, `ticket ${t.id} joins ${t.from} to itself`);
    const key = [t.from, t.to].sort().join('|');
    fail(!ticketPairs.has(key), `ticket ${t.id}: ${key} appears twice`);
    ticketPairs.add(key);
    let dist = fromCache.get(t.from);
    if (!dist) {
      dist = shortestPaths(adjacency, t.from);
      fromCache.set(t.from, dist);
    }
    const d = dist.get(t.to);
    fail(d === t.points, `ticket ${t.id} ${t.from}-${t.to}: ${t.points} points but the shortest path is ${d ?? 'missing'}`);
  }
  return problems;
}

function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (x: number): number => (x * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/** Dijkstra over a small graph (about fifty cities): a linear scan for the nearest city is enough. */
function shortestPaths(adjacency: Map<string, Map<string, number>>, source: string): Map<string, number> {
  const dist = new Map<string, number>([[source, 0]]);
  const done = new Set<string>();
  for (;;) {
    let u: string | null = null;
    for (const [k, d] of dist) if (!done.has(k) && (u === null || d < dist.get(u)!)) u = k;
    if (u === null) return dist;
    done.add(u);
    for (const [v, w] of adjacency.get(u) ?? []) {
      const nd = dist.get(u)! + w;
      if (nd < (dist.get(v) ?? Infinity)) dist.set(v, nd);
    }
  }
}
