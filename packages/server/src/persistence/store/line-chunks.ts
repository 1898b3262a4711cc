/**
 * A room's stored lines in memory (the memory store's log): every CHUNK lines joined into one string. A
 * line on its own is a string object (a header and padding) and an array slot beside its text; in a
 * chunk it costs its characters and a newline. Stored lines are JSON, which never holds a raw newline.
 */
const CHUNK = 32;

export class LineChunks {
  private readonly chunks: string[] = [];
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

  /** Every line, oldest first. */
  lines(): string[] {
    const out: string[] = [];
    for (const chunk of this.chunks) out.push(...chunk.split('\n'));
    out.push(...this.tail);
    return out;
  }
}
