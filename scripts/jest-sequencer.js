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
  // New this round: half their time in a full run at about twice the usual load (the others' scale).
  'packages/server/test/coach-two-servers.test.ts': 16,
  'packages/server/test/coach-runs.test.ts': 7,
  'packages/bots/test/coach-fingerprint.test.ts': 5,
  // The log lines' short form: their seconds in a run of their own at load 30, halved as above.
  'packages/client/test/log-wire.test.ts': 6,
  'packages/server/test/log-wire.test.ts': 5,
  'packages/client-web/test/e2e-ttr-archived-replay.test.ts': 25,
  'packages/server/test/players-archive-kill.test.ts': 71,
  'packages/client-web/test/e2e-table.test.ts': 65,
  'packages/client-web/test/e2e.test.ts': 59,
  'packages/client-web/test/e2e-ttr-polish.test.ts': 51,
  'packages/client-web/test/e2e-tutorial.test.ts': 42,
  'packages/server/test/coach-restart.test.ts': 38,
  'packages/client-web/test/e2e-players.test.ts': 38,
  'packages/server/test/players-pg-outage-archive.test.ts': 33,
  'packages/server/test/flood-proxy.test.ts': 8,
  'packages/client-web/test/e2e-ttr.test.ts': 28,
  'packages/server/test/players-http.test.ts': 26,
  'packages/server/test/ops-restart.test.ts': 26,
  'packages/bots/test/passive-ends.test.ts': 24,
  'packages/server/test/handsync.test.ts': 23,
  'packages/client-web/test/e2e-coach.test.ts': 21,
  'packages/server/test/games.test.ts': 21,
  'packages/server/test/ops-front.test.ts': 20,
  'packages/server/test/private-games.test.ts': 20,
  'packages/server/test/players-thread.test.ts': 20,
  'packages/client-web/test/e2e-ttr-room.test.ts': 19,
  'packages/server/test/bot-workers.test.ts': 18,
  'packages/server/test/players-pg-faults.test.ts': 18,
  'packages/client/test/pack.test.ts': 12,
  'packages/client/test/session.test.ts': 16,
  'packages/server/test/end-reaches.test.ts': 16,
  'packages/client-web/test/e2e-watch.test.ts': 16,
  'packages/server/test/players-disk-full.test.ts': 16,
  'packages/rules/test/solo-properties.test.ts': 14,
  'packages/server/test/lockout.test.ts': 14,
  'packages/server/test/slowed.test.ts': 14,
  'packages/server/test/flood-isolation.test.ts': 13,
  'packages/server/test/ops-redis-outage.test.ts': 12,
  'packages/server/test/ops-data-dir-lock.test.ts': 11,
  'packages/server/test/players-restart.test.ts': 11,
  'packages/client-web/test/e2e-history.test.ts': 11,
  'packages/server/test/protocol-points.test.ts': 11,
  'packages/rules/test/properties-4p.test.ts': 11,
  'packages/server/test/players-db.test.ts': 11,
  'packages/rules/test/simulator.test.ts': 10,
  'packages/server/test/ttr-strong-table.test.ts': 10,
  'packages/client-web/test/e2e-ux.test.ts': 10,
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
