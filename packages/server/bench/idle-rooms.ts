/**
 * What idle rooms cost the server: N rooms, nobody moving, and the process's CPU over a window. This is
 * the cost a patch timer per room adds (each tick of each room finds nothing to send), measured apart from
 * the moves (bench:server measures those, but on a shared machine it cannot set up thousands of rooms).
 * Each mode runs in a fresh process of its own, in turn; the rooms are created in-process through the
 * matchmaker (lobbies with no clients, kept open), so setting up 4,000 rooms takes seconds.
 *
 *   npx ts-node -P packages/server/tsconfig.test.json --transpile-only packages/server/bench/idle-rooms.ts [rooms=4000] [window-s=10] [modes=minimal,room-timers,on]
 *
 * Modes: `minimal` (bench/minimal-server.ts's room, Colyseus' own patch timer per room), `room-timers` (the game
 * server's rooms, one patch timer each, the cheap idle check of patch-flush.ts), `on` (the shared ticker).
 */
import { fork } from 'child_process';
import * as path from 'path';
import { NODE_FLAGS } from '../src/ops/node-flags';

const ROOMS = Number(process.argv[2] ?? 4000);
const WINDOW_S = Number(process.argv[3] ?? 10);
const MODES = (process.argv[4] ?? 'minimal,room-timers,on').split(',');

async function child(mode: string): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { matchMaker, Server } = require('@colyseus/core') as typeof import('@colyseus/core');
  let name = 'isle';
  let close: () => Promise<void>;
  if (mode === 'minimal') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { MinimalRoom, MINIMAL_ROOM } = require('./minimal-server') as typeof import('./minimal-server');
    const server = new Server({ greet: false, gracefullyShutdown: false });
    server.define(MINIMAL_ROOM, MinimalRoom);
    await server.listen(0, '127.0.0.1');
    name = MINIMAL_ROOM;
    close = () => server.gracefullyShutdown(false);
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createServer } = require('../src/app') as typeof import('../src/app');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { randomBot } = require('../src/bots/bots') as typeof import('../src/bots/bots');
    const srv = createServer({
      PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', STORE: 'memory', PLAYERS_DB: 'off', SHUTDOWN_GRACE_SECONDS: 0,
      LOAD_TUNING: mode, MAX_OPEN_LOBBIES: 1_000_000, bots: () => randomBot, restoreInBackground: false,
    } as unknown as Parameters<typeof createServer>[0]);
    await srv.listen();
    close = () => srv.close();
  }
  for (let i = 0; i < ROOMS; i++) {
    const cache = await matchMaker.createRoom(name, mode === 'minimal' ? {} : { seats: 2, name: `r${i}` });
    const room = matchMaker.getLocalRoomById(cache.roomId);
    room.autoDispose = false;
  }
  await new Promise((r) => setTimeout(r, 2000));
  global.gc?.();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  const cpu = process.cpuUsage(cpu0);
  const wallS = (performance.now() - t0) / 1000;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  process.send!({ mode, rooms: ROOMS, cpuPct: +(cpuMs / wallS / 10).toFixed(2), usPerRoomSecond: +(cpuMs * 1000 / wallS / ROOMS).toFixed(2) });
  await close().catch(() => undefined);
  process.exit(0);
}

async function main(): Promise<void> {
  const rows: { mode: string; rooms: number; cpuPct: number; usPerRoomSecond: number }[] = [];
  for (const mode of MODES) {
    const p = fork(require.resolve('ts-node/dist/bin.js'), ['-P', path.join(__dirname, '..', 'tsconfig.test.json'), '--transpile-only', __filename, String(ROOMS), String(WINDOW_S), mode], {
      env: { ...process.env, IDLE_ROOMS_CHILD: mode }, execArgv: ['--expose-gc', ...NODE_FLAGS],
    });
    const row = await new Promise<(typeof rows)[number]>((resolve, reject) => {
      p.on('message', (m) => resolve(m as (typeof rows)[number]));
      p.on('exit', (code) => reject(new Error(`${mode}: exited with ${code}`)));
    });
    process.stderr.write(`${JSON.stringify(row)}\n`);
    rows.push(row);
  }
  const base = rows.find((r) => r.mode === 'minimal');
  console.log(`| mode | idle rooms | server CPU (one core) | CPU per room per second | vs minimal |`);
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(`| ${r.mode} | ${r.rooms} | ${r.cpuPct} % | ${r.usPerRoomSecond} µs | ${base && r !== base ? `${(r.usPerRoomSecond / base.usPerRoomSecond).toFixed(2)}×` : '–'} |`);
  }
}

if (process.env.IDLE_ROOMS_CHILD) child(process.env.IDLE_ROOMS_CHILD).catch((e) => { console.error(e); process.exit(1); });
else main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
