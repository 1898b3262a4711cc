/**
 * The order jest hands test files to its workers: the longest first, so that no long file starts near the
 * end of the run while the other worker sits idle.
 *
 * Jest's own order does that from the durations it saved on the previous run (in its cache). A fresh clone
 * (CI, a new checkout) has no cache, and then jest orders by file size: the random-game property files,
 * two lines each, went last, and two of them ran alone for the last 90 s of a 520 s run. Here a file
 * without a saved duration takes its rough cost from the table below (seconds in a full `npm test` run on a
 * 2-core machine); a file in neither starts after those, largest first as before. A file that failed last
 * time still goes first. The table only orders files: a wrong or missing figure makes a run slower, never
 * different.
 */
const Sequencer = require('@jest/test-sequencer').default;
const path = require('path');

const ROUGH_SECONDS = {
  // Seconds in a full run on a quiet 2-core machine (2026-11-28: 190 files, 3 workers, jest 412 s, load average
  // under 5; e2e-tutorial measured alone after its fix): only their order matters. Files under 6 s are left to
  // jest's size order.
  'packages/server/test/players-archive-kill.test.ts': 64,
  'packages/client-web/test/e2e-table.test.ts': 59,
  'packages/client-web/test/e2e-ttr-polish.test.ts': 58,
  'packages/client-web/test/e2e.test.ts': 52,
  'packages/client-web/test/e2e-players.test.ts': 49,
  'packages/server/test/coach-restart.test.ts': 38,
  'packages/server/test/ops-restart.test.ts': 28,
  'packages/server/test/players-thread.test.ts': 27,
  'packages/bots/test/passive-ends.test.ts': 24,
  'packages/client-web/test/e2e-ttr.test.ts': 21,
  'packages/client-web/test/e2e-coach.test.ts': 21,
  'packages/client-web/test/e2e-ttr-room.test.ts': 20,
  'packages/server/test/players-pg-outage-archive.test.ts': 20,
  'packages/client/test/pack.test.ts': 20,
  'packages/server/test/bot-workers.test.ts': 19,
  'packages/server/test/handsync.test.ts': 18,
  'packages/server/test/games.test.ts': 17,
  'packages/server/test/players-pg-faults.test.ts': 17,
  'packages/client-web/test/e2e-watch.test.ts': 16,
  'packages/server/test/private-games.test.ts': 15,
  'packages/server/test/end-reaches.test.ts': 15,
  'packages/server/test/ops-front.test.ts': 15,
  'packages/client/test/session.test.ts': 14,
  'packages/server/test/lockout.test.ts': 14,
  'packages/server/test/flood-isolation.test.ts': 14,
  'packages/server/test/slowed.test.ts': 14,
  'packages/server/test/players-disk-full.test.ts': 13,
  'packages/rules/test/simulator.test.ts': 13,
  'packages/server/test/players-server.test.ts': 12,
  'packages/server/test/ops-redis-outage.test.ts': 12,
  'packages/rules/test/solo-properties.test.ts': 11,
  'packages/server/test/ops-data-dir-lock.test.ts': 10,
  'packages/client-web/test/e2e-history.test.ts': 10,
  'packages/server/test/ttr-strong-table.test.ts': 10,
  'packages/server/test/reconnect.test.ts': 10,
  'packages/server/test/players-db.test.ts': 9,
  'packages/server/test/players-restart.test.ts': 9,
  'packages/client-web/test/e2e-ttr-archived-replay.test.ts': 9,
  'packages/client/test/docs.test.ts': 9,
  'packages/server/test/players-http.test.ts': 8,
  'packages/server/test/ops-config.test.ts': 8,
  'packages/server/test/coach-two-servers.test.ts': 8,
  'packages/server/test/protocol-points.test.ts': 8,
  'packages/server/test/players-games.test.ts': 8,
  'packages/client-web/test/e2e-ux.test.ts': 8,
  'packages/server/test/players-outbox.test.ts': 8,
  'packages/server/test/room.test.ts': 8,
  'packages/server/test/ops-redis-blip.test.ts': 8,
  'packages/client/test/players-api.test.ts': 7,
  'packages/server/test/coach-runs.test.ts': 7,
  'packages/server/test/mirror.test.ts': 7,
  'packages/server/test/abuse.test.ts': 7,
  'packages/server/test/rematch.test.ts': 7,
  'packages/bots/test/coach-fingerprint.test.ts': 7,
  'packages/server/test/rematch-closed.test.ts': 7,
  'packages/server/test/coach-route.test.ts': 6,
  'packages/rules/test/properties-4p.test.ts': 6,
  'packages/server/test/players-reads.test.ts': 6,
  'packages/bots/test/legality-solo.test.ts': 6,
  'packages/server/test/ops-scale.test.ts': 6,
  'packages/rules/test/properties-3p.test.ts': 6,
};

const ROOT = path.resolve(__dirname, '..');

class LongestFirst extends Sequencer {
  sort(tests) {
    const size = (t) => t.context.hasteFS.getSize(t.path) ?? 0;
    const cost = (t) => {
      const saved = this.time(t);
      if (saved != null) return saved / 1000;
      return ROUGH_SECONDS[path.relative(ROOT, t.path).split(path.sep).join('/')] ?? -1;
    };
    const keyed = tests.map((t) => ({ t, failed: this.hasFailed(t), cost: cost(t), size: size(t) }));
    keyed.sort((a, b) => (a.failed !== b.failed ? (a.failed ? -1 : 1) : b.cost - a.cost || b.size - a.size));
    return keyed.map((k) => k.t);
  }
}

module.exports = LongestFirst;
