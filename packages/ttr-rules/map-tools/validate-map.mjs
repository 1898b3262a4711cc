#!/usr/bin/env node
/**
 * validate-map.mjs: checks a Ticket to Ride style map file (format ttr-map/1) on its own, without the
 * builder, and prints its statistics.
 *
 *   node validate-map.mjs [map.json] [--json]
 *
 * Exit code 0 when every check holds, 1 when any fails (each failure is printed with what it found).
 * --json prints the statistics as JSON instead of text (for summaries and tests).
 * No dependencies; Node 18+.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) ?? path.join(here, '..', 'data', 'maps', 'northern-europe.json');
const asJson = args.includes('--json');
const map = JSON.parse(fs.readFileSync(file, 'utf8'));

const errors = [];
const warnings = [];
const fail = (m) => errors.push(m);
const warn = (m) => warnings.push(m);
const check = (ok, m) => { if (!ok) fail(m); };

// ---- limits the checks use ------------------------------------------------------------------------------
const LIMITS = {
  countries: 9, colors: 8, minLength: 1, maxLength: 6, kmPerSpace: 100, earthKm: 6371.0088,
  maxColorSpread: { spaces: 3, count: 3 }, tickets: [40, 60], maxTicketsPerCity: 8, minDegree: 2,
  trainsPerPlayer: 40,
  // How many tracks of a double / triple route may be claimed, by player count (seed's reading).
  usable: { 2: { 2: 1, 3: 1 }, 3: { 2: 1, 3: 2 }, 4: { 2: 2, 3: 3 }, 5: { 2: 2, 3: 3 } },
};

// ---- shape ---------------------------------------------------------------------------------------------
check(map.format === 'ttr-map/1', `format is ${map.format}, expected ttr-map/1`);
for (const k of ['colors', 'countries', 'cities', 'routes', 'tickets']) check(Array.isArray(map[k]), `${k} is not a list`);
const colors = map.colors ?? [];
check(colors.length === LIMITS.colors && new Set(colors).size === colors.length, `expected ${LIMITS.colors} distinct colours, got ${colors.join(',')}`);
check(!colors.includes('gray'), 'gray must not be one of the eight card colours');
const countryIds = new Set((map.countries ?? []).map((c) => c.id));
check(countryIds.size === LIMITS.countries, `expected ${LIMITS.countries} countries, got ${countryIds.size}`);

const cities = map.cities ?? [];
const city = new Map();
for (const c of cities) {
  check(typeof c.id === 'string' && /^[a-z0-9-]+$/.test(c.id), `city id ${JSON.stringify(c.id)} is not a lower-case slug`);
  check(!city.has(c.id), `city ${c.id} listed twice`);
  check(countryIds.has(c.country), `city ${c.id}: unknown country ${c.country}`);
  check(typeof c.lat === 'number' && c.lat > 50 && c.lat < 72 && typeof c.lon === 'number' && c.lon > 0 && c.lon < 35,
    `city ${c.id}: coordinates ${c.lat},${c.lon} outside northern Europe`);
  check(typeof c.name === 'string' && c.name.length > 0, `city ${c.id} has no name`);
  city.set(c.id, c);
}
const threshold = map.arcticCircleLatitude;
check(typeof threshold === 'number' && Math.abs(threshold - 66.56) < 0.01, `arcticCircleLatitude ${threshold}, expected about 66.56`);
for (const c of cities) check(c.arctic === (c.lat >= threshold), `city ${c.id}: arctic flag ${c.arctic} but latitude ${c.lat}`);
const capitals = map.bonusTargets?.capitals ?? [];
check(capitals.length === 4 && capitals.every((id) => city.has(id)), `bonusTargets.capitals must name 4 cities: ${capitals}`);
for (const c of cities) check(c.capital === capitals.includes(c.id), `city ${c.id}: capital flag disagrees with bonusTargets.capitals`);
check(countryIds.has(map.bonusTargets?.westernCountry), 'bonusTargets.westernCountry is not a country of the map');

// ---- routes --------------------------------------------------------------------------------------------
const rad = (x) => (x * Math.PI) / 180;
const gcKm = (a, b) => 2 * LIMITS.earthKm * Math.asin(Math.sqrt(
  Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2));
const routes = map.routes ?? [];
const routeIds = new Set();
const pairs = new Map(); // pair id -> routes
const pairOfCities = new Map(); // "a|b" -> pair id
for (const r of routes) {
  check(Number.isInteger(r.id) && !routeIds.has(r.id), `route id ${r.id} missing or repeated`);
  routeIds.add(r.id);
  const A = city.get(r.from), B = city.get(r.to);
  if (!A || !B) { fail(`route ${r.id}: unknown city ${A ? r.to : r.from}`); continue; }
  check(r.from !== r.to, `route ${r.id} joins ${r.from} to itself`);
  check(Number.isInteger(r.length) && r.length >= LIMITS.minLength && r.length <= LIMITS.maxLength, `route ${r.id}: length ${r.length}`);
  const km = gcKm(A, B);
  const derived = Math.max(LIMITS.minLength, Math.min(LIMITS.maxLength, Math.round(km / LIMITS.kmPerSpace)));
  check(r.length === derived, `route ${r.id} ${r.from}-${r.to}: length ${r.length} but ${km.toFixed(0)} km gives ${derived}`);
  if (r.kind === 'rail') {
    check(colors.includes(r.color), `route ${r.id}: rail route with colour ${r.color}`);
    check(r.locomotives === 0, `route ${r.id}: rail route with ${r.locomotives} locomotive icons`);
  } else if (r.kind === 'ferry') {
    check(r.color === 'gray', `route ${r.id}: ferry coloured ${r.color} (ferries are gray)`);
    check(Number.isInteger(r.locomotives) && r.locomotives >= 1 && r.locomotives <= r.length,
      `route ${r.id}: ferry with ${r.locomotives} locomotive icons on ${r.length} spaces`);
  } else fail(`route ${r.id}: kind ${r.kind}`);
  check(Number.isInteger(r.drawBonus) && r.drawBonus >= 0 && r.drawBonus <= 3, `route ${r.id}: drawBonus ${r.drawBonus}`);
  if (r.drawBonus > 0 && r.kind !== 'ferry') warn(`route ${r.id}: a +${r.drawBonus} bonus on a rail route`);
  const key = [r.from, r.to].sort().join('|');
  if (pairOfCities.has(key) && pairOfCities.get(key) !== r.pair) fail(`cities ${key} appear under two pair ids`);
  pairOfCities.set(key, r.pair);
  if (!pairs.has(r.pair)) pairs.set(r.pair, []);
  pairs.get(r.pair).push(r);
}
for (const [id, list] of pairs) {
  const first = list[0];
  check(list.length >= 1 && list.length <= 3, `pair ${id}: ${list.length} tracks`);
  check(list.every((r) => r.tracks === list.length), `pair ${id}: 'tracks' says ${first.tracks}, found ${list.length}`);
  check(list.every((r) => r.length === first.length && r.kind === first.kind && r.locomotives === first.locomotives && r.drawBonus === first.drawBonus),
    `pair ${id} ${first.from}-${first.to}: parallel tracks differ in length, kind, icons or bonus`);
  const railColors = list.filter((r) => r.kind === 'rail').map((r) => r.color);
  check(new Set(railColors).size === railColors.length, `pair ${id} ${first.from}-${first.to}: parallel tracks share a colour (${railColors})`);
  check(new Set(list.map((r) => r.track)).size === list.length, `pair ${id}: track numbers repeat`);
}

// ---- graph ---------------------------------------------------------------------------------------------
const adj = new Map(cities.map((c) => [c.id, new Map()]));
for (const list of pairs.values()) {
  const r = list[0];
  if (!adj.has(r.from) || !adj.has(r.to)) continue;
  adj.get(r.from).set(r.to, r.length);
  adj.get(r.to).set(r.from, r.length);
}
function dijkstra(src) {
  const dist = new Map([[src, 0]]);
  const hops = new Map([[src, 0]]);
  const done = new Set();
  for (;;) {
    let u = null;
    for (const [k, d] of dist) if (!done.has(k) && (u === null || d < dist.get(u))) u = k;
    if (u === null) return { dist, hops };
    done.add(u);
    for (const [v, w] of adj.get(u)) {
      const nd = dist.get(u) + w;
      if (nd < (dist.get(v) ?? Infinity) || (nd === dist.get(v) && hops.get(u) + 1 < hops.get(v))) { dist.set(v, nd); hops.set(v, hops.get(u) + 1); }
    }
  }
}
const fromFirst = cities.length ? dijkstra(cities[0].id).dist : new Map();
const unreachable = cities.filter((c) => !fromFirst.has(c.id)).map((c) => c.id);
check(unreachable.length === 0, `graph not connected: unreachable from ${cities[0]?.id}: ${unreachable.join(', ')}`);
const degree = Object.fromEntries(cities.map((c) => [c.id, adj.get(c.id).size]));
for (const c of cities) check(degree[c.id] >= LIMITS.minDegree, `city ${c.id} has only ${degree[c.id]} neighbour(s)`);
// Bridges (a pair whose loss splits the map), by Tarjan's low-link on the simple graph.
const bridges = [];
{
  const disc = new Map(), low = new Map();
  let time = 0;
  const dfs = (u, parent) => {
    disc.set(u, ++time); low.set(u, time);
    for (const v of adj.get(u).keys()) {
      if (!disc.has(v)) {
        dfs(v, u);
        low.set(u, Math.min(low.get(u), low.get(v)));
        if (low.get(v) > disc.get(u)) bridges.push(`${u}-${v}`);
      } else if (v !== parent) low.set(u, Math.min(low.get(u), disc.get(v)));
    }
  };
  if (cities.length) dfs(cities[0].id, null);
}

// ---- tickets -------------------------------------------------------------------------------------------
const tickets = map.tickets ?? [];
check(tickets.length >= LIMITS.tickets[0] && tickets.length <= LIMITS.tickets[1], `${tickets.length} tickets, expected ${LIMITS.tickets.join('–')}`);
const ticketPairs = new Set();
const ticketIds = new Set();
const perCity = Object.fromEntries(cities.map((c) => [c.id, 0]));
const sp = new Map();
const spFrom = (id) => { if (!sp.has(id)) sp.set(id, dijkstra(id)); return sp.get(id); };
for (const t of tickets) {
  check(!ticketIds.has(t.id), `ticket id ${t.id} repeated`);
  ticketIds.add(t.id);
  if (!city.has(t.from) || !city.has(t.to)) { fail(`ticket ${t.id}: unknown city`); continue; }
  check(t.from !== t.to, `ticket ${t.id} joins ${t.from} to itself`);
  const key = [t.from, t.to].sort().join('|');
  check(!ticketPairs.has(key), `ticket ${t.id}: ${key} appears twice`);
  ticketPairs.add(key);
  perCity[t.from]++; perCity[t.to]++;
  const { dist, hops } = spFrom(t.from);
  check(dist.has(t.to), `ticket ${t.id} ${t.from}-${t.to}: no path`);
  check(t.points === dist.get(t.to), `ticket ${t.id} ${t.from}-${t.to}: ${t.points} points, shortest path ${dist.get(t.to)}`);
  check(hops.get(t.to) >= 2, `ticket ${t.id} ${t.from}-${t.to}: one route covers it`);
}
for (const [id, n] of Object.entries(perCity)) check(n <= LIMITS.maxTicketsPerCity, `city ${id} is on ${n} tickets`);
const unusedInTickets = Object.entries(perCity).filter(([, n]) => n === 0).map(([id]) => id);
if (unusedInTickets.length) warn(`cities on no ticket: ${unusedInTickets.join(', ')}`);

// ---- statistics ----------------------------------------------------------------------------------------
const tally = (xs) => xs.reduce((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {});
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const rail = routes.filter((r) => r.kind === 'rail');
const ferries = routes.filter((r) => r.kind === 'ferry');
const colorSpaces = Object.fromEntries(colors.map((c) => [c, sum(rail.filter((r) => r.color === c).map((r) => r.length))]));
const colorCount = Object.fromEntries(colors.map((c) => [c, rail.filter((r) => r.color === c).length]));
const spread = (o) => Math.max(...Object.values(o)) - Math.min(...Object.values(o));
check(spread(colorSpaces) <= LIMITS.maxColorSpread.spaces, `colour spaces spread ${spread(colorSpaces)}: ${JSON.stringify(colorSpaces)}`);
check(spread(colorCount) <= LIMITS.maxColorSpread.count, `colour count spread ${spread(colorCount)}: ${JSON.stringify(colorCount)}`);
let sameColorMeetings = 0;
for (const c of cities) {
  const here = rail.filter((r) => r.from === c.id || r.to === c.id).map((r) => r.color);
  for (const n of Object.values(tally(here))) sameColorMeetings += (n * (n - 1)) / 2;
}
const capacity = {};
for (const n of [2, 3, 4, 5]) {
  let avail = 0;
  for (const list of pairs.values()) avail += list[0].length * (list.length === 1 ? 1 : LIMITS.usable[n][list.length]);
  capacity[n] = { spaces: avail, trains: n * LIMITS.trainsPerPlayer, ratio: Math.round((avail / (n * LIMITS.trainsPerPlayer)) * 100) / 100 };
  check(avail >= n * LIMITS.trainsPerPlayer, `${n} players: ${avail} usable spaces for ${n * LIMITS.trainsPerPlayer} trains`);
}
const countryOf = (id) => city.get(id)?.country;
const perCountry = {};
for (const k of countryIds) {
  perCountry[k] = {
    cities: cities.filter((c) => c.country === k).length,
    arctic: cities.filter((c) => c.country === k && c.arctic).length,
    pairsTouching: [...pairs.values()].filter((l) => countryOf(l[0].from) === k || countryOf(l[0].to) === k).length,
    crossBorderPairs: [...pairs.values()].filter((l) => (countryOf(l[0].from) === k) !== (countryOf(l[0].to) === k)).length,
    ticketEnds: tickets.filter((t) => countryOf(t.from) === k).length + tickets.filter((t) => countryOf(t.to) === k).length,
  };
  check(perCountry[k].cities >= 1, `country ${k} has no city`);
}
const tp = tickets.map((t) => t.points);
const arcticIds = new Set(cities.filter((c) => c.arctic).map((c) => c.id));
let closest = { d: Infinity, a: null, b: null };
for (let i = 0; i < cities.length; i++) for (let j = i + 1; j < cities.length; j++) {
  const a = cities[i], b = cities[j];
  if (typeof a.x !== 'number' || typeof b.x !== 'number') continue;
  const d = Math.hypot(a.x - b.x, a.y - b.y);
  if (d < closest.d) closest = { d: Math.round(d * 10) / 10, a: a.id, b: b.id };
}
if (closest.d < 45) warn(`drawing positions of ${closest.a} and ${closest.b} are ${closest.d} units apart (< 45 on a 1000-wide map)`);
const nearCircle = cities.filter((c) => Math.abs(c.lat - threshold) < 0.25).map((c) => `${c.id} ${c.lat} ${c.arctic ? 'in' : 'out'}`);
const stats = {
  file: path.basename(file),
  cities: cities.length,
  pairs: pairs.size,
  routes: routes.length,
  spaces: sum(routes.map((r) => r.length)),
  multiplicity: tally([...pairs.values()].map((l) => l.length)),
  lengthByRoute: tally(routes.map((r) => r.length)),
  rail: { routes: rail.length, spaces: sum(rail.map((r) => r.length)), colorSpaces, colorCount, sameColorMeetings },
  ferries: {
    routes: ferries.length, pairs: new Set(ferries.map((r) => r.pair)).size, spaces: sum(ferries.map((r) => r.length)),
    locomotiveIcons: tally(ferries.map((r) => r.locomotives)),
  },
  drawBonus: {
    routes: routes.filter((r) => r.drawBonus > 0).length,
    pairs: new Set(routes.filter((r) => r.drawBonus > 0).map((r) => r.pair)).size,
    values: tally(routes.filter((r) => r.drawBonus > 0).map((r) => `+${r.drawBonus}`)),
  },
  triples: [...pairs.values()].filter((l) => l.length === 3).map((l) => `${l[0].from}-${l[0].to} (${l[0].length})`),
  capacity,
  degree: { min: Math.min(...Object.values(degree)), max: Math.max(...Object.values(degree)), distribution: tally(Object.values(degree)) },
  bridges,
  arctic: { cities: [...arcticIds], nearTheCircle: nearCircle },
  closestDrawnCities: closest,
  tickets: {
    count: tickets.length, min: Math.min(...tp), max: Math.max(...tp), mean: Math.round((sum(tp) / tp.length) * 100) / 100,
    buckets: { '<=5': tp.filter((p) => p <= 5).length, '6-10': tp.filter((p) => p >= 6 && p <= 10).length, '11-15': tp.filter((p) => p >= 11 && p <= 15).length, '>=16': tp.filter((p) => p >= 16).length },
    withCapital: tickets.filter((t) => capitals.includes(t.from) || capitals.includes(t.to)).length,
    withArcticCity: tickets.filter((t) => arcticIds.has(t.from) || arcticIds.has(t.to)).length,
    maxPerCity: Math.max(...Object.values(perCity)),
    citiesUsed: Object.values(perCity).filter((n) => n > 0).length,
  },
  bonusMeasures: {
    oneSpaceRoutes: routes.filter((r) => r.length === 1).length,
    routesTouchingArctic: routes.filter((r) => arcticIds.has(r.from) || arcticIds.has(r.to)).length,
    routesTouchingWestern: routes.filter((r) => countryOf(r.from) === map.bonusTargets?.westernCountry || countryOf(r.to) === map.bonusTargets?.westernCountry).length,
    ferryRoutes: ferries.length,
  },
  perCountry,
};

if (asJson) {
  console.log(JSON.stringify({ ok: errors.length === 0, errors, warnings, stats }, null, 1));
} else {
  const s = stats;
  console.log(`${s.file}: ${s.cities} cities, ${s.pairs} city pairs, ${s.routes} routes, ${s.spaces} spaces`);
  console.log(`  tracks per pair ${JSON.stringify(s.multiplicity)}; triples ${s.triples.join(', ')}`);
  console.log(`  length by route ${JSON.stringify(s.lengthByRoute)}`);
  console.log(`  rail ${s.rail.routes} routes / ${s.rail.spaces} spaces; colour spaces ${JSON.stringify(s.rail.colorSpaces)}`);
  console.log(`  colour counts ${JSON.stringify(s.rail.colorCount)}; same colour twice at a city: ${s.rail.sameColorMeetings}`);
  console.log(`  ferries ${s.ferries.routes} routes / ${s.ferries.pairs} pairs / ${s.ferries.spaces} spaces; icons ${JSON.stringify(s.ferries.locomotiveIcons)}`);
  console.log(`  +X ${s.drawBonus.routes} routes / ${s.drawBonus.pairs} pairs ${JSON.stringify(s.drawBonus.values)}`);
  console.log(`  usable spaces vs trains: ${Object.entries(s.capacity).map(([n, c]) => `${n}p ${c.spaces}/${c.trains} (${c.ratio})`).join(', ')}`);
  console.log(`  degree ${s.degree.min}–${s.degree.max} ${JSON.stringify(s.degree.distribution)}; bridges: ${s.bridges.join(', ') || 'none'}`);
  console.log(`  arctic (${s.arctic.cities.length}): ${s.arctic.cities.join(', ')}; near the circle: ${s.arctic.nearTheCircle.join('; ')}`);
  console.log(`  tickets ${s.tickets.count}, points ${s.tickets.min}–${s.tickets.max} mean ${s.tickets.mean} ${JSON.stringify(s.tickets.buckets)}; with a capital ${s.tickets.withCapital}, with an arctic city ${s.tickets.withArcticCity}; cities used ${s.tickets.citiesUsed}, max per city ${s.tickets.maxPerCity}`);
  console.log(`  bonus measures ${JSON.stringify(s.bonusMeasures)}`);
  console.log(`  closest drawn cities: ${s.closestDrawnCities.a}-${s.closestDrawnCities.b} ${s.closestDrawnCities.d} units`);
  console.log('  per country (cities/arctic/pairs touching/cross-border pairs/ticket ends):');
  for (const [k, v] of Object.entries(s.perCountry)) console.log(`    ${k} ${v.cities}/${v.arctic}/${v.pairsTouching}/${v.crossBorderPairs}/${v.ticketEnds}`);
  for (const w of warnings) console.log(`WARN ${w}`);
  for (const e of errors) console.log(`FAIL ${e}`);
  console.log(errors.length === 0 ? 'OK: every check holds' : `${errors.length} check(s) failed`);
}
process.exit(errors.length === 0 ? 0 : 1);
