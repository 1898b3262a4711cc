/**
 * npm run bench:restore -w @isle-of-trains/server -- [games=10000] [eagerGames=1000]: how long the
 * built server (`node packages/server/dist/main.js`) takes to be ready with many unfinished games in
 * its file store, and what it holds in memory then.
 *
 *  0. baseline: no games (the cost of starting Node and the server);
 *  1. eager: `eagerGames` unfinished games, RESTORE_EAGER_MAX above that (every game rebuilt before
 *     ready, as before lazy restore);
 *  2. lazy: `games` unfinished games, RESTORE_EAGER_MAX 100 (the default): ready after the index;
 *     then 10 s of background restore, to give its pace.
 *
 * Every game is a 2-player game of 30 actions (the same log under different ids). Figures go in
 * BENCHMARKS.md.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ensureBuilt, killServer, startServer, tempDir, type ServerProc } from '../test/support/ops-proc';
import { gameLog } from '../test/support/game-log';

const GAMES = Number(process.argv[2] ?? 10_000);
const EAGER = Number(process.argv[3] ?? 1000);

function dataDir(n: number): string {
  const dir = tempDir('bench-restore');
  const open = path.join(dir, 'games', 'open');
  fs.mkdirSync(open, { recursive: true });
  fs.mkdirSync(path.join(dir, 'games', 'closed'), { recursive: true });
  const text = gameLog(30, 'bench').map((e, i) => JSON.stringify({ ...e, i }) + '\n').join('');
  for (let i = 0; i < n; i++) fs.writeFileSync(path.join(open, `g${i}.jsonl`), text);
  return dir;
}

async function metric(p: ServerProc, name: string): Promise<number> {
  const text = await (await fetch(`${p.http}/metrics`)).text();
  const m = new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

async function run(label: string, games: number, eagerMax: number, watchMs: number): Promise<void> {
  const dir = dataDir(games);
  const env = { DATA_DIR: dir, RESTORE_EAGER_MAX: String(eagerMax), RECONNECT_SECONDS: '3600', BOT_DELAY_MS: '600', LOG_LEVEL: 'warn' };
  let p: ServerProc | undefined;
  try {
    p = await startServer(env);
    const restored = await metric(p, 'isle_games_restored_total');
    const rss = await metric(p, 'process_resident_memory_bytes');
    console.log(`${label}: ${games} unfinished games: ready ${p.readyMs} ms after spawn, ${restored} rebuilt by then, ${mb(rss)} resident`); // eslint-disable-line no-console
    if (watchMs > 0) {
      await new Promise((r) => setTimeout(r, watchMs));
      const later = await metric(p, 'isle_games_restored_total');
      console.log(`  background: ${later - restored} games rebuilt in the next ${watchMs / 1000} s (${((later - restored) / (watchMs / 1000)).toFixed(0)}/s), ${mb(await metric(p, 'process_resident_memory_bytes'))} resident`); // eslint-disable-line no-console
    }
  } finally {
    await killServer(p);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  await run('baseline', 0, 100, 0);
  await run('eager (RESTORE_EAGER_MAX above the count)', EAGER, EAGER + 1, 0);
  await run('lazy (RESTORE_EAGER_MAX 100)', GAMES, 100, 10_000);
}

main().catch((e) => { console.error(e); process.exit(1); }); // eslint-disable-line no-console
