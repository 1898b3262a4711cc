/**
 * An analysis being computed is recorded in the players' database, so that two servers of one database
 * compute it once: on PGlite and on PostgreSQL, two coach services on one database (stand-ins for two
 * servers, their analyses run by a stand-in worker the test finishes when it wants). The second one answers
 * with the first one's progress, written every COACH_PROGRESS_MS, and starts nothing; it serves the
 * analysis once the first stored it. A run whose progress went unwritten past COACH_RUN_TIMEOUT_MS (its
 * server died) is taken over by the next request, GET or POST; a live one is not; of two servers asking at
 * once exactly one computes; a failed run, or one whose server shuts down, leaves the database at once.
 */
import { sql } from 'kysely';
import type { CoachAnalysis, RecordedGame } from '@isle-of-trains/bots';
import { CoachService, type CoachRunner, type CoachSettings } from '../src/coach/coach-service';
import type { CoachJob, CoachOutcome } from '../src/coach/coach-pool';
import { coachSeed, coachVersion, CoachStore } from '../src/coach/coach-store';
import { createLogger } from '../src/ops/logger';
import { DATABASES, freshDatabase } from './support/databases';

jest.setTimeout(600_000);

/** A worker pool whose analyses end when the test says, after the progress the test reports. */
class HeldRunner implements CoachRunner {
  readonly queued = 0;
  readonly jobs: { job: CoachJob; progress: (done: number, total: number) => void; finish(out: CoachOutcome): void; fail(e: Error): void }[] = [];

  run(job: CoachJob, progress: (done: number, total: number) => void): Promise<CoachOutcome> {
    return new Promise((finish, fail) => { this.jobs.push({ job, progress, finish, fail }); });
  }

  async close(): Promise<void> {
    for (const j of this.jobs) j.fail(new Error('the pool is closed'));
  }
}

const GAME: RecordedGame = { options: { players: 2, seed: 'held' }, actions: [] };
const WORLDS = 2;
const VERSION = coachVersion(WORLDS);

const analysis = (gameId: string, seat: number): CoachAnalysis => ({
  seat, unit: 'points', seed: coachSeed(gameId, seat), decisions: 10, analysed: 9, totalLoss: 3, marks: [], losses: [{ index: 2, loss: 3 }],
});

/**
 * Progress written every 20 ms (the tests wait for the rows, never for a time); a run is stale after an
 * hour, so a live one never goes stale during a test: stale rows are made by writing an old time.
 */
const settings: CoachSettings = {
  COACH_WORKERS: 1, COACH_WORLDS: WORLDS, COACH_CACHE: 100, COACH_QUEUE: 10, COACH_PROGRESS_MS: 20, COACH_RUN_TIMEOUT_MS: 3_600_000, BOT_WORKER_NICE: 0,
};

describe.each(DATABASES)('analysis runs on %s', (kind) => {
  let d: Awaited<ReturnType<typeof freshDatabase>>;
  const services: CoachService[] = [];
  beforeAll(async () => { d = await freshDatabase(kind); });
  afterAll(async () => { await d.drop(); });
  afterEach(async () => {
    for (const s of services.splice(0)) await s.close();
    await d.db.deleteFrom('coach_runs').execute();
    await d.db.deleteFrom('coach_analyses').execute();
  });

  /** A server's coach on the shared database, with its held worker pool. */
  function server(store = new CoachStore(d.db)): { coach: CoachService; runner: HeldRunner; logs: string[] } {
    const runner = new HeldRunner();
    const logs: string[] = [];
    const logger = createLogger('info', { write: (line: string) => { logs.push(line); } });
    const coach = new CoachService(settings, logger, { get: async () => ({ analyses: store }) }, runner);
    services.push(coach);
    return { coach, runner, logs };
  }

  const runRow = (gameId: string) => d.db.selectFrom('coach_runs').selectAll().where('game_id', '=', gameId).where('seat', '=', 0).executeTakeFirst();

  /** Wait until the run row says `done` decisions are analysed (a progress write every 20 ms puts it there). */
  async function rowDone(gameId: string, done: number): Promise<void> {
    for (let i = 0; (await runRow(gameId))?.done !== done; i++) {
      if (i > 3000) throw new Error(`the run row never said ${done} done`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  test('the second server answers with the first one\'s progress and starts nothing, then serves its stored analysis', async () => {
    const a = server();
    const b = server();
    expect(await a.coach.request('g1', 0, GAME)).toEqual({ status: 'running', done: 0, total: 0 });
    expect(a.runner.jobs.length).toBe(1);
    const row = await runRow('g1');
    expect(row).toMatchObject({ owner: a.coach.owner, coach_version: VERSION, done: 0, total: 0 });

    // The first server's worker reports progress; its next write puts it in the row.
    a.runner.jobs[0].progress(3, 10);
    await rowDone('g1', 3);
    expect(await runRow('g1')).toMatchObject({ owner: a.coach.owner, done: 3, total: 10 });
    const started = (await runRow('g1'))!.started_at;
    expect(await b.coach.status('g1', 0, GAME)).toEqual({ status: 'running', done: 3, total: 10 });
    expect(await b.coach.request('g1', 0, GAME)).toEqual({ status: 'running', done: 3, total: 10 });
    expect(b.runner.jobs.length).toBe(0);
    expect(b.coach.counts.started).toBe(0);
    expect(b.coach.storeCounts.running).toBe(2);
    // The progress writes keep the run's start.
    expect((await runRow('g1'))!.started_at).toEqual(started);

    a.runner.jobs[0].progress(7, 10);
    await rowDone('g1', 7);
    expect(await b.coach.status('g1', 0, GAME)).toEqual({ status: 'running', done: 7, total: 10 });

    // Done and stored: the run row goes with the write, and the second server serves the analysis.
    a.runner.jobs[0].finish(analysis('g1', 0));
    for (let i = 0; a.coach.storeCounts.written < 1; i++) {
      if (i > 3000) throw new Error('the analysis was not stored');
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await runRow('g1')).toBeUndefined();
    expect(await b.coach.status('g1', 0, GAME)).toEqual({ status: 'done', analysis: analysis('g1', 0) });
    expect(b.runner.jobs.length).toBe(0);
  });

  test('a read that falls between the analysis being stored and its run row being dropped answers the analysis', async () => {
    const a = server();
    await a.coach.request('between', 0, GAME);
    // The second server's store: right after it finds no stored analysis, the first server stores it (and
    // with it drops the run row), so the run row is gone when it reads that next.
    const store = new CoachStore(d.db);
    const readRun = store.readRun.bind(store);
    let stored = false;
    store.readRun = async (...args) => {
      if (!stored) {
        stored = true;
        a.runner.jobs[0].finish(analysis('between', 0));
        for (let i = 0; await runRow('between'); i++) {
          if (i > 3000) throw new Error('the analysis was not stored');
          await new Promise((r) => setTimeout(r, 10));
        }
      }
      return readRun(...args);
    };
    const b = server(store);
    expect(await b.coach.status('between', 0, GAME)).toEqual({ status: 'done', analysis: analysis('between', 0) });
    expect(stored).toBe(true);
    expect(b.runner.jobs.length).toBe(0);
  });

  test('a run whose server stopped writing is taken over by a GET or a POST; a live one is not', async () => {
    const b = server();
    const insertRun = (gameId: string, age: string) => sql`
      INSERT INTO coach_runs (game_id, seat, coach_version, owner, started_at, updated_at, done, total)
      VALUES (${gameId}, 0, ${VERSION}, 'dead-server', now() - ${age}::interval, now() - ${age}::interval, 4, 10)`.execute(d.db);

    // Last written a minute ago, with an hour's timeout: alive. Nothing starts.
    await insertRun('live', '1 minute');
    expect(await b.coach.status('live', 0, GAME)).toEqual({ status: 'running', done: 4, total: 10 });
    expect(await b.coach.request('live', 0, GAME)).toEqual({ status: 'running', done: 4, total: 10 });
    expect(b.runner.jobs.length).toBe(0);

    // Last written two hours ago: a GET takes it over (the request that started it still waits for it).
    await insertRun('dead1', '2 hours');
    expect(await b.coach.status('dead1', 0, GAME)).toEqual({ status: 'running', done: 0, total: 0 });
    expect(b.runner.jobs.map((j) => j.job.seed)).toEqual([coachSeed('dead1', 0)]);
    expect(await runRow('dead1')).toMatchObject({ owner: b.coach.owner, done: 0, total: 0 });
    expect(b.coach.counts).toMatchObject({ started: 1, takenOver: 1 });
    expect(b.logs.some((l) => l.includes('taken over') && l.includes('"game":"dead1"'))).toBe(true);
    // The new run's start is now, not the dead one's.
    const fresh = await sql<{ recent: boolean }>`SELECT started_at > now() - interval '1 hour' AS recent FROM coach_runs WHERE game_id = 'dead1'`.execute(d.db);
    expect(fresh.rows).toEqual([{ recent: true }]);

    // And so does a POST; a GET without a game (nothing to run) only reads.
    await insertRun('dead2', '2 hours');
    expect(await b.coach.status('dead2', 0)).toBeNull();
    expect(await b.coach.request('dead2', 0, GAME)).toEqual({ status: 'running', done: 0, total: 0 });
    expect(b.runner.jobs.length).toBe(2);
    expect(b.coach.counts).toMatchObject({ started: 2, takenOver: 2 });
  });

  test('two servers asking at once: exactly one computes, the other answers with its run', async () => {
    const a = server();
    const b = server();
    const answers = await Promise.all([a.coach.request('g2', 0, GAME), b.coach.request('g2', 0, GAME), a.coach.request('g2', 0, GAME), b.coach.request('g2', 0, GAME)]);
    expect(answers.every((x) => x.status === 'running')).toBe(true);
    expect(a.runner.jobs.length + b.runner.jobs.length).toBe(1);
    const owner = a.runner.jobs.length === 1 ? a.coach.owner : b.coach.owner;
    expect(await runRow('g2')).toMatchObject({ owner });
  });

  test('a failed run, and the runs of a server that shuts down, leave the database: the next request starts them', async () => {
    const a = server();
    const b = server();
    await a.coach.request('g3', 0, GAME);
    a.runner.jobs[0].fail(new Error('the worker crashed'));
    for (let i = 0; await runRow('g3'); i++) {
      if (i > 2000) throw new Error('the failed run kept its row');
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await b.coach.request('g3', 0, GAME)).toEqual({ status: 'running', done: 0, total: 0 });
    expect(b.runner.jobs.length).toBe(1);
    expect(b.coach.counts.takenOver).toBe(0);

    await a.coach.request('g4', 0, GAME);
    expect(await runRow('g4')).toMatchObject({ owner: a.coach.owner });
    await a.coach.close();
    expect(await runRow('g4')).toBeUndefined();
    expect(await b.coach.request('g4', 0, GAME)).toEqual({ status: 'running', done: 0, total: 0 });
    expect(b.runner.jobs.length).toBe(2);
  });
});
