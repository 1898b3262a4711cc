/**
 * Games survive a restart: a 3-player game on a real server process is stopped in the
 * middle (SIGTERM: graceful; SIGKILL: no warning at all), a new process starts on the same data
 * (directory or Redis), the same clients rejoin their seats with their seat tokens, see every hand
 * and the table exactly as before, and play to the end. The result must equal a plain replay of the
 * actions they sent, and the replay must still be served after one more restart.
 */
import { createHash, randomBytes } from 'crypto';
import { Redis } from 'ioredis';
import type { ReplayJSON } from '@isle-of-trains/client';
import { ensureBuilt, killServer, startServer, tempDir, waitFor, type ServerProc } from './support/ops-proc';
import { timing, connect, play, replayScores, settle, stateOf, tableOf, type ActionLog, type Player } from './support/ops-game';

jest.setTimeout(120_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const procs: ServerProc[] = [];
const prefixes: string[] = [];

beforeAll(async () => { await ensureBuilt(); }, 180_000);
afterAll(async () => {
  await Promise.all(procs.map((p) => killServer(p)));
  if (prefixes.length) {
    const r = new Redis(REDIS_URL);
    for (const prefix of prefixes) {
      const keys = await r.keys(`${prefix}*`);
      if (keys.length) await r.del(...keys);
    }
    await r.quit();
  }
});

async function start(env: Record<string, string>, port?: number): Promise<ServerProc> {
  const p = await startServer(env, port);
  procs.push(p);
  return p;
}

const cases: [string, NodeJS.Signals, 'file' | 'redis'][] = [
  ['SIGTERM, file store', 'SIGTERM', 'file'],
  ['SIGKILL, file store', 'SIGKILL', 'file'],
  ['SIGKILL, Redis store (30 moves after the restart)', 'SIGKILL', 'redis'],
];

test.each(cases)('%s: a 3-player game survives a restart and ends as its replay does', async (name, signal, backend) => {
  const first = procs.length;
  try {
    await scenario(name, signal, backend);
  } catch (e) {
    const out = procs.slice(first).map((p, i) => `--- process ${i + 1} (port ${p.port}):\n${p.output.slice(-15).join('\n')}`).join('\n');
    (e as Error).message += `\n${out}`;
    throw e;
  }
});

async function scenario(_name: string, signal: NodeJS.Signals, backend: 'file' | 'redis'): Promise<void> {
  const env: Record<string, string> = { RECONNECT_SECONDS: '300', BOT_DELAY_MS: '0', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000', PATCH_RATE_MS: '10', SHUTDOWN_GRACE_SECONDS: '4' };
  if (backend === 'file') env.DATA_DIR = tempDir('restart');
  else {
    const prefix = `isle-test-${randomBytes(4).toString('hex')}:`;
    prefixes.push(prefix);
    Object.assign(env, { REDIS_URL, REDIS_KEY_PREFIX: prefix });
  }
  const a = await start(env);

  // three humans, through one server
  const p0 = await connect(a.url, null, { seats: 3, name: 'Ada' });
  const roomId = p0.seat.roomId;
  const players: Player[] = [p0, await connect(a.url, roomId, { name: 'Brunel' }), await connect(a.url, roomId, { name: 'Stephenson' })];
  expect(players.map((p) => p.seat.seat)).toEqual([0, 1, 2]);
  p0.room.send('start', {});
  await waitFor('the game to start', () => players.every((p) => stateOf(p).phase === 'playing'));
  await settle(players);

  const log: ActionLog = [];
  expect(await play(players, log, 45)).toBe('paused');
  await settle(players);
  const before = players.map(tableOf);
  const handsBefore = players.map((p) => (stateOf(p) as any).game.players[p.seat.seat].hand as string[]);
  expect(handsBefore.every((h) => Array.isArray(h))).toBe(true);

  // stop the process in the middle of the game
  const t0 = Date.now();
  a.child.kill(signal);
  const gone = await a.exited;
  if (signal === 'SIGTERM') {
    expect(gone.code).toBe(0);
    expect(gone.at - t0).toBeLessThan(4000); // within SHUTDOWN_GRACE_SECONDS
    for (const p of players) expect(p.messages.some((m) => m.type === 'restarting')).toBe(true);
  } else {
    expect(gone.signal).toBe('SIGKILL');
  }

  // a new process on the same data; the clients come back with their seat tokens
  const b = await start(env, a.port);
  const recoveryMs = Date.now() - t0;
  const back: Player[] = [];
  for (const p of players) back.push(await connect(b.url, roomId, { name: p.name, seatToken: p.seat.token }));
  const rejoinMs = Date.now() - t0;
  expect(back.map((p) => p.seat)).toEqual(players.map((p) => p.seat));
  await settle(back);
  expect(back.map(tableOf)).toEqual(before);
  expect(back.map((p) => (stateOf(p) as any).game.players[p.seat.seat].hand)).toEqual(handsBefore);
  // eslint-disable-next-line no-console
  console.log(`${_name}: ${log.length} actions before; new process ready ${b.readyMs} ms after spawn, ${recoveryMs} ms after the ${signal}; all 3 seats back after ${rejoinMs} ms`);
  // nobody sees another player's hand
  for (const p of back) {
    const others = (stateOf(p) as any).game.players.filter((x: { seat: number }) => x.seat !== p.seat.seat);
    for (const o of others) expect(o.hand ?? []).toEqual([]);
  }
  // a token that is not a seat's gets nothing
  await expect(connect(b.url, roomId, { name: 'Mallory', seatToken: 'not-a-token' })).rejects.toThrow(/BAD_SEAT_TOKEN/);

  if (backend === 'redis') {
    // shorter: a few more moves, then the log in Redis must be exactly the actions the clients made
    expect(await play(back, log, 30)).toBe('paused');
    const r = new Redis(REDIS_URL);
    const stored = (await r.lrange(`${env.REDIS_KEY_PREFIX}game:${roomId}`, 0, -1)).map((l) => JSON.parse(l));
    await r.quit();
    expect(stored.filter((e) => e.t === 'action').map(({ seat, action }) => ({ seat, action }))).toEqual(log);
    expect(stored.filter((e) => e.t === 'seat').map((e) => e.tokenHash)).toEqual(players.map((p) => createHash('sha256').update(p.seat.token).digest('hex')));
    b.child.kill('SIGTERM');
    expect((await b.exited).code).toBe(0);
    return;
  }
  expect(await play(back, log)).toBe('ended');
  await settle(back);
  const end = stateOf(back[0]) as any;
  const scores = JSON.parse(end.scoresJson);

  // the replay the server publishes: same actions, and the same result when replayed from scratch
  const replay = await (await fetch(`${b.http}/api/games/${roomId}/replay`)).json() as ReplayJSON;
  expect(replay.actions).toEqual(log);
  expect(replay.options.seed).toBe(end.seed);
  expect(createHash('sha256').update(replay.options.seed).digest('hex')).toBe(end.seedHash);
  expect(replayScores(replay.options, log)).toEqual(scores);
  expect(replay.finalScores).toEqual(scores);

  // and the replay survives one more restart (it comes from the store)
  b.child.kill('SIGTERM');
  expect((await b.exited).code).toBe(0);
  const c = await start(env, a.port);
  const again = await (await fetch(`${c.http}/api/games/${roomId}/replay`)).json();
  expect(again).toEqual(replay);
  c.child.kill('SIGTERM');
  await c.exited;
}
