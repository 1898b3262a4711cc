/**
 * What the browser remembers between reloads (localStorage): the player's name and,
 * per room, the seat and the tokens that let this browser take its seat back.
 */

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SeatRecord {
  roomId: string;
  seat: number;
  /** The server's seat token (`seat` message): proves this browser owns the seat. */
  token: string;
  /** The SDK's reconnection token ("roomId:token"), valid while the server holds the seat open. */
  reconnectionToken?: string;
  savedAt: number;
}

const NAME = 'iot.name';
const SEAT = 'iot.seat.';
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export class SessionStore {
  constructor(private readonly kv: KeyValueStore | null, private readonly now: () => number = Date.now) {}

  get name(): string {
    return this.safeGet(NAME) ?? '';
  }

  set name(v: string) {
    this.safeSet(NAME, v.trim().slice(0, 24));
  }

  seat(roomId: string): SeatRecord | null {
    const raw = this.safeGet(SEAT + roomId);
    if (!raw) return null;
    try {
      const r = JSON.parse(raw) as SeatRecord;
      if (r.roomId !== roomId || typeof r.seat !== 'number' || this.now() - r.savedAt > MAX_AGE_MS) {
        this.forget(roomId);
        return null;
      }
      return r;
    } catch {
      this.forget(roomId);
      return null;
    }
  }

  saveSeat(r: Omit<SeatRecord, 'savedAt'>): void {
    const old = this.seat(r.roomId);
    this.safeSet(SEAT + r.roomId, JSON.stringify({ ...old, ...r, savedAt: this.now() }));
  }

  forget(roomId: string): void {
    try {
      this.kv?.removeItem(SEAT + roomId);
    } catch {
      /* storage unavailable */
    }
  }

  private safeGet(k: string): string | null {
    try {
      return this.kv?.getItem(k) ?? null;
    } catch {
      return null;
    }
  }

  private safeSet(k: string, v: string): void {
    try {
      this.kv?.setItem(k, v);
    } catch {
      /* storage full or disabled: the game still works, only resuming after a reload does not */
    }
  }
}

/** Where a link points: `?room=<roomId>` or `#<code>` (also `?code=`). */
export function parseLink(search: string, hash: string): { roomId: string | null; code: string | null } {
  const q = new URLSearchParams(search);
  const roomId = q.get('room');
  const h = hash.replace(/^#/, '').trim();
  const code = q.get('code') ?? (h.length > 0 ? h : null);
  return { roomId: roomId && /^[\w-]{1,64}$/.test(roomId) ? roomId : null, code: code && /^[\w-]{1,32}$/.test(code) ? code : null };
}

export function inviteLink(origin: string, roomId: string): string {
  return `${origin}/?room=${encodeURIComponent(roomId)}`;
}
