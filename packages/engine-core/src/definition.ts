/**
 * The game-definition interface: the one object every game's rules package exports, so that the server,
 * the bots' arena and the test kit can run any game without knowing its rules. Everything in it is a pure
 * function over plain JSON data: the state (with its seeded generator inside) is the whole game, so a seed
 * plus the list of actions replays the identical game anywhere.
 */
import type { z } from 'zod';

/** The games this project hosts. */
export type GameId = 'isle' | 'ttr';

/**
 * One seat that must decide now. Each game adds its own fields (what kind of decision, how many cards…),
 * which clients render; the seat is all that the machinery around a game needs.
 */
export interface Decision {
  seat: number;
}

/** What every game's create options hold at least: the seat count, the seed, and optional display names. */
export interface SetupOptions {
  players: number;
  seed: string;
  names?: string[];
}

/** Why an action was refused: a code a program can branch on and words a person understands. */
export interface RuleError {
  code: string;
  message: string;
}

/** The outcome of `apply`: the new state and its log events, or the refusal (the input state is never changed). */
export type ApplyResult<S, E = unknown> = { ok: true; state: S; events: E[] } | { ok: false; error: RuleError };

/** Who sees a view: a seat, or a spectator who sees only what is public. */
export type Viewer = number | 'spectator';

/** The final (or running) score in a shape common to all games; `detail` is the game's own breakdown. */
export interface GameScore<Detail = unknown> {
  players: { seat: number; total: number }[];
  winners: number[];
  /** Which rule settled the winners (the score itself, or a named tie-breaker). */
  decidedBy: string;
  detail: Detail;
}

/** A game's own score breakdown as the shared GameScore (totals per seat, the winners, the deciding rule), the breakdown kept as `detail`. */
export function gameScore<B extends { players: { seat: number; total: number }[]; winners: number[]; decidedBy: string }>(b: B): GameScore<B> {
  return { players: b.players.map((p) => ({ seat: p.seat, total: p.total })), winners: b.winners, decidedBy: b.decidedBy, detail: b };
}

/**
 * The part every game's simulator shares: a private copy of the state that its own `apply` changes in
 * place, for bots and tools that play many moves. Their `apply` signatures differ by game.
 */
export interface SimulatorBase<S> {
  readonly state: S;
  readonly gameOver: boolean;
}

/**
 * A game, as one object.
 *
 * - S, V: the full state (server only) and one viewer's view; `legal`, `pending` and `score` accept either,
 *   and must give the same answer for a state and the acting seat's view (clients compute their moves locally).
 * - A, O: the action and the create options, each with its zod schema for untrusted input.
 * - D, E: the game's decision and event shapes. Sim: its simulator. Detail: its score breakdown.
 */
export interface GameDefinition<
  S extends { kind: 'state' },
  V extends { kind: 'view' },
  A,
  O extends SetupOptions,
  D extends Decision = Decision,
  E = unknown,
  Sim extends SimulatorBase<S> = SimulatorBase<S>,
  Detail = unknown,
> {
  id: GameId;
  /**
   * Changes whenever a rules change would make a stored seed and action log replay differently; a stored
   * game is replayed only under the version it was played with.
   */
  rulesVersion: string;
  seats: { min: number; max: number };
  optionsSchema: z.ZodType<O>;
  actionSchema: z.ZodType<A>;
  /** Deals a new game. Throws on options that cannot make one. */
  setup(options: O): S;
  /** Who decides now: none once the game is over, one, or several seats at once. */
  pending(t: S | V): D[];
  /** One action per real choice of `seat` now; [] for a seat with nothing to decide. */
  legal(t: S | V, seat: number): A[];
  /** Checks an untrusted action of `seat` and carries it out on a copy of `s`. */
  apply(s: S, seat: number, action: unknown): ApplyResult<S, E>;
  /** Exactly what `viewer` may see. */
  view(s: S, viewer: Viewer): V;
  /** Whether going from `before` to `after` showed someone something hidden (no undo past such a step). */
  revealsHidden(before: S, after: S): boolean;
  score(t: S | V): GameScore<Detail>;
  simulator(s: S): Sim;
}

/** Any game definition, for code that runs every game alike. */
export type AnyGameDefinition = GameDefinition<any, any, any, any, Decision, unknown, SimulatorBase<any>, unknown>;
