/**
 * Per-address quotas on matchmaking: rooms created in any 60 seconds (a sliding
 * window, src/admission/sliding-window.ts: ROOMS_PER_MINUTE_PER_ADDRESS means at most that many, never twice
 * that in a first minute as a full token bucket allowed) and seat
 * reservations not yet used (a reservation is made by create/join over HTTP and used when the
 * WebSocket joins; unused ones expire with Colyseus' seat reservation time). Defaults that a real
 * player never meets; over a quota the request gets HTTP 429 `QUOTA: …`.
 *
 * The address is the TCP peer of the HTTP request. X-Forwarded-For is honoured only when that peer
 * is one of TRUSTED_PROXIES: then the address is the rightmost entry that is not a trusted proxy
 * (entries further left were written by the client and can be anything).
 */
import type { SlowedAddresses } from './frame-gate';
import { SlidingWindow } from './sliding-window';

/** The creation quota's window. */
export const CREATION_WINDOW_MS = 60_000;

/** What a room creation costs a slowed address, in creations of its window (a quarter of the quota). */
export const SLOWED_CREATION_COST = 4;

/** Request header the server itself sets to the TCP peer (any client-sent value is removed first). */
export const PEER_HEADER = 'x-isle-peer';

/**
 * The client address worked out for each open WebSocket when it connected (X-Forwarded-For through
 * TRUSTED_PROXIES): the room slows a flooding client by this address, never by the proxy's, which
 * would slow everyone behind it.
 */
export const socketClientAddress = new WeakMap<object, string>();

export interface QuotaSettings {
  /** Comma-separated IP addresses of reverse proxies whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: string;
  ROOMS_PER_MINUTE_PER_ADDRESS: number;
  PENDING_JOINS_PER_ADDRESS: number;
  MAX_CONNECTIONS_PER_ADDRESS: number;
}

export function trustedSet(list: string): Set<string> {
  return new Set(list.split(',').map((s) => normalise(s.trim())).filter((s) => s !== ''));
}

/** '::ffff:1.2.3.4' and '1.2.3.4' are one address. */
function normalise(a: string): string {
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}

/** The client's address from the TCP peer and X-Forwarded-For (trusted only from `trusted` peers). */
export function clientAddress(peer: string | null | undefined, forwardedFor: string | null | undefined, trusted: ReadonlySet<string>): string {
  let address = normalise(peer ?? '');
  if (!trusted.has(address) || !forwardedFor) return address;
  const hops = forwardedFor.split(',').map((h) => normalise(h.trim())).filter((h) => h !== '');
  while (hops.length > 0) {
    address = hops.pop()!;
    if (!trusted.has(address)) return address;
  }
  return address;
}

export class AddressQuotas {
  readonly trusted: ReadonlySet<string>;
  private readonly creations = new Map<string, SlidingWindow>();
  private readonly pending = new Map<string, number>();
  private readonly sessions = new Map<string, { address: string; timer: NodeJS.Timeout }>();

  constructor(
    private readonly s: QuotaSettings,
    private readonly reservationMs = 15_000,
    private readonly maxAddresses = 100_000,
    /** Addresses that flooded recently: their room creations cost SLOWED_CREATION_COST tokens. */
    private readonly slowed?: SlowedAddresses,
    /** The clock of the creation windows (tests move it). */
    private readonly now: () => number = Date.now,
  ) {
    this.trusted = trustedSet(s.TRUSTED_PROXIES);
  }

  /** A refusal text when `address` may not do `method` now, else null. */
  check(address: string, method: string): string | null {
    if ((this.pending.get(address) ?? 0) >= this.s.PENDING_JOINS_PER_ADDRESS) {
      return `QUOTA: ${this.s.PENDING_JOINS_PER_ADDRESS} joins from your address are still waiting to connect`;
    }
    if (method === 'create' || method === 'joinOrCreate') {
      let b = this.creations.get(address);
      if (!b) {
        if (this.creations.size >= this.maxAddresses) this.creations.delete(this.creations.keys().next().value as string);
        b = new SlidingWindow(this.s.ROOMS_PER_MINUTE_PER_ADDRESS, CREATION_WINDOW_MS, this.now);
        this.creations.set(address, b);
      }
      if (this.slowed?.has(address)) {
        if (!b.take(SLOWED_CREATION_COST)) {
          return `QUOTA: your address was closed for flooding; for a minute it may create at most ${Math.max(1, Math.floor(this.s.ROOMS_PER_MINUTE_PER_ADDRESS / SLOWED_CREATION_COST))} rooms a minute`;
        }
      } else if (!b.take()) {
        return `QUOTA: more than ${this.s.ROOMS_PER_MINUTE_PER_ADDRESS} rooms a minute from your address; the next in ${Math.ceil(b.waitMs() / 1000)} s`;
      }
    }
    return null;
  }

  /** Reservations not yet connected, over every address. */
  get pendingCount(): number {
    return this.sessions.size;
  }

  /** A seat was reserved for `sessionId`: it counts until the connection joins or the reservation expires. */
  reserved(address: string, sessionId: string): void {
    this.pending.set(address, (this.pending.get(address) ?? 0) + 1);
    const timer = setTimeout(() => this.used(sessionId), this.reservationMs + 1000);
    timer.unref();
    this.sessions.set(sessionId, { address, timer });
  }

  private readonly open = new Map<string, number>();

  /** A WebSocket opened from `address`: false (do not serve it) when the address is at its limit. */
  connectionOpened(address: string): boolean {
    const n = this.open.get(address) ?? 0;
    if (n >= this.s.MAX_CONNECTIONS_PER_ADDRESS) return false;
    this.open.set(address, n + 1);
    return true;
  }

  connectionClosed(address: string): void {
    const n = (this.open.get(address) ?? 1) - 1;
    if (n <= 0) this.open.delete(address);
    else this.open.set(address, n);
  }

  /** The reservation was used (the WebSocket joined) or expired. */
  used(sessionId: string): void {
    const s = this.sessions.get(sessionId);
    if (!s) return;
    clearTimeout(s.timer);
    this.sessions.delete(sessionId);
    const n = (this.pending.get(s.address) ?? 1) - 1;
    if (n <= 0) this.pending.delete(s.address);
    else this.pending.set(s.address, n);
  }
}
