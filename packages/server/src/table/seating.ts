/**
 * Seats: the table's seats opened at creation, a connection taking one (by seat token, a free lobby seat,
 * or a spectator's place), dropping, coming back and leaving; a restored or rematch seat claimed with the
 * token of the game it came from.
 */
import { randomBytes } from 'crypto';
import { ServerError, ErrorCode, type Client } from '@colyseus/core';
import { StateView } from '../wire/colyseus-schema';
import { CLOSE_CODES, NO_RECONNECTION_WINDOW } from '@isle-of-trains/client/protocol';
import { JoinOptionsSchema, issuesText } from '../wire/options';
import { SeatInfo } from '../wire/schema';
import { now } from '../persistence/store/types';
import { seatForToken } from '../persistence/restore';
import { TokenBucket, connectionLimits } from '../admission/frame-gate';
import { socketClientAddress } from '../admission/address-quotas';
import { isHandedOver } from '../colyseus-patches/reconnect-takeover';
import { startGame } from '../game/start';
import { scheduleNext } from '../game/turns';
import type { IsleClient, Table } from './table';
import { addLog } from './log-window';
import { syncSeats, syncSpectators, updateMetadata } from './listing';

/** Bad-input log lines per connection: this many at once, then this many per minute. */
const BAD_INPUT_LINES = 3;

/** Closes the server decided (frame over MAX_PAYLOAD_BYTES, unreadable frame, flooding, seat taken): no reconnection window. */
const SERVER_CLOSE_CODES = new Set(NO_RECONNECTION_WINDOW);

/** The client's address: the one worked out when the socket connected (X-Forwarded-For only through TRUSTED_PROXIES), else the socket's peer. */
function socketAddress(client: Client): string | undefined {
  const ws = client.ref as ({ _socket?: { remoteAddress?: string } } & object) | undefined;
  return (ws && socketClientAddress.get(ws)) ?? ws?._socket?.remoteAddress;
}

/** The seats of a new table: bots in the last `bots` seats, the others empty. */
export function openSeats(table: Table): void {
  for (let i = 0; i < table.opts.seats; i++) {
    const isBot = i >= table.opts.seats - table.opts.bots;
    table.slots.push({
      kind: isBot ? 'bot' : 'empty',
      name: isBot ? `Bot ${i + 1}` : '',
      token: null,
      sessionId: null,
      connected: false,
      botPlaying: false,
      reconnection: null,
    });
    table.state.seats.push(new SeatInfo());
  }
}

/**
 * The join options with unknown keys dropped: made once here, since zod compiles a parser for each schema object
 * the first time it parses (a function built from source), and a schema made per join was compiled per join.
 */
const JoinOptions = JoinOptionsSchema.strip();

/** A connection joins: its seat by token, a free seat in the lobby, or a spectator's place; then the game may start or go on. */
export function join(table: Table, client: IsleClient, options: unknown): void {
  // The creator's join carries the create options: keys were checked per method at matchmaking (src/admission/matchmake-guard.ts).
  const parsed = JoinOptions.safeParse(options ?? {});
  if (!parsed.success) throw new ServerError(ErrorCode.APPLICATION_ERROR, `BAD_OPTIONS: ${issuesText(parsed.error)}`);
  const o = parsed.data;
  if (o.code !== undefined && o.code.toUpperCase() !== table.state.code) {
    throw new ServerError(ErrorCode.APPLICATION_ERROR, 'BAD_CODE: that code does not belong to this room');
  }
  const { config } = table.deps;
  table.deps.quotas?.used(client.sessionId);
  client.view = new StateView();
  const address = socketAddress(client);
  client.userData = {
    seat: -1,
    limits: connectionLimits(config.RATE_LIMIT, config.RATE_LIMIT_BURST, table.deps.slowed?.frames(address, config.RATE_LIMIT, config.RATE_LIMIT_BURST)),
    logLines: new TokenBucket(BAD_INPUT_LINES / 60, BAD_INPUT_LINES),
    unlogged: 0,
    address,
    ...(o.name ? { name: o.name } : {}),
  };

  let seat = -1;
  if (o.seatToken !== undefined) {
    seat = table.slots.findIndex((sl) => sl.token !== null && sl.token === o.seatToken);
    if (seat < 0) seat = claimRestoredSeat(table, o.seatToken);
    if (seat < 0) throw new ServerError(ErrorCode.APPLICATION_ERROR, 'BAD_SEAT_TOKEN: no seat in this room has that token');
    retake(table, seat, client);
    if (table.rematchOf && table.creator === null) table.creator = client.sessionId;
  } else if (table.state.phase === 'lobby' && !o.spectate) {
    seat = table.slots.findIndex((sl) => sl.kind === 'empty');
    if (seat >= 0) {
      const slot = table.slots[seat];
      slot.kind = 'human';
      const who = client.auth?.player ?? null;
      slot.name = o.name ?? who?.name ?? `Player ${seat + 1}`;
      slot.playerId = who?.id ?? null;
      slot.account = who?.username != null;
      slot.token = randomBytes(18).toString('base64url');
      slot.sessionId = client.sessionId;
      slot.connected = true;
      if (table.creator === null) table.creator = client.sessionId;
    }
  }
  if (seat < 0 && table.clients.filter((c) => c.userData?.joined && c.userData.seat === -1).length >= config.MAX_SPECTATORS) {
    throw new ServerError(ErrorCode.APPLICATION_ERROR, `ROOM_FULL: this room already has ${config.MAX_SPECTATORS} spectators`);
  }
  client.userData.seat = seat;
  client.userData.joined = true;
  table.lobbyTimer?.touch();
  if (seat >= 0) {
    const slot = table.slots[seat];
    client.send('seat', { seat, token: slot.token, roomId: table.roomId, ...table.shareKeyField() });
    const own = table.state.game ? table.game.seatView(table.state, seat) : undefined;
    if (own) client.view.add(own);
    addLog(table, seat, 'join', `${slot.name} joined.`);
  } else {
    client.send('seat', { seat: -1, token: '', roomId: table.roomId });
  }
  if (table.journal?.blocked) client.send('storage', { ok: false }); // joined during a store outage
  table.rlog.info({ event: 'join', seat, session: client.sessionId }, seat >= 0 ? 'player joined' : 'spectator joined');
  syncSeats(table);
  syncSpectators(table);
  void updateMetadata(table);

  if (table.state.phase === 'lobby' && table.opts.seats === 1 && seat === 0) {
    // Solo starts at once (the joining client is already in table.clients: startGame fills its view).
    startGame(table);
  } else if (table.state.phase === 'lobby' && table.rematchOf && seat >= 0 && table.slots.every((sl) => sl.kind === 'bot' || (sl.kind === 'human' && sl.connected))) {
    // A rematch starts by itself once every player of the ended game is back at the table.
    startGame(table);
  } else if (table.state.phase === 'playing' && seat >= 0) scheduleNext(table);
}



/** A seated player's connection dropped: the seat is held for RECONNECT_SECONDS (not after a close the server decided). */
export function drop(table: Table, client: IsleClient, code?: number): void {
  const seat = table.ownedSeat(client);
  // A newer connection presented this one's reconnection token: it takes the place over at once.
  const takeover = isHandedOver(client);
  if (seat >= 0) {
    const slot = table.slots[seat];
    slot.connected = false;
    syncSeats(table);
    // (a takeover is no lost connection: the newer one is already on its way)
    if (!takeover) addLog(table, seat, 'drop', `${slot.name} lost the connection.`);
  }
  table.rlog.info({ event: 'drop', seat, code }, 'connection dropped');
  const seconds = table.deps.config.RECONNECT_SECONDS;
  // Only a seated player's lost connection is held open. A spectator just joins again; a connection
  // the server closed itself (seat retaken, bad or oversized frames, flooding) gets no window.
  if (!takeover && (seconds <= 0 || seat < 0 || client.userData?.kicked || !client.userData?.joined || SERVER_CLOSE_CODES.has(code ?? 0))) return; // onLeave follows
  try {
    const deferred = table.allowReconnection(client, Math.max(seconds, takeover ? 15 : 0));
    deferred.catch(() => undefined);
    if (seat >= 0) table.slots[seat].reconnection = deferred;
  } catch (e) {
    table.rlog.warn({ event: 'drop', seat, err: (e as Error).message }, 'reconnection not possible');
  }
}


/** A dropped connection came back within its window. */
export function reconnect(table: Table, client: IsleClient): void {
  const seat = table.ownedSeat(client);
  // A reloaded page that reconnected with its reconnection token learns its seat again.
  client.send('seat', { seat, token: seat >= 0 ? table.slots[seat].token : '', roomId: table.roomId, ...(seat >= 0 ? table.shareKeyField() : {}) });
  if (seat >= 0) {
    const slot = table.slots[seat];
    slot.connected = true;
    slot.botPlaying = false;
    slot.reconnection = null;
    // A player who dropped in the lobby was not among table.clients when the game started, so the
    // view Colyseus carried over to this connection does not hold their hand yet.
    const own = table.state.game ? table.game.seatView(table.state, seat) : undefined;
    if (own && client.view && !client.view.has(own)) client.view.add(own);
    addLog(table, seat, 'reconnect', `${slot.name} is back.`);
    syncSeats(table);
    scheduleNext(table);
  }
  table.rlog.info({ event: 'reconnect', seat }, 'reconnected');
}


/** A connection is gone for good: a lobby seat opens, a playing seat gets a bot until its player comes back. */
export function leave(table: Table, client: IsleClient, code?: number): void {
  const seat = table.ownedSeat(client);
  table.rlog.info({ event: 'leave', seat, code }, 'left');
  syncSpectators(table, client);
  if (seat < 0) return;
  const slot = table.slots[seat];
  slot.reconnection = null;
  slot.connected = false;
  slot.sessionId = null;
  if (table.state.phase === 'lobby') {
    addLog(table, seat, 'leave', `${slot.name} left.`);
    Object.assign(slot, { kind: 'empty', name: '', token: null, botPlaying: false });
    if (table.creator === client.sessionId) {
      const next = table.slots.find((sl) => sl.kind === 'human' && sl.sessionId !== null);
      table.creator = next?.sessionId ?? null;
    }
  } else if (table.state.phase === 'playing' && !table.deps.draining?.()) {
    // (while the server shuts down, the seat waits for its player on the next start instead)
    slot.botPlaying = true;
    // The reconnection window has passed (or they left on purpose): a rated game counts as lost for them.
    if (table.rated && !slot.left) {
      slot.left = true;
      table.journal?.write({ t: 'seat', at: now(), seat, name: slot.name, kind: slot.kind, left: true }, 'keep');
    }
    addLog(table, seat, 'bot', `A bot plays for ${slot.name} until they come back.`);
    scheduleNext(table);
  }
  syncSeats(table);
  void updateMetadata(table);
}

/** A client presented the seat token: it gets the seat, whoever held the connection before. */
export function retake(table: Table, seat: number, client: IsleClient): void {
  const slot = table.slots[seat];
  const previous = slot.sessionId;
  const pending = slot.reconnection;
  slot.sessionId = client.sessionId;
  slot.connected = true;
  slot.botPlaying = false;
  slot.reconnection = null;
  if (previous && table.creator === previous) table.creator = client.sessionId;
  if (pending) pending.reject(new Error('seat retaken with its token'));
  if (previous) {
    const old = table.clients.find((c) => c.sessionId === previous);
    if (old) {
      old.userData = { ...old.userData!, seat: -1, kicked: true };
      old.leave(CLOSE_CODES.SEAT_TAKEN, 'seat taken over by a newer connection');
    }
  }
  table.rlog.info({ event: 'retake', seat }, 'seat retaken with token');
}

/**
 * A restored seat whose stored token hash matches: the token is known again from now on. In a rematch
 * room the token is the ended game's, and the seat gets a fresh one (sent in the `seat` message).
 */
export function claimRestoredSeat(table: Table, token: string): number {
  const seat = seatForToken(table.restoredHashes, token);
  if (seat >= 0) {
    table.slots[seat].token = table.rematchOf && table.state.phase === 'lobby' ? randomBytes(18).toString('base64url') : token;
    table.restoredHashes[seat] = null;
  }
  return seat;
}
