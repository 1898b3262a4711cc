/**
 * Two servers on one PostgreSQL database compute an analysis once: the second one answers the first one's
 * run (202 with its progress, read from the database) and serves the stored analysis when it is done,
 * running nothing itself. A run recorded by a server that then stopped writing its progress (a row the test
 * writes, then ages) is reported while alive and taken over by the next GET once stale, and its analysis
 * is computed, served and stored as usual.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { randomBytes } from 'crypto';
import { Client } from 'pg';
import type { CoachAnalysis } from '@isle-of-trains/bots';
import { coachVersion } from '../src/coach/coach-store';
import { bootServer, getJSON, until, type TestServer } from './support/harness';
import { POSTGRES_URL } from './support/databases';
import { archiveSoloGame, counter } from './support/coach-game';

jest.setTimeout(600_000);

type Status = { status: 'running'; done: number; total: number } | { status: 'done'; analysis: CoachAnalysis };
const KEY = 'the-share-key';
const WORLDS = 2;

const servers: TestServer[] = [];
let admin: Client;
let sql: Client;
let name: string;
let url: string;

beforeAll(async () => {
  // A database of its own on the test server, dropped afterwards.
  name = `coach_runs_${randomBytes(6).toString('hex')}`;
  admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(POSTGRES_URL);
  u.pathname = `/${name}`;
  url = u.toString();
  sql = new Client({ connectionString: url });
});

afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  await sql.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
});

async function boot(): Promise<TestServer> {
  const ts = await bootServer({ COACH_WORKERS: 1, COACH_WORLDS: WORLDS, PLAYERS_DB: 'auto', DATABASE_URL: url });
  servers.push(ts);
  return ts;
}

const at = (ts: TestServer, game: string) => `${ts.http}/api/games/${game}/analysis/0?key=${KEY}`;
const post = async (u: string): Promise<{ status: number; body: Status }> => {
  const res = await fetch(u, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as Status };
};

/** Poll with GET until the analysis is done; every answer on the way is 202 or 200. */
async function finished(ts: TestServer, game: string): Promise<CoachAnalysis> {
  for (;;) {
    const r = await getJSON<Status>(at(ts, game));
    expect([200, 202]).toContain(r.status);
    if (r.body.status === 'done') return r.body.analysis;
    await new Promise((res) => setTimeout(res, 100));
  }
}

test('the second server reports the first one\'s run and runs nothing; a stale run is taken over by a GET', async () => {
  const a = await boot();
  const b = await boot();
  await sql.connect();
  await archiveSoloGame(a, 'twoServers', KEY);
  await archiveSoloGame(a, 'deadRun', KEY);

  // The first server's POST records the run before it answers: the second one's requests find it (or, if
  // it was quick, the stored analysis) and start nothing.
  expect(await post(at(a, 'twoServers'))).toMatchObject({ status: 202, body: { status: 'running' } });
  const second = await post(at(b, 'twoServers'));
  expect([200, 202]).toContain(second.status);
  const analysis = await finished(b, 'twoServers');
  expect(analysis.seed).toBe('coach:twoServers:0');
  expect(await finished(a, 'twoServers')).toEqual(analysis);
  expect(await counter(a, 'isle_coach_runs_total', 'outcome="started"')).toBe(1);
  expect(await counter(b, 'isle_coach_runs_total', 'outcome="started"')).toBe(0);
  expect((await sql.query('SELECT * FROM coach_runs')).rows).toEqual([]);

  // A server (not one of these) records a run and writes its progress: both answer it, neither runs it.
  await sql.query(
    `INSERT INTO coach_runs (game_id, seat, coach_version, owner, done, total) VALUES ('deadRun', 0, $1, 'server-c', 7, 40)`,
    [coachVersion(WORLDS)],
  );
  const runningBefore = await counter(b, 'isle_coach_store_reads_total', 'result="running"');
  expect(await getJSON(at(b, 'deadRun'))).toEqual({ status: 202, body: { status: 'running', done: 7, total: 40 } });
  expect(await post(at(b, 'deadRun'))).toEqual({ status: 202, body: { status: 'running', done: 7, total: 40 } });
  await sql.query(`UPDATE coach_runs SET done = 8, updated_at = now()`);
  expect(await getJSON(at(a, 'deadRun'))).toEqual({ status: 202, body: { status: 'running', done: 8, total: 40 } });
  expect(await counter(b, 'isle_coach_store_reads_total', 'result="running"')).toBe(runningBefore + 2);
  expect(await counter(b, 'isle_coach_runs_total', 'outcome="started"')).toBe(0);

  // That server dies: its progress was last written longer ago than COACH_RUN_TIMEOUT_MS (60 s by default).
  await sql.query(`UPDATE coach_runs SET updated_at = now() - interval '10 minutes'`);
  const taken = await getJSON<Status>(at(b, 'deadRun'));
  expect(taken.status).toBe(202);
  expect(await counter(b, 'isle_coach_runs_total', 'outcome="taken_over"')).toBe(1);
  expect(await counter(b, 'isle_coach_runs_total', 'outcome="started"')).toBe(1);
  const owners = (await sql.query<{ owner: string }>('SELECT owner FROM coach_runs')).rows.map((r) => r.owner);
  // The row is the new run's (or already gone, if that run was quick enough to be stored by now).
  expect(owners.filter((o) => o === 'server-c')).toEqual([]);
  await until(() => b.logLines.some((l) => l.includes('taken over') && l.includes('deadRun')), 10_000, 'the take-over\'s log line');
  const dead = await finished(b, 'deadRun');
  expect(dead.seed).toBe('coach:deadRun:0');
  for (let i = 0; await counter(b, 'isle_coach_store_writes_total', 'result="ok"') < 1; i++) {
    if (i > 400) throw new Error('the taken-over analysis was not stored');
    await new Promise((r) => setTimeout(r, 50));
  }
  expect((await sql.query('SELECT * FROM coach_runs')).rows).toEqual([]);
  expect(await finished(a, 'deadRun')).toEqual(dead);
  expect(await counter(a, 'isle_coach_runs_total', 'outcome="started"')).toBe(1);
});
