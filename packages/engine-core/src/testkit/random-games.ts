/**
 * The property harness: seeded random legal games played to the end through a game's definition. Whatever
 * the game, it checks what the interface promises: someone decides until the game ends, every deciding seat
 * has a legal action and every listed action is accepted, the acting seat's view gives the same decisions and
 * actions as the state, `apply` leaves its input alone, the game ends, its score names winners among its
 * seats, and (in `randomGames`) the seed plus the action log replays the identical state. A game's own
 * properties (conservation, limits, secrets) go in a watcher, called after every action.
 */
import fc from 'fast-check';
import type { SetupOptions } from '../definition';
import { fastRng, randomInt } from '../rng';
import { assertReplays, type Definition, type LoggedAction } from './replay';

/**
 * A faster door with the same rules, usually the game's simulator: a private state changed in place. The
 * game is then played through it, and every `checks.applyEvery`-th action also goes through `apply`, which
 * must agree with it.
 */
export interface FastDoor<S, A> {
  readonly state: S;
  apply(seat: number, action: A): void;
}

/** A watcher of one game: the game's own properties, checked as it goes. */
export interface GameWatcher<S, A> {
  /**
   * After every action, with the state after it. With a fast door this is the door's own state, changed in
   * place by the next action: read it, never keep or change it.
   */
  afterAction?(state: S, step: LoggedAction<A> & { index: number }): void;
  /** Once the game is over. */
  atEnd?(state: S, actions: readonly LoggedAction<A>[]): void;
}

export interface RandomGameSettings<S, A, O> {
  /** The game fails when it has not ended after this many actions (default 50 000). */
  maxActions?: number;
  /** Stop after this many actions, without the end-of-game checks (a position in mid-game, for other tests). */
  stopAfter?: number;
  checks?: {
    /** Every this many actions (1: each, the default; 0: never), the acting seat's view must agree with the state. */
    viewEvery?: number;
    /**
     * Every this many actions (1: each, the default; 0: never), `apply` is watched: its input must come back
     * unchanged and, with a fast door, its result must equal the door's state.
     */
    applyEvery?: number;
  };
  /** Play through a faster door built from the dealt state (see FastDoor). */
  fast?(initial: S): FastDoor<S, A>;
  /** A new watcher for each game. */
  watch?(initial: S, options: O): GameWatcher<S, A>;
}

export interface RandomGame<S, A> {
  initial: S;
  /** The final state, or the last one reached with `stopAfter` (a copy independent of any fast door). */
  state: S;
  actions: LoggedAction<A>[];
}

/**
 * Deals a game from `options` and plays it to the end with random legal actions drawn from `moveSeed`: a
 * random seat among those deciding, then a random one of its legal actions. Throws, with the step and the
 * reason, as soon as a promise of the interface is broken.
 */
export function playRandomGame<S extends { kind: 'state' }, V extends { kind: 'view' }, A, O extends SetupOptions>(
  def: Definition<S, V, A, O>, options: O, moveSeed: number, settings: RandomGameSettings<S, A, O> = {},
): RandomGame<S, A> {
  const maxActions = settings.maxActions ?? 50_000;
  const viewEvery = settings.checks?.viewEvery ?? 1;
  const applyEvery = settings.checks?.applyEvery ?? 1;
  const rng = fastRng([moveSeed, moveSeed ^ 0x9e3779b9, 7, 11]);
  const initial = def.setup(options);
  const watcher = settings.watch?.(initial, options) ?? {};
  const door = settings.fast?.(JSON.parse(JSON.stringify(initial)) as S);
  let s = door ? door.state : initial;
  const actions: LoggedAction<A>[] = [];
  const fail: (why: string) => never = (why) => {
    throw new Error(`${def.id} game seed ${JSON.stringify(options.seed)}, moves ${moveSeed}, action ${actions.length}: ${why}`);
  };
  for (;;) {
    const deciding = def.pending(s);
    if (deciding.length === 0) break;
    if (settings.stopAfter !== undefined && actions.length >= settings.stopAfter) {
      return { initial, state: door ? (JSON.parse(JSON.stringify(s)) as S) : s, actions };
    }
    if (actions.length >= maxActions) fail(`the game did not end after ${maxActions} actions`);
    const seat = deciding[randomInt(rng, deciding.length)].seat;
    const legal = def.legal(s, seat);
    if (legal.length === 0) fail(`seat ${seat} must decide but has no legal action`);
    const index = actions.length;
    if (viewEvery > 0 && index % viewEvery === 0) {
      const view = def.view(s, seat);
      if (JSON.stringify(def.pending(view)) !== JSON.stringify(deciding)) fail(`pending differs between the state and seat ${seat}'s view`);
      if (JSON.stringify(def.legal(view, seat)) !== JSON.stringify(legal)) fail(`legal actions differ between the state and seat ${seat}'s view`);
    }
    const action = legal[randomInt(rng, legal.length)];
    const watched = applyEvery > 0 && index % applyEvery === 0;
    if (door) {
      const before = watched ? JSON.stringify(s) : '';
      door.apply(seat, action);
      s = door.state;
      if (watched) {
        const copy = JSON.parse(before) as S;
        const r = def.apply(copy, seat, action);
        if (!r.ok) fail(`apply refused a legal action of seat ${seat} (${JSON.stringify(action)}): ${r.error.code} ${r.error.message}`);
        else if (JSON.stringify(copy) !== before) fail(`apply changed its input state (${JSON.stringify(action)})`);
        else if (JSON.stringify(r.state) !== JSON.stringify(s)) fail(`apply and the fast door disagree after ${JSON.stringify(action)}`);
      }
    } else {
      const before = watched ? JSON.stringify(s) : '';
      const r = def.apply(s, seat, action);
      if (!r.ok) return fail(`apply refused a legal action of seat ${seat} (${JSON.stringify(action)}): ${r.error.code} ${r.error.message}`);
      if (watched && JSON.stringify(s) !== before) fail(`apply changed its input state (${JSON.stringify(action)})`);
      s = r.state;
    }
    actions.push({ seat, action });
    watcher.afterAction?.(s, { seat, action, index });
  }
  const final = door ? (JSON.parse(JSON.stringify(s)) as S) : s;
  const score = def.score(final);
  const seats = new Set(score.players.map((p) => p.seat));
  if (score.players.length !== options.players) fail(`the score lists ${score.players.length} players for a ${options.players}-player game`);
  if (score.winners.length === 0 || !score.winners.every((w) => seats.has(w))) fail(`the score's winners ${JSON.stringify(score.winners)} are not seats of the game`);
  watcher.atEnd?.(final, actions);
  return { initial, state: final, actions };
}

export interface RandomGamesSettings<S, A, O> extends RandomGameSettings<S, A, O> {
  /** How many games. */
  runs: number;
  /** The create options for a game, from its seed. */
  options(seed: string): O;
  /** fast-check's seed, to make the run reproducible (by default fast-check draws one and prints it on failure). */
  seed?: number;
}

/**
 * `runs` random games (fast-check draws each game's seed and move seed; a failure prints them), each played
 * by playRandomGame and then replayed from its seed and action log, which must give the identical state.
 */
export function randomGames<S extends { kind: 'state' }, V extends { kind: 'view' }, A, O extends SetupOptions>(
  def: Definition<S, V, A, O>, settings: RandomGamesSettings<S, A, O>,
): void {
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed, moveSeed) => {
      const options = settings.options(`prop-${seed}`);
      const game = playRandomGame(def, options, moveSeed, settings);
      assertReplays(def, options, game.actions, game.state);
    }),
    { numRuns: settings.runs, ...(settings.seed !== undefined ? { seed: settings.seed } : {}) },
  );
}
