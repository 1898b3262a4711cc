/**
 * The actions in force of a match, kept once and compactly: each as one JSON text `[seat, action]`, in
 * chunks of lines (src/persistence/store/line-chunks.ts). A parsed action is an object tree (the action,
 * its strings, the move around it) of ~150 bytes that lives as long as the room; its text in a chunk
 * costs its characters. Actions are decoded on demand: for the replay kept at the end, for log lines
 * derived again, and for tests.
 *
 * The text is what the journal stores of the action (JSON), so decoding gives back exactly what a
 * restart replays.
 */
import { LineChunks } from '../persistence/store/line-chunks';
import type { Move } from './match';

export class ActionLog<A = unknown> {
  private readonly texts = new LineChunks();

  get length(): number {
    return this.texts.length;
  }

  push(seat: number, action: A): void {
    // JSON.stringify returns one flat string, where a concatenation would keep a rope node over its parts.
    this.texts.push(JSON.stringify([seat, action]));
  }

  /** Keep the first `n` actions (an undo). */
  truncate(n: number): void {
    this.texts.truncate(n);
  }

  /** Every action, decoded, oldest first. */
  moves(): Move<A>[] {
    const out: Move<A>[] = [];
    this.each((seat, action) => { out.push({ seat, action }); });
    return out;
  }

  /** Call `fn` with each action in order, decoded, until it returns false. */
  each(fn: (seat: number, action: A) => boolean | void): void {
    this.texts.each((text) => {
      const [seat, action] = JSON.parse(text) as [number, A];
      return fn(seat, action);
    });
  }
}
