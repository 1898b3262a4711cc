/**
 * Taking steps back (the `undo` message, docs/PROTOCOL.md "Undo"): which of a player's steps may still be
 * taken back, and the state to go back to. The same rules for every game, through its definition.
 *
 * A seat may take back its own steps, one at a time, while they are the last steps made at the table and
 * still part of the decision it is making (or made, while others of a group deciding at once still
 * choose), as far back as the last step that revealed hidden information (the definition's
 * revealsHidden: a deck draw, a passenger from the bag, a reshuffle...) or the last decision someone
 * else made (another seat, a bot or the turn timer deciding for it). Past that line an undo is refused
 * with UNDO_BLOCKED; with no step of theirs to take back at all it is NOTHING_TO_UNDO. Bots never take
 * steps back.
 *
 * What ends a seat's run of steps for good: someone else stepping (only the last steps made can be taken
 * back, as the state before a step is put back whole), a seat that was not deciding before the step
 * having to decide after it (the turn passed on, or a new round of choices began), the game's turn
 * changing (for a game that names its turns), or the end of the game. A seat that finishes its part of
 * a group decision keeps its steps while the others of the group still choose, until one of them steps.
 *
 * The trail keeps the state before each undoable step (states are never mutated, so these are shared
 * references, not copies) plus where the match's action list and event history stood, so an undo puts
 * all three back. The same trail is rebuilt from the stored log on restore (src/persistence/restore.ts),
 * where a stored `undo` record is checked against it exactly as the room checked the message.
 */

/** Who made a step: a bot or the turn timer deciding for a seat is "someone else" for that seat's undo. */
export type StepBy = 'human' | 'bot' | 'timeout';

/** What the trail needs of a game: a game definition's own functions, and its turns when it has any. */
export interface UndoRules<S> {
  pending(s: S): { seat: number }[];
  revealsHidden(before: S, after: S): boolean;
  /** The turn a state is in, for a game whose steps must never be taken back across turns; none: no turns. */
  turnOf?(s: S): unknown;
}

export interface UndoStep<S = unknown> {
  seat: number;
  /** The turn (UndoRules.turnOf) the step was made in. */
  turn: unknown;
  /** The state before the step. */
  before: S;
  /** Length of the match's action list before the step. */
  actions: number;
  /** Length of the match's event history before the step. */
  events: number;
  /**
   * The turn timer's deadline for the decision the step answered (epoch ms; 0 with no timer). An undo
   * puts it back, so stepping and taking back never buys time.
   */
  deadline?: number;
}

export type UndoRefusal = 'NOTHING_TO_UNDO' | 'UNDO_BLOCKED';

export class UndoTrail<S = unknown> {
  /** Steps of one seat at most (anyone else's step makes them final). */
  private steps: UndoStep<S>[] = [];
  /** Seats whose earlier steps of this turn can no longer be taken back (something revealed, or someone else decided since). */
  private fences = new Map<number, unknown>();

  constructor(private readonly rules: UndoRules<S>) {}

  /** Note a step just applied (`before` → `after`), made by `seat`. */
  record(seat: number, before: S, after: S, by: StepBy, at: { actions: number; events: number; deadline?: number }): void {
    const turn = this.turnOf(before);
    const last = this.steps[this.steps.length - 1];
    if (last && (last.seat !== seat || last.turn !== turn)) {
      // Someone else decided (or a new turn began): the earlier seat's steps are final.
      if (last.turn === turn) this.fences.set(last.seat, turn);
      this.steps = [];
    }
    const was = new Set(this.rules.pending(before).map((d) => d.seat));
    const now = this.rules.pending(after);
    if (now.length === 0 || now.some((d) => !was.has(d.seat)) || this.turnOf(after) !== turn) {
      // The game ended, the turn passed on or a new round of choices began: what was played is final,
      // and there is nothing to fence.
      this.steps = [];
      this.fences.clear();
    } else if (by !== 'human' || this.rules.revealsHidden(before, after)) {
      this.steps = [];
      this.fences.set(seat, turn);
    } else {
      this.steps.push({ seat, turn, before, ...at });
    }
  }

  /** Why `seat` cannot take a step back in `state` now, or null when it can. */
  refusal(seat: number, state: S): UndoRefusal | null {
    const turn = this.turnOf(state);
    const last = this.steps[this.steps.length - 1];
    if (last && last.seat === seat && last.turn === turn) return null;
    if (this.fences.has(seat) && this.fences.get(seat) === turn) return 'UNDO_BLOCKED';
    return 'NOTHING_TO_UNDO';
  }

  /** Steps `seat` could take back now, one by one (0 when none). */
  count(seat: number, state: S): number {
    return this.refusal(seat, state) === null ? this.steps.length : 0;
  }

  /** The seat whose steps the trail holds (null when none): the only seat that can take a step back now. */
  holder(): number | null {
    return this.steps.length > 0 ? this.steps[this.steps.length - 1].seat : null;
  }

  /** Take the last step back (after refusal() said null): the step, with the state to return to. */
  pop(): UndoStep<S> {
    const step = this.steps.pop();
    if (!step) throw new Error('nothing to undo');
    return step;
  }

  private turnOf(s: S): unknown {
    return this.rules.turnOf ? this.rules.turnOf(s) : null;
  }
}
