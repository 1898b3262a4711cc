/**
 * Rated games that end while PostgreSQL is down for longer than any retry window are archived and rated
 * exactly once when it comes back, with no restart of the server, and a SIGKILL of the server during the
 * outage loses none of them. The server is the built process (as deployed) on a private PostgreSQL of
 * this test (test/support/private-postgres.ts), never the shared one.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());

import { randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import { play, type ActionLog } from './support/ops-game';
import { ensureBuilt, killServer, startServer, type ServerProc } from './support/ops-proc';
import { PrivatePostgres } from './support/private-postgres';
import { account, ratedTable } from './support/players';

jest.setTimeout(240_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `isle-pg-outage-${randomBytes(4).toString('hex')}:`;
let pg: PrivatePostgres | undefined;
const procs: ServerProc[] = [];

beforeAll(async () => {
  await ensureBuilt();
  pg = await PrivatePostgres.create();
}, 180_000);
afterAll(async () => {
  await Promise.all(procs.map((p) => killServer(p)));
  await pg?.destroy();
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function get(http: string, p: string, auth?: string): Promise<any> {
  return (await fetch(`${http}${p}`, { headers: auth ? { authorization: auth } : {} })).json();
}

test('games that end during a long PostgreSQL outage are archived and rated once when it is back', async () => {
  // The Redis store: its outbox of owed games is shared by every process that would come after this one.
  // The outbox's longest wait between two tries comes down from its 30 s default to 1 s, the least the setting
  // takes: the outage below still outlasts it several times over (so the retries reach that longest wait in
  // both processes), and the archive finds the database back within a second instead of up to 30.
  const retryMaxMs = 1000;
  const env = {
    DATABASE_URL: pg!.url, PLAYERS_DB: 'auto', REDIS_URL, REDIS_KEY_PREFIX: prefix, NODE_ID: 'pg-outage', BOT_DELAY_MS: '0', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000',
    PATCH_RATE_MS: '10', RECONNECT_SECONDS: '300', ARCHIVE_RETRY_MAX_MS: String(retryMaxMs),
  };
  let srv = await startServer(env);
  procs.push(srv);
  const ada = await account(srv.http, 'Ada');
  const bea = await account(srv.http, 'Bea');
  const tables = [await ratedTable(srv.url, ada, bea), await ratedTable(srv.url, ada, bea)];

  await pg!.stop();
  const ended: string[] = [];
  for (const t of tables) {
    expect(await play(t, [] as ActionLog)).toBe('ended');
    ended.push(t[0].room.roomId);
  }
  // Down for longer than the outbox's longest wait between two tries (retryMaxMs) in each process, with the
  // server killed in the middle and a new one started while the database is still away.
  await sleep(3 * retryMaxMs);
  srv.child.kill('SIGKILL');
  await srv.exited;
  srv = await startServer(env);
  procs.push(srv);
  await sleep(3 * retryMaxMs);
  expect((await fetch(`${srv.http}/api/players/${ada.id}`)).status).toBe(503);

  await pg!.start();
  let page: any = null;
  for (const t0 = Date.now(); Date.now() - t0 < 90_000; await sleep(250)) {
    page = await get(srv.http, `/api/players/${ada.id}`).catch(() => null);
    if (page?.games?.length >= ended.length) break;
  }
  expect(page.games.map((g: { id: string }) => g.id).sort()).toEqual([...ended].sort());
  expect(page.games.every((g: { rated: boolean }) => g.rated)).toBe(true);
  for (const who of [ada, bea]) {
    expect((await get(srv.http, '/api/me', who.auth)).ratings).toEqual([expect.objectContaining({ group: '2p', games: ended.length })]);
  }
  // Nothing is left owed.
  const r = new Redis(REDIS_URL);
  try {
    expect(await r.zcard(`${prefix}owed`)).toBe(0);
  } finally {
    await r.quit();
  }
});
