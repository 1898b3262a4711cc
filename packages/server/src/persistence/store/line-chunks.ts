/**
 * Lines of text kept compactly in memory: every CHUNK lines joined into one string. A line on its own is a
 * string object (a header and padding) and an array slot beside its text; in a chunk it costs its
 * characters and a newline. The lines are JSON texts (a stored entry, an encoded action, a log line),
 * which never hold a raw newline. The memory store's logs, a match's actions and the log lines a match
 * derived once are kept this way.
 */
const CHUNK = 32;

export class LineChunks {
  /** Closed chunks: CHUNK lines each, joined by newlines. */
  private readonly chunks: string[] = [];
  /** The newest lines, fewer than CHUNK, one string each. */
  private tail: string[] = [];

  constructor(lines: readonly string[] = []) {
    for (const line of lines) this.push(line);
  }

  get length(): number {
    return this.chunks.length * CHUNK + this.tail.length;
  }

  push(line: string): void {
    this.tail.push(line);
    if (this.tail.length === CHUNK) {
      this.chunks.push(this.tail.join('\n'));
      this.tail = [];
    }
  }

  /** Keep the first `n` lines: a closed chunk it cuts into is opened again. */
  truncate(n: number): void {
    if (n >= this.length) return;
    while (n < this.chunks.length * CHUNK) this.tail = this.chunks.pop()!.split('\n').concat(this.tail);
    this.tail.length = n - this.chunks.length * CHUNK;
  }

  /** Every line, oldest first. */
  lines(): string[] {
    const out: string[] = [];
    this.each((line) => { out.push(line); });
    return out;
  }

  /** Call `fn` with each line from index `from` on, in order, until it returns false. */
  each(fn: (line: string, index: number) => boolean | void, from = 0): void {
    let index = Math.max(0, from - (from % CHUNK));
    for (let c = Math.floor(index / CHUNK); c < this.chunks.length; c++) {
      for (const line of this.chunks[c].split('\n')) {
        if (index >= from && fn(line, index) === false) return;
        index++;
      }
    }
    for (const line of this.tail) {
      if (index >= from && fn(line, index) === false) return;
      index++;
    }
  }
}
