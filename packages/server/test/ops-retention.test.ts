/**
 * Retention: finished games leave the live store FINISHED_RETENTION_HOURS after
 * their end (the file store deletes them from games/closed/ at start and hourly; on Redis their keys
 * expire), live games never do; compose caps Redis memory with a policy that never evicts.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import * as fs from 'fs';
import * as path from 'path';
import { randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import { createServer } from '../src/app';
import { FileStore, RedisStore, RoomJournal, StoreHealth } from '../src/persistence/store';
import { AT, gameLog } from './support/game-log';
import { freePort, REPO, tempDir } from './support/ops-proc';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

test('file store: the server deletes finished games past FINISHED_RETENTION_HOURS, keeps newer ones and live games', async () => {
  const dir = tempDir('retention');
  const store = new FileStore(dir);
  for (const id of ['old', 'recent', 'live']) {
    gameLog(2, id).forEach((e) => store.append(id, e));
    if (id !== 'live') store.append(id, { t: 'end', at: AT, finalScores: { winners: [0] } });
  }
  await store.close();
  const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
  fs.utimesSync(path.join(dir, 'games', 'closed', 'old.jsonl'), twoDaysAgo, twoDaysAgo);
  fs.utimesSync(path.join(dir, 'games', 'open', 'live.jsonl'), twoDaysAgo, twoDaysAgo);

  // PLAYERS_DB off: with a DATA_DIR the server would start PGlite there (an initdb of several seconds, far more
  // under load), which this test of the game store does not need and which made it run past its time limit.
  const srv = createServer({ PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dir, FINISHED_RETENTION_HOURS: 24, RECONNECT_SECONDS: 300, PLAYERS_DB: 'off' });
  await srv.listen();
  try {
    for (let i = 0; i < 100 && fs.existsSync(path.join(dir, 'games', 'closed', 'old.jsonl')); i++) await new Promise((r) => setTimeout(r, 10));
    expect(fs.readdirSync(path.join(dir, 'games', 'closed')).sort()).toEqual(['recent.jsonl']);
    expect(srv.restoreReport!.restored).toEqual(['live']);
  } finally {
    await srv.close();
  }
});

test('Redis store: a finished game\'s key expires after the retention, a live game\'s never; sweepClosed drops old ones', async () => {
  const prefix = `isle-test-${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(REDIS_URL);
  try {
    const store = new RedisStore(redis, { prefix, nodeId: 'n', retentionSeconds: 3600 });
    gameLog(1, 'a').forEach((e, i) => void store.append('live', e, i));
    const ended = gameLog(1, 'b');
    ended.forEach((e, i) => void store.append('ended', e, i));
    await store.append('ended', { t: 'end', at: AT }, ended.length);
    await store.flush();
    expect(await redis.ttl(store.gameKey('live'))).toBe(-1);
    const ttl = await redis.ttl(store.gameKey('ended'));
    expect(ttl).toBeGreaterThan(3500);
    expect(ttl).toBeLessThanOrEqual(3600);
    // a game closed long ago (its key gone or not) leaves the closed index too
    await redis.zadd(store.closedKey, Date.now() - 10 * 3600_000, 'ancient');
    expect(await store.sweepClosed(3600_000)).toBe(1);
    expect(await store.listClosed()).toEqual(['ended']);
  } finally {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
});

test('compose: Redis has a memory cap and never evicts (noeviction)', () => {
  const compose = fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8');
  const cmd = compose.split('\n').find((l) => l.trim().startsWith('command:') && l.includes('redis-server'))!;
  expect(cmd).toMatch(/"--maxmemory", "\d+(mb|gb)"/);
  expect(cmd).toMatch(/"--maxmemory-policy", "noeviction"/);
});

test('a Redis at its memory cap with noeviction refuses writes: the room refuses actions, and takes them again once there is room', async () => {
  const { spawn } = await import('child_process');
  const port = await freePort();
  // a Redis of our own (the machine's is shared and is not reconfigured)
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
  const redis = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 3, retryStrategy: (n) => Math.min(n * 20, 200) });
  try {
    for (let i = 0; i < 100 && redis.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 20));
    const used = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
    await redis.config('SET', 'maxmemory', String(used + 64 * 1024));
    const store = new RedisStore(redis, { prefix: 'cap:', nodeId: 'n' });
    const health = new StoreHealth(store, undefined, { minDelayMs: 5, maxDelayMs: 20 });
    const journal = new RoomJournal(store, 'capped', health);
    const big = { t: 'action', at: AT, seat: 0, action: { pad: 'x'.repeat(2000) } } as const;
    let accepted = 0;
    let refused = false;
    for (let i = 0; i < 200 && !refused; i++) {
      if (journal.write(big)) accepted++;
      else refused = true;
      await store.flush();
    }
    expect(refused).toBe(true);
    expect(health.ok).toBe(false);
    // the write Redis refused after the journal took it is held, not lost
    expect(await redis.llen(store.gameKey('capped'))).toBe(accepted - 1);
    expect(journal.pending).toBe(1);
    await redis.config('SET', 'maxmemory', '0'); // room again
    for (let i = 0; i < 200 && !health.ok; i++) await new Promise((r) => setTimeout(r, 10));
    expect(health.ok).toBe(true);
    for (let i = 0; i < 200 && journal.pending > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(journal.write(big)).toBe(true);
    await store.flush();
    expect(await redis.llen(store.gameKey('capped'))).toBe(accepted + 1);
    health.stop();
  } finally {
    redis.disconnect();
    server.kill('SIGKILL');
  }
});
