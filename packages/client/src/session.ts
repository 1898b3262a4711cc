/**
 * A typed session over `@colyseus/sdk`: create, join (by id or code), rejoin with a seat token,
 * spectate; one consistent `PlayerView` per state patch; actions that resolve on their `ack`; and
 * reconnection with the documented back-off. Runs in Node (22+) and browsers; touches no DOM.
 */
import { Client, type Room } from '@colyseus/sdk';
import { CLOSE_CODES, type RoomListing } from './codes';
import { IsleError, matchmakeError } from './errors';
import type { CreateOptionsInput } from './options';
import { LOG_PAGE_MAX, type ChatLine, type ErrorMessage, type LogPage, type SeatMessage } from './messages';
import type { TtrCreateOptionsInput } from './ttr/options';
import { ISLE_KIT, ROOM_NAMES, gameOfRoomName, loadKit, type GameKind, type GameKit, type GameTypes } from './games';
import type { SdkClient, SdkRoom } from './sdk-types';

/** A seat this client holds in a room: what takes it back after a reload or a lost connection. */
export interface StoredSeat {
  roomId: string;
  seat: number;
  /** The seat token from the `seat` message. Keep it secret: it takes the seat. */
  token: string;
  /** The SDK's reconnection token of the last connection (reconnects within the server's window). */
  reconnectionToken?: string;
}

/** Where seat tokens are kept (the web client keeps them in localStorage). */
export interface SeatStore {
  load(roomId: string): StoredSeat | null;
  save(seat: StoredSeat): void;
  forget(roomId: string): void;
}

/** A seat store in memory (the default): tokens live as long as the process or page. */
export function memorySeatStore(): SeatStore {
  const seats = new Map<string, StoredSeat>();
  return {
    load: (roomId) => seats.get(roomId) ?? null,
    save: (s) => { seats.set(s.roomId, { ...s }); },
    forget: (roomId) => { seats.delete(roomId); },
  };
}

/**
 * When a connection ends without the SDK getting it back, the session joins again with the seat
 * token (spectators join again as spectators), waiting `delays[i]` ms before attempt i+1 and the last
 * delay before every later attempt, up to `attempts` tries. docs/PROTOCOL.md, "Reconnection".
 */
export interface RejoinPolicy {
  delays: number[];
  attempts: number;
}

/** 0.5 s, 1 s, 2 s, 4 s, 8 s, then every 10 s; 20 tries (about 2½ minutes, past the server's 120 s seat window). */
export const DEFAULT_REJOIN: RejoinPolicy = { delays: [500, 1000, 2000, 4000, 8000, 10000], attempts: 20 };

export interface ClientOptions {
  /** The display name to join with (the server cleans it: 1–24 characters). */
  name?: string;
  /** `Guest <id>:<secret>` or `Bearer <token>` (docs/PROTOCOL.md, "Players"). */
  identity?: string;
  /** Where seat tokens are kept; default in memory. */
  seats?: SeatStore;
  /** The rejoin back-off; default {@link DEFAULT_REJOIN}. `attempts: 0` turns rejoining off. */
  rejoin?: Partial<RejoinPolicy>;
  /** Base URL of the HTTP API when it is not the game endpoint itself (e.g. a dev proxy). */
  apiBase?: string;
  /** How fast the session sends; default {@link DEFAULT_PACE}. */
  pace?: Partial<Pace>;
}

/**
 * The session's own send rate (a token bucket): messages beyond it wait their turn instead of being
 * dropped by the server's limit (docs/PROTOCOL.md, "Rate limit": 10 a second, bursts of 30 by default,
 * every frame counted, the SDK's own included).
 */
export interface Pace {
  perSecond: number;
  burst: number;
}

/** 8 a second, bursts of 20: under the server's default limit, with room for the SDK's own frames. */
export const DEFAULT_PACE: Pace = { perSecond: 8, burst: 20 };

/**
 * - `connected`: in the room;
 * - `reconnecting`: the connection dropped; the SDK or the session is getting it back;
 * - `closed`: over for good (left, seat taken elsewhere, or every attempt failed); `detail` says why.
 */
export type SessionStatus = 'connected' | 'reconnecting' | 'closed';

/** How a connection ended: the close code (docs/PROTOCOL.md, "Close codes") and a readable reason. */
export interface Closed {
  code: number;
  reason: string;
}

type Pending = { resolve: (value?: unknown) => void; reject: (e: IsleError) => void; type: string; body?: Record<string, unknown>; tries?: number };

const START_REFUSALS = new Set(['NOT_CREATOR', 'ALREADY_STARTED', 'SEATS_NOT_FILLED', 'STORE_UNAVAILABLE', 'BAD_MESSAGE', 'GAME_STOPPED']);

/** Turns a ws(s):// endpoint into the http(s):// base of the API. */
export function httpBase(endpoint: string): string {
  return endpoint.replace(/^ws/, 'http').replace(/\/$/, '');
}

/**
 * The entry point: one per server.
 *
 * ```ts
 * const client = new IsleClient('ws://localhost:2567', { name: 'Ada' });
 * const session = await client.create({ seats: 2, bots: 1 });
 * ```
 */
export class IsleClient {
  /** The SDK client underneath (for what this package does not cover; cast it to the SDK's `Client`). */
  get sdk(): SdkClient {
    return this.#sdk;
  }
  readonly #sdk: Client;
  readonly seats: SeatStore;
  readonly rejoinPolicy: RejoinPolicy;
  readonly pace: Pace;
  /** The display name sent with the next create or join (may change between them). */
  name: string | undefined;
  /** The identity sent with the next create or join (may change between them, e.g. after signing in). */
  identity: string | undefined;
  readonly #apiBase: string;

  constructor(readonly endpoint: string, options: ClientOptions = {}) {
    this.#sdk = new Client(endpoint);
    this.name = options.name;
    this.identity = options.identity;
    this.seats = options.seats ?? memorySeatStore();
    this.rejoinPolicy = { ...DEFAULT_REJOIN, ...options.rejoin };
    this.pace = { ...DEFAULT_PACE, ...options.pace };
    this.#apiBase = httpBase(options.apiBase ?? endpoint);
  }

  #who(): { name?: string; identity?: string } {
    return {
      ...(this.name !== undefined ? { name: this.name } : {}),
      ...(this.identity !== undefined ? { identity: this.identity } : {}),
    };
  }

  /**
   * Open a new room; the creator sits at seat 0. Solo rooms (`seats: 1`) start at once; others wait for {@link Session.start}.
   * Resolves once the session is {@link Session.ready} (its first state decoded and its seat known), as every
   * call that returns a session does.
   */
  async create(options?: CreateOptionsInput): Promise<Session>;
  /**
   * A room of the second game (`ttr`, docs/PROTOCOL.md "Second game"): its own create options (2–5 seats,
   * bots, map); the session's state, view, decisions and legal actions are then that game's.
   *
   * ```ts
   * const session = await client.create({ seats: 2, bots: 1 }, { game: 'ttr' });
   * ```
   */
  async create(options: TtrCreateOptionsInput, how: { game: 'ttr' }): Promise<Session<'ttr'>>;
  async create(options: CreateOptionsInput | TtrCreateOptionsInput = {}, how: { game?: GameKind } = {}): Promise<Session<any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const room = await this.#matchmake(() => this.#sdk.create(ROOM_NAMES[how.game ?? 'isle'], { ...this.#who(), ...options }));
    return Session.opened(this, room, 'player');
  }

  /**
   * Join a room by its id: with the seat this client already holds there (from its seat store), else
   * the lowest free seat in the lobby, else as a spectator. `code`, when given, must be the room's.
   */
  async join(roomId: string, options: { code?: string } = {}): Promise<Session> {
    const saved = this.seats.load(roomId);
    if (saved) {
      try {
        return await this.rejoin(roomId, saved.token);
      } catch (e) {
        if (!(e instanceof IsleError) || e.code !== 'BAD_SEAT_TOKEN') throw e;
        this.seats.forget(roomId);
      }
    }
    const room = await this.#matchmake(() => this.#sdk.joinById(roomId, { ...this.#who(), ...(options.code ? { code: options.code.toUpperCase() } : {}) }));
    return Session.opened(this, room, 'player');
  }

  /** Join the room with this short code (case-insensitive). */
  async joinByCode(code: string): Promise<Session> {
    return this.join(await this.findByCode(code), { code });
  }

  /** Take back a seat with its token (from another device, or after the connection was lost for good). */
  async rejoin(roomId: string, seatToken: string): Promise<Session> {
    const room = await this.#matchmake(() => this.#sdk.joinById(roomId, { ...this.#who(), seatToken }));
    return Session.opened(this, room, 'player');
  }

  /**
   * After a reload: the seat this client's store remembers in that room, through the SDK's
   * reconnection token while the server still holds the connection, else with the seat token.
   * Resolves null when the store has no seat there; forgets the seat when the server says the token is no good.
   */
  async resume(roomId: string): Promise<Session | null> {
    const saved = this.seats.load(roomId);
    if (!saved) return null;
    if (saved.reconnectionToken) {
      try {
        return await Session.opened(this, await this.#sdk.reconnect(saved.reconnectionToken), 'player');
      } catch {
        /* the window has passed: the seat token still works */
      }
    }
    try {
      return await this.rejoin(roomId, saved.token);
    } catch (e) {
      if (e instanceof IsleError && e.code === 'BAD_SEAT_TOKEN') this.seats.forget(roomId);
      throw e;
    }
  }

  /** Watch a room without taking a seat. */
  async spectate(roomId: string): Promise<Session> {
    const room = await this.#matchmake(() => this.#sdk.joinById(roomId, { ...this.#who(), spectate: true }));
    return Session.opened(this, room, 'spectator');
  }

  /** The room id of a short join code (`GET /api/rooms/by-code/:code`). */
  async findByCode(code: string): Promise<string> {
    const res = await fetch(`${this.#apiBase}/api/rooms/by-code/${encodeURIComponent(code.trim().toUpperCase())}`);
    if (res.status === 404) throw new IsleError('NOT_FOUND', `No game has the code ${code}.`);
    if (!res.ok) throw new IsleError(res.status === 429 ? 'RATE_LIMITED' : 'MATCHMAKE', `Could not look up that code (${res.status}).`);
    const body = (await res.json()) as { roomId?: unknown };
    if (typeof body.roomId !== 'string') throw new IsleError('NOT_FOUND', `No game has the code ${code}.`);
    return body.roomId;
  }

  /** The public rooms (`GET /api/rooms`), every phase. */
  async listRooms(): Promise<RoomListing[]> {
    const res = await fetch(`${this.#apiBase}/api/rooms`);
    if (!res.ok) throw new IsleError('MATCHMAKE', `The list of games is unavailable (${res.status}).`);
    const body = (await res.json()) as unknown;
    return Array.isArray(body) ? (body as RoomListing[]) : [];
  }

  async #matchmake(go: () => Promise<Room>): Promise<Room> {
    try {
      return await go();
    } catch (e) {
      throw matchmakeError(e);
    }
  }

  /** @internal The session's way back in after a connection ended. */
  reconnectRoom(roomId: string, role: 'player' | 'spectator', token: string): Promise<SdkRoom> {
    return this.#matchmake(() => this.#sdk.joinById(roomId, role === 'spectator' || !token ? { ...this.#who(), spectate: true } : { ...this.#who(), seatToken: token }));
  }
}

/**
 * One client's place in one room. Listen with {@link onView}; act with {@link act}; read the latest
 * {@link state}, {@link view}, {@link decision} and {@link legalActions} at any time.
 */
// The type parameter is the room type; a session opened by room id (join, rejoin, resume, spectate) is typed
// as Isle's, and `session.game` (or `isGame`) says which it really is.
export class Session<G extends GameKind = 'isle'> {
  /** This connection's seat, −1 for a spectator, null until the server has said. */
  seat: number | null = null;
  /**
   * A private room's share key (seated players only, from the `seat` message): with the room id it opens the
   * game's replay after the end, for whoever you give it to (`fetchReplay(base, roomId, { key })`).
   */
  shareKey: string | null = null;
  /** The latest room state (decoded JSON), null before the first one. */
  state: GameTypes[G]['state'] | null = null;
  /** The view of the latest state for this seat (or a spectator's), null in the lobby. */
  view: GameTypes[G]['view'] | null = null;
  status: SessionStatus = 'connected';
  /** True between `storage {ok:false}` and `storage {ok:true}`: the server cannot store moves; actions are refused. */
  storagePaused = false;
  /** Why the session closed, once it has. */
  closed: Closed | null = null;

  /** The room type: 'isle' (Isle of Trains) or 'ttr' (the second game), from the room the server seated us in. */
  readonly game: G;
  #kit: GameKit<G> | null;
  #room: Room;
  #role: 'player' | 'spectator';
  #token = '';
  #nextId = 0;
  readonly #pending = new Map<number, Pending>();
  #starting: Pending | null = null;
  readonly #views = new Set<(view: GameTypes[G]['view'] | null, state: GameTypes[G]['state']) => void>();
  readonly #chats = new Set<(line: ChatLine) => void>();
  readonly #statuses = new Set<(status: SessionStatus, closed: Closed | null) => void>();
  readonly #errors = new Set<(error: IsleError) => void>();
  readonly #rematches = new Set<(roomId: string) => void>();
  readonly #restarts = new Set<(seconds: number) => void>();
  #leaving = false;
  #rejoining = false;

  /**
   * Resolves once the first state has been decoded and the seat is known (`state` and `seat` are set
   * then); rejects if the session closes first. The sessions IsleClient returns are ready already.
   */
  readonly ready: Promise<void>;
  #readied: (() => void) | null = null;
  #notReady: ((e: IsleError) => void) | null = null;

  /** @internal Sessions come from {@link IsleClient}. */
  constructor(readonly client: IsleClient, room: SdkRoom, role: 'player' | 'spectator') {
    this.#room = room as Room;
    this.game = gameOfRoomName((room as Room).name) as G;
    // Isle's readers are at hand; another game's are loaded first, and its state is read once they are here.
    this.#kit = this.game === 'isle' ? ISLE_KIT as unknown as GameKit<G> : null;
    if (!this.#kit) {
      loadKit(this.game).then((kit) => {
        this.#kit = kit;
        this.#onState();
      }, (e: unknown) => this.#close({ code: 0, reason: `The game's rules could not be loaded (${(e as Error)?.message ?? e}).` }));
    }
    this.#role = role;
    this.ready = new Promise<void>((resolve, reject) => { this.#readied = resolve; this.#notReady = reject; });
    // Nobody may be waiting on it (a caller that never reads `ready`): no unhandled rejection then.
    this.ready.catch(() => undefined);
    this.#attach(this.#room);
  }

  /** @internal A session on a room just joined, once it is ready; a session closed before that rejects. */
  static async opened(client: IsleClient, room: SdkRoom, role: 'player' | 'spectator'): Promise<Session<any>> {
    const session = new Session<GameKind>(client, room, role);
    try {
      await session.ready;
    } catch (e) {
      await session.leave().catch(() => undefined);
      throw e;
    }
    return session;
  }

  /** The room's id (also the game's id in the archive). */
  get roomId(): string {
    return this.#room.roomId;
  }

  /** The SDK room underneath (changes when the session rejoins after a lost connection; cast it to the SDK's `Room`). */
  get sdkRoom(): SdkRoom {
    return this.#room;
  }

  /**
   * This session typed as a session on a room of that type, or null when its room is of another type. A
   * session opened by room id (join, rejoin, resume, spectate) is typed as Isle's: `session.asGame('ttr')`.
   */
  asGame<K extends GameKind>(game: K): Session<K> | null {
    return (this.game as GameKind) === game ? (this as unknown as Session<K>) : null;
  }

  /**
   * Who must act now and how (from the game's rules package); null in the lobby and after the end. When
   * several seats decide at once (the second game's opening ticket choice) this seat's decision comes first.
   */
  decision(): GameTypes[G]['decision'] | null {
    if (!this.view || !this.#kit) return null;
    const open = this.#kit.decisions(this.view);
    return open.find((d) => (d as { seat: number }).seat === this.seat) ?? open[0] ?? null;
  }

  /** True when a decision is this seat's. */
  isMyDecision(): boolean {
    const d = this.decision();
    return d !== null && this.seat !== null && (d as { seat: number }).seat === this.seat;
  }

  /** The actions this seat may take now (from the game's rules package): empty unless a decision is this seat's. */
  legalActions(): GameTypes[G]['action'][] {
    return this.view && this.#kit && this.isMyDecision() ? this.#kit.legal(this.view, this.seat!) : [];
  }

  /**
   * How many of this seat's moves (intents and undos) are on their way: sent, or waiting for the send
   * rate, and not yet answered by an `ack` or a refusal. A dropped connection answers them all
   * (`CONNECTION_LOST`), so this is 0 again by the time the session reconnects. A page that offers one
   * move at a time offers the next when this is 0.
   */
  get movesInFlight(): number {
    let n = 0;
    for (const p of this.#pending.values()) if (p.type === 'intent' || p.type === 'undo') n++;
    return n;
  }

  /** True when this seat is to move and may take a step back now (`undoable` in the state). */
  canUndo(): boolean {
    return this.isMyDecision() && (this.state?.undoable ?? 0) > 0;
  }

  /** The final scores once the game has ended, else null. */
  scores(): GameTypes[G]['scores'] | null {
    return this.state && this.#kit ? this.#kit.scores(this.state) : null;
  }

  /**
   * Called once per state patch with the view it makes (after the whole patch is decoded, never in
   * the middle of one), and once more when the seat becomes known; `view` is null in the lobby.
   * Called at once with the current view when there is one. Returns the way to stop listening.
   */
  onView(fn: (view: GameTypes[G]['view'] | null, state: GameTypes[G]['state']) => void): () => void {
    this.#views.add(fn);
    if (this.state && this.seat !== null) fn(this.view, this.state);
    return () => this.#views.delete(fn);
  }

  /** Chat lines, as the server broadcasts them (render them as text, never as HTML). */
  onChat(fn: (line: ChatLine) => void): () => void {
    this.#chats.add(fn);
    return () => this.#chats.delete(fn);
  }

  /** Connection changes: dropped, back, closed for good. */
  onStatus(fn: (status: SessionStatus, closed: Closed | null) => void): () => void {
    this.#statuses.add(fn);
    return () => this.#statuses.delete(fn);
  }

  /** Refusals that answer no call of this session (e.g. a RATE_LIMITED with nothing waiting). */
  onError(fn: (error: IsleError) => void): () => void {
    this.#errors.add(fn);
    return () => this.#errors.delete(fn);
  }

  /** A rematch room was opened after the game (join it with `client.join(roomId)`). */
  onRematch(fn: (roomId: string) => void): () => void {
    this.#rematches.add(fn);
    return () => this.#rematches.delete(fn);
  }

  /** The server will restart in about `seconds`; the session rejoins by itself afterwards. */
  onRestarting(fn: (seconds: number) => void): () => void {
    this.#restarts.add(fn);
    return () => this.#restarts.delete(fn);
  }

  /**
   * Send a rules action as this seat's `intent`. Resolves once the server has applied and stored it
   * (its `ack`; the state patch has arrived before); rejects with an {@link IsleError} carrying the
   * refusal's code (`NOT_YOUR_TURN`, `WRONG_DECISION`, `STORE_UNAVAILABLE`, …), or `CONNECTION_LOST`
   * when the connection dropped before the answer: then read the state again to see whether it was applied.
   */
  act(action: GameTypes[G]['action']): Promise<void> {
    if (this.seat !== null && this.seat < 0) return Promise.reject(new IsleError('NOT_SEATED', 'Spectators cannot act.'));
    return this.#request('intent', { action });
  }

  /** Take back this seat's last step of the turn (docs/PROTOCOL.md, "Undo"). Resolves on its `ack`. */
  undo(): Promise<void> {
    if (this.seat !== null && this.seat < 0) return Promise.reject(new IsleError('NOT_SEATED', 'Spectators cannot undo.'));
    return this.#request('undo', {});
  }

  /** Say something at the table. Resolves once the server has sent the line to everyone. */
  chat(text: string): Promise<void> {
    return this.#request('chat', { text });
  }

  /**
   * Older log lines than the state's `log` window (docs/PROTOCOL.md, `log`): the up to `limit` (1–100)
   * lines numbered below `before` (the newest lines when it is omitted), oldest first, with `more` true
   * when older ones exist (ask again with `before` set to the first line's `n`). Line numbers are the
   * state's, stable for the whole game. Players and spectators get the same public lines.
   *
   * ```ts
   * const first = session.state!.log[0]?.n;
   * const { lines, more } = await session.olderLog(first);
   * ```
   */
  olderLog(before?: number, limit: number = LOG_PAGE_MAX): Promise<LogPage> {
    if (this.status === 'closed') return Promise.reject(new IsleError('NOT_CONNECTED', 'The session has closed.'));
    const id = ++this.#nextId;
    return new Promise<LogPage>((resolve, reject) => {
      const message = { ...(before !== undefined ? { before } : {}), limit, id };
      this.#pending.set(id, { resolve: (page) => resolve(page as LogPage), reject, type: 'log', body: message, tries: 0 });
      this.#send('log', message);
    });
  }

  /** Ask for a rematch after the game has ended (any seated human). */
  rematch(): Promise<void> {
    return this.#request('rematch', {});
  }

  /**
   * Move to the rematch room (from {@link onRematch}): a player with this game's seat token (the new
   * room hands out a new one), a spectator as a spectator. This session leaves; the new one is returned.
   */
  async joinRematch(roomId: string): Promise<Session<G>> {
    const token = this.seat !== null && this.seat >= 0 ? this.#token : '';
    await this.leave();
    return (token ? this.client.rejoin(roomId, token) : this.client.spectate(roomId)) as Promise<unknown> as Promise<Session<G>>;
  }

  /**
   * The creator starts the game. Resolves when the game is under way (its `ack`, or the state's phase
   * leaving the lobby, whichever comes first); rejects with the refusal (`SEATS_NOT_FILLED`, …).
   */
  start(): Promise<void> {
    if (this.state && this.state.phase !== 'lobby') return Promise.resolve();
    if (this.#starting) return Promise.reject(new IsleError('BAD_MESSAGE', 'start is already on its way'));
    if (this.status === 'closed') return Promise.reject(new IsleError('NOT_CONNECTED', 'The session has closed.'));
    const id = ++this.#nextId;
    return new Promise<void>((resolve, reject) => {
      const starting: Pending = {
        resolve: () => { if (this.#starting === starting) this.#starting = null; this.#pending.delete(id); resolve(); },
        reject: (e) => { if (this.#starting === starting) this.#starting = null; this.#pending.delete(id); reject(e); },
        type: 'start', body: { id }, tries: 0,
      };
      this.#starting = starting;
      this.#pending.set(id, starting);
      this.#send('start', { id });
    });
  }

  /**
   * Resolves with this seat's decision as soon as it has one (at once if it has one now), or null
   * once the game has ended; rejects if the session closes first. The loop of a simple player:
   *
   * ```ts
   * while (await session.myDecision()) await session.act(choose(session.legalActions()));
   * ```
   */
  myDecision(): Promise<GameTypes[G]['decision'] | null> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        if (this.isMyDecision()) { resolve(this.decision()); return true; }
        if (this.state?.phase === 'ended') { resolve(null); return true; }
        if (this.status === 'closed') { reject(new IsleError('CONNECTION_LOST', this.closed?.reason ?? 'The session closed.')); return true; }
        return false;
      };
      if (check()) return;
      const stop = (): void => { stopView(); stopStatus(); };
      const stopView = this.onView(() => { if (check()) stop(); });
      const stopStatus = this.onStatus(() => { if (check()) stop(); });
    });
  }

  /** Resolves with the final state once the game has ended (at once if it has). */
  finished(): Promise<GameTypes[G]['state']> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        if (this.state?.phase === 'ended') { resolve(this.state); return true; }
        if (this.status === 'closed') { reject(new IsleError('CONNECTION_LOST', this.closed?.reason ?? 'The session closed.')); return true; }
        return false;
      };
      if (check()) return;
      const stopView = this.onView(() => { if (check()) { stopView(); stopStatus(); } });
      const stopStatus = this.onStatus(() => { if (check()) { stopView(); stopStatus(); } });
    });
  }

  /**
   * Leave the room. `keepSeat`: keep the seat token in the store (in play a bot takes the seat until
   * you come back with it); otherwise it is forgotten.
   */
  async leave(keepSeat = false): Promise<void> {
    this.#leaving = true;
    if (!keepSeat) this.client.seats.forget(this.roomId);
    await this.#room.leave(true).catch(() => undefined);
    this.#close({ code: CLOSE_CODES.CONSENTED, reason: 'You left the game.' });
  }

  // ---------------------------------------------------------------------------------------------

  #request(type: string, body: Record<string, unknown>): Promise<void> {
    if (this.status === 'closed') return Promise.reject(new IsleError('NOT_CONNECTED', 'The session has closed.'));
    const id = ++this.#nextId;
    return new Promise<void>((resolve, reject) => {
      const message = { ...body, id };
      this.#pending.set(id, { resolve: () => resolve(), reject, type, body: message, tries: 0 });
      this.#send(type, message);
    });
  }

  #tokens = -1;
  #filledAt = 0;
  #queue: { type: string; body: Record<string, unknown> }[] = [];
  #flushing = false;

  /** Send now if the pace allows, else after the messages already waiting (in order). */
  #send(type: string, body: Record<string, unknown>): void {
    this.#queue.push({ type, body });
    this.#flush();
  }

  #flush(): void {
    if (this.#flushing) return;
    const { perSecond, burst } = this.client.pace;
    const now = Date.now();
    this.#tokens = this.#tokens < 0 ? burst : Math.min(burst, this.#tokens + ((now - this.#filledAt) / 1000) * perSecond);
    this.#filledAt = now;
    while (this.#queue.length > 0 && this.#tokens >= 1) {
      const m = this.#queue.shift()!;
      this.#tokens -= 1;
      this.#room.send(m.type, m.body);
    }
    if (this.#queue.length === 0) return;
    this.#flushing = true;
    setTimeout(() => { this.#flushing = false; this.#flush(); }, Math.ceil(((1 - this.#tokens) / perSecond) * 1000));
  }

  #attach(room: Room): void {
    room.onStateChange(() => this.#onState());
    room.onMessage('seat', (m: SeatMessage) => this.#onSeat(m));
    room.onMessage('ack', (m: { id?: unknown }) => {
      const p = typeof m?.id === 'number' ? this.#pending.get(m.id) : undefined;
      if (!p) return;
      this.#pending.delete(m.id as number);
      p.resolve();
    });
    room.onMessage('error', (m: ErrorMessage) => this.#onRefusal(m));
    room.onMessage('log', (m: LogPage) => {
      const p = typeof m?.id === 'number' ? this.#pending.get(m.id) : undefined;
      if (!p || p.type !== 'log') return;
      this.#pending.delete(m.id as number);
      p.resolve({ lines: Array.isArray(m.lines) ? m.lines : [], more: m.more === true, ...(typeof m.before === 'number' ? { before: m.before } : {}), id: m.id });
    });
    room.onMessage('chat', (m: ChatLine) => { for (const fn of this.#chats) fn(m); });
    room.onMessage('storage', (m: { ok?: unknown }) => { this.storagePaused = m?.ok === false; });
    room.onMessage('restarting', (m: { seconds?: unknown }) => { for (const fn of this.#restarts) fn(typeof m?.seconds === 'number' ? m.seconds : 0); });
    room.onMessage('rematch', (m: { roomId?: unknown }) => {
      if (typeof m?.roomId === 'string') for (const fn of this.#rematches) fn(m.roomId);
    });
    // Types this version does not know: taken, so the SDK does not warn, and ignored.
    room.onMessage('*', () => undefined);
    room.onDrop(() => {
      // An answer in flight is lost with the connection: the caller reads the state again once back.
      this.#failPending('CONNECTION_LOST', 'The connection dropped before the server answered.');
      this.#setStatus('reconnecting');
    });
    room.onReconnect(() => {
      this.#remember();
      this.#setStatus('connected');
      this.#onState();
    });
    room.onLeave((code: number, reason?: string) => {
      if (this.#room !== room) return;
      this.#failPending('CONNECTION_LOST', 'The connection closed before the server answered.');
      if (this.#leaving) return;
      const closed = { code, reason: reason ?? '' };
      if (code === CLOSE_CODES.CONSENTED) return this.#close({ code, reason: reason || 'You left the game.' });
      if (code === CLOSE_CODES.SEAT_TAKEN) return this.#close({ code, reason: 'The seat was taken over by another connection with its token.' });
      if (code === CLOSE_CODES.LOBBY_IDLE) return this.#close({ code, reason: 'The game was closed: nobody joined it for a long time.' });
      if (this.state?.phase === 'ended' || this.client.rejoinPolicy.attempts <= 0) return this.#close(closed);
      void this.#rejoinLoop(closed);
    });
    this.#onState();
  }

  /** Join again with the seat token (or as a spectator) with back-off, after the SDK could not reconnect. */
  async #rejoinLoop(closed: Closed): Promise<void> {
    if (this.#rejoining) return;
    this.#rejoining = true;
    this.#setStatus('reconnecting');
    const { delays, attempts } = this.client.rejoinPolicy;
    for (let i = 0; i < attempts && !this.#leaving; i++) {
      await new Promise((r) => setTimeout(r, delays[Math.min(i, delays.length - 1)] ?? 1000));
      if (this.#leaving) break;
      try {
        const room = await this.client.reconnectRoom(this.roomId, this.#role, this.#token) as Room;
        // The old state is stale: the view waits for the new connection's full state.
        this.state = null;
        this.view = null;
        this.#room = room;
        this.#rejoining = false;
        this.#attach(room);
        this.#setStatus('connected');
        return;
      } catch (e) {
        // A refusal that no wait will change: the token is no good, or the room is gone.
        const code = e instanceof IsleError ? e.code : '';
        if (code === 'BAD_SEAT_TOKEN' || /not found/i.test((e as Error).message)) {
          if (code === 'BAD_SEAT_TOKEN') this.client.seats.forget(this.roomId);
          break;
        }
      }
    }
    this.#rejoining = false;
    if (!this.#leaving) this.#close(closed);
  }

  #onState(): void {
    const s = this.#room.state as { toJSON?: () => unknown } | undefined;
    if (!s || typeof s.toJSON !== 'function' || !this.#kit) return;
    const json = s.toJSON() as { phase?: unknown; seats?: unknown };
    // A join resolves before the first full state arrives: wait for it.
    if (typeof json.phase !== 'string' || json.phase.length === 0 || !Array.isArray(json.seats)) return;
    this.state = this.#kit.fromWire(json);
    if (this.#starting && this.state.phase !== 'lobby') this.#settleStart();
    this.#emit();
  }

  #onSeat(m: SeatMessage): void {
    if (typeof m?.seat !== 'number') return;
    const changed = this.seat !== m.seat;
    this.seat = m.seat;
    if (typeof m.shareKey === 'string') this.shareKey = m.shareKey;
    this.#role = m.seat >= 0 ? 'player' : 'spectator';
    if (m.seat >= 0 && typeof m.token === 'string' && m.token) {
      this.#token = m.token;
      this.#remember();
    }
    if (changed) this.#emit();
  }

  #remember(): void {
    if (this.seat === null || this.seat < 0 || !this.#token) return;
    this.client.seats.save({ roomId: this.roomId, seat: this.seat, token: this.#token, reconnectionToken: this.#room.reconnectionToken });
  }

  #emit(): void {
    if (!this.state || this.seat === null) return;
    if (this.#readied) {
      this.#readied();
      this.#readied = this.#notReady = null;
    }
    this.view = this.#kit!.view(this.state, this.seat >= 0 ? this.seat : 'spectator');
    for (const fn of this.#views) fn(this.view, this.state);
  }

  #onRefusal(m: ErrorMessage): void {
    const code = typeof m?.code === 'string' ? m.code : 'INTERNAL';
    const message = typeof m?.message === 'string' ? m.message : code;
    const id = typeof m?.id === 'number' ? m.id : undefined;
    const error = new IsleError(code, message, m?.id);
    const p = id !== undefined ? this.#pending.get(id) : undefined;
    if (p) {
      this.#pending.delete(id!);
      p.reject(error);
      return;
    }
    if (this.#starting && m?.id === undefined && START_REFUSALS.has(code)) {
      const s = this.#starting;
      this.#starting = null;
      s.reject(error);
      return;
    }
    // RATE_LIMITED comes without an id: the frame was dropped unread, so nothing was applied. With one
    // message waiting it is that one: sent again after a pause (0.5, 1, 2 s), then given up. With several
    // it cannot be told which: the latest is rejected, for the caller to send again.
    if (code === 'RATE_LIMITED' && this.#pending.size > 0) {
      const last = Math.max(...this.#pending.keys());
      const q = this.#pending.get(last)!;
      if (this.#pending.size === 1 && q.body && (q.tries ?? 0) < 3) {
        const wait = 500 * 2 ** (q.tries ?? 0);
        q.tries = (q.tries ?? 0) + 1;
        setTimeout(() => { if (this.#pending.get(last) === q) this.#send(q.type, q.body!); }, wait);
        return;
      }
      this.#pending.delete(last);
      q.reject(error);
      return;
    }
    for (const fn of this.#errors) fn(error);
  }

  #settleStart(): void {
    const s = this.#starting;
    this.#starting = null;
    s?.resolve();
  }

  #failPending(code: 'CONNECTION_LOST', message: string): void {
    // What has not left yet never will: its caller is told it failed.
    this.#queue = [];
    for (const [id, p] of this.#pending) {
      this.#pending.delete(id);
      p.reject(new IsleError(code, message, id));
    }
    if (this.#starting) {
      const s = this.#starting;
      this.#starting = null;
      s.reject(new IsleError(code, message));
    }
  }

  #setStatus(status: SessionStatus): void {
    if (this.status === status || this.status === 'closed') return;
    this.status = status;
    for (const fn of this.#statuses) fn(status, this.closed);
  }

  #close(closed: Closed): void {
    if (this.status === 'closed') return;
    this.closed = closed;
    this.status = 'closed';
    if (this.#notReady) {
      this.#notReady(new IsleError('CONNECTION_LOST', closed.reason || 'The session closed before its first state arrived.'));
      this.#readied = this.#notReady = null;
    }
    for (const fn of this.#statuses) fn('closed', closed);
  }
}
