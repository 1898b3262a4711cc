/**
 * A coach analysis outlives its server: computed once, stored with the game in the players' database, then
 * served by the next server without running the coach again (counted on /metrics), on PGlite and on
 * PostgreSQL. The game is private, and its stored analysis is read only with the game's share key. On
 * PostgreSQL also: a damaged row is computed again rather than served, and a database that refuses the
 * write costs nothing but the store (the analysis is served, the failure logged and counted) until a later
 * request stores it.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { randomBytes } from 'crypto';
import { Client } from 'pg';
import type { CoachAnalysis } from '@isle-of-trains/bots';
import { readAnalysis } from '../src/coach/coach-store';
import { bootServer, getJSON, until, type TestServer } from './support/harness';
import { POSTGRES_URL } from './support/databases';
import { archiveSoloGame, counter } from './support/coach-game';

jest.setTimeout(600_000);

type Status = { status: 'running'; done: number; total: number } | { status: 'done'; analysis: CoachAnalysis };
const GAME = 'coachStore1';
const KEY = 'the-share-key';

/** The game archived as a private table's, as the outbox files a finished game. */
const archive = (ts: TestServer): Promise<void> => archiveSoloGame(ts, GAME, KEY);

const at = (ts: TestServer, key = KEY) => `${ts.http}/api/games/${GAME}/analysis/0${key ? `?key=${key}` : ''}`;
const post = async (url: string): Promise<{ status: number; body: Status & { code?: string } }> => {
  const res = await fetch(url, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as Status & { code?: string } };
};

/** Poll until the analysis is done; every answer on the way is 200 or 202. */
async function finished(ts: TestServer): Promise<CoachAnalysis> {
  for (;;) {
    const r = await getJSON<Status>(at(ts));
    expect([200, 202]).toContain(r.status);
    if (r.body.status === 'done') return r.body.analysis;
    await new Promise((res) => setTimeout(res, 100));
  }
}

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
});

async function boot(db: Record<string, unknown>): Promise<TestServer> {
  const ts = await bootServer({ COACH_WORKERS: 1, COACH_WORLDS: 2, PLAYERS_DB: 'auto', ...db });
  servers.push(ts);
  return ts;
}

/** Analyse on one server, restart, and read it on the next: the next one runs no analysis. Returns the analysis. */
async function computeThenRestart(db: Record<string, unknown>): Promise<{ analysis: CoachAnalysis; next: TestServer }> {
  const first = await boot(db);
  await archive(first);
  // Private: without the key the game, its analysis included, does not exist.
  expect(await post(at(first, ''))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  expect(await post(at(first))).toMatchObject({ status: 202 });
  const analysis = await finished(first);
  expect(analysis.seed).toBe(`coach:${GAME}:0`);
  expect(await counter(first, 'isle_coach_runs_total', 'outcome="started"')).toBe(1);
  await until(() => first.logLines.some((l) => l.includes('"game analysed"')), 10_000, 'the analysis log line');
  // The write follows the analysis: wait for it, as a later server needs it.
  for (let i = 0; await counter(first, 'isle_coach_store_writes_total', 'result="ok"') < 1; i++) {
    if (i > 200) throw new Error('the analysis was not stored');
    await new Promise((r) => setTimeout(r, 50));
  }
  await first.close();

  const next = await boot(db);
  expect(await getJSON(at(next))).toEqual({ status: 200, body: { status: 'done', analysis } });
  expect(await post(at(next))).toEqual({ status: 200, body: { status: 'done', analysis } });
  expect(await getJSON(at(next, ''))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  expect(await getJSON(at(next, 'wrong-key'))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  expect(await counter(next, 'isle_coach_runs_total', 'outcome="started"')).toBe(0);
  expect(await counter(next, 'isle_coach_store_reads_total', 'result="hit"')).toBe(1);
  expect(await counter(next, 'isle_coach_store_writes_total', 'result="ok"')).toBe(0);
  return { analysis, next };
}

test('on PGlite: computed once, served after a restart without running the coach', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-coach-store-'));
  try {
    const { next } = await computeThenRestart({ DATA_DIR: dir });
    await next.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('on PostgreSQL: served after a restart; a damaged row computed again; a refused write served, logged, counted, then stored', async () => {
  // A database of its own on the test server, dropped afterwards.
  const name = `coach_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const sql = new Client({ connectionString: url.toString() });
  try {
    const { analysis, next } = await computeThenRestart({ DATABASE_URL: url.toString() });
    await next.close();

    await sql.connect();
    await sql.query(`UPDATE coach_analyses SET analysis = '{"seat":0,"unit":'`);
    // Every write refused from now on (rows already there still read): a stand-in for a database that
    // cannot take writes.
    await sql.query('ALTER TABLE coach_analyses ADD CONSTRAINT refuse_writes CHECK (false) NOT VALID');
    const third = await boot({ DATABASE_URL: url.toString() });
    expect(await post(at(third))).toMatchObject({ status: 202 });
    expect(await counter(third, 'isle_coach_store_reads_total', 'result="corrupt"')).toBe(1);
    // Computed again (the same game, seat and seed give the same analysis), and served although not stored.
    expect(await finished(third)).toEqual(analysis);
    expect(await counter(third, 'isle_coach_runs_total', 'outcome="started"')).toBe(1);
    await until(() => third.logLines.some((l) => l.includes('"analysis not stored')), 30_000, 'the failed write\'s log line');
    expect(await counter(third, 'isle_coach_store_writes_total', 'result="error"')).toBeGreaterThanOrEqual(1);
    const damaged = await sql.query<{ analysis: string }>('SELECT analysis FROM coach_analyses');
    expect(damaged.rows.map((r) => readAnalysis(r.analysis, GAME, 0))).toEqual([null]);

    // The database takes writes again: the next request stores it.
    await sql.query('ALTER TABLE coach_analyses DROP CONSTRAINT refuse_writes');
    expect(await getJSON(at(third))).toEqual({ status: 200, body: { status: 'done', analysis } });
    for (let i = 0; await counter(third, 'isle_coach_store_writes_total', 'result="ok"') < 1; i++) {
      if (i > 200) throw new Error('the analysis was not stored after the database took writes again');
      await new Promise((r) => setTimeout(r, 50));
    }
    const stored = await sql.query<{ analysis: string }>('SELECT analysis FROM coach_analyses');
    expect(stored.rows.map((r) => readAnalysis(r.analysis, GAME, 0))).toEqual([analysis]);
    expect(await counter(third, 'isle_coach_runs_total', 'outcome="started"')).toBe(1);
    await third.close();
  } finally {
    await sql.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
});
