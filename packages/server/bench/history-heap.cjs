/**
 * Live heap a room's game keeps per action: `rooms` 2-player games, each a match on a journal into one
 * memory store (as rooms on STORE=memory) with seeded random legal moves, are played to `from` actions,
 * then on to `to`; the live heap is read after full collections at both points. What grows is the
 * rules state, the match's history (actions, events, undo trail, log lines) and the store's lines.
 *
 *   node --expose-gc --no-flush-bytecode packages/server/bench/history-heap.cjs [distDir] [rooms] [from] [to] [memory|none]
 *
 * distDir is a built server's dist (default: this package's), so the same probe measures another tree
 * (e.g. main's) in the same run. Prints one JSON line: { rooms, from, to, perAction } (bytes).
 * Plain CommonJS over the built server, so the process holds nothing but the games it measures.
 * --no-flush-bytecode: V8 otherwise drops and recompiles functions' bytecode on its own schedule, which
 * moved the figure by ~20 % between runs of the same tree.
 */
'use strict';
const path = require('path');
const v8 = require('v8');

const dist = path.resolve(process.argv[2] || path.join(__dirname, '..', 'dist'));
const rooms = Number(process.argv[3] || 200);
const from = Number(process.argv[4] || 40);
const to = Number(process.argv[5] || 100);
/** 'none': matches with no journal, to tell the store's share from the match's. */
const storeKind = process.argv[6] || 'memory';
if (typeof global.gc !== 'function') throw new Error('run with --expose-gc');

const { Match } = require(path.join(dist, 'game', 'match.js'));
const { SERVER_GAMES } = require(path.join(dist, 'games', 'registry.js'));
const { MemoryStore } = require(path.join(dist, 'persistence', 'store', 'memory-store.js'));
const { RoomJournal } = require(path.join(dist, 'persistence', 'store', 'journal.js'));
const { StoreHealth } = require(path.join(dist, 'persistence', 'store', 'health.js'));

const quiet = { info() {}, warn() {}, error() {}, debug() {}, child() { return quiet; } };
const game = SERVER_GAMES.isle;
const store = new MemoryStore();
const health = new StoreHealth(store, quiet);
const now = () => new Date().toISOString();

/**
 * Live bytes of the spaces that hold data, after full collections. Compiled code and its metadata are
 * left out: what the JIT compiles while the games go on is the process's, not the rooms'.
 */
function heap() {
  for (let i = 0; i < 4; i++) global.gc();
  const spaces = v8.getHeapSpaceStatistics();
  if (process.env.HISTORY_HEAP_SPACES) console.error(spaces.map((x) => `${x.space_name}=${x.space_used_size}`).join(' '));
  return spaces.filter((x) => !x.space_name.startsWith('code')).reduce((sum, x) => sum + x.space_used_size, 0);
}

const tables = [];
for (let r = 0; r < rooms; r++) {
  const journal = storeKind === 'none' ? null : new RoomJournal(store, `room${r}`, health);
  const options = { players: 2, seed: `history-heap-${r}`, names: ['Ada', 'Bo'] };
  const match = Match.begin(game, options, { journal, now });
  tables.push({ match, x: (r * 2654435761) >>> 0, played: 0 });
}

/** Play each game on to `n` actions; a game that ends before is dropped from the count. */
function playTo(n) {
  for (const t of tables) {
    while (t.played < n && !t.match.over) {
      const d = t.match.pending()[0];
      const legal = game.definition.legal(t.match.state, d.seat);
      t.x = (Math.imul(t.x, 1103515245) + 12345) >>> 0;
      const r = t.match.apply(d.seat, legal[t.x % legal.length], 'human');
      if (!r.ok) throw new Error(r.error.code);
      t.played++;
    }
  }
}

playTo(from);
const h1 = heap();
playTo(to);
const h2 = heap();
const reached = tables.filter((t) => t.played === to).length;
if (reached < rooms) throw new Error(`${rooms - reached} of ${rooms} games ended before ${to} actions`);
console.log(JSON.stringify({ rooms, from, to, perAction: Math.round((h2 - h1) / rooms / (to - from)) }));
