/**
 * A table's game flow, and nothing else: the rules state, the actions in force, the events they made,
 * the steps that may still be taken back, and the game's log lines. It knows no transport and no
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
import {
  applyAction, createGame, currentDecision, playerView, RULES_VERSION, scoreBreakdown,
  type Action, type Decision, type GameEvent, type GameOptions, type GameState, type PlayerView, type RuleError, type ScoreBreakdown,
} from '@isle-of-trains/rules';
import { LogLines, type LogLine } from './log-lines';
import { UndoTrail, type StepBy, type UndoRefusal } from './undo';
import { STORE_UNAVAILABLE, storeUnavailable } from '../persistence/store/journal';
import type { ActionEntry, LogEntry, UndoEntry } from '../persistence/store/types';

/** Where a match stores its records: the room's journal (src/persistence/store/journal.ts), or none. */
export interface MatchJournal {
  /** false = not stored (the match then changes nothing); 'keep' entries are held until they can be stored. */
  write(entry: LogEntry, mode?: 'refuse' | 'keep'): boolean;
  readonly blocked: boolean;
}

export type Move = { seat: number; action: Action };

export type Applied =
  | { ok: true; lines: LogLine[]; over: boolean }
  | { ok: false; error: RuleError };

export type Undone =
  | { ok: true; dropped: Set<number>; deadline?: number }
  | { ok: false; code: UndoRefusal | typeof STORE_UNAVAILABLE };

export interface MatchSettings {
  /** Where records go (none: nothing is stored, e.g. a replay). */
  journal?: MatchJournal | null;
  /** The log to write event lines into (a room's, which has notices from before the start); a new one by default. */
  lines?: LogLines;
  /** ISO time for records (the room's clock). */
  now?: () => string;
}

export class Match {
  state: GameState;
  readonly actions: Move[] = [];
  readonly events: GameEvent[] = [];
  readonly trail = new UndoTrail();
  readonly lines: LogLines;
  readonly seedHash: string;
  journal: MatchJournal | null;
  private readonly now: () => string;

  /** Throws when the rules refuse the options. */
  constructor(readonly options: GameOptions, readonly startedAt: string, settings: MatchSettings = {}) {
    this.state = createGame(options);
    this.seedHash = createHash('sha256').update(options.seed).digest('hex');
    this.journal = settings.journal ?? null;
    this.lines = settings.lines ?? new LogLines(() => this.events);
    this.now = settings.now ?? (() => new Date().toISOString());
  }

  /** A new game: its `start` record goes to the journal ('keep': the start has happened once the seats are set). */
  static begin(options: GameOptions, settings: MatchSettings & { now: () => string }): Match {
    const m = new Match(options, settings.now(), settings);
    m.journal?.write({ t: 'start', at: m.startedAt, game: 'isle', rulesVersion: RULES_VERSION, options: { ...options, names: [...(options.names ?? [])] }, seedHash: m.seedHash }, 'keep');
    return m;
  }

  get over(): boolean {
    return this.state.gameOver;
  }

  decision(): Decision | null {
    return this.state.gameOver ? null : currentDecision(this.state);
  }

  view(viewer: number | 'spectator'): PlayerView {
    return playerView(this.state, viewer);
  }

  /** Steps the seat to move could take back now. */
  undoable(): number {
    const d = this.decision();
    return d ? this.trail.count(d.seat, this.state) : 0;
  }

  /** Apply `seat`'s action: stored first, then played; nothing changes when the rules or the journal refuse it. */
  apply(seat: number, action: Action, by: StepBy, deadline?: number): Applied {
    if (this.journal?.blocked) return { ok: false, error: storeUnavailable() };
    const r = applyAction(this.state, seat, action);
    if (!r.ok) return r;
    if (this.journal && !this.journal.write({ t: 'action', at: this.now(), seat, action, ...(by !== 'human' ? { by } : {}) })) {
      return { ok: false, error: storeUnavailable() };
    }
    const from = this.events.length;
    this.played(seat, action, r.state, r.events, by, deadline);
    const lines: LogLine[] = [];
    for (let i = from; i < this.events.length; i++) lines.push(this.lines.event(i));
    return { ok: true, lines, over: this.state.gameOver };
  }

  /** Take `seat`'s last step back (as src/game/undo.ts allows): stored first, then undone, its log lines dropped. */
  undo(seat: number): Undone {
    const refused = this.trail.refusal(seat, this.state);
    if (refused) return { ok: false, code: refused };
    if (this.journal && !this.journal.write({ t: 'undo', at: this.now(), seat })) return { ok: false, code: STORE_UNAVAILABLE };
    const step = this.trail.pop();
    this.state = step.before;
    this.actions.length = step.actions;
    this.events.length = step.events;
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
      const step = this.trail.pop();
      this.state = step.before;
      this.actions.length = step.actions;
      this.events.length = step.events;
      this.lines.dropEventsFrom(step.events);
      return null;
    }
    const r = applyAction(this.state, e.seat, e.action as Action);
    if (!r.ok) return r.error.code;
    const from = this.events.length;
    this.played(e.seat, e.action as Action, r.state, r.events, e.by ?? 'human');
    for (let i = from; i < this.events.length; i++) this.lines.event(i);
    return null;
  }

  /** The game is over: its final scores, stored with the `end` record ('keep': the end has happened). */
  end(at: string): ScoreBreakdown {
    const scores = scoreBreakdown(this.state);
    this.journal?.write({ t: 'end', at, finalScores: scores }, 'keep');
    return scores;
  }

  private played(seat: number, action: Action, after: GameState, events: GameEvent[], by: StepBy, deadline?: number): void {
    this.trail.record(seat, this.state, after, by, { actions: this.actions.length, events: this.events.length, deadline });
    this.state = after;
    this.actions.push({ seat, action });
    this.events.push(...events);
  }
}
