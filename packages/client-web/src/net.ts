/**
 * The connection to the game server: matchmaking, the room, automatic reconnection,
 * and the seat token kept in localStorage so a reload takes the same seat back.
 */
import { Client, type Room } from '@colyseus/sdk';
import type { Action } from '@isle-of-trains/rules';
import type { RoomStateJson } from './room-types';
import { SessionStore } from './session-store';

export const ROOM_NAME = 'isle';
/** The server closes a connection with this code when the seat is retaken elsewhere with its token. */
export const CLOSE_SEAT_TAKEN = 4100;

export type Status = 'offline' | 'connecting' | 'connected' | 'reconnecting' | 'lost';

export interface CreateOptions {
  name: string;
  /** 1 for solo. */
  seats: number;
  bots: number;
  botLevel: string;
  private: boolean;
  turnTimeLimit: number;
  mode: 'multiplayer' | 'challenge' | 'scenario';
  scenario: number;
}

/** GET /api/rooms entries (packages/server RoomListing). */
export interface ListedGame {
  roomId: string;
  clients: number;
  maxClients: number;
  metadata: {
    seats: number;
    freeSeats: number;
    humans: number;
    bots: number;
    mode: string;
    scenario: number;
    phase: string;
    botLevel: string;
    turnTimeLimit: number;
    creator: string;
  };
}

/** The server's create options (packages/server options.ts): mode/scenario only for solo games. */
export function createOptions(o: CreateOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: o.name, seats: o.seats, bots: o.bots, botLevel: o.botLevel, private: o.private, turnTimeLimit: o.turnTimeLimit,
  };
  if (o.seats === 1) {
    out.mode = o.mode === 'scenario' ? 'scenario' : 'challenge';
    if (o.mode === 'scenario') out.scenario = o.scenario;
    out.bots = 0;
  }
  return out;
}

/** Games waiting for players, from the listing. */
export function openGames(list: ListedGame[]): ListedGame[] {
  return list.filter((g) => g.metadata && g.metadata.phase === 'lobby' && g.metadata.freeSeats > 0 && g.metadata.seats > 1);
}

export interface NetEvents {
  state(s: RoomStateJson): void;
  status(s: Status, detail: string): void;
  /** The server refused something (an intent, a start): its message, plainly. */
  refused(code: string, message: string): void;
  seat(seat: number): void;
  restarting(seconds: number): void;
  /** The server applied intent `id` (its state patch has already arrived). */
  acked(id: number): void;
}

interface SeatMessage { seat: number; token: string; roomId: string }

export class Net {
  readonly client: Client;
  room: Room | null = null;
  seat: number | null = null;
  private intentId = 0;

  /** `endpoint`: the game server (SDK); `apiBase`: where /api is reached (the same server, or a dev proxy). */
  constructor(readonly endpoint: string, readonly store: SessionStore, private readonly on: NetEvents, readonly apiBase = endpoint) {
    this.client = new Client(endpoint);
  }

  get roomId(): string | null {
    return this.room?.roomId ?? null;
  }

  async create(o: CreateOptions): Promise<void> {
    this.on.status('connecting', 'Creating the game…');
    this.attach(await this.client.create(ROOM_NAME, createOptions(o)));
  }

  async joinById(roomId: string, name: string, code?: string): Promise<void> {
    this.on.status('connecting', 'Joining…');
    const saved = this.store.seat(roomId);
    if (saved) {
      try {
        this.attach(await this.client.joinById(roomId, { name, seatToken: saved.token }));
        return;
      } catch {
        this.store.forget(roomId);
      }
    }
    this.attach(await this.client.joinById(roomId, { name, ...(code ? { code } : {}) }));
  }

  /** Join a game from its short code: the server resolves it to a room. */
  async joinByCode(code: string, name: string): Promise<void> {
    const roomId = await resolveCode(this.apiBase, code);
    await this.joinById(roomId, name, code.toUpperCase());
  }

  /** After a reload: take the remembered seat back, if this browser has one for that room. */
  async resume(roomId: string, name: string): Promise<boolean> {
    const saved = this.store.seat(roomId);
    if (!saved) return false;
    this.on.status('connecting', 'Taking your seat back…');
    if (saved.reconnectionToken) {
      try {
        this.attach(await this.client.reconnect(saved.reconnectionToken));
        return true;
      } catch {
        /* the server no longer holds that connection open: rejoin with the seat token */
      }
    }
    try {
      this.attach(await this.client.joinById(roomId, { name, seatToken: saved.token }));
      return true;
    } catch (e) {
      // Forget the seat only when the server says the token is no good; a missing room may come back after a restart.
      if (/BAD_SEAT_TOKEN/.test(e instanceof Error ? e.message : String(e))) this.store.forget(roomId);
      return false;
    }
  }

  send(action: Action): number {
    const id = ++this.intentId;
    this.room?.send('intent', { action, id });
    return id;
  }

  start(): void {
    this.room?.send('start', {});
  }

  /** Leave the room. `keepSeat`: remember the seat token, so opening the game's link again takes the seat back from the bot. */
  async leave(keepSeat = false): Promise<void> {
    const r = this.room;
    if (r && !keepSeat) this.store.forget(r.roomId);
    this.room = null;
    this.seat = null;
    if (r) await r.leave(true).catch(() => undefined);
    this.on.status('offline', '');
  }

  private attach(room: Room): void {
    this.room = room;
    const emit = () => {
      const s = room.state as { toJSON?: () => unknown } | undefined;
      if (!s || typeof s.toJSON !== 'function') return;
      const json = s.toJSON() as Partial<RoomStateJson>;
      // join*() resolves before the first full state: wait for it.
      if (typeof json.phase === 'string' && json.phase.length > 0 && Array.isArray(json.seats)) this.on.state(json as RoomStateJson);
    };
    room.onStateChange(emit);
    room.onMessage('seat', (m: SeatMessage) => {
      // seat -1: a spectator (the game had started, or every seat was taken).
      this.seat = m.seat >= 0 ? m.seat : null;
      if (m.seat >= 0 && m.token) {
        this.store.saveSeat({ roomId: m.roomId || room.roomId, seat: m.seat, token: m.token, reconnectionToken: room.reconnectionToken });
      }
      this.on.seat(m.seat);
    });
    room.onMessage('ack', (m: { id?: number }) => this.on.acked(typeof m?.id === 'number' ? m.id : -1));
    room.onMessage('error', (m: { code?: string; message?: string }) => this.on.refused(m.code ?? 'ERROR', m.message ?? 'The server refused that.'));
    room.onMessage('restarting', (m: { seconds?: number }) => this.on.restarting(m.seconds ?? 0));
    room.onMessage('*', () => undefined);
    room.onDrop(() => this.on.status('reconnecting', 'Connection lost: reconnecting…'));
    room.onReconnect(() => {
      const saved = this.store.seat(room.roomId);
      if (saved) this.store.saveSeat({ ...saved, reconnectionToken: room.reconnectionToken });
      this.on.status('connected', 'Reconnected.');
      emit();
    });
    room.onLeave((code: number) => {
      if (this.room !== room) return;
      this.on.status('lost', code === 4000 || code === 1000 ? 'You left the game.'
        : code === CLOSE_SEAT_TAKEN ? 'Your seat was taken over by another tab or device.'
          : 'Disconnected from the game. Reload the page to rejoin.');
    });
    room.onError((code: number, message?: string) => this.on.refused(String(code), message ?? 'Connection error.'));
    const saved = this.store.seat(room.roomId);
    if (saved) this.store.saveSeat({ ...saved, reconnectionToken: room.reconnectionToken });
    this.on.status('connected', '');
    emit();
  }
}

/** The HTTP base for API calls, from a ws(s) or http(s) endpoint. */
export function httpBase(endpoint: string): string {
  return endpoint.replace(/^ws/, 'http').replace(/\/$/, '');
}

export async function listGames(endpoint: string): Promise<ListedGame[]> {
  const r = await fetch(`${httpBase(endpoint)}/api/rooms`);
  if (!r.ok) throw new Error(`The list of games is unavailable (${r.status}).`);
  const body = (await r.json()) as unknown;
  return openGames(Array.isArray(body) ? (body as ListedGame[]) : []);
}

export async function resolveCode(endpoint: string, code: string): Promise<string> {
  const r = await fetch(`${httpBase(endpoint)}/api/rooms/by-code/${encodeURIComponent(code.trim().toUpperCase())}`);
  if (!r.ok) throw new Error(r.status === 404 ? `No game has the code ${code}.` : `Could not look up that code (${r.status}).`);
  const body = (await r.json()) as { roomId?: string };
  if (!body.roomId) throw new Error(`No game has the code ${code}.`);
  return body.roomId;
}

/** Words for an SDK/matchmaking failure. */
export function failureText(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  if (/locked|full/i.test(m)) return 'That game is full or has already started.';
  if (/BAD_CODE/.test(m)) return 'That code does not match the game.';
  if (/BAD_OPTIONS/.test(m)) return `The server refused those settings: ${m.replace(/^.*BAD_OPTIONS:\s*/, '')}`;
  if (/not found|no rooms|invalid room/i.test(m)) return 'That game no longer exists.';
  if (/fetch|network|ECONNREFUSED|Failed/i.test(m)) return `Cannot reach the server (${m}).`;
  return m;
}
