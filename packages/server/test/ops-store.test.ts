/**
 * The game store and restore, without a server: FileStore and RedisStore keep logs in order, close
 * them, survive torn lines; replayLog rebuilds games; restoreGames abandons lobbies; the restore
 * record cannot be forged through options; shutdown is bounded by its grace period. Also measures
 * store write latency (printed).
 */
import * as fs from 'fs';
import * as path from 'path';
import { randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import { FileStore, MemoryStore, RedisStore, type GameStore, type LogEntry } from '../src/persistence/store';
import { replayFromLog, replayLog, restoreGames, restoreOptions, seatForToken, takeRestore, RestoreError } from '../src/persistence/restore';
import { installShutdown, exitOnStartError } from '../src/ops/shutdown';
import { loadConfig } from '../src/ops/config';
import { createLogger } from '../src/ops/logger';
import { tempDir } from './support/ops-proc';
import { AT, gameLog } from './support/game-log';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const at = AT;
const silent = createLogger('silent');

function quantiles(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s[Math.min(s.length - 1, Math.floor(p * s.length))] * 1e6).toFixed(0);
  return `p50 ${q(0.5)} µs, p99 ${q(0.99)} µs (n=${s.length})`;
}

async function exerciseStore(store: GameStore, samples: number[]) {
  const id = `room_${randomBytes(4).toString('hex')}`;
  const log = gameLog(30);
  for (const e of log) store.append(id, e);
  await store.flush();
  expect(await store.read(id)).toEqual(log);
  expect(await store.listOpen()).toContain(id);
  const r = replayLog(id, (await store.read(id))!);
  expect(r.kind).toBe('game');

  store.append(id, { t: 'end', at, finalScores: { winners: [0] } });
  await store.flush();
  store.append(id, { t: 'action', at, seat: 0, action: { type: 'skip' } }); // after the end: dropped
  await store.flush();
  expect(await store.listOpen()).not.toContain(id);
  expect(await store.listClosed()).toContain(id);
  const closed = (await store.read(id))!;
  expect(closed).toHaveLength(log.length + 1);
  const replay = replayFromLog(id, closed)!;
  expect(replay.actions).toHaveLength(30);
  expect(replay.finalScores).toEqual({ winners: [0] });
  expect(replay.endedAt).toBe(at);

  // latency: 300 appends of a typical action entry, one at a time (as moves arrive)
  const lid = `lat_${randomBytes(4).toString('hex')}`;
  for (let i = 0; i < 300; i++) {
    store.append(lid, log[4 + (i % 30)]);
    await store.flush();
  }
  expect(samples.length).toBeGreaterThanOrEqual(300);
  store.append(lid, { t: 'abandon', at });
  await store.flush();
}

describe('FileStore', () => {
  test('keeps each log in order, closes it into closed/, drops late appends, and measures writes', async () => {
    const dir = tempDir('store');
    const samples: number[] = [];
    const syncs: number[] = [];
    const store = new FileStore(dir, { observer: { write: (b, s) => (b === 'file' ? samples : syncs).push(s) }, logger: silent });
    await exerciseStore(store, samples);
    await store.close();
    // eslint-disable-next-line no-console
    console.log(`file store: append ${quantiles(samples)}; background fdatasync ${quantiles(syncs)}`);
  });

  test('a torn last line (power loss mid-write) is dropped; a bad line in the middle is an error', async () => {
    const dir = tempDir('store');
    const store = new FileStore(dir, { logger: silent });
    const log = gameLog(3);
    for (const e of log) store.append('torn', e);
    await store.close();
    const file = path.join(dir, 'games', 'open', 'torn.jsonl');
    fs.appendFileSync(file, '{"t":"action","at":"x","se');
    expect(await new FileStore(dir).read('torn')).toEqual(log);
    fs.writeFileSync(file, `${JSON.stringify(log[0])}\nnot json\n${JSON.stringify(log[1])}\n`);
    await expect(new FileStore(dir).read('torn')).rejects.toThrow(/line 2 is not JSON/);
  });

  test('room ids are checked before they become file names', () => {
    const store = new FileStore(tempDir('store'), { logger: silent });
    expect(() => store.append('../../etc/passwd', { t: 'abandon', at })).toThrow(/invalid room id/);
    expect(fs.existsSync(path.join(store.openDir, '..', '..', 'etc'))).toBe(false);
  });
});

describe('RedisStore', () => {
  const prefix = `isle-test-${randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  beforeAll(() => { redis = new Redis(REDIS_URL); });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  test('the same contract on Redis, open games filed under the node id', async () => {
    const samples: number[] = [];
    const store = new RedisStore(redis, { prefix, nodeId: 'node-a', logger: silent, observer: { write: (_b, s) => samples.push(s) } });
    await exerciseStore(store, samples);
    // another node does not see node-a's open games
    const other = new RedisStore(redis, { prefix, nodeId: 'node-b' });
    store.append('still_open', gameLog(0)[0]);
    await store.flush();
    expect(await store.listOpen()).toEqual(['still_open']);
    expect(await other.listOpen()).toEqual([]);
    // eslint-disable-next-line no-console
    console.log(`redis store: append round trip ${quantiles(samples)}`);
  });
});

describe('restore', () => {
  test('replayLog: a lobby, a game (replayed), a closed log, a damaged log', () => {
    expect(replayLog('r', gameLog(0).slice(0, 3)).kind).toBe('lobby');
    const g = replayLog('r', gameLog(20));
    if (g.kind !== 'game') throw new Error('not a game');
    expect(g.game.match.actions).toHaveLength(20);
    expect(g.game.code).toBe('ABCDEF');
    expect(seatForToken(g.game.seats.map((s) => s.tokenHash), 'tok-1')).toBe(1);
    expect(seatForToken(g.game.seats.map((s) => s.tokenHash), 'tok-2')).toBe(-1);
    expect(replayLog('r', [...gameLog(2), { t: 'end', at }]).kind).toBe('closed');
    const bad = gameLog(2);
    bad.push({ ...(bad[bad.length - 1] as object), at } as LogEntry); // the same action twice
    expect(() => replayLog('r', [...gameLog(2), { t: 'action', at, seat: 1, action: { type: 'build', card: 'nope' } }])).toThrow(RestoreError);
  });

  test('restoreGames recreates games, abandons lobbies, restores a damaged game from its valid part', async () => {
    const store = new MemoryStore();
    gameLog(10).forEach((e) => store.append('game1', e));
    gameLog(0).slice(0, 2).forEach((e) => store.append('lobby1', e));
    [...gameLog(1), { t: 'action', at, seat: 1, action: { type: 'build', card: 'nope' } } as LogEntry].forEach((e) => store.append('broken', e));
    const created: string[] = [];
    const report = await restoreGames({ store, logger: silent, create: async (g) => { created.push(g.roomId); } });
    expect(created).toEqual(['game1', 'broken']);
    expect(report.restored).toEqual(['game1', 'broken']);
    expect(report.abandoned).toEqual(['lobby1']);
    expect(report.salvaged).toEqual([{ roomId: 'broken', kept: 5, dropped: 1, problem: 'line 6: action refused by the rules (NOT_YOUR_TURN)' }]);
    expect(report.failed).toEqual([]);
    expect((await store.read('broken'))!.filter((e) => e.t === 'action')).toHaveLength(1);
    expect(await store.listOpen()).toEqual(['game1', 'broken']);
  });

  test('a restore record is handed over once, only through the random key', () => {
    const g = replayLog('r', gameLog(1));
    if (g.kind !== 'game') throw new Error('not a game');
    const opts = restoreOptions(g.game);
    expect(takeRestore({ __restore: 'guess' })).toBeUndefined();
    expect(takeRestore(opts)?.roomId).toBe('r');
    expect(takeRestore(opts)).toBeUndefined();
  });
});

describe('shutdown and configuration', () => {
  const fake = (closeMs: number) => {
    const calls: string[] = [];
    return {
      calls,
      logger: silent,
      async notifyRestart(s: number) { calls.push(`notify ${s}`); },
      async close() { calls.push('close'); await new Promise((r) => setTimeout(r, closeMs).unref()); calls.push('closed'); },
    };
  };

  test('notify, close, exit 0 — within the grace period', async () => {
    const srv = fake(10);
    const codes: number[] = [];
    const stop = installShutdown(srv, { graceSeconds: 1, exit: (c) => codes.push(c), signals: [] });
    const t0 = Date.now();
    await stop('SIGTERM');
    expect(srv.calls).toEqual(['notify 1', 'close', 'closed']);
    expect(codes).toEqual([0]);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  test('a close that hangs is cut off at the end of the grace period with exit 1', async () => {
    const srv = fake(1500);
    const codes: number[] = [];
    const stop = installShutdown(srv, { graceSeconds: 0.4, exit: (c) => codes.push(c), signals: [] });
    void stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 600));
    expect(codes).toEqual([1]);
  });

  test('bad settings name the variable, on one line', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ PORT: '70000' }, /PORT/],
      [{ REDIS_URL: 'http://redis:6379' }, /REDIS_URL: must be a redis:\/\//],
      [{ PUBLIC_ADDRESS: 'ws://game1:2567' }, /PUBLIC_ADDRESS: must be host\[:port\]/],
      [{ SHUTDOWN_GRACE_SECONDS: '-1' }, /SHUTDOWN_GRACE_SECONDS/],
      [{ RECONNECT_SECONDS: 'soon' }, /RECONNECT_SECONDS/],
      [{ RATE_LIMIT: '0' }, /RATE_LIMIT/],
      [{ STORE: 'postgres' }, /STORE/],
      [{ DATA_DIR: '' , LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    ];
    for (const [env, re] of bad) {
      expect(() => loadConfig(env)).toThrow(re);
      let line = '';
      const write = process.stderr.write;
      process.stderr.write = ((s: string) => { line += s; return true; }) as typeof process.stderr.write;
      try {
        try { loadConfig(env); } catch (e) { exitOnStartError(e, () => undefined); }
      } finally { process.stderr.write = write; }
      expect(line).toMatch(re);
      expect(line.trim().split('\n')).toHaveLength(1);
    }
    const ok = loadConfig({ REDIS_URL: 'redis://:secret@redis:6379/2', PUBLIC_ADDRESS: 'play.example.com:443/game1', DATA_DIR: '/data' });
    expect(ok).toMatchObject({ PUBLIC_ADDRESS: 'play.example.com:443/game1', DATA_DIR: '/data', STORE: 'auto', SHUTDOWN_GRACE_SECONDS: 10 });
  });
});
