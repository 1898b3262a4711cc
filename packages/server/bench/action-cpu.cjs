/**
 * CPU a room's game core spends per action, without the network: `games` 2-player games, each a match on a
 * journal into one memory store with the room state's mirror refreshed after every action (as a room
 * does), played with seeded random legal moves for `actions` actions. Prints the process's CPU time per
 * action (user + system, which a loaded machine disturbs less than wall time).
 *
 *   node packages/server/bench/action-cpu.cjs [distDir] [games] [actions]
 *
 * distDir is a built server's dist (default: this package's), so two trees compare in one run.
 */
'use strict';
const path = require('path');

const dist = path.resolve(process.argv[2] || path.join(__dirname, '..', 'dist'));
const games = Number(process.argv[3] || 100);
const actions = Number(process.argv[4] || 100);

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

// The moves are chosen before the clock starts: the bench measures the room's work, not the chooser's.
const scripts = [];
for (let r = 0; r < games; r++) {
  const options = { players: 2, seed: `action-cpu-${r}`, names: ['Ada', 'Bo'] };
  let s = game.definition.setup(options);
  let x = (r * 2654435761) >>> 0;
  const moves = [];
  while (moves.length < actions && game.definition.pending(s).length > 0) {
    const d = game.definition.pending(s)[0];
    const legal = game.definition.legal(s, d.seat);
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const action = legal[x % legal.length];
    moves.push([d.seat, action]);
    s = game.definition.apply(s, d.seat, action).state;
  }
  scripts.push({ options, moves });
}

let played = 0;
const t0 = process.cpuUsage();
scripts.forEach(({ options, moves }, r) => {
  const journal = new RoomJournal(store, `room${r}`, health);
  const match = Match.begin(game, options, { journal, now });
  const state = new game.State();
  state.game = game.newGamePart();
  game.mirror(state, match);
  for (const [seat, action] of moves) {
    const a = match.apply(seat, action, 'human');
    if (!a.ok) throw new Error(a.error.code);
    game.mirror(state, match);
    played++;
  }
});
const cpu = process.cpuUsage(t0);
console.log(JSON.stringify({ games, actions: played, cpuPerActionUs: Math.round((cpu.user + cpu.system) / played) }));
