/**
 * Taking steps back (the `undo` message, docs/PROTOCOL.md "Undo"): which of a player's steps may still be
 * taken back, and the state to go back to.
 *
 * A player may take back their own steps of the turn they are playing, one at a time, as far as the last
 * step that revealed hidden information (the rules' revealsHidden: a deck draw, a passenger from the bag,
 * a reshuffle, a night discard...) or the last decision someone else made (another seat, a bot or the
 * turn timer deciding for them). Past that line an undo is refused with UNDO_BLOCKED; with no step of
 * theirs in this turn at all it is NOTHING_TO_UNDO. Bots never take steps back.
 *
 * The trail keeps the rules state before each undoable step (states are never mutated, so these are
 * shared references, not copies) plus where the room's action list and event history stood, so an undo
 * puts all three back. The same trail is rebuilt from the stored log on restore (src/persistence/restore.ts), where a
 * stored `undo` record is checked against it exactly as the room checked the message.
 */
import { currentDecision, revealsHidden, type GameState } from '@isle-of-trains/rules';

/** Who made a step: a bot or the turn timer deciding for a seat is "someone else" for that seat's undo. */
export type StepBy = 'human' | 'bot' | 'timeout';

export interface UndoStep {
  seat: number;
  /** Turn number (the rules' turn.number) the step was made in. */
  turn: number;
  /** The rules state before the step. */
  before: GameState;
  /** Length of the room's action list before the step. */
  actions: number;
  /** Length of the room's event history before the step. */
  events: number;
  /**
   * The turn timer's deadline for the decision the step answered (epoch ms; 0 with no timer). An undo
   * puts it back, so stepping and taking back never buys time.
   */
  deadline?: number;
}

export type UndoRefusal = 'NOTHING_TO_UNDO' | 'UNDO_BLOCKED';

export class UndoTrail {
  private steps: UndoStep[] = [];
  /** A step of `seat` in `turn` that can no longer be taken back (it revealed something, or someone else decided since). */
  private fence: { seat: number; turn: number } | null = null;

  /** Note a step just applied (`before` → `after`), made by `seat`. */
  record(seat: number, before: GameState, after: GameState, by: StepBy, at: { actions: number; events: number; deadline?: number }): void {
    const turn = before.turn.number;
    const last = this.steps[this.steps.length - 1];
    if (last && (last.seat !== seat || last.turn !== turn)) {
      // Someone else decided (or a new turn began): the earlier player's steps are final.
      if (last.turn === turn) this.fence = { seat: last.seat, turn };
      this.steps = [];
    }
    const next = currentDecision(after);
    if (by !== 'human' || revealsHidden(before, after)) {
      this.steps = [];
      this.fence = { seat, turn };
    } else if (!next || next.seat !== seat || after.turn.number !== turn) {
      // The turn passed on (or the game ended): what was played is final, and there is nothing to fence.
      this.steps = [];
      this.fence = null;
    } else {
      this.steps.push({ seat, turn, before, ...at });
    }
  }

  /** Why `seat` cannot take a step back in `game` now, or null when it can. */
  refusal(seat: number, game: GameState): UndoRefusal | null {
    const d = currentDecision(game);
    if (!d || d.seat !== seat) return 'NOTHING_TO_UNDO';
    const last = this.steps[this.steps.length - 1];
    if (last && last.seat === seat && last.turn === game.turn.number) return null;
    if (this.fence && this.fence.seat === seat && this.fence.turn === game.turn.number) return 'UNDO_BLOCKED';
    return 'NOTHING_TO_UNDO';
  }

  /** Steps `seat` could take back now, one by one (0 when none). */
  count(seat: number, game: GameState): number {
    return this.refusal(seat, game) === null ? this.steps.length : 0;
  }

  /** Take the last step back (after refusal() said null): the step, with the state to return to. */
  pop(): UndoStep {
    const step = this.steps.pop();
    if (!step) throw new Error('nothing to undo');
    return step;
  }

}
