/**
 * A closed server leaves nothing pending: once close() has returned, no timer the server or Colyseus started
 * is still waiting to run and holding the process open, whatever was under way when it closed: a seated
 * player's reconnection window (RECONNECT_SECONDS, here ten minutes), a seat taken over by a newer connection
 * (a window of 15 s at least), a matchmaking reservation whose socket never opened (15 s). Before, each of
 * those timers outlived the server and kept the process up until it ran out. And a server closed a second
 * time, after the next server of the process had started, no longer keeps that one from closing its port, and
 * of two servers running in one process the second to close closes its port as well.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { createHook } from 'async_hooks';
import { bootServer, until, watch, type TestServer } from './support/harness';

jest.setTimeout(60_000);

/** Timers started while the hook is on and not yet run or cleared, with where they were started. */
const pending = new Map<number, { timer: Timer; stack: string }>();
/** Node's Timeout: `_destroyed` once it has run (a one-off) or been cleared; the destroy hook comes later. */
type Timer = { hasRef(): boolean; _destroyed?: boolean; _idleTimeout?: number };
const hook = createHook({
  init(id, type, _trigger, resource) {
    if (type !== 'Timeout') return;
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    pending.set(id, { timer: resource as Timer, stack });
  },
  destroy(id) { pending.delete(id); },
});

/** The server's side: started from its code or from Colyseus' (not from the test's SDK clients, nor jest's). */
const serverSide = (stack: string) => /packages\/server\/src\/|@colyseus\/(core|ws-transport)\//.test(stack) && !/@colyseus\/sdk\//.test(stack);

/**
 * Pending timers of the server's side that keep the process alive for more than a second. (Colyseus' room
 * counts are written at most once a second, by a timer of up to a second that finds the server closed and
 * does nothing.)
 */
function leftOver(): string[] {
  return [...pending.values()].filter((p) => !p.timer._destroyed && p.timer.hasRef() && (p.timer._idleTimeout ?? 0) > 1000 && serverSide(p.stack))
    .map((p) => p.stack.split('\n').slice(1).filter((l) => !l.includes('node:internal') && !l.includes('async_hooks')).slice(0, 6).join('\n'));
}

async function post(ts: TestServer, path: string, body: unknown): Promise<{ status: number; room?: { roomId: string } }> {
  const r = await fetch(ts.http + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, ...(await r.json() as object) };
}

test('after close() no timer of the server or of Colyseus is left pending: reconnection windows, a takeover, an unused reservation', async () => {
  hook.enable();
  let ts: TestServer | undefined;
  try {
    ts = await bootServer({ RECONNECT_SECONDS: 600 });
    // A game in play whose player lost the connection: the seat is held for ten minutes.
    const a = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
    const sa = watch(a);
    await until(() => sa.seat === 0, 5000, 'seat');
    a.reconnection.enabled = false;
    a.send('start', {});
    await until(() => (a.state as { phase?: string }).phase === 'playing', 5000, 'start');
    const room = ts.room(a.roomId) as unknown as { _reservedSeats: Record<string, unknown> };
    a.connection.close(4999, 'gone');
    await until(() => Object.keys(room._reservedSeats).length === 1, 5000, 'the reconnection window');

    // A seat taken over by a newer connection with the old one's reconnection token.
    const b = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Bea' });
    const sb = watch(b);
    await until(() => sb.seat === 0, 5000, 'seat');
    b.reconnection.enabled = false;
    const b2 = await ts.client().reconnect(b.reconnectionToken);
    b2.reconnection.enabled = false;
    await until(() => !b.connection.isOpen, 5000, 'the older connection closed');

    // A lobby with a seat reserved by matchmaking whose client never connects.
    const lobby = await ts.client().create('isle', { seats: 3, name: 'Cy' });
    expect((await post(ts, `/matchmake/joinById/${lobby.roomId}`, {})).status).toBe(200);

    expect(leftOver().length).toBeGreaterThan(0); // the premise: such timers are pending before the close
    await ts.close();
    ts = undefined;
    // The server's sockets still end their close handshakes with the clients (ws keeps a timer for each until
    // its client has answered and the TCP connection is down): a moment. The reservations' timers would stay
    // for up to ten minutes.
    await until(() => leftOver().length === 0, 10_000, 'no timer left').catch(() => undefined);
    expect(leftOver()).toEqual([]);
  } finally {
    hook.disable();
    await ts?.close();
  }
});

test('a server closed twice closes once: closed again after the next server of the process started, it leaves that one to close its port', async () => {
  const first = await bootServer();
  await first.close();
  const second = await bootServer();
  try {
    await first.close();
    // The second server still plays: its matchMaker was not shut down by the first one's second close.
    const room = await second.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
    await room.leave();
  } finally {
    await second.close();
  }
  // Closed, its port is free: before, its close returned early (Colyseus' matchMaker was shutting down
  // already) and the port stayed open, holding the process.
  await expect(fetch(`${second.http}/healthz`)).rejects.toThrow();
});

test('two servers of one process, each closed: the second to close closes its port too, and no room-count interval of either is left', async () => {
  hook.enable();
  try {
    const first = await bootServer();
    const second = await bootServer();
    await first.close();
    // Before, Colyseus' shutdown found the process's matchMaker shutting down already and returned at once.
    await second.close();
    await expect(fetch(`${second.http}/healthz`)).rejects.toThrow();
    await expect(fetch(`${first.http}/healthz`)).rejects.toThrow();
    // Colyseus' matchMaker starts a one-minute interval that writes its room count at each start of a server and
    // clears only the newest at shutdown: the first server's ran on for good, keeping the process (a jest worker
    // at the end of the run) alive. Now a server starting clears the one before (src/colyseus-patches/stats-interval.ts).
    const statsIntervals = [...pending.values()].filter((p) => !p.timer._destroyed && /setAutoPersistInterval/.test(p.stack));
    expect(statsIntervals).toEqual([]);
  } finally {
    hook.disable();
  }
});
