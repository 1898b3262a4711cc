/**
 * The two mechanisms behind the load tuning, on stand-ins for the transport and the
 * room (their effect on latency is measured by `npm run bench:server`, not here).
 * - spreadKeepAlive pings every socket once per interval, a slice at a time, and ends a socket that
 *   missed its pings (the transport's rule);
 * - cheapPatches skips idle patch ticks (the clock still ticks), lets every real patch through, and
 *   corks each socket around the patch and the frames that follow it.
 */
import type { Room } from '@colyseus/core';
import type { WebSocketTransport } from '@colyseus/ws-transport';
import { spreadKeepAlive } from '../src/colyseus-patches/keepalive';
import { cheapPatches } from '../src/colyseus-patches/patch-flush';
import { endOversizeFast, OVERSIZE_GRACE_MS } from '../src/colyseus-patches/oversize';

interface FakeSocket { readyState: number; pingCount?: number; pings: number; terminated: boolean; ping(cb: () => void): void; terminate(): void }

function socket(): FakeSocket {
  return {
    readyState: 1, pings: 0, terminated: false,
    ping() { this.pings++; },
    terminate() { this.terminated = true; this.readyState = 3; },
  };
}

afterEach(() => { jest.useRealTimers(); });

test('keep-alive: each socket pinged once per interval, in slices; a silent one ended after its misses', () => {
  jest.useFakeTimers();
  const sockets = Array.from({ length: 1000 }, socket);
  const transport = { wss: { clients: new Set(sockets) } } as unknown as WebSocketTransport;
  const stop = spreadKeepAlive(transport, 1000, 2);
  // 10 slices of 100 ms: no slice pings more than a tenth of the sockets.
  let before = 0;
  for (let i = 0; i < 10; i++) {
    jest.advanceTimersByTime(100);
    const now = sockets.reduce((n, s) => n + s.pings, 0);
    expect(now - before).toBeLessThanOrEqual(100);
    before = now;
  }
  expect(sockets.every((s) => s.pings === 1)).toBe(true);
  // Every socket but the first answers (the transport's pong handler sets pingCount to 0).
  const answer = () => sockets.slice(1).forEach((s) => { s.pingCount = 0; });
  answer();
  jest.advanceTimersByTime(1000);
  answer();
  expect(sockets[0].terminated).toBe(false);
  jest.advanceTimersByTime(1000);
  expect(sockets[0].terminated).toBe(true);
  expect(sockets.slice(1).some((s) => s.terminated)).toBe(false);
  stop();
  const pings = sockets.reduce((n, s) => n + s.pings, 0);
  jest.advanceTimersByTime(5000);
  expect(sockets.reduce((n, s) => n + s.pings, 0)).toBe(pings);
});

function fakeRoom() {
  const log: string[] = [];
  const sock = (name: string) => ({
    corked: 0,
    writable: true,
    cork() { this.corked++; },
    uncork() { this.corked--; log.push(`uncork ${name}`); },
  });
  const clients = [
    { ref: { _socket: sock('a') }, view: { changes: new Map() }, _pendingFrames: [] as unknown[] },
    { ref: { _socket: sock('b') }, view: { changes: new Map() }, _pendingFrames: [] as unknown[] },
  ];
  const room = {
    clients,
    clock: { ticks: 0, tick() { this.ticks++; } },
    _serializer: { encoder: { hasChanges: false } },
    patches: 0,
    broadcastPatch() {
      this.patches++;
      // What Colyseus does: write the patch, then the staged frames, to each socket.
      for (const c of clients) log.push(`write while corked ${c.ref._socket.corked > 0}`);
      return true;
    },
    broadcastMessageType(_t: string, _m: unknown, _o?: { afterNextPatch?: boolean }) { /* staged inside Colyseus */ },
  };
  return { room, log, clients };
}

test('cheap patches: an idle tick only ticks the clock; changes, view ADDs and staged frames still go out, corked', () => {
  const { room, log, clients } = fakeRoom();
  cheapPatches(room as unknown as Room);
  expect((room as unknown as { broadcastPatch(): boolean }).broadcastPatch()).toBe(false);
  expect(room.patches).toBe(0);
  expect(room.clock.ticks).toBe(1);

  room._serializer.encoder.hasChanges = true;
  room.broadcastPatch();
  expect(room.patches).toBe(1);
  expect(log).toEqual(['write while corked true', 'write while corked true', 'uncork a', 'uncork b']);
  expect(clients.every((c) => c.ref._socket.corked === 0)).toBe(true);
  room._serializer.encoder.hasChanges = false;

  clients[1].view.changes.set(1, 1);
  room.broadcastPatch();
  expect(room.patches).toBe(2);
  clients[1].view.changes.clear();

  clients[0]._pendingFrames.push(new Uint8Array(1));
  room.broadcastPatch();
  expect(room.patches).toBe(3);
  clients[0]._pendingFrames.length = 0;

  // A broadcast staged to follow the next patch is not visible from outside: the wrapper notes it.
  room.broadcastMessageType('x', {}, { afterNextPatch: true });
  room.broadcastPatch();
  expect(room.patches).toBe(4);
  room.broadcastPatch();
  expect(room.patches).toBe(4);
});

test('a socket that sent an oversize frame is no longer read, and is ended after a short grace; other errors reach the transport', () => {
  jest.useFakeTimers();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EventEmitter } = require('events') as typeof import('events');
  const ws = Object.assign(new EventEmitter(), { terminated: 0, paused: 0, terminate() { this.terminated++; }, pause() { this.paused++; } });
  const seen: Error[] = [];
  ws.on('error', (e: Error) => seen.push(e)); // the transport's own listener
  const warned: unknown[] = [];
  endOversizeFast(ws as never, { warn: (o: unknown) => warned.push(o) } as never);
  ws.emit('error', Object.assign(new RangeError('Max payload size exceeded'), { code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' }));
  expect(seen).toEqual([]);
  expect(warned).toHaveLength(1);
  jest.advanceTimersByTime(OVERSIZE_GRACE_MS - 1);
  // Nothing more is read from it while it waits for its end.
  expect(ws.paused).toBe(1);
  expect(ws.terminated).toBe(0);
  jest.advanceTimersByTime(1);
  expect(ws.terminated).toBe(1);
  const other = new Error('ECONNRESET');
  ws.emit('error', other);
  expect(seen).toEqual([other]);
});
