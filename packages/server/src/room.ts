/**
 * TableRoom: one table of one game, as Colyseus sees it (IsleRoom is the Isle of Trains room). This file is the table of contents: the
 * lifecycle hooks and the message table, each a few lines that hand the work to the module that does it.
 *
 *   src/table/     the table's state (table.ts), seats, the log window, the lobby listing, chat
 *   src/games/     one adapter per game (src/game/server-game.ts): rules, state schema, mirror, bots
 *   src/game/      the match (rules state, actions, undo, log lines), moves, the start, turns and
 *                  timers, the end, rematch
 *   src/wire/      the schema and its mirror, option and message schemas, refusals, the message edge
 *   src/persistence/  the journal and store, restarts
 *
 * The full rules state, the seed, the seat tokens and the action log live only on the server; clients get
 * the schema mirror (the game adapter's), where hands are visible only to their owner. docs/PROTOCOL.md
 * says everything a client sends and receives.
 */
import { Room, ServerError, ErrorCode } from '@colyseus/core';
import { ROOM_NAME, type ErrorMessage, type RoomMetadata } from '@isle-of-trains/client/protocol';
import type { Config } from './ops/config';
import type { Logger } from './ops/logger';
import type { Metrics } from './ops/metrics';
import type { ReplayStore } from './persistence/replays';
import type { BotFactory } from './bots/bots';
import type { CreateOptions } from './wire/options';
import type { TableState } from './wire/table-state';
import type { AnyServerGame } from './game/server-game';
import { isleServerGame } from './games/isle';
import { guard, closeFlooding, unknownMessage } from './wire/intake';
import { now, type GameStore } from './persistence/store/types';
import { STORE_UNAVAILABLE } from './persistence/store/journal';
import type { StoreHealth } from './persistence/store/health';
import { takeRestore, withoutRestoreKey } from './persistence/restore';
import { openJournal, restore } from './persistence/room-store';
import { dropViewQueueAfterFullState } from './colyseus-patches/view-handoff';
import { cheapPatches } from './colyseus-patches/patch-flush';
import { newerConnectionTakesOver } from './colyseus-patches/reconnect-takeover';
import { clearReservationTimers, dropPendingJoins, reconnectionTimersEndWithWindow } from './colyseus-patches/reservation-timers';
import { shareEncodeBuffers } from './colyseus-patches/encode-buffers';
import { patchOnSharedTicker } from './colyseus-patches/patch-ticker';
import { fileCode, withdrawCode } from './admission/join-codes';
import { installFrameGate, type SlowedAddresses } from './admission/frame-gate';
import type { AddressQuotas } from './admission/address-quotas';
import type { PlayersService } from './players/service';
import { PlayerError } from './players/accounts';
import { resolveIdentity } from './players/identity';
import type { ArchiveOutbox } from './players/archive-outbox';
import { newShareKey } from './players/private-games';
import type { LobbyCeiling } from './admission/lobby-ceiling';
import { closeLobby, openLobby } from './table/lobby';
import { Table, type IsleClient, type JoinAuth } from './table/table';
import { drop, join, leave, openSeats, reconnect } from './table/seating';
import { syncSeats, updateMetadata } from './table/listing';
import { onChat } from './table/chat';
import { onIntent, onLogRequest, onUndo } from './game/moves';
import { onStart } from './game/start';
import { clearTimer } from './game/turns';
import { takeRematch } from './game/rematch';
import { onRematch, reserveSeats } from './game/rematch-room';

export { ROOM_NAME };
export type { ErrorMessage, RoomMetadata };

export interface RoomDeps {
  config: Config;
  logger: Logger;
  replays: ReplayStore;
  bots: BotFactory;
  /** Action log for restarts and replays (src/persistence/store); none = nothing is stored. */
  store?: GameStore;
  /** Whether the store takes writes (shared by every room; src/persistence/store/health.ts). */
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

/** The messages a client may send, each parsed and answered by the module named. */
const MESSAGES = {
  intent: onIntent,
  start: onStart,
  chat: onChat,
  undo: onUndo,
  rematch: onRematch,
  log: onLogRequest,
} as const;

/** Create options as the game store keeps them: without the creator's identity (a secret or a session token). */
function storedOptions(o: CreateOptions): CreateOptions {
  const { identity: _secret, ...kept } = o as CreateOptions & { identity?: string };
  return kept as CreateOptions;
}

export class TableRoom extends Room<{ state: TableState; metadata: RoomMetadata; client: IsleClient }> {
  /** Set by the class app.ts builds around this one (see bindRoom). */
  deps!: RoomDeps;
  /** The game this room plays, set with the deps (see bindRoom). */
  game!: AnyServerGame;
  /** Everything this room knows of its table (src/table/table.ts). */
  private table!: Table;

  override async onCreate(options: unknown): Promise<void> {
    const { config } = this.deps;
    const t = this.table = new Table(this, this.deps, this.game);
    const restoring = takeRestore(options);
    const rematch = restoring ? undefined : takeRematch(options);
    if (restoring) this.roomId = restoring.roomId;
    else if (this.deps.draining?.()) throw new ServerError(ErrorCode.APPLICATION_ERROR, 'SHUTTING_DOWN: this server is restarting; try again');
    t.rlog = this.deps.logger.child({ room: this.roomId });
    const parsed = this.game.parseCreateOptions(restoring?.createOptions ?? rematch?.createOptions ?? withoutRestoreKey(options) ?? {});
    if (!parsed.ok) throw new ServerError(ErrorCode.APPLICATION_ERROR, `BAD_OPTIONS: ${parsed.message}`);
    t.opts = parsed.options;
    if (t.opts.turnTimeLimit > 0 && t.opts.turnTimeLimit < config.MIN_TURN_SECONDS) {
      throw new ServerError(ErrorCode.APPLICATION_ERROR, `BAD_OPTIONS: turnTimeLimit is 0 (off) or ${config.MIN_TURN_SECONDS}–3600 seconds`);
    }
    t.bot = this.game.bot(t.opts.botLevel, this.deps.bots);
    if (t.opts.private) t.shareKey = restoring?.shareKey ?? newShareKey();

    this.setState(new this.game.State());
    dropViewQueueAfterFullState(this);
    newerConnectionTakesOver(this);
    reconnectionTimersEndWithWindow(this);
    if (config.LOAD_TUNING !== 'off') {
      cheapPatches(this);
      shareEncodeBuffers(this);
    }
    installFrameGate(this, {
      limits: (client) => (client as IsleClient).userData?.limits,
      rateLimited: (client) => t.refuse(client as IsleClient, { code: 'RATE_LIMITED', message: 'Too many messages; slow down.' }, 'frame'),
      flooding: (client) => closeFlooding(t, client as IsleClient),
      badInput: (client, what) => t.noteBadInput(client as IsleClient, { what }),
      unreadable: (client) => this.deps.slowed?.add((client as IsleClient).userData?.address),
    });
    // One timer for every room's patches (src/colyseus-patches/patch-ticker.ts), not one each.
    if (config.LOAD_TUNING === 'on') patchOnSharedTicker(this, config.PATCH_RATE_MS);
    else this.setPatchRate(config.PATCH_RATE_MS);
    // No maxClients: Colyseus counts seat reservations (reconnection windows, joins in flight) against
    // it and LOCKS the room when they add up, turning away even a player with a seat token. Seats are
    // counted by the slots and spectators in join (ROOM_FULL) instead; maxClients stays Infinity.

    const s = this.state;
    s.seatsTotal = t.opts.seats;
    this.game.describe(s, t.opts);
    s.isPrivate = t.opts.private;
    s.turnTimeLimit = t.opts.turnTimeLimit;
    s.botLevel = t.opts.botLevel;
    s.code = await fileCode(this.presence, this.roomId, restoring?.code);
    openSeats(t);
    if (rematch) reserveSeats(t, rematch);
    syncSeats(t);
    openJournal(t, restoring);
    if (restoring) restore(t, restoring);
    else if (t.journal && !t.journal.write({ t: 'create', at: now(), options: storedOptions(t.opts), code: s.code, ...(t.shareKey ? { shareKey: t.shareKey } : {}) })) {
      t.journal.dispose();
      throw new ServerError(ErrorCode.APPLICATION_ERROR, `${STORE_UNAVAILABLE}: the server cannot store games right now; try again shortly`);
    }
    if (t.opts.private) await this.setPrivate(true);
    await updateMetadata(t);
    if (s.phase === 'lobby') openLobby(t);

    // One handler for every type, looked up in the table above: Colyseus keeps a listener list and a closure in
    // each room for each type registered, about 2 KB a room for the six (its request frames, which would need the
    // types registered, are refused before dispatch by src/admission/frame-gate.ts).
    this.onMessage('*', (client: IsleClient, type: string | number, body: unknown) => {
      const name = String(type);
      const handle = Object.hasOwn(MESSAGES, name) ? MESSAGES[name as keyof typeof MESSAGES] : undefined;
      guard(t, client, name, body, (id) => (handle ? handle(t, client, body, id) : unknownMessage(t, client, type, id)));
    });
    t.rlog.info({ event: 'create', seats: t.opts.seats, bots: t.opts.bots, mode: s.mode, private: t.opts.private }, 'room created');
  }

  /**
   * An identity sent with the join is checked against the players' database. A wrong one refuses the join
   * (BAD_IDENTITY) so the client knows; an unreachable database lets the player in without one.
   */
  override async onAuth(_client: IsleClient, options: unknown): Promise<JoinAuth> {
    const identity = (options as { identity?: unknown } | null)?.identity;
    if (typeof identity !== 'string' || !this.deps.players) return { player: null };
    const player = await resolveIdentity(this.deps.players, identity).catch((e: Error & { code?: string }) => {
      if (e instanceof PlayerError) throw new ServerError(ErrorCode.APPLICATION_ERROR, `BAD_IDENTITY: ${e.message}`);
      // A database outage is logged once by its health tracker (src/db/health.ts), not once per join.
      if (!this.deps.players?.health.reported(e)) this.table.rlog.warn({ event: 'identity', err: { message: e.message } }, 'players database unreachable; joining without identity');
      return null;
    });
    return { player };
  }

  override onJoin(client: IsleClient, options: unknown): void {
    join(this.table, client, options);
  }

  override onDrop(client: IsleClient, code?: number): void {
    drop(this.table, client, code);
  }

  override onReconnect(client: IsleClient): void {
    reconnect(this.table, client);
  }

  override onLeave(client: IsleClient, code?: number): void {
    leave(this.table, client, code);
  }

  /** The server is closing (Colyseus calls this for every room, then waits until each is disposed). */
  override onBeforeShutdown(): void {
    dropPendingJoins(this);
    super.onBeforeShutdown();
  }

  override onDispose(): void {
    clearReservationTimers(this);
    const t = this.table;
    if (!t) return;
    clearTimer(t);
    closeLobby(t);
    if (this.state?.code) void withdrawCode(this.presence, this.state.code, this.roomId).catch(() => undefined);
    // A game in play stays open in the store (a shutdown; it is restored on the next start).
    if (this.state?.phase === 'lobby') t.journal?.write({ t: 'abandon', at: now(), reason: 'lobby closed' }, 'keep');
    t.journal?.dispose();
    t.rlog?.info({ event: 'dispose', phase: this.state?.phase }, 'room disposed');
  }

  /** Broadcast the shutdown notice (app.ts, on SIGTERM). */
  notifyRestart(seconds: number): void {
    this.broadcast('restarting', { seconds });
  }
}

/** The Isle of Trains room: the table room playing Isle's adapter. */
export type IsleRoom = TableRoom;

/** A room class for `game` with its dependencies bound, for Server.define. */
export function bindRoom(game: AnyServerGame, deps: RoomDeps): typeof TableRoom {
  return class BoundRoom extends TableRoom {
    constructor() {
      super();
      this.deps = deps;
      this.game = game;
    }
  };
}

/** The Isle of Trains room class with its dependencies bound. */
export function bindIsleRoom(deps: RoomDeps): typeof TableRoom {
  return bindRoom(isleServerGame as unknown as AnyServerGame, deps);
}
