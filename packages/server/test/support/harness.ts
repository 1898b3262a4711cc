/**
 * Test harness: a real server on an ephemeral port, real @colyseus/sdk clients, a capture of the raw
 * bytes each client receives, and a client "brain" that plays legal moves from the state it decoded.
 */
import { Writable } from 'stream';
import { Client, Room as SDKRoom } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { legalActions, currentDecision, type Action, type PlayerView } from '@isle-of-trains/rules';
import { createServer, type CreateServerOptions, type IsleServer } from '../../src/app';
import { createLogger } from '../../src/ops/logger';
import { randomBot } from '../../src/bots/bots';
import { stateFromWire, viewFromState, type IsleStateWire, type ErrorMessage, type IsleStateJSON, type SeatMessage, type Viewer } from '@isle-of-trains/client';
import type { IsleRoom } from '../../src/room';
import { nextWake, wake } from './wake';

// ---- raw bytes per SDK room (hooked before the socket opens; survives reconnects) ----
const frames = new WeakMap<SDKRoom, Buffer[]>();
const frameHooks = new WeakMap<SDKRoom, (frame: Buffer) => void>();
const origConnect = SDKRoom.prototype.connect;
SDKRoom.prototype.connect = function (this: SDKRoom, endpoint: string, ...rest: unknown[]) {
  (origConnect as (...a: unknown[]) => void).call(this, endpoint, ...rest);
  const events = this.connection.events;
  const inner = events.onmessage!;
  const bucket = frames.get(this) ?? [];
  frames.set(this, bucket);
  events.onmessage = (ev: { data: ArrayBuffer }) => {
    const buf = Buffer.from(ev.data);
    bucket.push(buf);
    inner(ev as never);
    frameHooks.get(this)?.(buf);
    wake();
  };
} as typeof SDKRoom.prototype.connect;

export function rawFrames(room: SDKRoom): Buffer[] {
  return frames.get(room) ?? [];
}
/** Called after each received frame has been decoded. */
export function onFrame(room: SDKRoom, fn: (frame: Buffer) => void): void {
  frameHooks.set(room, fn);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The shortest a wait gives up after. A wait's bound only turns a hang into a failure that names what never
 * happened (a wait that succeeds ends at its condition, woken by frames): bounds of 3-5 s failed tests on a
 * machine at a load average of 38 where nothing hung, so no bound is shorter than this.
 */
export const UNTIL_FLOOR_MS = 20_000;

/** Resolves once `pred()` holds: looked at after each frame a test client decodes, and at least every 20 ms (./wake.ts). */
export async function until(pred: () => boolean, ms = 5000, label = 'condition'): Promise<void> {
  const t0 = Date.now();
  const bound = Math.max(ms, UNTIL_FLOOR_MS);
  while (!pred()) {
    if (Date.now() - t0 > bound) throw new Error(`timeout waiting for ${label} (${bound} ms)`);
    await nextWake(20);
  }
}

export interface TestServer {
  srv: IsleServer;
  url: string;
  http: string;
  logLines: string[];
  client(): Client;
  room(roomId: string): IsleRoom;
  close(): Promise<void>;
}

export async function bootServer(overrides: CreateServerOptions = {}): Promise<TestServer> {
  const logLines: string[] = [];
  const sink = new Writable({ write(chunk, _enc, cb) { logLines.push(String(chunk)); cb(); } });
  const srv = createServer({
    PORT: 0,
    HOST: '127.0.0.1',
    BOT_DELAY_MS: 0,
    RATE_LIMIT: 100_000,
    RATE_LIMIT_BURST: 100_000,
    PATCH_RATE_MS: 20,
    RECONNECT_SECONDS: 5,
    // Every test client comes from 127.0.0.1: per-address quotas are tested on their own (quotas.test.ts).
    ROOMS_PER_MINUTE_PER_ADDRESS: 1_000_000,
    PENDING_JOINS_PER_ADDRESS: 1_000_000,
    MAX_CONNECTIONS_PER_ADDRESS: 1_000_000,
    bots: () => randomBot,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'debug', sink),
    env: {},
    ...overrides,
  });
  const port = await srv.listen();
  // The players' database opens in the background; a request or a join waits for it only a moment (then
  // PLAYERS_UNAVAILABLE), so tests that use it start once it is open, whatever the machine's load.
  await srv.players?.get();
  return {
    srv,
    url: `ws://127.0.0.1:${port}`,
    http: `http://127.0.0.1:${port}`,
    logLines,
    client: () => new Client(`ws://127.0.0.1:${port}`),
    room: (roomId) => matchMaker.getLocalRoomById(roomId) as unknown as IsleRoom,
    close: () => srv.close(),
  };
}

/** What one SDK connection has seen: its seat message, errors, acks, everything. */
export interface Seen {
  seat: number | null;
  token: string;
  errors: ErrorMessage[];
  acks: (string | number)[];
  messages: { type: string | number; body: unknown }[];
  listeners: ((type: string | number, body: unknown) => void)[];
}

export function watch(room: SDKRoom): Seen {
  const seen: Seen = { seat: null, token: '', errors: [], acks: [], messages: [], listeners: [] };
  const record = (type: string | number, body: unknown) => {
    seen.messages.push({ type, body });
    for (const l of seen.listeners) l(type, body);
  };
  room.onMessage('seat', (b: SeatMessage) => {
    seen.seat = b.seat;
    seen.token = b.token;
    record('seat', b);
  });
  room.onMessage('error', (b: Seen['errors'][number]) => { seen.errors.push(b); record('error', b); });
  room.onMessage('ack', (b: { id: string | number }) => { seen.acks.push(b.id); record('ack', b); });
  room.onMessage('*', (type, body: unknown) => record(type, body));
  return seen;
}

export function stateJSON(room: SDKRoom): IsleStateJSON {
  return stateFromWire((room.state as { toJSON(): IsleStateWire }).toJSON());
}

export function viewOf(room: SDKRoom, seat: Viewer): PlayerView | null {
  return room.state ? viewFromState(stateJSON(room), seat) : null;
}

export interface Player {
  room: SDKRoom;
  seen: Seen;
  moves: number;
  /** Stop acting (a dropped or silent player). */
  paused: boolean;
  /** Called with the view each time this player is about to act (for extra checks). */
  check?: (view: PlayerView) => void;
  choose?: (legal: Action[]) => Action;
}

/**
 * Make `room` play its seat: whenever the decoded state says it is this seat's decision, send a
 * random legal action (one at a time: the next only after the ack or error of the previous).
 */
export function autoplay(room: SDKRoom, seen: Seen, opts: Partial<Pick<Player, 'check' | 'choose'>> = {}): Player {
  const p: Player = { room, seen, moves: 0, paused: false, ...opts };
  let pending = false;
  let n = 0;
  const step = () => {
    if (pending || p.paused || seen.seat === null || seen.seat < 0 || !room.state) return;
    // Cheap test first: the decision is always the turn's seat's (the rules' currentDecision); rebuild the
    // whole view only on our decision.
    const game = (room.state as { game?: { gameOver?: boolean; turn?: { seat: number } } }).game;
    if (!game?.turn || game.gameOver || game.turn.seat !== seen.seat) return;
    const view = viewOf(room, seen.seat);
    if (!view || view.gameOver) return;
    const d = currentDecision(view);
    if (!d || d.seat !== seen.seat) return;
    const legal = legalActions(view, seen.seat);
    if (legal.length === 0) throw new Error('no legal action on my decision');
    p.check?.(view);
    const pool = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
    const action = p.choose ? p.choose(pool) : pool[Math.floor(Math.random() * pool.length)];
    pending = true;
    room.send('intent', { action, id: `m${++n}` });
  };
  room.onStateChange(() => step());
  seen.listeners.push((type, body) => {
    if (type === 'ack') { pending = false; p.moves++; step(); }
    if (type === 'error') {
      // Recorded in seen.errors (tests check it); after RATE_LIMITED, wait a little before retrying.
      if ((body as { code?: string }).code === 'RATE_LIMITED') setTimeout(() => { pending = false; }, 150);
      else pending = false;
    }
  });
  (p as Player & { kick: () => void }).kick = step;
  // Also look every 100 ms, so a player never waits for a trigger that already passed.
  const idle = setInterval(() => {
    if ((room.state as { phase?: string } | undefined)?.phase === 'ended') clearInterval(idle);
    else step();
  }, 100);
  room.onLeave(() => clearInterval(idle));
  // An ack in flight when the connection dropped is lost: after a reconnection, look again.
  room.onReconnect(() => { pending = false; step(); });
  step();
  return p;
}

export function kick(p: Player): void {
  (p as Player & { kick: () => void }).kick();
}

export async function getJSON<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * A steady flood of `start` frames (20 every 5 ms) until the server closes the connection, for at most
 * 10 s: resolves with the close code. `closed` must be listening from before any earlier burst.
 */
export async function floodUntilClosed(room: SDKRoom, closed: Promise<number>): Promise<number> {
  let open = true;
  void closed.then(() => { open = false; });
  const t0 = Date.now();
  // The close comes once the server has seen a long enough streak of drops; on a loaded machine it reads
  // the paused socket less often, so the flood goes on for as long as it takes, up to a minute.
  while (open && Date.now() - t0 < 60_000) {
    for (let i = 0; i < 20; i++) if (room.connection.isOpen) room.send('start', {});
    await sleep(5);
  }
  if (open) throw new Error('the server did not close the flooding connection within a minute of flooding');
  return closed;
}
