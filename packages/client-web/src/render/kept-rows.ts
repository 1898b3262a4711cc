/**
 * The rows of a long list drawn by ./dom.ts (build a tree, then morph the page into it), kept from one render to
 * the next. A row built with the `data-sig` its page copy already has is left unvisited by the morph (see
 * `sameSignature` in ./dom.ts): the page keeps its own, and the built one stays whole and off the page. Such a
 * row is handed to the next render with the same sig instead of being built again, so a list of ~150 rows of which
 * an update changes a few builds a few. A row whose sig changed is built anew and not kept: the morph takes it, or
 * parts of it, into the page.
 */
export class KeptRows {
  /** Each row's sig on the page, as the last render left it. */
  private page = new Map<string, string>();
  /**
   * Rows of the last render that the morph left unvisited, by key (not by sig: two rows can show the same, two log
   * lines with the same words, and one element put in a list twice is in it once).
   */
  private spare = new Map<string, HTMLElement>();

  /**
   * This render's rows. `key` is the row's `data-fkey`, `sig` everything it shows and does (the handlers already on
   * the page stay with it); `build` makes the row (with both attributes, which are set here too).
   */
  rows<T>(items: readonly T[], key: (item: T) => string, sig: (item: T) => string, build: (item: T) => HTMLElement): HTMLElement[] {
    const page = new Map<string, string>();
    const spare = new Map<string, HTMLElement>();
    const out = items.map((item) => {
      const k = key(item);
      const s = sig(item);
      page.set(k, s);
      // Only a row the page shows as it is can be kept: the morph leaves it unvisited.
      const keep = this.page.get(k) === s;
      // (a key twice in one list gets a row of its own the second time)
      const old = keep && !spare.has(k) ? this.spare.get(k) : undefined;
      const row = old && !old.isConnected && old.getAttribute('data-sig') === s ? old : build(item);
      row.setAttribute('data-fkey', k);
      row.setAttribute('data-sig', s);
      if (keep) spare.set(k, row);
      return row;
    });
    this.page = page;
    this.spare = spare;
    return out;
  }
}
