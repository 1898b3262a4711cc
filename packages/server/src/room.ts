/**
 * IsleRoom: one table of Isle of Trains. The full rules GameState, the seed, the seat tokens and the
 * action log live only in this object; clients get the schema mirror (src/mirror.ts), where hands are
 * visible only to their owner. See docs/PROTOCOL.md for everything a client sends and receives.
 */
import { randomBytes } from 'crypto';
import { Room, ServerError, ErrorCode, matchMaker, type Client, type Deferred } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import {
  ActionSchema, isExactAction, playerView, soloStatus,
  type Action, type GameEvent, type GameOptions, type PlayerView, type RuleError,
} from '@isle-of-trains/rules';
import type { Config } from './config';
import type { Logger } from './logger';
import { mirrorGame, privatePart } from './mirror';
import { ChatSchema, CreateOptionsSchema, IntentSchema, JoinOptionsSchema, LogRequestSchema, RematchSchema, StartSchema, UndoSchema, issuesText, type CreateOptions } from './options';
import { LogLines, type LogLine } from './log-lines';
import {
  CLOSE_CODES, LOG_PAGE_MAX, NO_RECONNECTION_WINDOW, ROOM_NAME, logLineFromWire, logLineWire, type ErrorMessage, type RoomMetadata,
} from '@isle-of-trains/client/protocol';
import { passThrough, type Refusal } from './refusal';
import { Match } from './game/match';
import { rematchOptions, takeRematch, type RematchRecord } from './rematch';
import type { ReplayStore } from './replays';
import { randomBot, type BotFactory, type BotPlayer } from './bots';
import { GameSchema, IsleState, SeatInfo } from './schema';
import { hashToken, now, type GameStore } from './store/types';
import { RoomJournal, STORE_UNAVAILABLE, storeUnavailable } from './store/journal';
import { StoreHealth } from './store/health';
import type { Metrics } from './metrics';
import { seatForToken, takeRestore, withoutRestoreKey, type RestoredGame } from './restore';
import { dropViewQueueAfterFullState } from './view-handoff';
import { cheapPatches } from './patch-flush';
import { shareEncodeBuffers } from './encode-buffers';
import { fileCode, withdrawCode } from './join-codes';
import { socketClientAddress, type AddressQuotas } from './address-quotas';
import { LobbyTimer, type LobbyCeiling } from './lobby-ceiling';
import { newShareKey, shareKeyHash } from './private-games';
import type { PlayersService } from './players/service';
import { PlayerError, type PlayerRecord } from './players/accounts';
import { isRatedTable } from './players/archive';
import { resolveIdentity } from './players/identity';
import { cleanChatText } from './players/chat';
import type { ArchiveOutbox } from './players/archive-outbox';
import {
  TokenBucket, connectionLimits, installFrameGate, type ConnectionLimits, type SlowedAddresses,
} from './frame-gate';

/** The history before a game starts (never written to). */
const NO_EVENTS: GameEvent[] = [];

/** Bad-input log lines per connection: this many at once, then this many per minute. */
const BAD_INPUT_LINES = 3;

export { ROOM_NAME };
/** Closes the server decided (frame over MAX_PAYLOAD_BYTES, unreadable frame, flooding, seat taken): no reconnection window. */
const SERVER_CLOSE_CODES = new Set(NO_RECONNECTION_WINDOW);

export interface RoomDeps {
  config: Config;
  logger: Logger;
  replays: ReplayStore;
  bots: BotFactory;
  /** Action log for restarts and replays (src/store); none = nothing is stored. */
  store?: GameStore;
  /** Whether the store takes writes (shared by every room; src/store/health.ts). */
  storeHealth?: StoreHealth;
  metrics?: Metrics;
  /** True while the process shuts down: no new rooms. */
  draining?: () => boolean;
  /** Addresses that flooded recently: their connections get a quarter of the rate limit. */
  slowed?: SlowedAddresses;
  /** Per-address matchmaking quotas: a joined connection no longer counts as a pending reservation. */
  quotas?: AddressQuotas;
  /** The process's count of open lobbies (MAX_OPEN_LOBBIES). */
  lobbies?: LobbyCeiling;
  /** The players' database (identities, the archive, ratings); none = games are not archived. */
  players?: PlayersService;
  /** Finished games on their way to the players' archive; none = games are not archived. */
  outbox?: ArchiveOutbox;
}

export type { RoomMetadata };

interface Slot {
  kind: 'empty' | 'human' | 'bot';
  name: string;
  token: string | null;
  sessionId: string | null;
  connected: boolean;
  botPlaying: boolean;
  reconnection: Deferred<Client> | null;
  /** Identity from the players' database, when the player joined with one. */
  playerId?: string | null;
  account?: boolean;
  /** Left a rated game for good: the game counts as lost for them. */
  left?: boolean;
}

interface UserData {
  /** Seat index, or -1 for a spectator. */
  seat: number;
  /** Frame limits (frame-gate.ts): every inbound frame of every kind counts. */
  limits: ConnectionLimits;
  /** Log lines about this connection's bad input: a few per minute (the rest are counted, not written). */
  logLines: TokenBucket;
  /** Bad-input lines not written since the last one that was. */
  unlogged: number;
  /** The client's address (X-Forwarded-For through TRUSTED_PROXIES, else the socket's peer), for slowing down an address that flooded. */
  address?: string;
  /** Closed by the server because the seat was retaken elsewhere: no reconnection. */
  kicked?: boolean;
  /** onJoin completed (a join refused with BAD_OPTIONS etc. never gets a reconnection window). */
  joined?: boolean;
  /** Chat lines this connection may still send (1 a second, bursts of 5). */
  chat?: TokenBucket;
  /** The name a spectator gave, for their chat lines. */
  name?: string;
}

type IsleClient = Client<{ userData: UserData; auth: JoinAuth | undefined }>;

/** What onAuth found out about a joining client. */
interface JoinAuth {
  player: PlayerRecord | null;
}

export type { ErrorMessage };

/** Create options as the game store keeps them: without the creator's identity (a secret or a session token). */
function storedOptions(o: CreateOptions): CreateOptions {
  const { identity: _secret, ...kept } = o as CreateOptions & { identity?: string };
  return kept as CreateOptions;
}

/** The client's address: the one worked out when the socket connected (X-Forwarded-For only through TRUSTED_PROXIES), else the socket's peer. */
function socketAddress(client: Client): string | undefined {
  const ws = client.ref as ({ _socket?: { remoteAddress?: string } } & object) | undefined;
  return (ws && socketClientAddress.get(ws)) ?? ws?._socket?.remoteAddress;
}


export class IsleRoom extends Room<{ state: IsleState; metadata: RoomMetadata; client: IsleClient }> {
  /** Set by the class app.ts builds around this one (see bindIsleRoom). */
  deps!: RoomDeps;

  private opts!: CreateOptions;
  private slots: Slot[] = [];
  private creator: string | null = null;
  /** The game once started (src/game/match.ts): state, actions, events, undo trail and log lines. */
  private match: Match | null = null;
  /** Fixed when the game starts: every seat a signed-in account, no bots (src/players/archive.ts). */
  private rated = false;
  /**
   * The whole table's log (src/log-lines.ts): notices from the lobby on, then the match writes its events'
   * lines into it. The state's `log` shows only its newest LOG_ENTRIES lines.
   */
  private lines = new LogLines(() => this.match?.events ?? NO_EVENTS);
  private timer: NodeJS.Timeout | null = null;
  /** Bot moves in a row made while no human player was connected (see MAX_UNATTENDED_MOVES). */
  private unattended = 0;
  /** Why the game was stopped unfinished (unattended, or an internal error); nothing more is played in this room. */
  private stopped: string | null = null;
  private bot!: BotPlayer;
  private rlog!: Logger;
  /** Every store write goes through here (src/store/journal.ts): nothing is acknowledged before it is stored. */
  private journal: RoomJournal | null = null;
  /** Restored games and rematches: SHA-256 of each seat's token, until its owner comes back with the token. */
  private restoredHashes: (string | null)[] = [];
  /** A rematch room: the ended room it continues (src/rematch.ts). */
  private rematchOf: string | null = null;
  /** An ended room: the rematch room once asked for (a promise while it is being created). */
  private rematchRoom: Promise<string> | null = null;
  /** The rematch room's id once it exists (to notice that it has closed since). */
  private rematchRoomId: string | null = null;
  /** A private room's share key: seated players get it; it opens the replay after the end (src/private-games.ts). */
  private shareKey: string | null = null;
  /** Closes the lobby when nobody has joined it for LOBBY_IDLE_SECONDS. */
  private lobbyTimer: LobbyTimer | null = null;

  override async onCreate(options: unknown): Promise<void> {
    const { config } = this.deps;
    const restoring = takeRestore(options);
    const rematch = restoring ? undefined : takeRematch(options);
    if (restoring) this.roomId = restoring.roomId;
    else if (this.deps.draining?.()) throw new ServerError(ErrorCode.APPLICATION_ERROR, 'SHUTTING_DOWN: this server is restarting; try again');
    this.rlog = this.deps.logger.child({ room: this.roomId });
    const parsed = CreateOptionsSchema.safeParse(restoring?.createOptions ?? rematch?.createOptions ?? withoutRestoreKey(options) ?? {});
    if (!parsed.success) throw new ServerError(ErrorCode.APPLICATION_ERROR, `BAD_OPTIONS: ${issuesText(parsed.error)}`);
    this.opts = parsed.data;
    if (this.opts.turnTimeLimit > 0 && this.opts.turnTimeLimit < config.MIN_TURN_SECONDS) {
      throw new ServerError(ErrorCode.APPLICATION_ERROR, `BAD_OPTIONS: turnTimeLimit is 0 (off) or ${config.MIN_TURN_SECONDS}–3600 seconds`);
    }
    this.bot = this.deps.bots(this.opts.botLevel);

    this.setState(new IsleState());
    dropViewQueueAfterFullState(this);
    if (config.LOAD_TUNING === 'on') {
      cheapPatches(this);
      shareEncodeBuffers(this);
    }
    installFrameGate(this, {
      limits: (client) => (client as IsleClient).userData?.limits,
      rateLimited: (client) => this.refuse(client as IsleClient, { code: 'RATE_LIMITED', message: 'Too many messages; slow down.' }, 'frame'),
      flooding: (client) => this.closeFlooding(client as IsleClient),
      badInput: (client, what) => this.noteBadInput(client as IsleClient, { what }),
      unreadable: (client) => this.deps.slowed?.add((client as IsleClient).userData?.address),
    });
    this.setPatchRate(config.PATCH_RATE_MS);
    // No maxClients: Colyseus counts seat reservations (reconnection windows, joins in flight) against
    // it and LOCKS the room when they add up, turning away even a player with a seat token. Seats are
    // counted by the slots and spectators in onJoin (ROOM_FULL) instead; maxClients stays Infinity.

    const s = this.state;
    s.seatsTotal = this.opts.seats;
    s.mode = this.opts.seats === 1 ? (this.opts.mode ?? 'challenge') : 'multiplayer';
    s.scenario = this.opts.scenario ?? 0;
    s.isPrivate = this.opts.private;
    s.turnTimeLimit = this.opts.turnTimeLimit;
    s.botLevel = this.opts.botLevel;
    s.code = await fileCode(this.presence, this.roomId, restoring?.code);
    if (this.opts.private) this.shareKey = restoring?.shareKey ?? newShareKey();

    for (let i = 0; i < this.opts.seats; i++) {
      const isBot = i >= this.opts.seats - this.opts.bots;
      this.slots.push({
        kind: isBot ? 'bot' : 'empty',
        name: isBot ? `Bot ${i + 1}` : '',
        token: null,
        sessionId: null,
        connected: false,
        botPlaying: false,
        reconnection: null,
      });
      s.seats.push(new SeatInfo());
    }
    if (rematch) this.reserveSeats(rematch);
    this.syncSeats();
    this.openJournal(restoring);
    if (restoring) this.restore(restoring);
    else if (this.journal && !this.journal.write({ t: 'create', at: now(), options: storedOptions(this.opts), code: s.code, ...(this.shareKey ? { shareKey: this.shareKey } : {}) })) {
      this.journal.dispose();
      throw new ServerError(ErrorCode.APPLICATION_ERROR, `${STORE_UNAVAILABLE}: the server cannot store games right now; try again shortly`);
    }
    if (this.opts.private) await this.setPrivate(true);
    await this.updateMetadata();

    this.onMessage('intent', (client: IsleClient, body: unknown) => this.guard(client, 'intent', body, (id) => this.onIntent(client, body, id)));
    this.onMessage('start', (client: IsleClient, body: unknown) => this.guard(client, 'start', body, (id) => this.onStart(client, body, id)));
    this.onMessage('chat', (client: IsleClient, body: unknown) => this.guard(client, 'chat', body, (id) => this.onChat(client, body, id)));
    this.onMessage('undo', (client: IsleClient, body: unknown) => this.guard(client, 'undo', body, (id) => this.onUndo(client, body, id)));
    this.onMessage('rematch', (client: IsleClient, body: unknown) => this.guard(client, 'rematch', body, (id) => this.onRematch(client, body, id)));
    this.onMessage('log', (client: IsleClient, body: unknown) => this.guard(client, 'log', body, (id) => this.onLogRequest(client, body, id)));
    this.onMessage('*', (client: IsleClient, type: string | number, body: unknown) => this.guard(client, String(type), body, (id) => this.unknownMessage(client, type, id)));
    if (s.phase === 'lobby') this.openLobby();
    this.rlog.info({ event: 'create', seats: this.opts.seats, bots: this.opts.bots, mode: s.mode, private: this.opts.private }, 'room created');
  }

  // ---------------------------------------------------------------- joining and leaving

  /**
   * An identity sent with the join is checked against the players' database. A wrong one refuses the join
   * (BAD_IDENTITY) so the client knows; an unreachable database lets the player in without one.
   */
  override async onAuth(_client: IsleClient, options: unknown): Promise<JoinAuth> {
    const identity = (options as { identity?: unknown } | null)?.identity;
    if (typeof identity !== 'string' || !this.deps.players) return { player: null };
    const player = await resolveIdentity(this.deps.players, identity).catch((e: Error & { code?: string }) => {
      if (e instanceof PlayerError) throw new ServerError(ErrorCode.APPLICATION_ERROR, `BAD_IDENTITY: ${e.message}`);
      this.rlog.warn({ event: 'identity', err: { message: e.message } }, 'players database unreachable; joining without identity');
      return null;
    });
    return { player };
  }

  override onJoin(client: IsleClient, options: unknown): void {
    // The creator's join carries the create options: keys were checked per method at matchmaking (matchmake-guard.ts).
    const parsed = JoinOptionsSchema.strip().safeParse(options ?? {});
    if (!parsed.success) throw new ServerError(ErrorCode.APPLICATION_ERROR, `BAD_OPTIONS: ${issuesText(parsed.error)}`);
    const o = parsed.data;
    if (o.code !== undefined && o.code.toUpperCase() !== this.state.code) {
      throw new ServerError(ErrorCode.APPLICATION_ERROR, 'BAD_CODE: that code does not belong to this room');
    }
    const { config } = this.deps;
    this.deps.quotas?.used(client.sessionId);
    client.view = new StateView();
    const address = socketAddress(client);
    client.userData = {
      seat: -1,
      limits: connectionLimits(config.RATE_LIMIT, config.RATE_LIMIT_BURST, this.deps.slowed?.has(address) ?? false),
      logLines: new TokenBucket(BAD_INPUT_LINES / 60, BAD_INPUT_LINES),
      unlogged: 0,
      address,
      ...(o.name ? { name: o.name } : {}),
    };

    let seat = -1;
    if (o.seatToken !== undefined) {
      seat = this.slots.findIndex((sl) => sl.token !== null && sl.token === o.seatToken);
      if (seat < 0) seat = this.claimRestoredSeat(o.seatToken);
      if (seat < 0) throw new ServerError(ErrorCode.APPLICATION_ERROR, 'BAD_SEAT_TOKEN: no seat in this room has that token');
      this.retake(seat, client);
      if (this.rematchOf && this.creator === null) this.creator = client.sessionId;
    } else if (this.state.phase === 'lobby' && !o.spectate) {
      seat = this.slots.findIndex((sl) => sl.kind === 'empty');
      if (seat >= 0) {
        const slot = this.slots[seat];
        slot.kind = 'human';
        const who = client.auth?.player ?? null;
        slot.name = o.name ?? who?.name ?? `Player ${seat + 1}`;
        slot.playerId = who?.id ?? null;
        slot.account = who?.username != null;
        slot.token = randomBytes(18).toString('base64url');
        slot.sessionId = client.sessionId;
        slot.connected = true;
        if (this.creator === null) this.creator = client.sessionId;
      }
    }
    if (seat < 0 && this.clients.filter((c) => c.userData?.joined && c.userData.seat === -1).length >= config.MAX_SPECTATORS) {
      throw new ServerError(ErrorCode.APPLICATION_ERROR, `ROOM_FULL: this room already has ${config.MAX_SPECTATORS} spectators`);
    }
    client.userData.seat = seat;
    client.userData.joined = true;
    this.lobbyTimer?.touch();
    if (seat >= 0) {
      const slot = this.slots[seat];
      client.send('seat', { seat, token: slot.token, roomId: this.roomId, ...this.shareKeyField() });
      const player = this.state.game?.players[seat];
      if (player) client.view.add(player);
      this.addLog(seat, 'join', `${slot.name} joined.`);
    } else {
      client.send('seat', { seat: -1, token: '', roomId: this.roomId });
    }
    if (this.journal?.blocked) client.send('storage', { ok: false }); // joined during a store outage
    this.rlog.info({ event: 'join', seat, session: client.sessionId }, seat >= 0 ? 'player joined' : 'spectator joined');
    this.syncSeats();
    this.syncSpectators();
    void this.updateMetadata();

    if (this.state.phase === 'lobby' && this.opts.seats === 1 && seat === 0) {
      // Solo starts at once (the joining client is already in this.clients: startGame fills its view).
      this.startGame();
    } else if (this.state.phase === 'lobby' && this.rematchOf && seat >= 0 && this.slots.every((sl) => sl.kind === 'bot' || (sl.kind === 'human' && sl.connected))) {
      // A rematch starts by itself once every player of the ended game is back at the table.
      this.startGame();
    } else if (this.state.phase === 'playing' && seat >= 0) this.scheduleNext();
  }

  /** A client presented the seat token: it gets the seat, whoever held the connection before. */
  private retake(seat: number, client: IsleClient): void {
    const slot = this.slots[seat];
    const previous = slot.sessionId;
    const pending = slot.reconnection;
    slot.sessionId = client.sessionId;
    slot.connected = true;
    slot.botPlaying = false;
    slot.reconnection = null;
    if (previous && this.creator === previous) this.creator = client.sessionId;
    if (pending) pending.reject(new Error('seat retaken with its token'));
    if (previous) {
      const old = this.clients.find((c) => c.sessionId === previous);
      if (old) {
        old.userData = { ...old.userData!, seat: -1, kicked: true };
        old.leave(CLOSE_CODES.SEAT_TAKEN, 'seat taken over by a newer connection');
      }
    }
    this.rlog.info({ event: 'retake', seat }, 'seat retaken with token');
  }

  override onDrop(client: IsleClient, code?: number): void {
    const seat = this.ownedSeat(client);
    if (seat >= 0) {
      const slot = this.slots[seat];
      slot.connected = false;
      this.syncSeats();
      this.addLog(seat, 'drop', `${slot.name} lost the connection.`);
    }
    this.rlog.info({ event: 'drop', seat, code }, 'connection dropped');
    const seconds = this.deps.config.RECONNECT_SECONDS;
    // Only a seated player's lost connection is held open. A spectator just joins again; a connection
    // the server closed itself (seat retaken, bad or oversized frames, flooding) gets no window.
    if (seconds <= 0 || seat < 0 || client.userData?.kicked || !client.userData?.joined || SERVER_CLOSE_CODES.has(code ?? 0)) return; // onLeave follows
    try {
      const deferred = this.allowReconnection(client, seconds);
      deferred.catch(() => undefined);
      if (seat >= 0) this.slots[seat].reconnection = deferred;
    } catch (e) {
      this.rlog.warn({ event: 'drop', seat, err: (e as Error).message }, 'reconnection not possible');
    }
  }

  override onReconnect(client: IsleClient): void {
    const seat = this.ownedSeat(client);
    // A reloaded page that reconnected with its reconnection token learns its seat again.
    client.send('seat', { seat, token: seat >= 0 ? this.slots[seat].token : '', roomId: this.roomId, ...(seat >= 0 ? this.shareKeyField() : {}) });
    if (seat >= 0) {
      const slot = this.slots[seat];
      slot.connected = true;
      slot.botPlaying = false;
      slot.reconnection = null;
      // A player who dropped in the lobby was not among this.clients when the game started, so the
      // view Colyseus carried over to this connection does not hold their hand yet.
      const player = this.state.game?.players[seat];
      if (player && client.view && !client.view.has(player)) client.view.add(player);
      this.addLog(seat, 'reconnect', `${slot.name} is back.`);
      this.syncSeats();
      this.scheduleNext();
    }
    this.rlog.info({ event: 'reconnect', seat }, 'reconnected');
  }

  override onLeave(client: IsleClient, code?: number): void {
    const seat = this.ownedSeat(client);
    this.rlog.info({ event: 'leave', seat, code }, 'left');
    this.syncSpectators(client);
    if (seat < 0) return;
    const slot = this.slots[seat];
    slot.reconnection = null;
    slot.connected = false;
    slot.sessionId = null;
    if (this.state.phase === 'lobby') {
      this.addLog(seat, 'leave', `${slot.name} left.`);
      Object.assign(slot, { kind: 'empty', name: '', token: null, botPlaying: false });
      if (this.creator === client.sessionId) {
        const next = this.slots.find((sl) => sl.kind === 'human' && sl.sessionId !== null);
        this.creator = next?.sessionId ?? null;
      }
    } else if (this.state.phase === 'playing' && !this.deps.draining?.()) {
      // (while the server shuts down, the seat waits for its player on the next start instead)
      slot.botPlaying = true;
      // The reconnection window has passed (or they left on purpose): a rated game counts as lost for them.
      if (this.rated && !slot.left) {
        slot.left = true;
        this.journal?.write({ t: 'seat', at: now(), seat, name: slot.name, kind: slot.kind, left: true }, 'keep');
      }
      this.addLog(seat, 'bot', `A bot plays for ${slot.name} until they come back.`);
      this.scheduleNext();
    }
    this.syncSeats();
    void this.updateMetadata();
  }

  override onDispose(): void {
    this.clearTimer();
    this.closeLobby();
    if (this.state?.code) void withdrawCode(this.presence, this.state.code, this.roomId).catch(() => undefined);
    // A game in play stays open in the store (a shutdown; it is restored on the next start).
    if (this.state?.phase === 'lobby') this.journal?.write({ t: 'abandon', at: now(), reason: 'lobby closed' }, 'keep');
    this.journal?.dispose();
    this.rlog.info({ event: 'dispose', phase: this.state?.phase }, 'room disposed');
  }

  /** The seat this connection plays, or -1 (spectators, and connections whose seat was retaken). */
  private ownedSeat(client: IsleClient): number {
    const seat = client.userData?.seat ?? -1;
    return seat >= 0 && this.slots[seat]?.sessionId === client.sessionId ? seat : -1;
  }

  // ---------------------------------------------------------------- messages

  /**
   * Size limit and crash guard shared by every message type (the rate limit is frame-gate.ts's).
   * `handle` gets the body's `id` when it is a readable one (a string of ≤ 64 characters or a safe
   * integer, as MessageId), so even a refusal of a malformed body can be matched to what the client sent.
   */
  private guard(client: IsleClient, type: string, body: unknown, handle: (replyId: string | number | undefined) => void): void {
    const id = (body && typeof body === 'object' && !Array.isArray(body)) ? (body as { id?: unknown }).id : undefined;
    const replyId = (typeof id === 'string' && id.length <= 64) || Number.isSafeInteger(id) ? id as string | number : undefined;
    try {
      let size = 0;
      try {
        size = body === undefined ? 0 : Buffer.byteLength(JSON.stringify(body) ?? '');
      } catch {
        this.refuse(client, { code: 'BAD_MESSAGE', message: 'The message body cannot be read.', id: replyId }, type);
        return;
      }
      if (size > this.deps.config.MAX_MESSAGE_BYTES) {
        this.refuse(client, { code: 'TOO_LARGE', message: `Message body over ${this.deps.config.MAX_MESSAGE_BYTES} bytes.`, id: replyId }, type);
        return;
      }
      handle(replyId);
    } catch (e) {
      this.rlog.error({ event: 'message', type: type.slice(0, 40), seat: client.userData?.seat, err: (e as Error).message }, 'message handler failed');
      this.refuse(client, { code: 'INTERNAL', message: 'The server could not handle that message.', id: replyId }, type);
    }
  }

  /**
   * Table chat for players and spectators: plain text (cleaned, at most CHAT_MAX_CHARS), a few lines per
   * connection (1 a second, bursts of 5), sent to everyone in the room and kept with the game when the
   * players' database is there. Clients render it as text, never as HTML.
   */
  private onChat(client: IsleClient, body: unknown, id: string | number | undefined): void {
    const parsed = ChatSchema.safeParse(body);
    if (!parsed.success) {
      this.refuse(client, { code: 'BAD_MESSAGE', message: 'chat is { text, id? }.', id }, 'chat');
      return;
    }
    let text: string;
    try {
      text = cleanChatText(parsed.data.text);
    } catch (e) {
      const pe = e as PlayerError;
      this.refuse(client, { ...passThrough(pe), id }, 'chat');
      return;
    }
    const u = client.userData!;
    u.chat ??= new TokenBucket(1, 5);
    if (!u.chat.take()) {
      this.refuse(client, { code: 'RATE_LIMITED', message: 'Too many chat lines; wait a moment.', id }, 'chat');
      return;
    }
    const seat = u.seat >= 0 ? u.seat : null;
    const name = seat !== null ? this.slots[seat].name : u.name ?? 'Spectator';
    const playerId = seat !== null ? this.slots[seat].playerId ?? null : client.auth?.player?.id ?? null;
    const line = { seat, name, text, at: new Date().toISOString() };
    this.broadcast('chat', line);
    if (id !== undefined) client.send('ack', { id });
    this.rlog.info({ event: 'chat', seat: seat ?? -1, chars: text.length }, 'chat line');
    this.deps.players?.get().then((p) => p.chat.add(this.roomId, { seat, playerId, name, text }, new Date(line.at)))
      .catch((e: Error) => this.rlog.warn({ event: 'chat', err: { message: e.message } }, 'chat line not kept'));
  }

  private unknownMessage(client: IsleClient, type: string | number, id: string | number | undefined): void {
    this.refuse(client, { code: 'UNKNOWN_MESSAGE', message: `Unknown message type "${String(type).slice(0, 40)}".`, id }, String(type));
  }

  /** Send a typed refusal, and log it as bad input (limited per connection). */
  private refuse(client: IsleClient, error: Refusal, type: string): void {
    if (error.id === undefined) delete error.id;
    client.send('error', error);
    this.noteBadInput(client, { type: type.slice(0, 40), code: error.code });
  }

  /**
   * One warn line (no stack, no message content) about a connection's bad input, at most
   * BAD_INPUT_LINES at once and then that many per minute; lines held back are counted in the next.
   */
  private noteBadInput(client: IsleClient, fields: Record<string, unknown>): void {
    const ud = client.userData;
    if (ud && !ud.logLines.take()) {
      ud.unlogged++;
      return;
    }
    const unlogged = ud?.unlogged ?? 0;
    if (ud) ud.unlogged = 0;
    this.rlog.warn({ event: 'refused', seat: this.ownedSeat(client), session: client.sessionId, ...fields, ...(unlogged > 0 ? { unlogged } : {}) }, 'bad client input');
  }

  /** The connection keeps sending over its limit: close it (no reconnection window) and slow its address. */
  private closeFlooding(client: IsleClient): void {
    const ud = client.userData;
    if (!ud || ud.kicked) return;
    ud.kicked = true;
    this.deps.slowed?.add(ud.address);
    this.rlog.warn({ event: 'flooding', seat: this.ownedSeat(client), session: client.sessionId }, 'connection closed for flooding');
    client.leave(CLOSE_CODES.FLOODING, 'too many messages');
  }

  private onIntent(client: IsleClient, body: unknown, replyId: string | number | undefined): void {
    const parsed = IntentSchema.safeParse(body);
    if (!parsed.success) {
      this.refuse(client, { code: 'BAD_MESSAGE', message: `intent must be { action, id? }: ${issuesText(parsed.error)}`.slice(0, 300), id: replyId }, 'intent');
      return;
    }
    const id = parsed.data.id;
    const seat = this.ownedSeat(client);
    const patched = this.deps.metrics?.intentTimer();
    const fail = (error: Refusal) => {
      this.deps.metrics?.intentRejected(error.code);
      this.refuse(client, { code: error.code, message: error.message, id }, 'intent');
    };
    const m = this.match;
    if (this.state.phase === 'lobby' || !m) return fail({ code: 'NOT_STARTED', message: 'The game has not started yet.' });
    if (this.state.phase === 'ended' || m.over) return fail({ code: 'GAME_OVER', message: 'The game is over.' });
    if (this.stopped) return fail({ code: 'GAME_STOPPED', message: this.stopped });
    if (seat < 0) return fail({ code: 'NOT_YOUR_SEAT', message: 'Spectators cannot act.' });
    // An action of exactly the documented shape skips zod (the rules' own exact check, which accepts
    // the same actions, proven equal in the rules tests); anything else is parsed as before.
    const action = this.deps.config.LOAD_TUNING === 'on' && isExactAction(parsed.data.action)
      ? { success: true as const, data: parsed.data.action as Action }
      : ActionSchema.safeParse(parsed.data.action);
    if (!action.success) return fail({ code: 'BAD_ACTION', message: `Not a valid action: ${issuesText(action.error)}`.slice(0, 300) });
    const d = m.decision();
    if (!d || d.seat !== seat) {
      return fail({ code: 'NOT_YOUR_TURN', message: d ? `It is ${this.slots[d.seat].name}'s decision, not yours.` : 'Nobody has a decision to make.' });
    }
    // The ack follows the patch that carries the action's effects (ordering guarantee), and is sent
    // only once the action is stored (at once with the file store; on Redis's reply with Redis).
    const error = this.apply(seat, action.data, 'human', () => {
      if (id === undefined) return;
      if (!this.journal) client.send('ack', { id }, { afterNextPatch: true });
      else this.journal.afterWritten((now) => client.send('ack', { id }, now ? { afterNextPatch: true } : undefined));
    });
    if (error) return fail(passThrough(error));
    this.deps.metrics?.intentAccepted();
    patched?.();
  }

  /**
   * Take the seat's last step back (src/undo.ts): the state, the action list, the event history and the log
   * go back to before it, and the store gets an `undo` record first (nothing is acknowledged that is not
   * stored). The turn timer is left running: a step taken back gives no extra time.
   */
  private onUndo(client: IsleClient, body: unknown, replyId: string | number | undefined): void {
    const parsed = UndoSchema.safeParse(body);
    const id = parsed.success ? parsed.data?.id : replyId;
    const fail = (error: Refusal) => this.refuse(client, { ...error, id }, 'undo');
    if (!parsed.success) return fail({ code: 'BAD_MESSAGE', message: 'undo is { id? }.' });
    const seat = this.ownedSeat(client);
    const m = this.match;
    if (this.state.phase === 'lobby' || !m) return fail({ code: 'NOT_STARTED', message: 'The game has not started yet.' });
    if (this.state.phase === 'ended' || m.over) return fail({ code: 'GAME_OVER', message: 'The game is over.' });
    if (this.stopped) return fail({ code: 'GAME_STOPPED', message: this.stopped });
    if (seat < 0) return fail({ code: 'NOT_YOUR_SEAT', message: 'Spectators cannot undo.' });
    const r = m.undo(seat);
    if (!r.ok && r.code === STORE_UNAVAILABLE) {
      client.send('error', { ...storeUnavailable(), ...(id !== undefined ? { id } : {}) });
      return;
    }
    if (!r.ok && r.code === 'UNDO_BLOCKED') return fail({ code: r.code, message: 'That step cannot be taken back: something hidden was revealed, or someone else decided, since.' });
    if (!r.ok) return fail({ code: r.code, message: 'You have no step of this turn to take back.' });
    this.dropLogLines(r.dropped);
    this.addLog(seat, 'undo', `${this.slots[seat].name} took a step back.`);
    this.rlog.info({ event: 'undo', seat, actions: m.actions.length }, 'step taken back');
    this.refreshMirror();
    this.syncUndoable();
    // The decision taken back keeps the deadline it had: stepping and taking back buys no time.
    this.scheduleNext(r.deadline);
    // As for an intent: the ack follows the patch that carries the undo, once the undo record is stored.
    if (id !== undefined) {
      if (!this.journal) client.send('ack', { id }, { afterNextPatch: true });
      else this.journal.afterWritten((now) => client.send('ack', { id }, now ? { afterNextPatch: true } : undefined));
    }
    this.broadcastPatch();
  }

  /**
   * The state's window loses an undone step's lines (numbers `dropped`; the match has dropped them from the
   * whole log already); when nothing came after them, numbering goes on from where they started.
   */
  private dropLogLines(dropped: Set<number>): void {
    const log = this.state.logJson;
    for (let i = log.length - 1; i >= 0; i--) {
      if (dropped.has(logLineFromWire(log[i])?.n ?? 0)) log.splice(i, 1);
    }
    // The window is filled back up with the older lines: a client then sees every undone line's number
    // missing within the window (none can hide below it) and drops the copies it keeps.
    const want = this.lines.tail(this.deps.config.LOG_ENTRIES);
    const older = want.slice(0, Math.max(0, want.length - log.length)).map(logLineWire);
    if (older.length > 0) log.unshift(...older);
  }

  /**
   * `log` {before?, limit?, id?}: older lines than the state's window, from the whole log, to this
   * client only. Lines are the public texts the state's `log` shows everyone, so every seat and
   * spectator gets the same answer. The frame gate has already counted the frame against the limit.
   */
  private onLogRequest(client: IsleClient, body: unknown, id: string | number | undefined): void {
    const parsed = LogRequestSchema.safeParse(body ?? {});
    if (!parsed.success) {
      this.refuse(client, { code: 'BAD_MESSAGE', message: `log is { before?: integer ≥ 1, limit?: 1–${LOG_PAGE_MAX}, id? }.`, id }, 'log');
      return;
    }
    const { before, limit, id: replyId } = parsed.data;
    const page = this.lines.page(before, limit ?? LOG_PAGE_MAX);
    client.send('log', { ...page, ...(before !== undefined ? { before } : {}), ...(replyId !== undefined ? { id: replyId } : {}) });
  }

  /** `undoable` in the room state: how many steps the seat to move could take back now. */
  private syncUndoable(): void {
    const n = this.match?.undoable() ?? 0;
    if (this.state.undoable !== n) this.state.undoable = n;
  }

  private onStart(client: IsleClient, body: unknown, id: string | number | undefined): void {
    if (!StartSchema.safeParse(body).success) {
      this.refuse(client, { code: 'BAD_MESSAGE', message: 'start is { id? }.', id }, 'start');
      return;
    }
    if (this.state.phase !== 'lobby') {
      this.refuse(client, { code: 'ALREADY_STARTED', message: 'The game has already started.', id }, 'start');
      return;
    }
    if (client.sessionId !== this.creator) {
      this.refuse(client, { code: 'NOT_CREATOR', message: 'Only the player who created the room can start it.', id }, 'start');
      return;
    }
    if (this.journal?.blocked) {
      // Not bad input: the client asked at a moment the server cannot store anything.
      client.send('error', { ...storeUnavailable(), ...(id !== undefined ? { id } : {}) });
      return;
    }
    const free = this.slots.filter((sl) => sl.kind === 'empty').length;
    if (free > 0) {
      this.refuse(client, { code: 'SEATS_NOT_FILLED', message: `${free} seat(s) still empty.`, id }, 'start');
      return;
    }
    // A rematch seat held for a player who has not come back yet: starting now would leave it with nobody
    // (and no token to come back with after a restart). It opens to anyone when the reservation time is over.
    const held = this.slots.filter((sl, i) => sl.kind === 'human' && sl.sessionId === null && this.restoredHashes[i]).length;
    if (held > 0) {
      this.refuse(client, { code: 'SEATS_NOT_FILLED', message: `${held} seat(s) still held for players coming back to the rematch.`, id }, 'start');
      return;
    }
    this.startGame();
    // startGame has sent the patch that starts the game: the ack follows it, once the seats are stored.
    if (id !== undefined) {
      if (!this.journal) client.send('ack', { id });
      else this.journal.afterWritten(() => client.send('ack', { id }));
    }
  }

  /** The `shareKey` of a seated player's `seat` message, in a private room. */
  private shareKeyField(): { shareKey?: string } {
    return this.shareKey ? { shareKey: this.shareKey } : {};
  }

  /** Count this lobby against MAX_OPEN_LOBBIES and close it if nobody joins for LOBBY_IDLE_SECONDS. */
  private openLobby(): void {
    this.deps.lobbies?.opened(this.roomId);
    this.lobbyTimer = new LobbyTimer(this.deps.config.LOBBY_IDLE_SECONDS, () => {
      if (this.state.phase !== 'lobby') return;
      this.rlog.info({ event: 'lobby-idle', seconds: this.deps.config.LOBBY_IDLE_SECONDS }, 'lobby closed: nobody joined');
      void this.disconnect(CLOSE_CODES.LOBBY_IDLE);
    });
    this.lobbyTimer.touch();
  }

  /** The lobby started its game or closed. */
  private closeLobby(): void {
    this.lobbyTimer?.stop();
    this.lobbyTimer = null;
    this.deps.lobbies?.closed(this.roomId);
  }

  // ---------------------------------------------------------------- the game

  private startGame(): void {
    const names = this.slots.map((sl, i) => sl.name || `Player ${i + 1}`);
    const options: GameOptions = { players: this.opts.seats, seed: randomBytes(32).toString('hex'), names };
    if (this.opts.seats === 1) {
      options.mode = this.opts.mode ?? 'challenge';
      if (this.opts.scenario !== undefined) options.scenario = this.opts.scenario;
    }
    this.autoDispose = false; // bots finish the game even when every human is away
    this.closeLobby();

    const s = this.state;
    // 'keep': if the store fails now, these are held and written when it is back (the room refuses actions meanwhile).
    this.slots.forEach((sl, seat) => this.journal?.write({
      t: 'seat', at: now(), seat, name: sl.name, kind: sl.kind, botLevel: sl.kind === 'bot' ? this.opts.botLevel : undefined,
      tokenHash: sl.token ? hashToken(sl.token) : undefined, isCreator: sl.sessionId !== null && sl.sessionId === this.creator,
      ...(sl.playerId ? { playerId: sl.playerId, account: sl.account === true } : {}),
    }, 'keep'));
    this.rated = this.wouldBeRated();
    s.rated = this.rated;
    this.match = Match.begin(options, { journal: this.journal, lines: this.lines, now });
    s.seedHash = this.match.seedHash;
    s.phase = 'playing';
    s.game = new GameSchema();
    this.refreshMirror();
    for (const client of this.clients) {
      const seat = this.ownedSeat(client);
      if (seat >= 0) client.view!.add(s.game.players[seat]);
    }
    this.addLog(-1, 'start', `The game starts. Seed hash ${s.seedHash.slice(0, 16)}…`);
    this.rlog.info({ event: 'start', seats: this.opts.seats, seedHash: s.seedHash }, 'game started');
    void this.updateMetadata();
    this.scheduleNext();
    this.broadcastPatch();
  }

  /** Apply one action for `seat`; null on success, else the rules' error (nothing changed). */
  private apply(seat: number, action: Action, by: 'human' | 'bot' | 'timeout', beforePatch?: () => void): RuleError | null {
    if (!this.match) return { code: 'NOT_STARTED', message: 'The game has not started yet.' };
    // Stored first: an action the store cannot take is not applied (the state never runs ahead of the log).
    const r = this.match.apply(seat, action, by, this.state.decisionDeadline);
    if (!r.ok) return r.error;
    if (by !== 'human') this.deps.metrics?.botMoves.inc({ by });
    for (const line of r.lines) this.showLog(line);
    this.syncUndoable();
    this.rlog.info({ event: 'action', seat, action: action.type, by }, 'action applied');
    this.refreshMirror();
    if (r.over) this.endGame();
    else this.scheduleNext();
    beforePatch?.();
    this.broadcastPatch();
    return null;
  }

  private refreshMirror(): void {
    const game = this.match?.state;
    const g = this.state.game;
    if (!game || !g) return;
    mirrorGame(g, playerView(game, 'spectator'), game.players.map((_, seat) => privatePart(game, seat)));
    const solo = soloStatus(game);
    const soloJson = solo ? JSON.stringify(solo) : '';
    if (this.state.soloJson !== soloJson) this.state.soloJson = soloJson;
  }

  private endGame(): void {
    const m = this.match!;
    this.clearTimer();
    const endedAt = now();
    const scores = m.end(endedAt);
    const s = this.state;
    s.phase = 'ended';
    s.decisionDeadline = 0;
    s.seed = m.options.seed;
    s.scoresJson = JSON.stringify(scores);
    this.deps.replays.add({
      roomId: this.roomId,
      options: { ...m.options, names: [...(m.options.names ?? [])] },
      seedHash: s.seedHash,
      actions: m.actions.slice(),
      finalScores: scores,
      startedAt: m.startedAt,
      endedAt,
    }, this.shareKey === null ? undefined : {
      private: true, shareKeyHash: shareKeyHash(this.shareKey), playerIds: this.slots.map((sl) => sl.playerId ?? null),
    });
    // 'seed', not 'end': the rules already write an 'end' line when the end is triggered.
    this.addLog(-1, 'seed', `The seed was ${m.options.seed} (its hash was published at the start: anyone can check the deal).`);
    void withdrawCode(this.presence, s.code, this.roomId).catch(() => undefined);
    this.rlog.info({ event: 'end', actions: m.actions.length, winners: scores.winners }, 'game over');
    this.oweArchive();
    void this.updateMetadata();
    this.autoDispose = true;
    if (this.clients.length === 0) void this.disconnect();
  }

  /**
   * Arm the bot (bot seats, absent humans) or the turn timer for whoever decides next. `deadline` (epoch
   * ms): the timer runs out then instead of a full turnTimeLimit from now (a decision returned to by undo).
   */
  private scheduleNext(deadline?: number): void {
    this.clearTimer();
    const s = this.state;
    if (s.decisionDeadline !== 0) s.decisionDeadline = 0;
    if (s.phase !== 'playing' || !this.match || this.stopped || this.journal?.blocked) return;
    const d = this.match.decision();
    if (!d) return;
    const slot = this.slots[d.seat];
    if (slot.kind === 'bot' || slot.botPlaying) {
      if (this.slots.some((sl) => sl.kind === 'human' && sl.connected)) this.unattended = 0;
      else if (this.unattended >= this.deps.config.MAX_UNATTENDED_MOVES) return this.stopUnattended();
      this.timer = setTimeout(() => this.botMove(d.seat, 'bot'), this.deps.config.BOT_DELAY_MS);
    } else if (this.opts.turnTimeLimit > 0) {
      const ms = deadline ? Math.max(0, deadline - Date.now()) : this.opts.turnTimeLimit * 1000;
      s.decisionDeadline = Date.now() + ms;
      this.timer = setTimeout(() => this.botMove(d.seat, 'timeout'), ms);
    }
  }

  /**
   * Bots have played MAX_UNATTENDED_MOVES moves in a row with nobody at the table: the game stops
   * unfinished (closed as abandoned in the store, so a restart does not bring it back), and the room
   * closes once no spectator is left.
   */
  private stopUnattended(): void {
    const moves = this.deps.config.MAX_UNATTENDED_MOVES;
    this.addLog(-1, 'abandon', `Nobody has been at the table for ${moves} moves; the game stops here unfinished.`);
    this.rlog.warn({ event: 'abandon', actions: this.match?.actions.length ?? 0, moves }, 'unattended game stopped');
    this.journal?.write({ t: 'abandon', at: now(), reason: 'unattended' }, 'keep');
    this.stopped = 'This game was stopped unfinished after a long time with nobody at the table.';
    this.autoDispose = true;
    if (this.clients.length === 0) void this.disconnect();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** `answer`: an action a worker thread chose for this position (already checked to be current). */
  private botMove(seat: number, by: 'bot' | 'timeout', answer?: Action): void {
    if (answer === undefined) this.timer = null;
    // A timer callback has no caller to catch for it: an internal error here must stop this game, not the process.
    try {
      if (answer !== undefined) this.applyBotAction(seat, by, this.match!.view(seat), answer);
      else this.botMoveUnguarded(seat, by);
    } catch (e) {
      this.rlog.error({ event: 'bot', seat, err: (e as Error).message }, 'bot move failed; the game is stopped');
      this.addLog(-1, 'error', 'The server hit an internal error and stopped this game.');
      this.stopped = 'This game was stopped by an internal server error.';
      this.autoDispose = true;
      if (this.clients.length === 0) void this.disconnect();
    }
  }

  private botMoveUnguarded(seat: number, by: 'bot' | 'timeout'): void {
    const m = this.match;
    if (this.state.phase !== 'playing' || !m || this.journal?.blocked) return;
    const d = m.decision();
    if (!d || d.seat !== seat) return;
    if (by === 'bot' && !this.slots.some((sl) => sl.kind === 'human' && sl.connected)) this.unattended++;
    const view = m.view(seat);
    if (by === 'timeout') this.addLog(seat, 'timeout', `Time ran out; a bot decides for ${this.slots[seat].name}.`);
    let action: Action;
    try {
      const chosen = this.bot.chooseAction({ view, seat, history: m.events });
      if (chosen instanceof Promise) {
        // Decided in a worker thread: apply it when it comes back, unless the game moved on meanwhile.
        const game = m.state;
        const current = () => this.match?.state === game && !this.stopped && this.state.phase === 'playing';
        chosen.then((a) => {
          if (!current()) {
            this.rlog.info({ event: 'bot', seat, action: a.type }, 'bot answer arrived after the game moved on; dropped');
            return;
          }
          this.botMove(seat, by, a);
        }, (e: Error) => {
          if (!current()) return;
          this.rlog.warn({ event: 'bot', seat, err: e.message }, 'bot failed; playing a random legal action');
          this.botMove(seat, by, randomBot.chooseAction({ view, seat, history: this.match?.events ?? NO_EVENTS }) as Action);
        });
        return;
      }
      action = chosen;
    } catch (e) {
      this.rlog.warn({ event: 'bot', seat, err: (e as Error).message }, 'bot failed; playing a random legal action');
      action = randomBot.chooseAction({ view, seat, history: this.match?.events ?? NO_EVENTS }) as Action;
    }
    this.applyBotAction(seat, by, view, action);
  }

  private applyBotAction(seat: number, by: 'bot' | 'timeout', view: PlayerView, action: Action): void {
    let error = this.apply(seat, action, by);
    if (error?.code === STORE_UNAVAILABLE) return; // play resumes when the store is back (onStoreChange)
    if (error) {
      this.rlog.warn({ event: 'bot', seat, action: action.type, code: error.code }, 'bot chose an illegal action; playing a random legal one');
      error = this.apply(seat, randomBot.chooseAction({ view, seat, history: this.match?.events ?? NO_EVENTS }) as Action, by);
      if (error) this.rlog.error({ event: 'bot', seat, code: error.code }, 'random legal action refused');
    }
  }

  // ---------------------------------------------------------------- state helpers

  /** A room notice (joins, drops, restarts…): a line of the whole log, shown in the state's window. */
  private addLog(seat: number, type: string, text: string): void {
    this.showLog(this.lines.notice(seat, type, text));
  }

  /** Put a line into the state's window of the newest LOG_ENTRIES lines (older ones: the `log` message). */
  private showLog(line: LogLine): void {
    const log = this.state.logJson;
    log.push(logLineWire(line));
    while (log.length > this.deps.config.LOG_ENTRIES) log.shift();
  }

  private syncSeats(): void {
    this.slots.forEach((sl, i) => {
      const t = this.state.seats[i];
      const isCreator = sl.sessionId !== null && sl.sessionId === this.creator;
      if (t.index !== i) t.index = i;
      if (t.name !== sl.name) t.name = sl.name;
      if (t.kind !== sl.kind) t.kind = sl.kind;
      if (t.connected !== (sl.kind === 'bot' || sl.connected)) t.connected = sl.kind === 'bot' || sl.connected;
      if (t.botPlaying !== sl.botPlaying) t.botPlaying = sl.botPlaying;
      if (t.isCreator !== isCreator) t.isCreator = isCreator;
      const playerId = sl.kind === 'human' ? sl.playerId ?? '' : '';
      if (t.playerId !== playerId) t.playerId = playerId;
      const account = sl.kind === 'human' && sl.account === true;
      if (t.account !== account) t.account = account;
    });
    const rated = this.state.phase === 'lobby' ? this.wouldBeRated() : this.rated;
    if (this.state.rated !== rated) this.state.rated = rated;
  }

  /** `spectators` in the room state: who is watching (players see them at the table). */
  private syncSpectators(leaving?: IsleClient): void {
    const names = this.clients
      .filter((c) => c !== leaving && c.userData?.joined && c.userData.seat === -1 && !c.userData.kicked)
      .map((c) => c.userData!.name ?? 'Spectator');
    const list = this.state.spectators;
    if (list.length === names.length && names.every((n, i) => list[i] === n)) return;
    list.clear();
    list.push(...names);
  }

  private async updateMetadata(): Promise<void> {
    const creatorSlot = this.slots.find((sl) => sl.sessionId !== null && sl.sessionId === this.creator);
    const meta: RoomMetadata = {
      seats: this.opts.seats,
      freeSeats: this.state.phase === 'lobby' ? this.slots.filter((sl) => sl.kind === 'empty').length : 0,
      humans: this.slots.filter((sl) => sl.kind === 'human').length,
      bots: this.slots.filter((sl) => sl.kind === 'bot').length,
      mode: this.state.mode,
      scenario: this.state.scenario,
      phase: this.state.phase,
      botLevel: this.opts.botLevel,
      turnTimeLimit: this.opts.turnTimeLimit,
      creator: creatorSlot?.name ?? '',
      code: this.state.code,
      rated: this.state.phase === 'lobby' ? this.wouldBeRated() : this.rated,
    };
    try {
      await this.setMetadata(meta);
    } catch (e) {
      this.rlog.warn({ event: 'metadata', err: (e as Error).message }, 'metadata update failed');
    }
  }

  /** Whether the table as seated now would be rated. */
  private wouldBeRated(): boolean {
    return isRatedTable(this.slots.map((sl) => ({ playerId: sl.kind === 'human' ? sl.playerId ?? null : null, botLevel: sl.kind === 'bot' ? this.opts.botLevel : null, hasAccount: sl.account === true })));
  }

  /**
   * The end is in the store, where it also files the game as owed to the players' archive (see
   * src/players/archive-outbox.ts): once it is stored, the outbox archives it now rather than at its next
   * scan. The record is read back from the stored log, so what is archived is exactly what was stored.
   */
  private oweArchive(): void {
    const outbox = this.deps.outbox;
    if (!outbox || !this.journal) return;
    this.journal.afterWritten(() => outbox.owe(this.roomId));
  }

  // ---------------------------------------------------------------- the store (src/store/journal.ts)

  private openJournal(restoring: RestoredGame | undefined): void {
    const { store, storeHealth, metrics } = this.deps;
    if (!store) return;
    this.journal = new RoomJournal(store, this.roomId, storeHealth ?? new StoreHealth(store, this.deps.logger), {
      length: restoring?.logLength ?? 0,
      started: !!restoring,
      onEntry: (e, started) => metrics?.gameEntry(e.t, started),
      onChange: (blocked) => this.onStoreChange(blocked),
    });
  }

  /** The store went down (actions refused, bots paused) or is back (play resumes); clients are told. */
  private onStoreChange(blocked: boolean): void {
    this.broadcast('storage', { ok: !blocked });
    this.addLog(-1, 'storage', blocked ? 'The server cannot save moves right now; play pauses until it can.' : 'Moves are saved again; play goes on.');
    if (blocked) this.clearTimer();
    else this.scheduleNext();
  }

  // ---------------------------------------------------------------- restarts (src/restore.ts)

  /** Take up a game replayed from the store: seats by token hash, humans away until they rejoin. */
  private restore(r: RestoredGame): void {
    r.seats.forEach((se, i) => {
      const slot = this.slots[i];
      if (!slot) return;
      Object.assign(slot, { kind: se.kind, name: se.name, token: null, sessionId: null, connected: false, botPlaying: false, reconnection: null, playerId: se.playerId ?? null, account: se.account === true, left: se.left === true });
    });
    this.restoredHashes = r.seats.map((se) => se.tokenHash ?? null);
    // The seats are as they were at the start, so the table is rated exactly when it was then.
    this.rated = this.wouldBeRated();
    this.match = r.match;
    this.match.journal = this.journal;
    // The whole log as the replay rebuilt it (event k is line k, as a replay numbers it; the room notices
    // before the restart were never stored).
    this.lines = r.match.lines;
    this.autoDispose = false;
    const s = this.state;
    s.seedHash = r.seedHash;
    s.phase = 'playing';
    s.game = new GameSchema();
    this.refreshMirror();
    // The state's window gets the newest lines.
    for (const line of this.lines.tail(this.deps.config.LOG_ENTRIES - 1)) this.showLog(line);
    this.addLog(-1, 'restart', 'The server restarted; the game goes on.');
    this.syncUndoable();
    this.syncSeats();
    this.rlog.info({ event: 'restore', actions: this.match.actions.length }, 'game restored');
    if (this.match.over) {
      this.endGame();
      return;
    }
    // Humans who do not come back within the reconnection window get a bot, as after a drop.
    this.clock.setTimeout(() => {
      let changed = false;
      this.slots.forEach((sl, seat) => {
        if (sl.kind !== 'human' || sl.sessionId !== null || sl.botPlaying || this.state.phase !== 'playing') return;
        sl.botPlaying = true;
        changed = true;
        this.addLog(seat, 'bot', `A bot plays for ${sl.name} until they come back.`);
      });
      if (changed) { this.syncSeats(); this.scheduleNext(); }
    }, this.deps.config.RECONNECT_SECONDS * 1000);
    this.scheduleNext();
  }

  /**
   * A restored seat whose stored token hash matches: the token is known again from now on. In a rematch
   * room the token is the ended game's, and the seat gets a fresh one (sent in the `seat` message).
   */
  private claimRestoredSeat(token: string): number {
    const seat = seatForToken(this.restoredHashes, token);
    if (seat >= 0) {
      this.slots[seat].token = this.rematchOf && this.state.phase === 'lobby' ? randomBytes(18).toString('base64url') : token;
      this.restoredHashes[seat] = null;
    }
    return seat;
  }

  // ---------------------------------------------------------------- rematch (src/rematch.ts)

  /** A rematch room: bots in their seats, each human seat kept for the holder of its token in the ended game. */
  private reserveSeats(r: RematchRecord): void {
    this.rematchOf = r.from;
    r.seats.forEach((se, i) => {
      const slot = this.slots[i];
      if (!slot) return;
      if (se.kind === 'bot') Object.assign(slot, { kind: 'bot', name: se.name });
      else if (se.tokenHash) Object.assign(slot, { kind: 'human', name: se.name, playerId: se.playerId ?? null, account: se.account === true });
      this.restoredHashes[i] = se.kind === 'human' ? se.tokenHash ?? null : null;
    });
    this.addLog(-1, 'rematch', 'A rematch: the same table, a new deal.');
    // Kept open for the players who are still reading the end screen, until the reservation time is over.
    this.autoDispose = false;
    // Seats nobody came back for open to anyone after the reservation time, as in any lobby.
    this.clock.setTimeout(() => {
      if (this.state.phase !== 'lobby') return;
      this.autoDispose = true;
      if (this.clients.length === 0) {
        void this.disconnect();
        return;
      }
      let opened = false;
      this.slots.forEach((sl, i) => {
        if (sl.kind !== 'human' || sl.sessionId !== null) return;
        Object.assign(sl, { kind: 'empty', name: '', token: null, playerId: null, account: false });
        this.restoredHashes[i] = null;
        opened = true;
      });
      if (opened) { this.syncSeats(); void this.updateMetadata(); }
    }, this.deps.config.RECONNECT_SECONDS * 1000);
  }

  /**
   * `rematch` after the end, from a seated human: the first one creates the rematch room and everyone in
   * this room is told `rematch { roomId }`; later ones get the same answer. The seated humans join it
   * with the seat token of this game.
   */
  private onRematch(client: IsleClient, body: unknown, replyId: string | number | undefined): void {
    const parsed = RematchSchema.safeParse(body);
    const id = parsed.success ? parsed.data?.id : replyId;
    const fail = (error: Refusal) => this.refuse(client, { ...error, id }, 'rematch');
    if (!parsed.success) return fail({ code: 'BAD_MESSAGE', message: 'rematch is { id? }.' });
    if (this.state.phase !== 'ended') return fail({ code: 'GAME_NOT_OVER', message: 'A rematch can be asked for once the game is over.' });
    if (this.ownedSeat(client) < 0) return fail({ code: 'NOT_YOUR_SEAT', message: 'Only the players can ask for a rematch.' });
    const answer = (roomId: string) => {
      client.send('rematch', { roomId });
      if (id !== undefined) client.send('ack', { id });
    };
    // The rematch room a player can no longer reach (nobody came back in time, so it closed): set up another.
    if (this.rematchRoomId && !matchMaker.getLocalRoomById(this.rematchRoomId)) {
      this.rematchRoom = null;
      this.rematchRoomId = null;
    }
    // Only codes PROTOCOL.md lists for `rematch`; anything else is the server's own failure.
    const failed = (e: Error) => {
      const known = /^(STORE_UNAVAILABLE|SHUTTING_DOWN):/.exec(e.message)?.[1];
      client.send('error', { code: known ?? 'INTERNAL', message: 'The rematch could not be set up; try again shortly.', ...(id !== undefined ? { id } : {}) });
    };
    if (this.rematchRoom) {
      // Asked while it is being set up, or after: the same room, or the same failure.
      this.rematchRoom.then(answer, failed);
      return;
    }
    const { name: _n, identity: _i, ...createOptions } = this.opts;
    const record: RematchRecord = {
      from: this.roomId,
      createOptions,
      seats: this.slots.map((sl, i) => ({
        kind: sl.kind === 'bot' ? 'bot' : 'human', name: sl.name,
        tokenHash: sl.token ? hashToken(sl.token) : this.restoredHashes[i] ?? undefined,
        playerId: sl.playerId ?? null, account: sl.account === true,
      })),
    };
    const asked = matchMaker.handleCreateRoom(ROOM_NAME, rematchOptions(record)).then((r) => r.roomId);
    this.rematchRoom = asked;
    asked.then((roomId) => {
      this.rematchRoomId = roomId;
      this.rlog.info({ event: 'rematch', seat: this.ownedSeat(client), rematch: roomId }, 'rematch room created');
      this.addLog(-1, 'rematch', `${this.slots[this.ownedSeat(client)]?.name ?? 'A player'} asked for a rematch.`);
      this.broadcast('rematch', { roomId }, { except: client });
      answer(roomId);
    }, (e: Error) => {
      this.rematchRoom = null;
      this.rlog.warn({ event: 'rematch', err: e.message }, 'rematch room not created');
      failed(e);
    });
  }

  // ---------------------------------------------------------------- for app.ts and tests

  /** Broadcast the shutdown notice. */
  notifyRestart(seconds: number): void {
    this.broadcast('restarting', { seconds });
  }
}

/** A room class with its dependencies bound, for Server.define. */
export function bindIsleRoom(deps: RoomDeps): typeof IsleRoom {
  return class BoundIsleRoom extends IsleRoom {
    constructor() {
      super();
      this.deps = deps;
    }
  };
}
