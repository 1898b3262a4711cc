/**
 * A finished rated game is archived and rated exactly once even when its server is killed (SIGKILL) a
 * moment after the end, before the players' database has it: the store filed the game as owed in the
 * write that ended it, and the next start archives it. Two set-ups, as operators run them: the file
 * store with embedded PGlite, and Redis with a real PostgreSQL (a database of its own on the machine's
 * server, dropped afterwards).
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());

import { randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { ensureBuilt, killServer, startServer, tempDir, type ServerProc } from './support/ops-proc';
import { play, type ActionLog } from './support/ops-game';
import { account, playersReady, ratedTable } from './support/players';
import { POSTGRES_URL } from './support/databases';

jest.setTimeout(240_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const procs: ServerProc[] = [];
const cleanups: (() => Promise<void>)[] = [];
/** Set once the file's teardown has begun: see start(). */
let over = false;
beforeAll(async () => { await ensureBuilt(); }, 180_000);
afterAll(async () => {
  over = true;
  await Promise.all(procs.map((p) => killServer(p)));
  for (const c of cleanups) await c().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A server process, killed with the others at the end. A test body that runs past its timeout goes on after
 * the teardown has killed them: a process it starts then is killed at once, or it would outlive the test file
 * (and keep jest from exiting).
 */
async function start(env: Record<string, string>): Promise<ServerProc> {
  const srv = await startServer(env);
  procs.push(srv);
  if (over) {
    await killServer(srv);
    throw new Error('started after the test file\'s teardown (the test ran past its timeout)');
  }
  return srv;
}

async function freshPostgresDatabase(): Promise<string> {
  const name = `isle_kill_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new Client({ connectionString: POSTGRES_URL });
    await c.connect();
    try { await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } finally { await c.end(); }
  });
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function get(http: string, p: string, auth?: string): Promise<any> {
  return (await fetch(`${http}${p}`, { headers: auth ? { authorization: auth } : {} })).json();
}

const setups: [string, () => Promise<Record<string, string>>][] = [
  ['file store and embedded PGlite', async () => ({ DATA_DIR: tempDir('archive-kill'), PLAYERS_DB: 'auto' })],
  ['Redis and PostgreSQL', async () => {
    const prefix = `isle-kill-${randomBytes(4).toString('hex')}:`;
    cleanups.push(async () => {
      const r = new Redis(REDIS_URL);
      const keys = await r.keys(`${prefix}*`);
      if (keys.length) await r.del(...keys);
      await r.quit();
    });
    return { REDIS_URL, REDIS_KEY_PREFIX: prefix, NODE_ID: 'kill-test', DATABASE_URL: await freshPostgresDatabase(), PLAYERS_DB: 'auto' };
  }],
];

test.each(setups)('%s: games whose server was killed right after their end are archived and rated once', async (_name, setup) => {
  // LOG_LEVEL info: each process says when its players' database is open (playersReady). The players' pages are
  // read as often as the test looks, neither cached nor limited per address.
  const env = {
    ...(await setup()), RECONNECT_SECONDS: '300', BOT_DELAY_MS: '0', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000', PATCH_RATE_MS: '10',
    LOG_LEVEL: 'info', PLAYERS_READ_CACHE_MS: '0', PLAYERS_READS_PER_MINUTE: '0',
  };
  let srv = await start(env);
  // Each process opens its players' database in the background after its start (an embedded PGlite's first
  // start creates it: minutes on a loaded machine). The accounts' requests and their joins need it open.
  await playersReady(srv);
  const ada = await account(srv.http, 'Ada');
  const bea = await account(srv.http, 'Bea');
  // The kill comes this long after the first client sees the end: at once, and while an archive would be under way.
  const delays = [0, 15, 60];
  const ended: string[] = [];
  for (const delay of delays) {
    await playersReady(srv);
    const players = await ratedTable(srv.url, ada, bea);
    expect(await play(players, [] as ActionLog)).toBe('ended');
    await sleep(delay);
    srv.child.kill('SIGKILL');
    await srv.exited;
    ended.push(players[0].room.roomId);
    srv = await start(env);
  }
  // Every game in the players' history, once, rated, and each rating moved once per game.
  await playersReady(srv);
  let page: any = null;
  for (const t0 = Date.now(); Date.now() - t0 < 30_000; await sleep(100)) {
    page = await get(srv.http, `/api/players/${ada.id}`);
    if (page.games?.length >= ended.length) break;
  }
  expect(page.games.map((g: { id: string }) => g.id).sort()).toEqual([...ended].sort());
  expect(page.games.every((g: { rated: boolean }) => g.rated)).toBe(true);
  for (const who of [ada, bea]) {
    expect((await get(srv.http, '/api/me', who.auth)).ratings).toEqual([expect.objectContaining({ group: '2p', games: ended.length })]);
  }
  // A later start finds nothing owed and archives nothing twice.
  srv.child.kill('SIGKILL');
  await srv.exited;
  srv = await start(env);
  // Once its players' database is open, the new process's outbox gets a moment to run.
  await playersReady(srv);
  await sleep(1000);
  for (const who of [ada, bea]) {
    expect((await get(srv.http, '/api/me', who.auth)).ratings).toEqual([expect.objectContaining({ group: '2p', games: ended.length })]);
  }
});
