/**
 * Games whose SDK players drop and come back by themselves (the SDK's reconnection token), checked for
 * one thing: once the server has ended a game, every player still connected decodes the end (`phase:
 * ended` and the scores). The players act as fast as the server lets them, at the default rate limit, so
 * some use up their burst just before a drop (the case where a reconnection's join handshake was lost). Used by test/end-reaches.test.ts (a few dozen games) and bench/end-reaches.ts (hundreds).
 * It loads @colyseus/core: a jest test importing it must mock rou3 first (see ./rou3.ts).
 */
import { Writable } from 'stream';
import { Client, type Room as SDKRoom } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { createServer, type CreateServerOptions } from '../../src/app';
import { createLogger } from '../../src/ops/logger';
import { randomBot } from '../../src/bots/bots';
import { autoplay, sleep, watch } from './harness';
import { within } from './within';

export interface SoakResult {
  games: number;
  /** Games in which at least one SDK reconnection succeeded. */
  withReconnections: number;
  reconnections: number;
  /** Players that had not decoded the end (phase and scores) 15 s after the server ended their game. */
  stuck: number;
  /** Games the server had not ended within the game time limit (not counted as stuck). */
  unfinished: number;
  /** Players whose connection ended before the end (a close code, e.g. 4029 for flooding): not connected, not counted as stuck. */
  left: Record<string, number>;
  /** Players that decoded the end, and how many of them took longer than a second after the server had it. */
  sawEnd: number;
  slowerThanOneSecond: number;
  /** The longest time from the server's end to a player's decoding of it, in ms (polled every 10 ms). */
  maxEndDelayMs: number;
  failures: string[];
}

export interface SoakOptions {
  games: number;
  parallel: number;
  /** How long a client may take to decode the end once the server has it (generous: a loaded machine). */
  endWaitMs?: number;
  log?: (line: string) => void;
  server?: CreateServerOptions;
}

type Decoded = { phase?: string; scoresJson?: string };

const cutSocket = (r: SDKRoom) => (r.connection.transport as unknown as { ws?: { terminate?(): void } }).ws?.terminate?.();

async function until(pred: () => boolean, ms: number): Promise<boolean> {
  const t0 = Date.now();
  while (!pred()) {
    if (Date.now() - t0 > ms) return false;
    await sleep(10);
  }
  return true;
}

async function oneGame(url: string, n: number, endWaitMs: number, r: SoakResult, o: SoakOptions): Promise<void> {
  const seats = 3 + (n % 2);                  // 3 or 4 seats
  const humans = seats === 4 && n % 4 === 1 ? 3 : 2; // 2 or 3 SDK players, bots in the others
  const rooms: SDKRoom[] = [];
  const leftWith = new Map<SDKRoom, number>();
  let reconnections = 0;
  try {
    // Each player watches its messages as soon as it is in (its `seat` message follows the join at once).
    const enter = (room: SDKRoom) => {
      const seen = watch(room);
      rooms.push(room);
      // Reconnect at once, however young the connection (the SDK's default wants 5 s of uptime).
      Object.assign(room.reconnection, { minUptime: 0, delay: 20, minDelay: 20, maxDelay: 200 });
      room.onReconnect(() => reconnections++);
      room.onLeave((code) => { if (!leftWith.has(room)) leftWith.set(room, code); });
      return seen;
    };
    const creator = await new Client(url).create('isle', { seats, bots: seats - humans, name: 'P1' });
    const seens = [enter(creator)];
    for (let i = 1; i < humans; i++) seens.push(enter(await new Client(url).joinById(creator.roomId, { name: `P${i + 1}` })));
    const server = () => matchMaker.getLocalRoomById(creator.roomId) as unknown as { state: Decoded } | undefined;
    if (!(await until(() => seens.every((s) => s.seat !== null), 10_000))) throw new Error(`game ${n}: no seat message`);
    rooms.forEach((room, i) => autoplay(room, seens[i]));
    creator.send('start', {});
    // Cut a random player's socket now and then while the game runs.
    let cuts = 0;
    const cutter = setInterval(() => {
      if (cuts >= 12 || server()?.state.phase !== 'playing' || Math.random() < 0.8) return;
      const victim = rooms[Math.floor(Math.random() * rooms.length)];
      if (!victim.connection.isOpen) return;
      cuts++;
      cutSocket(victim);
    }, 150 + (n % 7) * 40);
    const dbg = (w: string) => { if (process.env.SOAK_DEBUG) console.log(`game ${n}: ${w}`); };
    dbg('started');
    const ended = await until(() => server()?.state.phase === 'ended', 180_000);
    clearInterval(cutter);
    dbg(`ended ${ended} after ${cuts} cuts`);
    if (!ended) {
      r.unfinished++;
      return;
    }
    const decoded = (room: SDKRoom) => room.state as unknown as Decoded | undefined;
    const seesEnd = (room: SDKRoom) => decoded(room)?.phase === 'ended' && (decoded(room)?.scoresJson ?? '') !== '';
    // Every player still in the game (not closed by the server, not given up by its SDK) must see the end.
    const connected = () => rooms.filter((room) => !leftWith.has(room));
    const endedAt = Date.now();
    const sawAt = new Map<SDKRoom, number>();
    await until(() => {
      for (const room of connected()) if (!sawAt.has(room) && seesEnd(room)) sawAt.set(room, Date.now());
      return connected().every(seesEnd);
    }, endWaitMs);
    for (const at of sawAt.values()) {
      r.sawEnd++;
      if (at - endedAt > 1000) r.slowerThanOneSecond++;
      r.maxEndDelayMs = Math.max(r.maxEndDelayMs, at - endedAt);
    }
    for (const [code] of [...leftWith.values()].map((c) => [String(c)])) r.left[code] = (r.left[code] ?? 0) + 1;
    for (const [i, room] of rooms.entries()) {
      if (leftWith.has(room) || seesEnd(room)) continue;
      r.stuck++;
      const there = (matchMaker.getLocalRoomById(creator.roomId) as unknown as { clients: { sessionId: string; state: number }[] } | undefined)?.clients.find((c) => c.sessionId === room.sessionId);
      const line = `game ${n} (${seats} seats) player ${i + 1}: decoded phase ${decoded(room)?.phase}, socket open ${room.connection.isOpen}, server's client state ${there?.state ?? 'gone'}, reconnections in game ${reconnections}`;
      r.failures.push(line);
      o.log?.(line);
    }
  } finally {
    r.games++;
    r.reconnections += reconnections;
    if (reconnections > 0) r.withReconnections++;
    // No more reconnection attempts once the game is over; a leave during one may never settle: give
    // each a moment, no more.
    for (const room of rooms) room.reconnection.enabled = false;
    await Promise.all(rooms.map((room) => within(room.leave().catch(() => undefined), 2000)));
  }
}

export async function endSoak(o: SoakOptions): Promise<SoakResult> {
  const sink = new Writable({ write(_c, _e, cb) { cb(); } });
  const srv = createServer({
    PORT: 0, HOST: '127.0.0.1', STORE: 'memory', PLAYERS_DB: 'off', BOT_DELAY_MS: 2, RECONNECT_SECONDS: 30,
    ROOMS_PER_MINUTE_PER_ADDRESS: 1_000_000, PENDING_JOINS_PER_ADDRESS: 1_000_000, MAX_CONNECTIONS_PER_ADDRESS: 1_000_000,
    bots: () => randomBot, logger: process.env.SOAK_DEBUG ? createLogger('info') : createLogger('silent', sink), env: {},
    ...o.server,
  });
  const port = await srv.listen();
  const url = `ws://127.0.0.1:${port}`;
  const r: SoakResult = { games: 0, withReconnections: 0, reconnections: 0, stuck: 0, unfinished: 0, left: {}, sawEnd: 0, slowerThanOneSecond: 0, maxEndDelayMs: 0, failures: [] };
  // The SDK narrates every reconnection on console.info.
  const info = console.info;
  if (!process.env.SOAK_DEBUG) console.info = () => undefined;
  try {
    let next = 0;
    await Promise.all(Array.from({ length: o.parallel }, async () => {
      while (next < o.games) {
        const n = next++;
        const t = Date.now();
        await oneGame(url, n, o.endWaitMs ?? 15_000, r, o);
        if (process.env.SOAK_DEBUG) o.log?.(`game ${n}: ${Date.now() - t} ms, ${JSON.stringify({ ...r, failures: r.failures.length })}`);
        if (r.games % 25 === 0) o.log?.(`${r.games} games, ${r.withReconnections} with reconnections, ${r.stuck} stuck, ${r.slowerThanOneSecond} of ${r.sawEnd} later than 1 s (max ${r.maxEndDelayMs} ms)`);
      }
    }));
  } finally {
    console.info = info;
    await srv.close();
  }
  return r;
}
