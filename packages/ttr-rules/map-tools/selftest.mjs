#!/usr/bin/env node
/**
 * selftest.mjs: proves validate-map.mjs catches what it claims to. Each case breaks one thing in a copy of
 * northern-map.json (written to the OS temp directory), runs the validator and expects exit code 1 and a
 * message naming the fault; the untouched map must pass. Bounded: 12 cases, one validator run each.
 *   node selftest.mjs
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const base = JSON.parse(fs.readFileSync(path.join(here, '..', 'data', 'maps', 'northern-europe.json'), 'utf8'));
const copy = () => JSON.parse(JSON.stringify(base));
const firstRail = (m) => m.routes.find((r) => r.kind === 'rail');
const firstDouble = (m) => m.routes.find((r) => r.kind === 'rail' && r.tracks === 2);

const cases = [
  ['untouched map passes', (m) => m, null],
  ['ticket points off by one', (m) => { m.tickets[0].points += 1; return m; }, 'shortest path'],
  ['rail route turned gray', (m) => { firstRail(m).color = 'gray'; return m; }, 'rail route with colour gray'],
  ['ferry given a colour', (m) => { m.routes.find((r) => r.kind === 'ferry').color = 'red'; return m; }, 'ferries are gray'],
  ['ferry without locomotive icon', (m) => { for (const r of m.routes) if (r.kind === 'ferry' && r.pair === m.routes.find((x) => x.kind === 'ferry').pair) r.locomotives = 0; return m; }, 'locomotive icons'],
  ['length not from distance', (m) => { const r = firstRail(m); for (const s of m.routes) if (s.pair === r.pair) s.length += 1; return m; }, 'km gives'],
  ['double route with one colour twice', (m) => { const r = firstDouble(m); const s = m.routes.find((x) => x.pair === r.pair && x !== r); s.color = r.color; return m; }, 'share a colour'],
  ['city cut off', (m) => { const gone = new Set(m.routes.filter((r) => r.from === 'kirkenes' || r.to === 'kirkenes').map((r) => r.id)); m.routes = m.routes.filter((r) => !gone.has(r.id)); m.tickets = m.tickets.filter((t) => t.from !== 'kirkenes' && t.to !== 'kirkenes'); return m; }, 'not connected'],
  ['arctic flag wrong (Rovaniemi, 66.50 N)', (m) => { m.cities.find((c) => c.id === 'rovaniemi').arctic = true; return m; }, 'arctic flag'],
  ['duplicate ticket', (m) => { m.tickets.push({ ...m.tickets[0], id: 999 }); return m; }, 'appears twice'],
  ['one colour overused', (m) => { for (const r of m.routes.filter((x) => x.kind === 'rail' && x.tracks === 1).slice(0, 8)) r.color = 'black'; return m; }, 'colour'],
  ['a tenth country', (m) => { m.countries.push({ id: 'RU', name: 'Russia' }); return m; }, 'expected 9 countries'],
];

let failed = 0;
cases.forEach(([name, mutate, expect], i) => {
  const file = path.join(os.tmpdir(), `ttr-selftest-${process.pid}-${i}.json`);
  fs.writeFileSync(file, JSON.stringify(mutate(copy())));
  const run = spawnSync(process.execPath, [path.join(here, 'validate-map.mjs'), file], { encoding: 'utf8', timeout: 20000 });
  fs.unlinkSync(file);
  const text = run.stdout + run.stderr;
  const ok = expect === null ? run.status === 0 : run.status === 1 && text.includes(expect);
  if (!ok) failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : ` (exit ${run.status}; expected ${expect === null ? 'a pass' : `"${expect}"`})`}`);
});
console.log(failed === 0 ? `all ${cases.length} cases behave` : `${failed} of ${cases.length} cases misbehave`);
process.exit(failed === 0 ? 0 : 1);
