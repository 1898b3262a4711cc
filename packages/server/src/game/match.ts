/**
 * A table's game flow, and nothing else: the rules state, the actions in force, the events they made,
 * the steps that may still be taken back, and the game's log lines. The history is kept once: the
 * actions in force as compact text (src/game/action-log.ts); of the events only the newest
 * (src/game/recent-events.ts), older ones derived again from the actions when asked for; the log lines
 * as event indices (src/game/log-lines.ts). The durable copy is the journal's. It knows no transport and no
 * clock of its own, and stores through the journal it is given, so the live room, a restart and a test
 * with no socket all play a game through the same code:
 *
 *  - live play: apply() and undo() write their record first and change nothing when the journal
 *    refuses it (nothing is acknowledged that is not stored);
 *  - a restart: take() plays a stored record forward with the same checks and no write (src/persistence/restore.ts);
 *  - the end: end() stores the final scores.
 *
 * Who decides when (seats, bots, timers) is the table's business, not the match's.
 */
import { createHash } from 'crypto';
import type { AnyGameDefinition, GameScore, RuleError } from '@isle-of-trains/engine-core';
import { LogLines, type LogLine, type LineOf } from './log-lines';
import { ActionLog } from './action-log';
import { RecentEvents } from './recent-events';
import { LineChunks } from '../persistence/store/line-chunks';
import { UndoTrail, type StepBy, type UndoRefusal } from './undo';
import { STORE_UNAVAILABLE, storeUnavailable } from '../persistence/store/journal';
import type { ActionEntry, LogEntry, UndoEntry } from '../persistence/store/types';

/** A game definition's state, view, action, options, decision and event types. */
export type StateOf<D> = D extends { setup(o: never): infer S } ? S : never;
export type ViewOf<D> = D extends { view(s: never, v: never): infer V } ? V : never;
export type ActionOf<D> = D extends { legal(t: never, seat: number): (infer A)[] } ? A : never;
export type OptionsOf<D> = D extends { setup(o: infer O): unknown } ? O : never;
export type DecisionOf<D> = D extends { pending(t: never): (infer P)[] } ? P : never;
export type EventOf<D> = D extends { apply(s: never, seat: number, a: unknown): infer R } ? (R extends { ok: true; events: (infer E)[] } ? E : never) : never;

/**
 * What a match needs to know of its game: the definition (rules), how an event reads as a log line,
 * and the game's turns when undo must never cross one. A server adapter (src/game/server-game.ts) is one.
 */
export interface MatchGame<D extends AnyGameDefinition = AnyGameDefinition> {
  readonly definition: D;
  /** How an event reads as a log line; `s` is the match's state (for names and the like, which a game never changes). */
  eventLine(e: EventOf<D>, s: StateOf<D>): LineOf;
  turnOf?(s: StateOf<D>): unknown;
}

/** Where a match stores its records: the room's journal (src/persistence/store/journal.ts), or none. */
export interface MatchJournal {
  /** false = not stored (the match then changes nothing); 'keep' entries are held until they can be stored. */
  write(entry: LogEntry, mode?: 'refuse' | 'keep'): boolean;
  readonly blocked: boolean;
}

export type Move<A = unknown> = { seat: number; action: A };

export type Applied =
  | {
    ok: true;
    lines: LogLine[];
    over: boolean;
    /**
     * The seat finished its part of a group decision that others still make (nobody new decides): the
     * group's turn timer keeps its deadline.
     */
    groupWaits: boolean;
  }
  | { ok: false; error: RuleError };

export type Undone =
  | { ok: true; dropped: Set<number>; deadline?: number }
  | { ok: false; code: UndoRefusal | typeof STORE_UNAVAILABLE };

/**
 * Events kept at hand: enough for the state's log window (LOG_ENTRIES, 20 by default) to be filled
 * again after an undo without deriving them; the window holds up to twice this many between trims.
 */
const RECENT_EVENTS = 24;

export interface MatchSettings {
  /** Where records go (none: nothing is stored, e.g. a replay). */
  journal?: MatchJournal | null;
  /** The log to write event lines into (a room's, which has notices from before the start); a new one by default. */
  lines?: LogLines;
  /** ISO time for records (the room's clock). */
  now?: () => string;
}

export class Match<D extends AnyGameDefinition = AnyGameDefinition> {
  state: StateOf<D>;
  /** The actions in force, encoded (decoded by `actions`). */
  private readonly log = new ActionLog<ActionOf<D>>();
  private readonly recent = new RecentEvents<EventOf<D>>(RECENT_EVENTS);
  /**
   * Lines of events older than the recent ones, as JSON `[seat, type, text]`, from the first on: kept
   * once the `log` message made the match derive them, so asking again (a client scrolling back, or
   * one asking over and over) costs no second replay of the game. Empty until someone asks.
   */
  private readonly derived = new LineChunks();
  readonly trail: UndoTrail<StateOf<D>>;
  readonly lines: LogLines;
  readonly seedHash: string;
  readonly definition: D;
  journal: MatchJournal | null;
  private readonly now: () => string;

  /** Throws when the rules refuse the options. */
  constructor(readonly game: MatchGame<D>, readonly options: OptionsOf<D>, readonly startedAt: string, settings: MatchSettings = {}) {
    const def = this.definition = game.definition;
    this.state = def.setup(options);
    this.seedHash = createHash('sha256').update((options as { seed: string }).seed).digest('hex');
    this.trail = new UndoTrail<StateOf<D>>({ pending: (s) => def.pending(s), revealsHidden: (b, a) => def.revealsHidden(b, a), turnOf: game.turnOf?.bind(game) });
    this.journal = settings.journal ?? null;
    this.lines = settings.lines ?? new LogLines((ix) => this.eventLines(ix));
    this.now = settings.now ?? (() => new Date().toISOString());
  }

  /**
   * A new game: its `start` record, naming the game and its rules version, goes to the journal ('keep':
   * the start has happened once the seats are set).
   */
  static begin<D extends AnyGameDefinition>(game: MatchGame<D>, options: OptionsOf<D>, settings: MatchSettings & { now: () => string }): Match<D> {
    const m = new Match(game, options, settings.now(), settings);
    const o = options as { names?: string[] };
    m.journal?.write({
      t: 'start', at: m.startedAt, game: m.definition.id, rulesVersion: m.definition.rulesVersion,
      options: { ...options, names: [...(o.names ?? [])] } as never, seedHash: m.seedHash,
    }, 'keep');
    return m;
  }

  /** How many actions are in force. */
  get actionCount(): number {
    return this.log.length;
  }

  /** The actions in force, decoded afresh at each call (a replay's list; the match keeps them as text). */
  get actions(): Move<ActionOf<D>>[] {
    return this.log.moves();
  }

  /** How many events the actions in force made. */
  get eventCount(): number {
    return this.recent.length;
  }

  /** The newest events (a bounded window, oldest first): what bots are given as the public history. */
  recentEvents(): readonly EventOf<D>[] {
    return this.recent.list();
  }

  /** Every event of the actions in force, oldest first: derived by playing the actions again (tests, tools). */
  allEvents(): EventOf<D>[] {
    const out: EventOf<D>[] = [];
    this.replayEvents(this.recent.length, (e) => { out.push(e); });
    return out;
  }

  /**
   * The log lines of the events at `indices` (ascending). Recent events are at hand; older ones are
   * read from the lines derived before, and those not derived yet are derived now, by playing the
   * actions once from the start up to the newest index asked.
   */
  eventLines(indices: readonly number[]): (LineOf | undefined)[] {
    const out: (LineOf | undefined)[] = new Array(indices.length);
    const older = new Map<number, number>();
    indices.forEach((ix, k) => {
      const e = this.recent.at(ix);
      if (e !== undefined) out[k] = this.game.eventLine(e, this.state);
      else if (ix < this.recent.length) older.set(ix, k);
    });
    if (older.size === 0) return out;
    const newest = indices.reduce((m, ix) => (older.has(ix) ? Math.max(m, ix) : m), -1);
    if (newest >= this.derived.length) {
      const have = this.derived.length;
      this.replayEvents(newest + 1, (e, ix) => {
        if (ix < have) return;
        const { seat, type, text } = this.game.eventLine(e, this.state);
        this.derived.push(JSON.stringify([seat, type, text]));
      });
    }
    this.derived.each((text, ix) => {
      const k = older.get(ix);
      if (k !== undefined) {
        const [seat, type, line] = JSON.parse(text) as [number, string, string];
        out[k] = { seat, type, text: line };
      }
      return ix < newest;
    }, Math.min(...older.keys()));
    return out;
  }

  get over(): boolean {
    return this.pending().length === 0;
  }

  /** Who decides now: nobody once the game is over, one seat, or several at once. */
  pending(): DecisionOf<D>[] {
    return this.definition.pending(this.state) as DecisionOf<D>[];
  }

  /** Whether `seat` has a decision to make now. */
  isPending(seat: number): boolean {
    return this.pending().some((d) => d.seat === seat);
  }

  view(viewer: number | 'spectator'): ViewOf<D> {
    return this.definition.view(this.state, viewer) as ViewOf<D>;
  }

  /** Steps `seat` could take back now. */
  undoable(seat: number): number {
    return this.trail.count(seat, this.state);
  }

  /** The one seat that could take steps back now (null when nobody can), and how many. */
  undoHolder(): { seat: number; steps: number } | null {
    const seat = this.trail.holder();
    if (seat === null) return null;
    const steps = this.undoable(seat);
    return steps > 0 ? { seat, steps } : null;
  }

  /** Apply `seat`'s action: stored first, then played; nothing changes when the rules or the journal refuse it. */
  apply(seat: number, action: ActionOf<D>, by: StepBy, deadline?: number): Applied {
    if (this.journal?.blocked) return { ok: false, error: storeUnavailable() };
    const r = this.definition.apply(this.state, seat, action);
    if (!r.ok) return r;
    if (this.journal && !this.journal.write({ t: 'action', at: this.now(), seat, action, ...(by !== 'human' ? { by } : {}) })) {
      return { ok: false, error: storeUnavailable() };
    }
    const before = this.pending();
    const from = this.recent.length;
    const events = r.events as EventOf<D>[];
    this.played(seat, action, r.state, events, by, deadline);
    const lines: LogLine[] = events.map((e, k) => this.lines.event(from + k, this.game.eventLine(e, this.state)));
    const after = this.pending();
    const groupWaits = after.length > 0 && !after.some((d) => d.seat === seat) && after.every((d) => before.some((b) => b.seat === d.seat));
    return { ok: true, lines, over: after.length === 0, groupWaits };
  }

  /** Take `seat`'s last step back (as src/game/undo.ts allows): stored first, then undone, its log lines dropped. */
  undo(seat: number): Undone {
    const refused = this.trail.refusal(seat, this.state);
    if (refused) return { ok: false, code: refused };
    if (this.journal && !this.journal.write({ t: 'undo', at: this.now(), seat })) return { ok: false, code: STORE_UNAVAILABLE };
    const step = this.backTo(this.trail.pop());
    return { ok: true, dropped: this.lines.dropEventsFrom(step.events), deadline: step.deadline };
  }

  /**
   * Play a stored record forward (a restart): the same checks as apply() and undo(), no write. Returns
   * null, or the code of why the record does not apply (nothing changed then).
   */
  take(e: ActionEntry | UndoEntry): string | null {
    if (e.t === 'undo') {
      const refused = this.trail.refusal(e.seat, this.state);
      if (refused) return refused;
      this.lines.dropEventsFrom(this.backTo(this.trail.pop()).events);
      return null;
    }
    const r = this.definition.apply(this.state, e.seat, e.action);
    if (!r.ok) return r.error.code;
    const from = this.recent.length;
    this.played(e.seat, e.action as ActionOf<D>, r.state, r.events as EventOf<D>[], e.by ?? 'human');
    for (let i = from; i < this.recent.length; i++) this.lines.eventRef(i);
    return null;
  }

  /** The score now, in the common shape (its `detail` is the game's own breakdown). */
  score(): GameScore {
    return this.definition.score(this.state);
  }

  /**
   * The game is over: its final score. The game's own breakdown is what is stored with the `end` record
   * ('keep': the end has happened), what clients get as `scoresJson` and what the archive keeps.
   */
  end(at: string): GameScore {
    const score = this.score();
    this.journal?.write({ t: 'end', at, finalScores: score.detail }, 'keep');
    return score;
  }

  private played(seat: number, action: ActionOf<D>, after: StateOf<D>, events: EventOf<D>[], by: StepBy, deadline?: number): void {
    this.trail.record(seat, this.state, after, by, { actions: this.log.length, events: this.recent.length, deadline });
    this.state = after;
    this.log.push(seat, action);
    this.recent.push(events);
  }

  /** Put the state, the actions and the events back to before `step`. */
  private backTo<T extends { before: StateOf<D>; actions: number; events: number }>(step: T): T {
    this.state = step.before;
    this.log.truncate(step.actions);
    this.recent.truncate(step.events);
    this.derived.truncate(step.events);
    return step;
  }

  /**
   * Play the actions in force again from the start, calling `fn` with each event and its index, until
   * `count` events have been made. The rules are deterministic from the options (a restart relies on
   * it), so these are the events the match made.
   */
  private replayEvents(count: number, fn: (e: EventOf<D>, index: number) => void): void {
    if (count <= 0) return;
    const def = this.definition;
    let s = def.setup(this.options);
    let index = 0;
    this.log.each((seat, action) => {
      const r = def.apply(s, seat, action);
      if (!r.ok) throw new Error(`a stored action no longer applies: ${r.error.code}`);
      s = r.state as StateOf<D>;
      for (const e of r.events as EventOf<D>[]) {
        if (index >= count) return false;
        fn(e, index++);
      }
      return index < count;
    });
  }
}
