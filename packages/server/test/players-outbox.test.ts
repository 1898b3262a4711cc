/**
 * The outbox of finished games: each store files a game that ended as owed to the players' archive in the
 * write that ends it, keeps it through retention until the archive holds it, and the outbox archives
 * every owed game exactly once, from its stored log, across outages of the database and concurrent
 * drains. The SIGKILL case runs real processes in players-archive-kill.test.ts.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { FileStore, MemoryStore, RedisStore, type GameStore, type LogEntry } from '../src/persistence/store';
import { ArchiveOutbox } from '../src/players/archive-outbox';
import { Archive } from '../src/players/archive';
import { finishedGameFromLog, NotArchivable } from '../src/players/finished-from-log';
import type { PlayersService } from '../src/players/service';
import { AT, finishedGameLog, gameLog } from './support/game-log';
import { freshDatabase } from './support/databases';
import { freePort } from './support/ops-proc';

jest.setTimeout(60_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = pino({ level: 'silent' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-outbox-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const ended = (id: string): LogEntry[] => [...gameLog(3, id), { t: 'end', at: AT }];
const abandoned = (id: string): LogEntry[] => [...gameLog(3, id), { t: 'abandon', at: AT }];

async function write(store: GameStore, id: string, entries: LogEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i++) await store.append(id, { ...entries[i], i }, i);
  await store.flush();
}

describe.each([['memory'], ['file'], ['redis']] as const)('the %s store files finished games as owed', (kind) => {
  let redis: Redis | null = null;
  let n = 0;
  const make = (): GameStore => {
    n++;
    if (kind === 'memory') return new MemoryStore(undefined, true);
    if (kind === 'file') return new FileStore(path.join(tmp, `store-${n}`), { owesArchive: true, syncIntervalMs: 0 });
    return new RedisStore(redis!, { prefix: `outbox-test-${process.pid}-${n}:`, nodeId: 'n1', owesArchive: true, retentionSeconds: 3600, archivedRetentionSeconds: 120 });
  };
  beforeAll(() => { if (kind === 'redis') redis = new Redis(REDIS_URL); });
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`outbox-test-${process.pid}-*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  test('an ended game is owed until settled, through retention; an abandoned one never is', async () => {
    const store = make();
    await write(store, 'g-end', ended('g-end'));
    await write(store, 'g-gone', abandoned('g-gone'));
    await write(store, 'g-open', gameLog(3, 'g-open'));
    expect(await store.listOwed()).toEqual(['g-end']);
    // Retention with no age limit at all deletes closed logs, never an owed one.
    await store.sweepClosed(-60_000);
    expect(await store.listOwed()).toEqual(['g-end']);
    expect(await store.read('g-end')).toHaveLength(ended('g-end').length);
    expect(await store.read('g-gone')).toBeNull();
    if (redis) expect(await redis.ttl(`outbox-test-${process.pid}-${n}:game:g-end`)).toBe(-1);

    await store.settleOwed('g-end');
    expect(await store.listOwed()).toEqual([]);
    expect(await store.read('g-end')).toHaveLength(ended('g-end').length);
    // Settling twice (a second replica, or a retry after a lost reply) changes nothing.
    await store.settleOwed('g-end');
    expect(await store.listOwed()).toEqual([]);
    if (redis) {
      // Once archived, Redis keeps the live copy only for the archived retention (here 120 s), not 3600 s.
      const ttl = await redis.ttl(`outbox-test-${process.pid}-${n}:game:g-end`);
      expect(ttl).toBeGreaterThan(100);
      expect(ttl).toBeLessThanOrEqual(120);
    }
    await store.close();
  });
});

test('file store: a finished log left in open/ by a crash is filed as owed by fileClosed', async () => {
  const dir = path.join(tmp, 'dangling');
  const entries = ended('g-dangling');
  fs.mkdirSync(path.join(dir, 'games', 'open'), { recursive: true });
  // What a process killed between the closing write and the move leaves behind.
  fs.writeFileSync(path.join(dir, 'games', 'open', 'g-dangling.jsonl'), entries.map((e) => JSON.stringify(e) + '\n').join(''));
  const store = new FileStore(dir, { owesArchive: true });
  expect(await store.listOpen()).toEqual(['g-dangling']);
  expect(await store.listOwed()).toEqual([]);
  await store.fileClosed('g-dangling');
  expect(await store.listOpen()).toEqual([]);
  expect(await store.listOwed()).toEqual(['g-dangling']);
  expect(await store.read('g-dangling')).toHaveLength(entries.length);
  await store.close();
});

describe('the archive record is read from the stored log', () => {
  const acct = (id: string) => ({ playerId: id, account: true });

  test('the actions in force (undone steps gone), the replayed scores, seats and places', () => {
    const g = finishedGameLog('record-1', [{ name: 'Ada', ...acct('p-ada') }, { name: 'Bea', ...acct('p-bea') }]);
    expect(g.log.some((e) => e.t === 'undo')).toBe(true);
    const r = finishedGameFromLog('room-1', g.log);
    expect(r.actions).toEqual(g.actions);
    expect(r.result).toEqual(g.scores);
    expect(r.seed).toBe('record-1');
    expect(r.options).not.toHaveProperty('seed');
    expect(r.rated).toBe(true);
    expect(r.seats.map((s) => [s.playerId, s.score])).toEqual([['p-ada', g.scores.players[0].total], ['p-bea', g.scores.players[1].total]]);
    expect(r.finishedAt.toISOString()).toBe('2026-01-01T01:00:00.000Z');
  });

  test('one account in two seats is not rated (it would play itself)', () => {
    const g = finishedGameLog('record-2', [{ name: 'Ada', ...acct('p-ada') }, { name: 'Ada again', ...acct('p-ada') }], 0);
    expect(finishedGameFromLog('room-2', g.log).rated).toBe(false);
  });

  test('a rated game that every player left for good is archived unrated; one who stayed keeps it rated', () => {
    const left = { left: true };
    const both = finishedGameLog('record-3', [{ name: 'Ada', ...acct('p-ada'), ...left }, { name: 'Bea', ...acct('p-bea'), ...left }], 0);
    expect(finishedGameFromLog('room-3', both.log).rated).toBe(false);
    const one = finishedGameFromLog('room-4', finishedGameLog('record-3', [{ name: 'Ada', ...acct('p-ada'), ...left }, { name: 'Bea', ...acct('p-bea') }], 0).log);
    expect(one.rated).toBe(true);
    // The one who left is placed last whatever the bot scored for them.
    expect(one.seats.map((s) => s.place)).toEqual([2, 1]);
  });

  test('a log without its end, or one that does not replay, is refused as NotArchivable', () => {
    const g = finishedGameLog('record-5', [{ name: 'Ada' }, { name: 'Bea' }], 0);
    expect(() => finishedGameFromLog('r', g.log.slice(0, -1))).toThrow(NotArchivable);
    const broken = g.log.map((e, i) => (i === 6 && e.t === 'action' ? { ...e, seat: 1 - e.seat } : e));
    expect(() => finishedGameFromLog('r', broken)).toThrow(NotArchivable);
  });
});

describe('the outbox archives every owed game exactly once', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let archive: Archive;
  let down = false;
  let calls = 0;
  // The players' database as the outbox sees it; `down` makes it fail like an outage.
  const players = {
    get: async () => {
      calls++;
      if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return { archive };
    },
  } as unknown as PlayersService;
  beforeAll(async () => {
    db = await freshDatabase('pglite');
    archive = new Archive(db.db);
    await db.db.insertInto('players').values(['p-a', 'p-b', 'p-c'].map((id) => ({ id, secret_hash: id, display_name: id, created_at: new Date() }))).execute();
    // Opening PGlite compiles its WebAssembly and creates a database: over a minute on a heavily loaded machine.
  }, 300_000);
  afterAll(async () => { await db.drop(); });
  // Every outbox a test made is stopped after it, failed or not, so none goes on archiving into the next test.
  const made: ArchiveOutbox[] = [];
  const outboxOf = (...args: ConstructorParameters<typeof ArchiveOutbox>) => {
    const o = new ArchiveOutbox(...args);
    made.push(o);
    return o;
  };
  afterEach(async () => { await Promise.all(made.splice(0).map((o) => o.stop())); });

  const accounts = [['p-a', 'p-b'], ['p-a', 'p-c'], ['p-b', 'p-c'], ['p-c', 'p-a']];
  const seatsOf = (ids: string[]) => ids.map((id) => ({ name: id, playerId: id, account: true }));

  async function ratingsGames(): Promise<Record<string, number>> {
    const rows = await db.db.selectFrom('ratings').select(['player_id', 'games']).execute();
    return Object.fromEntries(rows.map((r) => [r.player_id, r.games]));
  }

  test('games that end during an outage are archived after it, once, and leave the outbox', async () => {
    const store = new MemoryStore(undefined, true);
    const outbox = outboxOf(store, players, quiet, { minDelayMs: 20, maxDelayMs: 40, scanMs: 60_000 });
    down = true;
    for (const [i, ids] of accounts.entries()) {
      await write(store, `out-${i}`, finishedGameLog(`out-${i}`, seatsOf(ids), 1).log);
      outbox.owe(`out-${i}`);
    }
    const before = calls;
    // Retried while down (with back-off), nothing archived, everything still owed.
    for (const t0 = Date.now(); Date.now() - t0 < 30_000 && calls - before < 3;) await new Promise((r) => setTimeout(r, 20));
    expect(calls - before).toBeGreaterThanOrEqual(3);
    expect(await store.listOwed()).toHaveLength(4);
    expect(await db.db.selectFrom('games').select('id').execute()).toEqual([]);
    down = false;
    // The next retry (at most 40 ms away) archives them; the bound is only there to end a broken run.
    for (const t0 = Date.now(); Date.now() - t0 < 30_000 && (await store.listOwed()).length > 0;) await new Promise((r) => setTimeout(r, 20));
    expect(await store.listOwed()).toEqual([]);
    expect((await db.db.selectFrom('games').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual(['out-0', 'out-1', 'out-2', 'out-3']);
    expect(await ratingsGames()).toEqual({ 'p-a': 3, 'p-b': 2, 'p-c': 3 });
    expect(outbox.archived).toBe(4);
    await outbox.stop();
  });

  test('two outboxes draining one store (two replicas, or a restart mid-drain) rate each game once', async () => {
    const store = new MemoryStore(undefined, true);
    const before = await ratingsGames();
    for (const [i, ids] of accounts.entries()) await write(store, `twice-${i}`, finishedGameLog(`twice-${i}`, seatsOf(ids), 0).log);
    const fresh: boolean[] = [];
    const one = outboxOf(store, players, quiet, { onArchived: (f) => fresh.push(f) });
    const two = outboxOf(store, players, quiet, { onArchived: (f) => fresh.push(f) });
    await Promise.all([one.scan(), two.scan()]);
    await Promise.all([one.idle(), two.idle()]);
    expect(await store.listOwed()).toEqual([]);
    expect(fresh.filter((f) => f)).toHaveLength(4);
    const after = await ratingsGames();
    expect(after).toEqual({ 'p-a': before['p-a'] + 3, 'p-b': before['p-b'] + 2, 'p-c': before['p-c'] + 3 });
    await Promise.all([one.stop(), two.stop()]);
  });

  test('a log that does not replay stays owed and does not hold up the others', async () => {
    const store = new MemoryStore(undefined, true);
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (l: string) => { lines.push(l); } });
    const bad = finishedGameLog('bad-0', seatsOf(['p-a', 'p-b']), 0).log.map((e, i) => (i === 6 && e.t === 'action' ? { ...e, seat: 1 - e.seat } : e));
    await write(store, 'bad-0', bad);
    await write(store, 'good-0', finishedGameLog('good-0', seatsOf(['p-a', 'p-b']), 0).log);
    const outbox = outboxOf(store, players, logger);
    await outbox.scan();
    await outbox.idle();
    expect(await store.listOwed()).toEqual(['bad-0']);
    expect(await db.db.selectFrom('games').select('id').where('id', 'in', ['bad-0', 'good-0']).execute()).toEqual([{ id: 'good-0' }]);
    // Logged once, and not retried in a loop.
    await outbox.scan();
    await outbox.idle();
    expect(lines.filter((l) => l.includes('bad-0'))).toHaveLength(1);
    await outbox.stop();
  });
});

test('Redis at its memory cap: a write fails with the code REDIS_OOM and a message an operator can act on', async () => {
  const { spawn } = await import('child_process');
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
  const r = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  try {
    for (let i = 0; i < 100 && r.status !== 'ready'; i++) await new Promise((ok) => setTimeout(ok, 50));
    // Put Redis over its cap by a margin: about 1 MB of data, then a cap 256 KB under what it holds. Filling up
    // to the cap instead left it within a few kilobytes of it, where a small write can still go through (a
    // one-byte SET was taken there while 1 KB ones were refused): the store's write went through once on a
    // loaded machine.
    const chunk = 'x'.repeat(1024);
    for (let i = 0; i < 1_000; i += 100) await r.pipeline(Array.from({ length: 100 }, (_, k) => ['set', `fill:${i + k}`, chunk])).exec();
    const used = Number(/used_memory:(\d+)/.exec(await r.info('memory'))![1]);
    await r.config('SET', 'maxmemory', String(used - 256 * 1024));
    const store = new RedisStore(r, { prefix: 'oom:', nodeId: 'n1' });
    const err = await Promise.resolve(store.append('g-oom', { t: 'create', at: AT, options: {}, i: 0 }, 0)).then(() => null, (e: Error & { code?: string }) => e);
    expect(err).toMatchObject({ name: 'StoreWriteError', code: 'REDIS_OOM' });
    expect(err!.message).toMatch(/memory limit \(maxmemory\)/);
    expect(err!.message).not.toMatch(/^OOM command/);
  } finally {
    r.disconnect();
    child.kill('SIGKILL');
  }
});
