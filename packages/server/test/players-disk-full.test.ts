/**
 * The embedded players' database on a full disk: a rated game that ends while PGlite cannot write is not
 * lost. It stays owed in the game store (on another disk, as the file store's logs usually are not where
 * the database is full), survives a SIGKILL while the disk is still full, and is archived and rated
 * exactly once as soon as space is back, with no restart needed for that.
 *
 * The full disk is a real one: a small tmpfs mounted over DATA_DIR/players-db and filled up. Mounting
 * needs root (CI runs as root; elsewhere run this file with sudo).
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());

import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ensureBuilt, killServer, startServer, tempDir, type ServerProc } from './support/ops-proc';
import { play, type ActionLog } from './support/ops-game';
import { account, ratedTable } from './support/players';

jest.setTimeout(180_000);

const procs: ServerProc[] = [];
const dataDir = tempDir('players-disk-full');
const dbDir = path.join(dataDir, 'players-db');
const filler = path.join(dbDir, 'filler');
let mounted = false;

beforeAll(async () => {
  await ensureBuilt();
  fs.mkdirSync(dbDir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', dbDir], { stdio: 'pipe' });
    mounted = true;
  } catch (e) {
    throw new Error(`this test mounts a small tmpfs to make a real full disk and needs root: ${(e as { stderr?: Buffer }).stderr?.toString().trim() ?? (e as Error).message}`);
  }
}, 180_000);
afterAll(async () => {
  await Promise.all(procs.map((p) => killServer(p)));
  if (mounted) execFileSync('umount', ['-l', dbDir]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Write zeros until the disk refuses: what is left free is less than a block. */
function fillDisk(): void {
  const fd = fs.openSync(filler, 'w');
  const mb = Buffer.alloc(1 << 20);
  const kb = Buffer.alloc(1024);
  try {
    for (;;) fs.writeSync(fd, mb);
  } catch {
    try { for (;;) fs.writeSync(fd, kb); } catch { /* full */ }
  } finally {
    fs.closeSync(fd);
  }
}

async function get(http: string, p: string, auth?: string): Promise<any> {
  return (await fetch(`${http}${p}`, { headers: auth ? { authorization: auth } : {} })).json();
}

test('a rated game that ends while the database disk is full is archived and rated once when space is back', async () => {
  const env = { DATA_DIR: dataDir, PLAYERS_DB: 'auto', RECONNECT_SECONDS: '300', BOT_DELAY_MS: '0', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000', PATCH_RATE_MS: '10' };
  let srv = await startServer(env);
  procs.push(srv);
  const ada = await account(srv.http, 'Ada');
  const bea = await account(srv.http, 'Bea');

  fillDisk();
  const players = await ratedTable(srv.url, ada, bea);
  expect(await play(players, [] as ActionLog)).toBe('ended');
  const roomId = players[0].room.roomId;
  // The archive cannot take it while the disk is full: owed, in the store's outbox.
  await sleep(1500);
  expect(fs.readdirSync(path.join(dataDir, 'games', 'owed'))).toEqual([`${roomId}.jsonl`]);

  // Killed while still full; the next process starts on the full disk too.
  srv.child.kill('SIGKILL');
  await srv.exited;
  srv = await startServer(env);
  procs.push(srv);
  await sleep(1000);
  expect(fs.readdirSync(path.join(dataDir, 'games', 'owed'))).toEqual([`${roomId}.jsonl`]);

  // Space comes back: the outbox's next retry archives it, without a restart.
  fs.unlinkSync(filler);
  let page: any = null;
  for (const t0 = Date.now(); Date.now() - t0 < 60_000; await sleep(200)) {
    page = await get(srv.http, `/api/players/${ada.id}`).catch(() => null);
    if (page?.games?.length >= 1) break;
  }
  expect(page.games).toEqual([expect.objectContaining({ id: roomId, rated: true })]);
  for (const who of [ada, bea]) {
    expect((await get(srv.http, '/api/me', who.auth)).ratings).toEqual([expect.objectContaining({ group: '2p', games: 1 })]);
  }
  expect(fs.readdirSync(path.join(dataDir, 'games', 'owed'))).toEqual([]);
  expect(fs.readdirSync(path.join(dataDir, 'games', 'closed'))).toContain(`${roomId}.jsonl`);
});
