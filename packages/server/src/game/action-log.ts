/**
 * The actions in force of a match, kept once and compactly: each as one JSON text `[seat, action]`, and
 * every CHUNK of them joined into one string. A parsed action is an object tree (the action, its
 * strings, the move around it) of ~150 bytes that lives as long as the room; its text in a chunk costs
 * its characters and nothing per entry. Actions are decoded on demand: for a replay at the end, for the
 * log lines older than the recent events, and for tests.
 *
 * The text is what the journal stores of the action (JSON), so decoding gives back exactly what a
 * restart replays.
 */
import type { Move } from './match';

/** Entries joined into one string; the open tail (fewer than this) stays one string per entry. */
const CHUNK = 32;

export class ActionLog<A = unknown> {
  /** Closed chunks: CHUNK entries each, joined by newlines (JSON text never holds a raw newline). */
  private readonly chunks: string[] = [];
  /** The newest entries, fewer than CHUNK, one JSON text each. */
  private tail: string[] = [];

  get length(): number {
    return this.chunks.length * CHUNK + this.tail.length;
  }

  push(seat: number, action: A): void {
    // One flat string per entry: JSON.stringify returns a flat string, where a concatenation would keep
    // a rope node pointing at its parts.
    this.tail.push(JSON.stringify([seat, action]));
    if (this.tail.length === CHUNK) {
      this.chunks.push(this.tail.join('\n'));
      this.tail = [];
    }
  }

  /** Keep the first `n` entries (an undo): a closed chunk it cuts into is opened again. */
  truncate(n: number): void {
    if (n >= this.length) return;
    while (n < this.chunks.length * CHUNK) this.tail = this.chunks.pop()!.split('\n').concat(this.tail);
    this.tail.length = n - this.chunks.length * CHUNK;
  }

  /** Every entry, decoded, oldest first. */
  moves(): Move<A>[] {
    const out: Move<A>[] = [];
    this.each((seat, action) => { out.push({ seat, action }); });
    return out;
  }

  /** Call `fn` with each entry in order, decoded, until it returns false. */
  each(fn: (seat: number, action: A) => boolean | void): void {
    for (const chunk of this.chunks) {
      for (const text of chunk.split('\n')) if (!decode(text, fn)) return;
    }
    for (const text of this.tail) if (!decode(text, fn)) return;
  }
}

function decode<A>(text: string, fn: (seat: number, action: A) => boolean | void): boolean {
  const [seat, action] = JSON.parse(text) as [number, A];
  return fn(seat, action) !== false;
}
