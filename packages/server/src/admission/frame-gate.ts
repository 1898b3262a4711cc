/**
 * Every frame a connection sends, of every kind, passes here first.
 *
 * Colyseus routes frames by their first byte: messages (`room.send`), requests (`room.request`),
 * byte messages, the join handshake, pings, and anything else (ignored). Only messages used to reach
 * the room's own handlers, so requests and garbage frames were never counted. The gate sits in front
 * of Colyseus' dispatcher (Room#_onMessage, wrapped per room), so:
 *
 * - each frame takes a token from the connection's bucket; over the limit it is dropped, and a
 *   message gets a RATE_LIMITED reply (replies are limited too);
 * - dropped frames also stop the server reading that connection's socket until its bucket has a
 *   token again, and for twice as long each time it is still over its limit when reading resumes (up to
 *   MAX_PAUSE_MS): a flood then waits in the flooder's own TCP buffers instead of being read, parsed
 *   and dropped frame by frame (frames already read when reading stops are dropped at the first check).
 *   Reading stops only after a little over twice the connection's rate in drops since it last resumed:
 *   were it to stop at the first drop, a flooder would be read at exactly its rate, every second a
 *   bucketful and one drop, and would never be seen to send more than its limit lets through;
 * - a connection that keeps exceeding its limit is closed with CLOSE_CODES.FLOODING, and its address is
 *   slowed for a while: frames dropped with no quiet second between them for longer than
 *   FLOOD_GRACE_MS, and more of them dropped than the limit let through in that time (it sends at
 *   over twice its rate). One burst is only dropped; a client that waits a little after each
 *   RATE_LIMITED is never closed. Once closed, nothing more is read from it: its socket is ended
 *   CLOSE_GRACE_MS after the close frame;
 * - every connection of a slowed address (a reconnection included) takes its frames from one bucket
 *   that address shares, at a quarter of the rate and burst, which lasts as long as the slow-down:
 *   coming back on a new connection brings no new burst;
 * - request frames are not part of the protocol: each is answered with a REJECTED reply
 *   `{ code: 'REQUEST_NOT_SUPPORTED' }` and nothing is applied;
 * - a message whose msgpack body cannot be read closes the connection with CLOSE_CODES.BAD_FRAME (4002), as
 *   Colyseus would, but the room logs it (at warn, limited) instead of Colyseus printing a stack for each one.
 */
import { ClientState, Protocol, ResponseStatus, getMessageBytes, type Client, type Room } from '@colyseus/core';
import { decode } from '../wire/colyseus-schema';
import { unpack } from 'msgpackr';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';

/** How long a connection may stay over its limit before it is closed. */
export const FLOOD_GRACE_MS = 2000;
/** A second without a dropped frame ends a streak of drops. */
const QUIET_MS = 1000;
/**
 * The longest the server stops reading a connection at a time: short enough that the keepalive's pongs
 * are read in time (src/colyseus-patches/keepalive.ts waits several seconds).
 */
export const MAX_PAUSE_MS = 1000;
/** The shortest pause (a bucket short of a fraction of a token would otherwise resume at once). */
const MIN_PAUSE_MS = 20;
/** How long a connection closed for flooding has to take its close frame before its socket is ended. */
export const CLOSE_GRACE_MS = 1000;

export class TokenBucket {
  private tokens: number;
  private last = Date.now();
  /** `tokens`: what it holds at first (a full burst unless said). */
  constructor(private readonly rate: number, private readonly burst: number, tokens = burst) { this.tokens = tokens; }
  private refill(): void {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
  }
  /** Take `cost` tokens (a slowed address pays more for the same thing), or nothing when short. */
  take(cost = 1): boolean {
    this.refill();
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }
  /** Milliseconds until `cost` tokens are there (0 when they are now). */
  msUntil(cost = 1): number {
    this.refill();
    return this.tokens >= cost ? 0 : ((cost - this.tokens) / this.rate) * 1000;
  }
}

/** The part of a `ws` WebSocket the gate uses: it stops and restarts reading the socket. */
interface Pausable { pause(): void; resume(): void; terminate(): void }

/**
 * When the server reads a connection's socket. Over its limit, reading stops until the bucket has a
 * token again; still over it within QUIET_MS of resuming, the next pause is twice the last (up to
 * MAX_PAUSE_MS). Closed, the socket is never read again.
 */
export class ReadPause {
  private timer: NodeJS.Timeout | null = null;
  /** Drops since reading last (re)started; reading stops once they pass `tolerance`. */
  private dropsSinceResume = 0;
  private socket: Pausable | null = null;
  private lastMs = 0;
  /** When reading last started again (0: never paused). */
  resumedAt = 0;
  /** Closed for flooding: every frame still arriving is dropped unread. */
  shut = false;

  /** `tolerance`: how many drops after each resume are read (and dropped) before reading stops. */
  constructor(private readonly tolerance = 0) {}

  /**
   * A frame was dropped: once more than `tolerance` have been since reading last resumed, stop reading
   * `socket` for a while (`waitMs` is how long the bucket needs for its next token).
   */
  over(socket: Pausable, waitMs: number, now = Date.now()): void {
    if (this.shut || (this.timer && this.socket === socket)) return;
    if (this.dropsSinceResume++ < this.tolerance) return;
    if (this.timer) clearTimeout(this.timer);
    const again = this.resumedAt > 0 && now - this.resumedAt < QUIET_MS;
    const ms = Math.min(MAX_PAUSE_MS, Math.max(MIN_PAUSE_MS, waitMs, again ? this.lastMs * 2 : 0));
    this.lastMs = ms;
    this.socket = socket;
    socket.pause();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.resumedAt = Date.now();
      this.dropsSinceResume = 0;
      if (!this.shut) socket.resume();
    }, ms);
    this.timer.unref?.();
  }

  /** Never read `socket` again, and end it CLOSE_GRACE_MS from now (its close frame has been sent). */
  close(socket: Pausable | undefined): void {
    if (this.shut) return;
    this.shut = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!socket) return;
    socket.pause();
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref?.();
  }
}

/** The buckets of one connection. */
export interface ConnectionLimits {
  /** Frames accepted. */
  frames: TokenBucket;
  /** RATE_LIMITED replies (one per dropped message until this runs dry; then drops are silent). */
  notices: TokenBucket;
  /** Tells a connection that stays over its limit from one that sent a burst. */
  flood: FloodWatch;
  /** When the socket is read (the connection's own, even when `frames` is its address's). */
  reading: ReadPause;
}

/** Streaks of dropped frames: a streak ends after QUIET_MS without drops. */
export class FloodWatch {
  private since = 0;
  private last = 0;
  private drops = 0;
  constructor(private readonly rate: number, private readonly burst: number) {}
  /**
   * Note a dropped frame; true when the connection is flooding (close it). `resumedAt`: when the server
   * last started reading the connection again (ReadPause); a paused connection sends nothing the server
   * sees, so only a quiet second of reading ends a streak.
   */
  dropped(now = Date.now(), resumedAt = 0): boolean {
    if (this.since === 0 || now - Math.max(this.last, resumedAt) > QUIET_MS) {
      this.since = now;
      this.drops = 0;
    }
    this.last = now;
    this.drops++;
    const ms = now - this.since;
    return ms > FLOOD_GRACE_MS && this.drops > this.burst + (this.rate * ms) / 1000;
  }
}

/** A slowed address's rate and burst: a quarter of the usual. */
export function slowedRate(rate: number, burst: number): [number, number] {
  return [rate / 4, Math.max(1, Math.floor(burst / 4))];
}

/**
 * Buckets for a connection. `shared` is its address's frame bucket when the address is slowed
 * (SlowedAddresses#frames): the connection takes its frames from it, and its other limits are quartered.
 */
export function connectionLimits(rate: number, burst: number, shared?: TokenBucket | null): ConnectionLimits {
  const [r, b] = shared ? slowedRate(rate, burst) : [rate, burst];
  return { frames: shared ?? new TokenBucket(r, b), notices: new TokenBucket(r, b), flood: new FloodWatch(r, b), reading: new ReadPause(readTolerance(r)) };
}

/**
 * Drops read after each resume before reading stops again: a little over twice the rate, so that a
 * connection kept at the longest pause and still sending at over twice its rate shows more drops than
 * its limit lets through (FloodWatch) and is closed, while one just over its rate is only slowed.
 */
export function readTolerance(rate: number): number {
  return Math.ceil(2 * rate) + 1;
}

export interface GateHooks {
  limits(client: Client): ConnectionLimits | undefined;
  /** A dropped message: reply RATE_LIMITED (the gate has already checked `notices`). */
  rateLimited(client: Client): void;
  /** The connection keeps exceeding its limit: close it, slow its address. */
  flooding(client: Client): void;
  /** Bad input worth a (limited) log line: `what` names it, never its content. */
  badInput(client: Client, what: string): void;
  /** The connection is being closed for an unreadable frame (4002): slow its address. */
  unreadable?(client: Client): void;
}

/**
 * Addresses that flooded recently (closed with 4029 FLOODING, 1009 for an oversize frame or 4002 for
 * an unreadable one), with the time their slow-down ends and the frame bucket all their connections
 * share. Bounded. A slowed address gets a quarter of the frame rate and burst, shared by its
 * connections and kept across reconnections (one bucket for as long as the slow-down lasts, renewed
 * by each new close: the quarter burst is had once, not once per connection), and a quarter of the room-creation quota (address-quotas.ts), so a flooder that is
 * closed and comes straight back costs the server a quarter as many new rooms and gets no new burst.
 */
export class SlowedAddresses {
  private readonly entries = new Map<string, { until: number; frames: TokenBucket | null }>();
  constructor(private readonly ms = 60_000, private readonly max = 10_000) {}
  add(address: string | undefined): void {
    if (!address || this.ms <= 0) return;
    const was = this.entries.get(address);
    if (!was && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.delete(address);
    // A renewed slow-down keeps the address's bucket: what it had used stays used.
    this.entries.set(address, { until: Date.now() + this.ms, frames: was?.frames ?? null });
  }
  has(address: string | undefined): boolean {
    return this.entry(address) !== undefined;
  }
  /** The frame bucket every connection of a slowed `address` shares (null when it is not slowed). */
  frames(address: string | undefined, rate: number, burst: number): TokenBucket | null {
    const e = this.entry(address);
    if (!e) return null;
    if (!e.frames) {
      const [r, b] = slowedRate(rate, burst);
      e.frames = new TokenBucket(r, b);
    }
    return e.frames;
  }
  private entry(address: string | undefined): { until: number; frames: TokenBucket | null } | undefined {
    if (!address) return undefined;
    const e = this.entries.get(address);
    if (e === undefined) return undefined;
    if (e.until < Date.now()) { this.entries.delete(address); return undefined; }
    return e;
  }
}

interface Dispatcher { _onMessage(client: Client, buffer: Buffer): void }

export function installFrameGate(room: Room, hooks: GateHooks): void {
  const r = room as unknown as Dispatcher;
  const dispatch = r._onMessage;
  // Colyseus 0.18 dispatches every inbound frame through Room#_onMessage; fail loudly if that moves.
  if (typeof dispatch !== 'function') throw new Error('Room#_onMessage not found: check frame-gate.ts against this @colyseus/core');
  r._onMessage = function (this: Room, client: Client, buffer: Buffer): void {
    const limits = hooks.limits(client);
    // Closed for flooding: what was read before reading stopped is dropped unread.
    if (limits?.reading.shut) return;
    const code = buffer && buffer.length > 0 ? buffer[0] & 31 : -1; // PROTOCOL_CODE_MASK
    // A leave is counted but never dropped: honouring it only lightens the load. Nor is the join
    // handshake of a connection still joining (once per connection): dropped, it left the connection
    // half-joined for good, sent no state and no patch. A connection that comes back with the SDK's
    // reconnection token keeps the buckets of the one it replaces, so a player who had used up the
    // burst just before a drop lost the handshake of the new connection, and never saw the game again
    // (the end of the game included) while the server counted them as connected.
    const handshake = code === Protocol.JOIN_ROOM && client.state === ClientState.JOINING;
    if (limits && !limits.frames.take() && code !== Protocol.LEAVE_ROOM && !handshake) {
      const socket = socketOf(client);
      if (limits.flood.dropped(Date.now(), limits.reading.resumedAt)) {
        hooks.flooding(client);
        limits.reading.close(socket);
        return;
      }
      if (socket) limits.reading.over(socket, limits.frames.msUntil());
      if (code === Protocol.ROOM_DATA && limits.notices.take()) hooks.rateLimited(client);
      return;
    }
    if (code === Protocol.ROOM_REQUEST) {
      answerRequest(client, buffer, hooks);
      return;
    }
    if (code === Protocol.ROOM_DATA && !readable(buffer)) {
      hooks.badInput(client, 'unreadable message frame');
      hooks.unreadable?.(client);
      client.leave(CLOSE_CODES.BAD_FRAME, 'unreadable message');
      return;
    }
    dispatch.call(this, client, buffer);
  };
}

/** The `ws` socket under a Colyseus WebSocket client (undefined for another transport). */
function socketOf(client: Client): Pausable | undefined {
  const ws = (client as unknown as { ref?: Partial<Pausable> }).ref;
  return ws && typeof ws.pause === 'function' && typeof ws.resume === 'function' && typeof ws.terminate === 'function' ? (ws as Pausable) : undefined;
}

/**
 * The type and msgpack body of a ROOM_DATA frame decode without error, as Colyseus will decode them
 * (Colyseus closes the connection with 4002 when they do not).
 */
function readable(buffer: Buffer): boolean {
  try {
    const it = { offset: 1 };
    if (decode.stringCheck(buffer, it)) decode.string(buffer, it);
    else decode.number(buffer, it);
    if (it.offset > buffer.length) return false;
    if (buffer.length > it.offset) unpack(buffer.subarray(it.offset));
    return true;
  } catch {
    return false;
  }
}

function answerRequest(client: Client, buffer: Buffer, hooks: GateHooks): void {
  let requestId: number;
  try {
    requestId = decode.number(buffer, { offset: 1 });
  } catch {
    requestId = NaN;
  }
  if (!Number.isSafeInteger(requestId) || requestId < 0) {
    hooks.badInput(client, 'unreadable request frame');
    hooks.unreadable?.(client);
    client.leave(CLOSE_CODES.BAD_FRAME, 'unreadable request');
    return;
  }
  hooks.badInput(client, 'request frame');
  client.enqueueRaw(getMessageBytes[Protocol.ROOM_RESPONSE](requestId, ResponseStatus.REJECTED, {
    code: 'REQUEST_NOT_SUPPORTED',
    message: 'Requests are not part of this protocol: use room.send("intent" | "start", body).',
  }));
}
