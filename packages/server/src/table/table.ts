/**
 * One table's server-side state, shared by the modules that each do one job for the room (seating, the
 * log window, the listing, moves, turns, the end, the store, rematch): the seats and who holds them, the
 * match once it starts, timers, the journal. The Colyseus room (src/room.ts) owns one Table and hands its
 * lifecycle hooks and messages to those modules; the Table forwards the few room calls they need.
 */
import type { Client, Deferred } from '@colyseus/core';
import type { RoomMetadata } from '@isle-of-trains/client/protocol';
import type { IsleRoom, RoomDeps } from '../room';
import type { Logger } from '../ops/logger';
import type { CreateOptions } from '../wire/options';
import type { Refusal } from '../wire/refusal';
import type { TableState } from '../wire/table-state';
import type { AnyServerGame, GameBot } from '../game/server-game';
import { LogLines } from '../game/log-lines';
import type { Match } from '../game/match';
import type { RoomJournal } from '../persistence/store/journal';
import { isRatedTable } from '../players/archive';
import type { PlayerRecord } from '../players/accounts';
import type { ConnectionLimits, TokenBucket } from '../admission/frame-gate';
import type { LobbyTimer } from '../admission/lobby-ceiling';

export interface Slot {
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

export interface UserData {
  /** Seat index, or -1 for a spectator. */
  seat: number;
  /** Frame limits (src/admission/frame-gate.ts): every inbound frame of every kind counts. */
  limits: ConnectionLimits;
  /** Log lines about this connection's bad input: a few per minute (the rest are counted, not written). */
  logLines: TokenBucket;
  /** Bad-input lines not written since the last one that was. */
  unlogged: number;
  /** The client's address (X-Forwarded-For through TRUSTED_PROXIES, else the socket's peer), for slowing down an address that flooded. */
  address?: string;
  /** Closed by the server because the seat was retaken elsewhere: no reconnection. */
  kicked?: boolean;
  /** The join completed (a join refused with BAD_OPTIONS etc. never gets a reconnection window). */
  joined?: boolean;
  /** Chat lines this connection may still send (1 a second, bursts of 5). */
  chat?: TokenBucket;
  /** The name a spectator gave, for their chat lines. */
  name?: string;
}

/** What onAuth found out about a joining client. */
export interface JoinAuth {
  player: PlayerRecord | null;
}

export type IsleClient = Client<{ userData: UserData; auth: JoinAuth | undefined }>;

export class Table {
  opts!: CreateOptions;
  slots: Slot[] = [];
  /** Session id of the player who may start the game. */
  creator: string | null = null;
  /** The game once started (src/game/match.ts): state, actions, events, undo trail and log lines. */
  match: Match | null = null;
  /** Fixed when the game starts: every seat a signed-in account, each once, no bots (src/players/archive.ts). */
  rated = false;
  /**
   * The whole table's log (src/game/log-lines.ts): notices from the lobby on, then the match writes its
   * events' lines into it. The state's `log` shows only its newest LOG_ENTRIES lines (src/table/log-window.ts).
   */
  lines = new LogLines((ix) => this.match?.eventLines(ix) ?? []);
  /** The next bot move (src/game/turns.ts): one pending bot seat at a time. */
  timer: NodeJS.Timeout | null = null;
  /** The turn timer of the pending human seats (one deadline for a group deciding at once). */
  deadlineTimer: NodeJS.Timeout | null = null;
  /** Bot moves in a row made while no human player was connected (see MAX_UNATTENDED_MOVES). */
  unattended = 0;
  /** Why the game was stopped unfinished (unattended, or an internal error); nothing more is played here. */
  stopped: string | null = null;
  bot!: GameBot;
  rlog!: Logger;
  /** Every store write goes through here (src/persistence/store/journal.ts): nothing is acknowledged before it is stored. */
  journal: RoomJournal | null = null;
  /** Restored games and rematches: SHA-256 of each seat's token, until its owner comes back with the token. */
  restoredHashes: (string | null)[] = [];
  /** A rematch room: the ended room it continues (src/game/rematch.ts). */
  rematchOf: string | null = null;
  /** An ended room: the rematch room once asked for (a promise while it is being created). */
  rematchRoom: Promise<string> | null = null;
  /** The rematch room's id once it exists (to notice that it has closed since). */
  rematchRoomId: string | null = null;
  /** A private room's share key: seated players get it; it opens the replay after the end (src/players/private-games.ts). */
  shareKey: string | null = null;
  /** Closes the lobby when nobody has joined it for LOBBY_IDLE_SECONDS (src/table/lobby.ts). */
  lobbyTimer: LobbyTimer | null = null;

  /** `game`: the game this table plays (its rules, state schema, mirror, bots: src/game/server-game.ts). */
  constructor(readonly room: IsleRoom, readonly deps: RoomDeps, readonly game: AnyServerGame) {}

  // ---- the room calls the modules need
  get state(): TableState { return this.room.state; }
  get clients(): IsleRoom['clients'] { return this.room.clients; }
  get roomId(): string { return this.room.roomId; }
  get presence(): IsleRoom['presence'] { return this.room.presence; }
  get clock(): IsleRoom['clock'] { return this.room.clock; }
  get autoDispose(): boolean { return this.room.autoDispose; }
  set autoDispose(v: boolean) { this.room.autoDispose = v; }
  broadcast(type: string, message: unknown, options?: Parameters<IsleRoom['broadcast']>[2]): void { this.room.broadcast(type, message, options); }
  broadcastPatch(): void { this.room.broadcastPatch(); }
  disconnect(): Promise<unknown> { return this.room.disconnect(); }
  setMetadata(meta: RoomMetadata): Promise<unknown> { return this.room.setMetadata(meta); }
  allowReconnection(client: IsleClient, seconds: number): Deferred<Client> { return this.room.allowReconnection(client, seconds) as unknown as Deferred<Client>; }

  // ---- small reads and syncs every module uses

  /** The seat this connection plays, or -1 (spectators, and connections whose seat was retaken). */
  ownedSeat(client: IsleClient): number {
    const seat = client.userData?.seat ?? -1;
    return seat >= 0 && this.slots[seat]?.sessionId === client.sessionId ? seat : -1;
  }

  /** The `shareKey` of a seated player's `seat` message, in a private room. */
  shareKeyField(): { shareKey?: string } {
    return this.shareKey ? { shareKey: this.shareKey } : {};
  }

  /** The schema mirror of the match (the game's adapter): hidden parts only in their owner's view. */
  refreshMirror(): void {
    if (!this.match || !this.state.game) return;
    this.game.mirror(this.state, this.match);
  }

  /**
   * `undoable` in the room state: how many steps can be taken back now, by the one seat that made them
   * (at most one seat has any at a time: src/game/undo.ts).
   */
  syncUndoable(): void {
    const n = this.match?.undoHolder()?.steps ?? 0;
    if (this.state.undoable !== n) this.state.undoable = n;
  }

  /** Whether the table as seated now would be rated. */
  wouldBeRated(): boolean {
    return isRatedTable(this.slots.map((sl) => ({ playerId: sl.kind === 'human' ? sl.playerId ?? null : null, botLevel: sl.kind === 'bot' ? this.opts.botLevel : null, hasAccount: sl.account === true })), this.game.definition.id);
  }

  /** Send a typed refusal, and log it as bad input (limited per connection). */
  refuse(client: IsleClient, error: Refusal, type: string): void {
    if (error.id === undefined) delete error.id;
    client.send('error', error);
    this.noteBadInput(client, { type: type.slice(0, 40), code: error.code });
  }

  /**
   * One warn line (no stack, no message content) about a connection's bad input, at most
   * BAD_INPUT_LINES at once and then that many per minute; lines held back are counted in the next.
   */
  noteBadInput(client: IsleClient, fields: Record<string, unknown>): void {
    const ud = client.userData;
    if (ud && !ud.logLines.take()) {
      ud.unlogged++;
      return;
    }
    const unlogged = ud?.unlogged ?? 0;
    if (ud) ud.unlogged = 0;
    this.rlog.warn({ event: 'refused', seat: this.ownedSeat(client), session: client.sessionId, ...fields, ...(unlogged > 0 ? { unlogged } : {}) }, 'bad client input');
  }
}
