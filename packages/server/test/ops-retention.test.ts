/**
 * Retention (issue 11, item 5): finished games leave the live store FINISHED_RETENTION_HOURS after
 * their end (the file store deletes them from games/closed/ at start and hourly; on Redis their keys
 * expire), live games never do; compose caps Redis memory with a policy that never evicts.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import * as fs from 'fs';
import * as path from 'path';
import { randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import { createServer } from '../src/app';
import { FileStore, RedisStore } from '../src/store';
import { AT, gameLog } from './support/game-log';
import { REPO, tempDir } from './support/ops-proc';

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

  const srv = createServer({ PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dir, FINISHED_RETENTION_HOURS: 24, RECONNECT_SECONDS: 300 });
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
