/**
 * npm run bench:players -w @isle-of-trains/server -- [games] [postgres-url]
 *
 * Archive + rating update time per finished game, on embedded PGlite and on PostgreSQL, and how long opening
 * the database takes once it holds that many archived games (start time should not grow with the archive:
 * nothing is read at start but the migrations table). Then the built server itself is started on the embedded
 * database with the whole archive and on one with none (same run): time to /readyz and to the first players'
 * answer (`GET /api/games`, which opens the database).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { Client } from 'pg';
import { openDatabase, type DatabaseSettings } from '../src/db/connect';
import { ensureBuilt, killServer, startServer } from '../test/support/ops-proc';
import { Accounts } from '../src/players/accounts';
import { Archive, type FinishedGame } from '../src/players/archive';

const games = Number(process.argv[2] ?? 2000);
const pgUrl = process.argv[3] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

async function run(label: string, settings: DatabaseSettings): Promise<void> {
  let t = performance.now();
  const d = await openDatabase(settings);
  const openEmpty = performance.now() - t;
  const accounts = new Accounts(d.db);
  const players = await Promise.all(Array.from({ length: 40 }, (_, i) => accounts.createGuest(`P${i}`)));
  const archive = new Archive(d.db);
  const times: number[] = [];
  for (let g = 0; g < games; g++) {
    const n = 2 + (g % 3);
    const seats = Array.from({ length: n }, (_, i) => ({ seat: i, playerId: players[(g * 7 + i * 13) % players.length].player.id, name: `P${i}`, botLevel: null, score: 40 + ((g + i * 17) % 50), place: 0 }));
    const sorted = [...seats].sort((a, b) => b.score - a.score);
    for (const s of seats) s.place = 1 + sorted.findIndex((x) => x.score === s.score);
    const game: FinishedGame = {
      id: `bench-${g}`, game: 'isle', finishedAt: new Date(), options: { players: n }, seed: `s${g}`,
      actions: Array.from({ length: 400 }, (_, i) => ({ seat: i % n, action: { type: 'take', from: 'deck' } })), result: {}, seats, rated: true,
    };
    t = performance.now();
    await archive.archive(game);
    times.push(performance.now() - t);
  }
  await d.close();
  t = performance.now();
  const again = await openDatabase(settings);
  const openFull = performance.now() - t;
  await again.close();
  console.log(`| ${label} | ${games} | ${pct(times, 0.5).toFixed(1)} ms | ${pct(times, 0.99).toFixed(1)} ms | ${openEmpty.toFixed(0)} ms | ${openFull.toFixed(0)} ms |`);
}

/** Start the built server on `dataDir` (its players' database in it): ms to /readyz and to the first /api/games answer. */
async function serverStart(dataDir: string): Promise<{ ready: number; api: number; games: number }> {
  const t0 = performance.now();
  const srv = await startServer({ DATA_DIR: dataDir, STORE: 'file', PLAYERS_DB: 'auto' });
  const ready = performance.now() - t0;
  try {
    for (;;) {
      const res = await fetch(`${srv.http}/api/games`).catch(() => null);
      if (res?.status === 200) {
        const body = await res.json() as { games: unknown[] };
        return { ready, api: performance.now() - t0, games: body.games.length };
      }
      if (performance.now() - t0 > 60_000) throw new Error('players\' database not answering after 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await killServer(srv);
  }
}

async function main(): Promise<void> {
  console.log(`node ${process.version}; each game: 2–4 rated players, a 400-action log`);
  console.log('| database | games archived | archive + rating p50 | p99 | open, empty | open, with the archive |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-players-bench-'));
  const none = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-players-bench-none-'));
  try {
    await run('PGlite (on disk)', { dataDir: dir });
    // The baseline's database exists (created, migrated, no game), so neither start pays PGlite's first initdb.
    await (await openDatabase({ dataDir: none })).close();
    await ensureBuilt();
    const rows: string[] = [];
    for (const round of [1, 2]) {
      for (const [label, d] of [['no archived game', none], [`${games} archived games`, dir]] as const) {
        const r = await serverStart(d);
        rows.push(`| ${round} | ${label} | ${r.ready.toFixed(0)} ms | ${r.api.toFixed(0)} ms (${r.games} games listed) |`);
      }
    }
    console.log('\nThe built server started on the embedded database (spawn to /readyz, and to the first /api/games answer):\n');
    console.log('| round | database | ready | players\' routes answer |');
    console.log('| --- | --- | --- | --- |');
    for (const r of rows) console.log(r);
    console.log('');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(none, { recursive: true, force: true });
  }
  const schema = `bench_${Date.now()}`;
  try {
    await run('PostgreSQL 127.0.0.1', { url: pgUrl, schema });
  } finally {
    const c = new Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
