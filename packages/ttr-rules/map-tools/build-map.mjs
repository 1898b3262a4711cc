#!/usr/bin/env node
/**
 * build-map.mjs: map-source.mjs (hand-made decisions) -> northern-map.json (everything derived).
 *
 * Derived here, deterministically (same source, same file, byte for byte):
 *   - each route's length: great-circle distance between the two city centres / 100 km, rounded, 1..6;
 *   - ferries: gray, 1 locomotive icon, 2 when the crossing is 4 spaces or longer;
 *   - colours of rail routes: 8 colours balanced by spaces and by count, parallel tracks always different,
 *     the same colour twice at one city avoided where the balance allows;
 *   - ticket points: the shortest path between the two cities in spaces;
 *   - arctic flag: latitude >= 66.5622 (the Arctic Circle, 66°33'44" N);
 *   - a drawing position x,y (equirectangular around 62° N, 1000 units wide, DRAW_NUDGE applied) for a table UI.
 *
 * Usage: node build-map.mjs [out.json]   (default ../data/maps/northern-europe.json, the file the rules load)
 *        node build-map.mjs --stdout       (print the JSON instead: the test compares it with the shipped file)
 *
 * Versions: stored games pin the map's id, version and hash, so an earlier version must stay loadable. When
 * the default output holds another version than MAP_VERSION, its bytes are first copied unchanged to
 * ../data/maps/archive/<id>-<version>.json (never overwritten; a different file already there is an error),
 * and the rules package must list that version in src/map.ts (ARCHIVED_MAP_VERSIONS) and its file in
 * src/archived-maps.ts (test/map-versions.test.ts fails until both do).
 * Rebuilding the same version rewrites only the current file.
 * No dependencies; Node 18+.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CITIES, CAPITALS, DRAW_NUDGE, MAP_NOTE, MAP_VERSION, PAIRS, TICKETS } from './map-source.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const toStdout = process.argv[2] === '--stdout';
const out = toStdout ? null : (process.argv[2] ?? path.join(here, '..', 'data', 'maps', 'northern-europe.json'));

export const COLORS = ['purple', 'blue', 'orange', 'white', 'green', 'yellow', 'black', 'red'];
export const KM_PER_SPACE = 100;
export const ARCTIC_CIRCLE = 66.5622;
const EARTH_KM = 6371.0088;

const COUNTRIES = [
  ['NO', 'Norway'], ['SE', 'Sweden'], ['FI', 'Finland'], ['DK', 'Denmark'], ['EE', 'Estonia'],
  ['LV', 'Latvia'], ['LT', 'Lithuania'], ['PL', 'Poland'], ['DE', 'Germany'],
];

const rad = (x) => (x * Math.PI) / 180;
export function greatCircleKm(a, b) {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}
export const lengthOf = (km) => Math.max(1, Math.min(6, Math.round(km / KM_PER_SPACE)));

// ---- cities -------------------------------------------------------------------------------------------
const cities = CITIES.map(([id, name, country, lat, lon]) => ({
  id, name, country, lat, lon, arctic: lat >= ARCTIC_CIRCLE, capital: CAPITALS.includes(id),
}));
const byId = new Map(cities.map((c) => [c.id, c]));
{
  const lat0 = 62;
  const k = Math.cos(rad(lat0));
  const xs = cities.map((c) => c.lon * k);
  const ys = cities.map((c) => -c.lat);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys);
  const scale = 1000 / (maxX - minX);
  cities.forEach((c, i) => {
    const [dx, dy] = DRAW_NUDGE[c.id] ?? [0, 0];
    c.x = Math.round(((xs[i] - minX) * scale + dx) * 10) / 10;
    c.y = Math.round(((ys[i] - minY) * scale + dy) * 10) / 10;
  });
}

// ---- routes -------------------------------------------------------------------------------------------
const routes = [];
PAIRS.forEach(([a, b, kind, tracks, drawBonus = 0], i) => {
  const A = byId.get(a), B = byId.get(b);
  if (!A || !B) throw new Error(`unknown city in pair ${a}-${b}`);
  const km = greatCircleKm(A, B);
  const length = lengthOf(km);
  for (let t = 1; t <= tracks; t++) {
    routes.push({
      id: 0, pair: i + 1, from: a, to: b, track: t, tracks, kind, length,
      color: kind === 'ferry' ? 'gray' : null,
      locomotives: kind === 'ferry' ? (length >= 4 ? 2 : 1) : 0,
      drawBonus, km: Math.round(km),
    });
  }
});
routes.forEach((r, i) => { r.id = i + 1; });

// ---- colours ------------------------------------------------------------------------------------------
const rail = routes.filter((r) => r.kind === 'rail');
const spaces = Object.fromEntries(COLORS.map((c) => [c, 0]));
const count = Object.fromEntries(COLORS.map((c) => [c, 0]));
const atCity = new Map(cities.map((c) => [c.id, Object.fromEntries(COLORS.map((k) => [k, 0]))]));
const siblings = (r) => rail.filter((s) => s.pair === r.pair && s !== r);
const conflicts = (r, c) => atCity.get(r.from)[c] + atCity.get(r.to)[c];
function put(r, c, sign) {
  r.color = sign > 0 ? c : null;
  spaces[c] += sign * r.length; count[c] += sign;
  atCity.get(r.from)[c] += sign; atCity.get(r.to)[c] += sign;
}
const order = [...rail].sort((x, y) => y.tracks - x.tracks || y.length - x.length || x.id - y.id);
for (const r of order) {
  const taken = new Set(siblings(r).map((s) => s.color).filter(Boolean));
  let best = null, bestCost = Infinity;
  for (const c of COLORS) {
    if (taken.has(c)) continue;
    const cost = 100 * conflicts(r, c) + 2 * (spaces[c] + r.length) + count[c];
    if (cost < bestCost) { best = c; bestCost = cost; }
  }
  put(r, best, +1);
}
// Improve: swap colours of two equal-length rail routes when that lowers same-colour meetings at cities
// (balance unchanged), then move single routes when that narrows the spread without adding meetings.
const totalConflicts = () => cities.reduce((n, c) => n + COLORS.reduce((m, k) => m + (atCity.get(c.id)[k] * (atCity.get(c.id)[k] - 1)) / 2, 0), 0);
for (let pass = 0; pass < 20; pass++) {
  let improved = false;
  for (let i = 0; i < rail.length; i++) {
    for (let j = i + 1; j < rail.length; j++) {
      const r = rail[i], s = rail[j];
      if (r.length !== s.length || r.color === s.color || r.pair === s.pair) continue;
      const rc = r.color, sc = s.color;
      if (siblings(r).some((x) => x.color === sc) || siblings(s).some((x) => x.color === rc)) continue;
      const before = totalConflicts();
      put(r, rc, -1); put(s, sc, -1); put(r, sc, +1); put(s, rc, +1);
      if (totalConflicts() < before) improved = true;
      else { put(r, sc, -1); put(s, rc, -1); put(r, rc, +1); put(s, sc, +1); }
    }
  }
  const spread = () => Math.max(...COLORS.map((c) => spaces[c])) - Math.min(...COLORS.map((c) => spaces[c]));
  for (const r of rail) {
    const from = r.color;
    for (const c of COLORS) {
      if (c === from || siblings(r).some((x) => x.color === c)) continue;
      const s0 = spread(), k0 = totalConflicts();
      put(r, from, -1); put(r, c, +1);
      if (spread() < s0 && totalConflicts() <= k0) { improved = true; break; }
      put(r, c, -1); put(r, from, +1);
    }
  }
  if (!improved) break;
}

// ---- tickets ------------------------------------------------------------------------------------------
const adj = new Map(cities.map((c) => [c.id, []]));
for (const r of routes) { adj.get(r.from).push([r.to, r.length]); adj.get(r.to).push([r.from, r.length]); }
export function shortest(adjMap, src) {
  const dist = new Map([[src, 0]]);
  const done = new Set();
  for (;;) {
    let u = null;
    for (const [k, d] of dist) if (!done.has(k) && (u === null || d < dist.get(u))) u = k;
    if (u === null) return dist;
    done.add(u);
    for (const [v, w] of adjMap.get(u)) if (dist.get(u) + w < (dist.get(v) ?? Infinity)) dist.set(v, dist.get(u) + w);
  }
}
const tickets = TICKETS.map(([a, b], i) => ({
  id: i + 1, from: a, to: b, points: shortest(adj, a).get(b),
}));

// ---- write --------------------------------------------------------------------------------------------
const map = {
  format: 'ttr-map/1',
  id: 'northern-europe-original',
  name: 'Northern Europe (original map for the Northern Lights rules)',
  version: MAP_VERSION,
  note: MAP_NOTE,
  derivation: {
    length: `round(great-circle km between city centres / ${KM_PER_SPACE}), at least 1, at most 6 (mean Earth radius ${EARTH_KM} km)`,
    ferryLocomotives: '1 icon, 2 when the crossing is 4 or more spaces',
    ticketPoints: 'shortest path between the two cities, in spaces',
    arctic: `latitude >= ${ARCTIC_CIRCLE}`,
    xy: 'equirectangular, x = lon*cos(62 deg), y = -lat, scaled so the map is 1000 units wide, then the few nudges of map-source.mjs (DRAW_NUDGE); drawing only',
  },
  arcticCircleLatitude: ARCTIC_CIRCLE,
  colors: COLORS,
  countries: COUNTRIES.map(([id, name]) => ({ id, name })),
  bonusTargets: { capitals: CAPITALS, westernCountry: 'NO' },
  cities,
  routes,
  tickets,
};
if (toStdout) process.stdout.write(JSON.stringify(map, null, 1) + '\n');
else {
  if (process.argv[2] === undefined) archivePrevious(out, map);
  fs.writeFileSync(out, JSON.stringify(map, null, 1) + '\n');
  console.log(`wrote ${out}: ${cities.length} cities, ${new Set(routes.map((r) => r.pair)).size} city pairs, ${routes.length} routes, ${tickets.length} tickets`);
}

/** Keeps the shipped file of an earlier version, byte for byte, before the new version replaces it. */
function archivePrevious(file, next) {
  if (!fs.existsSync(file)) return;
  const text = fs.readFileSync(file, 'utf8');
  const previous = JSON.parse(text);
  if (previous.id !== next.id || previous.version === next.version) return;
  const dir = path.join(path.dirname(file), 'archive');
  const kept = path.join(dir, `${previous.id}-${previous.version}.json`);
  if (fs.existsSync(kept)) {
    if (fs.readFileSync(kept, 'utf8') !== text) {
      throw new Error(`${kept} exists and differs from the shipped ${previous.version}: a version must never be built twice with different contents`);
    }
    return;
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(kept, text);
  console.log(`kept version ${previous.version} as ${kept}: list it in src/map.ts (ARCHIVED_MAP_VERSIONS) and src/archived-maps.ts so games stored on it still replay`);
}
