/**
 * npm run bench:players -w @isle-of-trains/server -- [games] [postgres-url]
 *
 * Archive + rating update time per finished game, on embedded PGlite and on PostgreSQL, and how long opening
 * the database takes once it holds that many archived games (start time should not grow with the archive:
 * nothing is read at start but the migrations table).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { Client } from 'pg';
import { openDatabase, type DatabaseSettings } from '../src/db/connect';
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
      id: `bench-${g}`, finishedAt: new Date(), options: { players: n }, seed: `s${g}`,
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

async function main(): Promise<void> {
  console.log(`node ${process.version}; each game: 2–4 rated players, a 400-action log`);
  console.log('| database | games archived | archive + rating p50 | p99 | open, empty | open, with the archive |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-players-bench-'));
  try {
    await run('PGlite (on disk)', { dataDir: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
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
