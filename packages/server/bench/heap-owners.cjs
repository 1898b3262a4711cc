/**
 * Who holds the backing stores of one heap snapshot: for every `(object properties)` array (an object's properties
 * outside the object itself; large ones are hash tables, an object in dictionary mode) or `(object elements)`
 * array, the kind of object that points at it, with how many and how many bytes; and for plain `Object`s, the
 * property names of those with a store, grouped, so that a dictionary-mode object can be recognised by its fields.
 *
 *   node packages/server/bench/heap-owners.cjs SNAPSHOT.heapsnapshot [properties|elements] [rows=20]
 *
 * With bench/room-memory.ts' snapshots (HEAP_SNAPSHOTS=DIR): divide by the rooms the snapshot holds.
 */
const fs = require('fs');

const [file, what = 'properties', rowsArg] = process.argv.slice(2);
if (!file || !['properties', 'elements'].includes(what)) {
  console.error('usage: node heap-owners.cjs SNAPSHOT.heapsnapshot [properties|elements] [rows=20]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 20);
const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
const meta = snap.snapshot.meta;
const [nf, ef] = [meta.node_fields, meta.edge_fields];
const [NW, EW] = [nf.length, ef.length];
const [types, etypes] = [meta.node_types[0], meta.edge_types[0]];
const [iT, iN, iS, iE] = ['type', 'name', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
const [eT, eN, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f));
const { nodes, edges, strings: S } = snap;
const target = `(object ${what})`;

const owners = new Map();
const plain = new Map();
let e = 0;
for (let n = 0; n < nodes.length; n += NW) {
  const count = nodes[n + iE];
  const names = [];
  let store = 0;
  for (let k = 0; k < count; k++, e += EW) {
    const to = edges[e + eTo];
    const et = etypes[edges[e + eT]];
    if (et === 'property') names.push(S[edges[e + eN]]);
    if (types[nodes[to + iT]] !== 'array' || S[nodes[to + iN]] !== target) continue;
    store += nodes[to + iS];
    const key = `${types[nodes[n + iT]]} ${S[nodes[n + iN]].slice(0, 60)}`;
    const o = owners.get(key) ?? { count: 0, bytes: 0 };
    o.count++;
    o.bytes += nodes[to + iS];
    owners.set(key, o);
  }
  if (store > 0 && types[nodes[n + iT]] === 'object' && S[nodes[n + iN]] === 'Object') {
    const key = names.slice(0, 8).join(', ') + (names.length > 8 ? `, … (${names.length})` : '');
    const g = plain.get(key) ?? { count: 0, bytes: 0 };
    g.count++;
    g.bytes += store;
    plain.set(key, g);
  }
}
const table = (title, m) => {
  console.log(`\n${title}\n| objects | KB | each (bytes) | owner |\n| --- | --- | --- | --- |`);
  for (const [k, v] of [...m].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, rows)) {
    console.log(`| ${v.count} | ${(v.bytes / 1024).toFixed(1)} | ${Math.round(v.bytes / v.count)} | ${k.slice(0, 120)} |`);
  }
};
table(`${target} by the kind of object that holds it`, owners);
table(`plain Objects with ${target}, by their properties`, plain);
