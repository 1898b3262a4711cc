/**
 * Where a server's event loop stalled, from a CPU profile (`--cpu-prof`, e.g. bench:server with
 * SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR"): every stretch of samples with no idle sample in it
 * that lasts at least MIN ms (the loop answered nothing meanwhile), with how much of it was the garbage
 * collector, then the functions that took the longest stretches (inclusive and self time).
 *
 *   node packages/server/bench/profile-stalls.cjs PROFILE.cpuprofile [min-ms=100] [from-s] [to-s] [detail=3]
 *
 * from-s and to-s (seconds since the profile started) keep only the stretches that begin between them: a
 * bench's measuring window, say, without the start-up and the shutdown.
 */
const fs = require('fs');

const [file, minArg, fromArg, toArg, detailArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node profile-stalls.cjs PROFILE.cpuprofile [min-ms=100] [from-s] [to-s] [detail=3]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const minUs = Number(minArg ?? 100) * 1000;
const fromUs = Number(fromArg ?? 0) * 1e6;
const toUs = Number(toArg ?? Infinity) * 1e6;
const detail = Number(detailArg ?? 3);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;

// Busy stretches: runs of samples none of which is the idle node.
const stretches = [];
let t = profile.startTime;
let cur = null;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  const id = profile.samples[i];
  const fn = byId.get(id).callFrame.functionName;
  if (fn === '(idle)') {
    if (cur) stretches.push(cur);
    cur = null;
    continue;
  }
  cur ??= { start: t, end: t, gcUs: 0, samples: [] };
  cur.end = t;
  if (fn === '(garbage collector)') cur.gcUs += profile.timeDeltas[i];
  cur.samples.push([id, profile.timeDeltas[i]]);
}
if (cur) stretches.push(cur);

const at = (s) => (s.start - profile.startTime) / 1e6;
const long = stretches.filter((s) => s.end - s.start >= minUs && at(s) * 1e6 >= fromUs && at(s) * 1e6 <= toUs);
console.log(`${(((profile.endTime - profile.startTime) / 1e6)).toFixed(1)} s profiled; ${long.length} busy stretches of ${minUs / 1000} ms or more`);
for (const s of long) console.log(`  at ${at(s).toFixed(2)} s: ${((s.end - s.start) / 1000).toFixed(0)} ms, garbage collector ${(s.gcUs / 1000).toFixed(0)} ms`);

for (const s of [...long].sort((a, b) => (b.end - b.start) - (a.end - a.start)).slice(0, detail)) {
  const inclusive = new Map();
  const self = new Map();
  for (const [id, dt] of s.samples) {
    const leaf = label(byId.get(id));
    self.set(leaf, (self.get(leaf) ?? 0) + dt);
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const k = label(byId.get(x));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    }
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `    ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n');
  console.log(`\nthe stretch at ${at(s).toFixed(2)} s (${((s.end - s.start) / 1000).toFixed(0)} ms)\n  inclusive:\n${top(inclusive, 20)}\n  self:\n${top(self, 10)}`);
}
