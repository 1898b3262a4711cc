/**
 * One patch timer for the process (src/colyseus-patches/patch-ticker.ts): rooms have no patch timer of
 * their own, a change made outside any message still reaches the clients, a room nobody changed is not
 * patched, the rooms' clock timers still run (and a clock left idle does not count its idle time against a
 * new timer), and the ticker stops with the last room. Without the ticker, LOAD_TUNING=room-timers gives
 * each room its own interval, as Colyseus does.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { matchMaker } from '@colyseus/core';
import { randomBot } from '../src/bots/bots';
import { sharedTickers } from '../src/colyseus-patches/patch-ticker';
import { connect, type Player } from './support/ops-game';
import { startInProcess, stopInProcess } from './support/in-process';
import { waitFor } from './support/ops-proc';

jest.setTimeout(60_000);

/** An interval no other timer of the process uses, so the room's patch timers can be told apart. */
const PATCH_RATE_MS = 37;

const options = {
  PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT: 10_000, RATE_LIMIT_BURST: 10_000, PATCH_RATE_MS,
  SHUTDOWN_GRACE_SECONDS: 0, PLAYERS_DB: 'off', bots: () => randomBot, restoreInBackground: false,
} as const;

interface RoomInside {
  state: { turnTimeLimit: number };
  broadcastPatch(): boolean;
  clock: { currentTime: number; setTimeout(f: () => void, ms: number): unknown };
}
const inside = (p: Player) => matchMaker.getLocalRoomById(p.room.roomId) as unknown as RoomInside;
const decoded = (p: Player) => (p.room.state as unknown as { turnTimeLimit: number }).turnTimeLimit;

/** Lobbies of one player each, counting the intervals set at PATCH_RATE_MS while they are created. */
async function lobbies(ws: string, n: number, players: Player[]): Promise<number> {
  const spy = jest.spyOn(global, 'setInterval');
  try {
    for (let i = 0; i < n; i++) players.push(await connect(ws, null, { seats: 2, name: `P${i}` }));
    return spy.mock.calls.filter((c) => c[1] === PATCH_RATE_MS).length;
  } finally {
    spy.mockRestore();
  }
}

test('rooms share one patch timer; a change outside any message is patched, an unchanged room is not; clock timers run', async () => {
  const { srv, ws } = await startInProcess(options);
  const players: Player[] = [];
  try {
    // Five rooms, one timer (the first room starts it).
    expect(await lobbies(ws, 5, players)).toBe(1);
    expect(sharedTickers()).toBe(1);
    const [a, b] = players;

    // A change made from outside any message (as a timer or a bot's answer does) reaches the client.
    inside(a).state.turnTimeLimit = 61;
    await waitFor('the first change reaches the client', () => decoded(a) === 61);
    // From now on room b is left alone: no tick patches it.
    let patchedB = 0;
    const roomB = inside(b);
    const broadcastPatch = roomB.broadcastPatch;
    roomB.broadcastPatch = function (this: RoomInside) { patchedB++; return broadcastPatch.call(this); };
    inside(a).state.turnTimeLimit = 62;
    await waitFor('the second change reaches the client', () => decoded(a) === 62);
    expect(patchedB).toBe(0);
    // b changes: it is patched again.
    roomB.state.turnTimeLimit = 63;
    await waitFor('b\'s change reaches its client', () => decoded(b) === 63);
    expect(patchedB).toBeGreaterThan(0);

    // A clock timer on an idle room fires.
    let fired = false;
    inside(a).clock.setTimeout(() => { fired = true; }, PATCH_RATE_MS);
    await waitFor('the clock timer fires', () => fired);
    // A clock idle for a minute (no ticks) does not count that minute against a new minute-long timer.
    let early = false;
    const c = inside(players[2]);
    c.clock.currentTime -= 60_000;
    c.clock.setTimeout(() => { early = true; }, 60_000);
    inside(a).state.turnTimeLimit = 64;
    await waitFor('a tick has passed', () => decoded(a) === 64);
    expect(early).toBe(false);
  } finally {
    await stopInProcess(srv, players);
  }
  await waitFor('the last room gone', () => sharedTickers() === 0);
});

test('LOAD_TUNING=room-timers: one patch timer per room, as Colyseus does it', async () => {
  const { srv, ws } = await startInProcess({ ...options, LOAD_TUNING: 'room-timers' });
  const players: Player[] = [];
  try {
    expect(await lobbies(ws, 3, players)).toBe(3);
    expect(sharedTickers()).toBe(0);
  } finally {
    await stopInProcess(srv, players);
  }
});
