/**
 * A game as the server's table sees it: everything game-specific a room needs, behind one object per
 * game (src/games/<game>/). The table, the match, the store, restarts and the archive run any game
 * through it; only the adapter knows the game's rules package, its room-state schema and its bots.
 *
 * The registry (src/games/registry.ts) maps each game id to its adapter; app.ts defines one room per entry.
 */
import type { Schema } from '@colyseus/schema';
import type { AnyGameDefinition, GameId } from '@isle-of-trains/engine-core';
import type { LogTemplate } from '@isle-of-trains/client/protocol';
import type { BotFactory, BotLevel } from '../bots/bots';
import type { CreateOptions } from '../wire/options';
import type { TableState } from '../wire/table-state';
import type { ActionOf, Match, MatchGame, OptionsOf, ViewOf } from './match';

/** A bot for one game: an action for the seat whose view it is given (a promise when a worker thread decides). */
export interface GameBot<V = unknown, A = unknown> {
  chooseAction(input: { view: V; seat: number; history: readonly { type: string; seat: number | null; text: string }[] }): A | Promise<A>;
}

export type ParsedOptions = { ok: true; options: CreateOptions } | { ok: false; message: string };

export interface ServerGame<D extends AnyGameDefinition = AnyGameDefinition> extends MatchGame<D> {
  /** The rules (the game package's definition): id, rulesVersion, seats, setup, pending, apply, view, score… */
  readonly definition: D;
  /** The Colyseus room name this game's tables are created and joined under (Isle's is 'isle'). */
  readonly roomName: string;
  /**
   * The room-state class: the table's common fields around this game's `game` part, built with
   * tableStateClass (src/wire/table-state.ts) so the common fields are the same in every game.
   */
  readonly State: new () => TableState;
  /**
   * The room's create options, from untrusted input: the seat and bot bounds are the game's (at least one
   * seat left for a human). `turnTimeLimit`'s floor (MIN_TURN_SECONDS) is the room's, checked after.
   */
  parseCreateOptions(raw: unknown): ParsedOptions;
  /** The state's game-level settings at creation, from the options (Isle: its solo mode and scenario). */
  describe(state: TableState, options: CreateOptions): void;
  /** The rules' setup options for a table starting now: its seat count, seed and seat names. */
  setupOptions(options: CreateOptions, seed: string, names: string[]): OptionsOf<D>;
  /** A fresh `game` part of the state, set at the start (or when a restored game is taken up). */
  newGamePart(): Schema;
  /**
   * Copy the match into the state's `game` part and the game's other state fields (Isle: the solo
   * status), touching only what changed. Hidden information goes only into view-only fields, which the
   * table opens to each seat's own connection (`seatView`).
   */
  mirror(state: TableState, match: Match<D>): void;
  /** The part of the `game` schema that only `seat`'s connection may see (added to its StateView), if any. */
  seatView(state: TableState, seat: number): Schema | undefined;
  /** The bot that plays this game at `level`; `factory` is the server's bot source (Isle's bots, in worker threads or not). */
  bot(level: BotLevel, factory: BotFactory): GameBot<ViewOf<D>, ActionOf<D>>;
  /** The fallback when a bot fails or picks an illegal action: some legal action of the seat. */
  readonly fallbackBot: GameBot<ViewOf<D>, ActionOf<D>>;
  /**
   * The client package's templates of this game's log lines: a line one of them fits goes into the room
   * state's log window in the short form (docs/PROTOCOL.md, "Log lines on the wire"); none: every line whole.
   */
  readonly logTemplates?: readonly LogTemplate[];
  /** An action's short name for the server's own log lines (never its hidden content). */
  actionName(action: ActionOf<D>): string;
  /**
   * An untrusted action of exactly the documented shape, accepted without the zod parse (LOAD_TUNING: a
   * cheap exact check the rules tests prove equal to the schema); none: always parsed.
   */
  exactAction?(action: unknown): action is ActionOf<D>;
}

/** Any game's adapter, for code that runs every game alike. */
export type AnyServerGame = ServerGame<AnyGameDefinition>;

/** The adapters by game id: one entry per game this server hosts. */
export type ServerGames = Partial<Record<GameId, AnyServerGame>>;
