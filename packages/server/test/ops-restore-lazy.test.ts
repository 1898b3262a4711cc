/**
 * Lazy restore: with more than RESTORE_EAGER_MAX unfinished games the server is
 * ready once they are indexed; a game comes back when a player joins it (the join waits for it), or
 * in the background; each exactly once. (Ready time with 10,000 games: bench/restore.ts, BENCHMARKS.md.)
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { IsleServer } from '../src/app';
import { randomBot } from '../src/bots/bots';
import { createLogger } from '../src/ops/logger';
import { LazyRestore } from '../src/persistence/lazy-restore';
import { FileStore, MemoryStore } from '../src/persistence/store';
import { connect, stateOf, type Player } from './support/ops-game';
import { startInProcess, stopInProcess } from './support/in-process';
import { gameLog } from './support/game-log';
import { tempDir } from './support/ops-proc';

jest.setTimeout(30_000);

const silent = createLogger('silent');
let srv: IsleServer;
let http: string;
let ws: string;
const players: Player[] = [];

beforeAll(async () => {
  const dir = tempDir('lazy');
  const store = new FileStore(dir);
  for (const id of ['g1', 'g2', 'g3']) gameLog(7, id).forEach((e) => store.append(id, e));
  await store.close();
  ({ srv, http, ws } = await startInProcess({
    PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dir, RESTORE_EAGER_MAX: 1, RECONNECT_SECONDS: 300, PLAYERS_DB: 'off', // no PGlite initdb in DATA_DIR
    BOT_DELAY_MS: 0, bots: () => randomBot, restoreInBackground: false,
  }));
});
afterAll(() => stopInProcess(srv, players));

test('ready before the games are rebuilt; a join brings its game back first, once, even when two players arrive together', async () => {
  expect((await fetch(`${http}/readyz`)).status).toBe(200);
  expect(srv.restoreReport!.restored).toEqual([]);
  expect(srv.restoring!.left).toBe(3);
  expect((await fetch(`${http}/api/games/g2/replay`)).status).toBe(409); // a live game, not back yet

  const brunel = await connect(ws, 'g2', { seatToken: 'tok-1' });
  players.push(brunel);
  expect(brunel.seat.seat).toBe(1);
  expect(stateOf(brunel).phase).toBe('playing');
  expect(srv.restoreReport!.restored).toEqual(['g2']);

  const both = await Promise.all([connect(ws, 'g3', { seatToken: 'tok-0' }), connect(ws, 'g3', { seatToken: 'tok-1' })]);
  players.push(...both);
  expect(both.map((p) => p.seat.seat).sort()).toEqual([0, 1]);
  expect(srv.restoreReport!.restored).toEqual(['g2', 'g3']);
  expect(srv.restoring!.left).toBe(1);
  const text = await (await fetch(`${http}/metrics`)).text();
  expect(text).toMatch(/^isle_games_restored_total 2$/m);
});

test('in the background every game comes back once; one asked for meanwhile goes first', async () => {
  const store = new MemoryStore();
  const ids = Array.from({ length: 20 }, (_, i) => `b${i}`);
  for (const id of ids) gameLog(2, id).forEach((e) => store.append(id, e));
  const created: string[] = [];
  const lazy = new LazyRestore(await store.listOpen(), { store, logger: silent, create: async (g) => { created.push(g.roomId); } });
  lazy.background();
  await lazy.ensure('b19');
  expect(created.indexOf('b19')).toBeLessThan(3);
  await lazy.done;
  expect([...created].sort()).toEqual([...ids].sort());
  expect(lazy.report.restored).toHaveLength(20);
  expect(lazy.left).toBe(0);
});
