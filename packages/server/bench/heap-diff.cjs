/**
 * What a number of rooms added to a server's heap, by kind of object: two heap snapshots of one process (for
 * instance the second and third that bench/room-memory.ts writes with HEAP_SNAPSHOTS=DIR, between which it
 * opened the second half of its rooms), the self size each (type, constructor) gained from the first to the
 * second, divided by the rooms opened between them.
 *
 *   node packages/server/bench/heap-diff.cjs BEFORE.heapsnapshot AFTER.heapsnapshot ROOMS [rows=30]
 *
 * Self sizes only (no retained sizes): enough to see which objects a room multiplies.
 */
const fs = require('fs');

function bySelfSize(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [iType, iName, iSize, width] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size'), fields.length];
  const sums = new Map();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + iType]];
    let name = snap.strings[snap.nodes[i + iName]];
    // Strings, numbers and code are named by their content: group them by type.
    if (/string|number|hidden|code|closure/.test(type)) name = '';
    const key = `${type} ${name.slice(0, 60)}`.trim();
    const s = sums.get(key) ?? { size: 0, count: 0 };
    s.size += snap.nodes[i + iSize];
    s.count++;
    sums.set(key, s);
  }
  return sums;
}

const [beforeFile, afterFile, roomsArg, rowsArg] = process.argv.slice(2);
if (!beforeFile || !afterFile || !roomsArg) {
  console.error('usage: node heap-diff.cjs BEFORE.heapsnapshot AFTER.heapsnapshot ROOMS [rows=30]');
  process.exit(2);
}
const rooms = Number(roomsArg);
const before = bySelfSize(beforeFile);
const after = bySelfSize(afterFile);
const rows = [...after].map(([k, a]) => {
  const b = before.get(k) ?? { size: 0, count: 0 };
  return { k, size: (a.size - b.size) / rooms, count: (a.count - b.count) / rooms };
}).sort((x, y) => y.size - x.size);
const total = rows.reduce((n, r) => n + r.size, 0);
console.log(`${(total / 1024).toFixed(1)} KB of self size added per room (${rooms} rooms)`);
console.log('| KB per room | objects per room | type and constructor |\n| --- | --- | --- |');
for (const r of rows.slice(0, Number(rowsArg ?? 30))) console.log(`| ${(r.size / 1024).toFixed(2)} | ${r.count.toFixed(1)} | ${r.k} |`);
