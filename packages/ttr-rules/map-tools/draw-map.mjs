#!/usr/bin/env node
/**
 * draw-map.mjs: a plain SVG picture of a ttr-map/1 file, to look at the design (not the game's art).
 *   node draw-map.mjs [map.json] [out.svg]
 * Rail routes are drawn in their colour, one line per track (parallel tracks side by side), with a tick per
 * space; ferries are gray dashes with "L" marks for locomotive icons; "+X" marks the drawing bonus.
 * Arctic cities are ringed; the Arctic Circle is the dotted line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? path.join(here, '..', 'data', 'maps', 'northern-europe.json');
const out = process.argv[3] ?? path.join(process.cwd(), 'northern-europe.svg');
const map = JSON.parse(fs.readFileSync(file, 'utf8'));
const city = new Map(map.cities.map((c) => [c.id, c]));
const PAD = 60;
const W = Math.max(...map.cities.map((c) => c.x)) + 2 * PAD + 80;
const H = Math.max(...map.cities.map((c) => c.y)) + 2 * PAD;
const INK = { purple: '#8e44ad', blue: '#2471a3', orange: '#e67e22', white: '#d0d3d4', green: '#229954', yellow: '#f1c40f', black: '#1c1c1c', red: '#c0392b', gray: '#7f8c8d' };
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const parts = [];
parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif">`);
parts.push(`<rect width="${W}" height="${H}" fill="#eef3f7"/>`);
// Arctic Circle: interpolate between the two cities nearest to it on either side, by latitude -> y.
{
  const lats = map.cities.map((c) => [c.lat, c.y]).sort((a, b) => a[0] - b[0]);
  const below = lats.filter(([la]) => la < map.arcticCircleLatitude).pop();
  const above = lats.find(([la]) => la >= map.arcticCircleLatitude);
  const y = PAD + below[1] + ((map.arcticCircleLatitude - below[0]) / (above[0] - below[0])) * (above[1] - below[1]);
  parts.push(`<line x1="0" x2="${W}" y1="${y}" y2="${y}" stroke="#5dade2" stroke-dasharray="2 6" stroke-width="2"/>`);
  parts.push(`<text x="8" y="${y - 6}" font-size="13" fill="#2e86c1">Arctic Circle ${map.arcticCircleLatitude}° N</text>`);
}
const byPair = new Map();
for (const r of map.routes) { if (!byPair.has(r.pair)) byPair.set(r.pair, []); byPair.get(r.pair).push(r); }
for (const list of byPair.values()) {
  const a = city.get(list[0].from), b = city.get(list[0].to);
  const ax = a.x + PAD, ay = a.y + PAD, bx = b.x + PAD, by = b.y + PAD;
  const len = Math.hypot(bx - ax, by - ay);
  const nx = -(by - ay) / len, ny = (bx - ax) / len;
  list.forEach((r, i) => {
    const off = (i - (list.length - 1) / 2) * 7;
    const x1 = ax + nx * off, y1 = ay + ny * off, x2 = bx + nx * off, y2 = by + ny * off;
    const ferry = r.kind === 'ferry';
    parts.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${INK[r.color]}" stroke-width="5" ${ferry ? 'stroke-dasharray="8 4"' : ''} stroke-opacity="0.9"><title>${esc(`${a.name}–${b.name} ${r.length} ${r.color}${ferry ? ` ferry ${r.locomotives}L` : ''}${r.drawBonus ? ` +${r.drawBonus}` : ''}`)}</title></line>`);
    if (r.color === 'white') parts.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#7b7d7d" stroke-width="1"/>`);
    for (let k = 1; k < r.length; k++) {
      const t = k / r.length, cx = x1 + (x2 - x1) * t, cy = y1 + (y2 - y1) * t;
      parts.push(`<circle cx="${cx}" cy="${cy}" r="1.6" fill="#fff"/>`);
    }
  });
  const mx = (ax + bx) / 2, my = (ay + by) / 2;
  const r0 = list[0];
  const label = `${r0.length}${r0.kind === 'ferry' ? ' ' + 'L'.repeat(r0.locomotives) : ''}${r0.drawBonus ? ` +${r0.drawBonus}` : ''}`;
  parts.push(`<text x="${mx + 6}" y="${my - 6}" font-size="12" fill="#333" stroke="#eef3f7" stroke-width="3" paint-order="stroke">${esc(label)}</text>`);
}
for (const c of map.cities) {
  const x = c.x + PAD, y = c.y + PAD;
  if (c.arctic) parts.push(`<circle cx="${x}" cy="${y}" r="11" fill="none" stroke="#2e86c1" stroke-width="2"/>`);
  parts.push(`<circle cx="${x}" cy="${y}" r="7" fill="${c.capital ? '#f4d03f' : '#fff'}" stroke="#222" stroke-width="2"/>`);
  parts.push(`<text x="${x + 10}" y="${y + 4}" font-size="14" font-weight="bold" fill="#111" stroke="#eef3f7" stroke-width="3" paint-order="stroke">${esc(c.name)} <tspan font-size="10" font-weight="normal">${c.country}</tspan></text>`);
}
parts.push('</svg>');
fs.writeFileSync(out, parts.join('\n') + '\n');
console.log(`wrote ${out} (${Math.round(W)}x${Math.round(H)})`);
