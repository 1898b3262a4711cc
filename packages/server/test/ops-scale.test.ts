/**
 * Scale-out on Redis: two server processes on different ports share one matchmaking pool
 * through the local Redis (a unique key prefix, deleted afterwards). A room created through the first
 * is listed and joined through the second; the joiner's socket goes to the process that holds the
 * room (its PUBLIC_ADDRESS); the game is played to the end, and its replay is served by either
 * process (the store is in Redis too).
 */
import { randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import type { GameOptions } from '@isle-of-trains/rules';
import { ensureBuilt, freePort, killServer, startServer, waitFor, type ServerProc } from './support/ops-proc';
import { connect, play, replayScores, settle, stateOf, type ActionLog } from './support/ops-game';

jest.setTimeout(120_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `isle-test-${randomBytes(4).toString('hex')}:`;
const procs: ServerProc[] = [];

beforeAll(async () => { await ensureBuilt(); }, 180_000);
afterAll(async () => {
  await Promise.all(procs.map((p) => killServer(p)));
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

const metric = async (p: ServerProc, name: string): Promise<number> => {
  const text = await (await fetch(`${p.http}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(name + ' '));
  return line ? Number(line.split(' ')[1]) : NaN;
};

test('a room created through one process is found and joined through another, and played to the end', async () => {
  const [pa, pb] = [await freePort(), await freePort()];
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, BOT_DELAY_MS: '0', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000', SHUTDOWN_GRACE_SECONDS: '4' };
  const [a, b] = await Promise.all([
    startServer({ ...env, PUBLIC_ADDRESS: `127.0.0.1:${pa}` }, pa),
    startServer({ ...env, PUBLIC_ADDRESS: `127.0.0.1:${pb}` }, pb),
  ]);
  procs.push(a, b);

  const p0 = await connect(a.url, null, { seats: 2, name: 'Ada' });
  const roomId = p0.seat.roomId;
  // B lists A's room (shared driver) ...
  const listed = await (await fetch(`${b.http}/api/rooms`)).json() as { roomId: string }[];
  expect(listed.map((r) => r.roomId)).toContain(roomId);
  // ... and a client that only knows B joins it
  const p1 = await connect(b.url, roomId, { name: 'Brunel' });
  expect(p1.seat.seat).toBe(1);
  // matchmaking put the room on the process with fewer rooms (either); both sockets went to that
  // one (the seat reservation carries its PUBLIC_ADDRESS), and the other holds none
  const conns = [await metric(a, 'isle_clients{state="connected"}'), await metric(b, 'isle_clients{state="connected"}')];
  expect([...conns].sort()).toEqual([0, 2]);

  p0.room.send('start', {});
  await waitFor('the game to start', () => stateOf(p0).phase === 'playing' && stateOf(p1).phase === 'playing');
  await settle([p0, p1]);
  const log: ActionLog = [];
  expect(await play([p0, p1], log)).toBe('ended');
  await settle([p0, p1]);
  const end = stateOf(p0) as unknown as { scoresJson: string };

  // the replay comes from the shared store, through either process
  const fromB = await (await fetch(`${b.http}/api/games/${roomId}/replay`)).json() as { options: GameOptions; actions: ActionLog };
  const fromA = await (await fetch(`${a.http}/api/games/${roomId}/replay`)).json();
  expect(fromB).toEqual(fromA);
  expect(fromB.actions).toEqual(log);
  expect(replayScores(fromB.options, log)).toEqual(JSON.parse(end.scoresJson));

  const owner = conns[0] === 2 ? a : b;
  const i2p = (await metric(owner, 'isle_intent_to_patch_seconds_sum')) / (await metric(owner, 'isle_intent_to_patch_seconds_count'));
  const store = (await metric(owner, 'isle_store_write_seconds_sum{backend="redis"}')) / (await metric(owner, 'isle_store_write_seconds_count{backend="redis"}'));
  expect(await metric(owner, 'isle_intents_total{result="accepted",code="ok"}')).toBe(log.length);
  for (const p of [a, b]) p.child.kill('SIGTERM');
  expect((await a.exited).code).toBe(0);
  expect((await b.exited).code).toBe(0);
  // eslint-disable-next-line no-console
  console.log(`scale-out: ${log.length} actions across two processes; ready in ${a.readyMs}/${b.readyMs} ms; mean intent-to-patch ${(i2p * 1000).toFixed(2)} ms, mean Redis store write ${(store * 1000).toFixed(2)} ms`);
});
