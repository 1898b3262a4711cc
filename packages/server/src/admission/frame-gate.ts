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
 * - a connection that keeps exceeding its limit is closed with CLOSE_CODES.FLOODING, and its address is
 *   slowed for a while: frames dropped with no quiet second between them for longer than
 *   FLOOD_GRACE_MS, and more of them dropped than the limit let through in that time (it sends at
 *   over twice its rate). One burst is only dropped; a client that waits a little after each
 *   RATE_LIMITED is never closed;
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

export class TokenBucket {
  private tokens: number;
  private last = Date.now();
  constructor(private readonly rate: number, private readonly burst: number) { this.tokens = burst; }
  /** Take `cost` tokens (a slowed address pays more for the same thing), or nothing when short. */
  take(cost = 1): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
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
}

/** Streaks of dropped frames: a streak ends after QUIET_MS without drops. */
export class FloodWatch {
  private since = 0;
  private last = 0;
  private drops = 0;
  constructor(private readonly rate: number, private readonly burst: number) {}
  /** Note a dropped frame; true when the connection is flooding (close it). */
  dropped(now = Date.now()): boolean {
    if (this.since === 0 || now - this.last > QUIET_MS) {
      this.since = now;
      this.drops = 0;
    }
    this.last = now;
    this.drops++;
    const ms = now - this.since;
    return ms > FLOOD_GRACE_MS && this.drops > this.burst + (this.rate * ms) / 1000;
  }
}

/** Buckets for a connection: `slowed` quarters them (an address that flooded recently). */
export function connectionLimits(rate: number, burst: number, slowed: boolean): ConnectionLimits {
  const r = slowed ? rate / 4 : rate;
  const b = slowed ? Math.max(1, Math.floor(burst / 4)) : burst;
  return { frames: new TokenBucket(r, b), notices: new TokenBucket(r, b), flood: new FloodWatch(r, b) };
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
 * an unreadable one), with the time their slow-down ends. Bounded. A slowed address gets a quarter of
 * the frame rate on its new connections and a quarter of the room-creation quota (address-quotas.ts),
 * so a flooder that is closed and comes straight back costs the server a quarter as many new rooms.
 */
export class SlowedAddresses {
  private readonly until = new Map<string, number>();
  constructor(private readonly ms = 60_000, private readonly max = 10_000) {}
  add(address: string | undefined): void {
    if (!address || this.ms <= 0) return;
    if (this.until.size >= this.max) this.until.delete(this.until.keys().next().value as string);
    this.until.delete(address);
    this.until.set(address, Date.now() + this.ms);
  }
  has(address: string | undefined): boolean {
    if (!address) return false;
    const t = this.until.get(address);
    if (t === undefined) return false;
    if (t < Date.now()) { this.until.delete(address); return false; }
    return true;
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
    const code = buffer && buffer.length > 0 ? buffer[0] & 31 : -1; // PROTOCOL_CODE_MASK
    // A leave is counted but never dropped: honouring it only lightens the load. Nor is the join
    // handshake of a connection still joining (once per connection): dropped, it left the connection
    // half-joined for good, sent no state and no patch. A connection that comes back with the SDK's
    // reconnection token keeps the buckets of the one it replaces, so a player who had used up the
    // burst just before a drop lost the handshake of the new connection, and never saw the game again
    // (the end of the game included) while the server counted them as connected.
    const handshake = code === Protocol.JOIN_ROOM && client.state === ClientState.JOINING;
    if (limits && !limits.frames.take() && code !== Protocol.LEAVE_ROOM && !handshake) {
      if (limits.flood.dropped()) {
        hooks.flooding(client);
        return;
      }
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
