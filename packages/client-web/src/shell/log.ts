/**
 * The log panel's side of the shell: the whole game's log kept by the page (the state carries only its newest
 * lines; src/game-log.ts fetches the older ones page by page) and where the panel's scroll stands.
 */
import type { IsleStateJSON, Session } from '@isle-of-trains/client';
import { afterLayout } from '../render/after-layout';
import { GameLog } from './game-log';

export class LogPanel {
  readonly lines = new GameLog();
  /** The newest line the panel was scrolled to. */
  private lastSeen = -1;
  /** The log list's height before older lines went in above: the view is moved down by what was added. */
  private anchor: { height: number; top: number } | null = null;

  constructor(private readonly root: HTMLElement, private readonly changed: () => void) {}

  /** A new state: its window of newest lines joins the kept ones; the first page of older lines is asked for once. */
  update(state: IsleStateJSON, session: Session): void {
    // Keyed by the SDK room: a room joined again (after a server restart, which renumbers) starts afresh.
    this.lines.update(state.log ?? [], session.sdkRoom);
    if (this.lines.neverAsked) this.loadOlder(session);
  }

  /** The state with every line kept, oldest first. */
  withLog<S extends IsleStateJSON>(state: S): S {
    return { ...state, log: this.lines.list() };
  }

  /** Fetch the page of lines before the oldest one kept; the panel keeps the lines in view where they were. */
  loadOlder(session: Session | null): void {
    if (!session) return;
    void this.lines.loadOlder((before) => session.olderLog(before)).then((added) => {
      if (!added) return;
      const list = this.root.querySelector<HTMLElement>('.log-list');
      this.anchor = list ? { height: list.scrollHeight, top: list.scrollTop } : null;
      this.changed();
    });
    this.changed();
  }

  /** Scrolling to the top of the panel fetches the page before (scroll does not bubble: one capturing listener). */
  listen(session: () => Session | null): void {
    document.addEventListener('scroll', (e) => {
      const t = e.target;
      if (t instanceof HTMLElement && t.classList.contains('log-list') && t.scrollTop < 40 && this.lines.hasOlder && !this.lines.loading) this.loadOlder(session());
    }, { capture: true, passive: true });
  }

  /** The panel was hidden (a phone's tab): its newest line comes into view when it shows. */
  reveal(): void {
    this.lastSeen = -1;
  }

  /**
   * After a render: keep the newest line in view when one arrived, else the lines read where they were. The
   * scroll is set once the browser has laid the page out (src/render/after-layout.ts): reading the list's scroll
   * height right after the render made the browser lay the whole page out inside the render, on every update.
   */
  afterRender(): void {
    const log = this.root.querySelector<HTMLElement>('.log-list');
    const last = log ? Number(log.dataset.last) : -1;
    const anchor = this.anchor;
    this.anchor = null;
    if (!log) return;
    if (last !== this.lastSeen) {
      this.lastSeen = last;
      afterLayout(() => {
        const bottom = log.scrollHeight;
        return () => { log.scrollTop = bottom; };
      });
    } else if (anchor) {
      // Older lines went in above what the player was reading: keep those lines where they were.
      afterLayout(() => {
        const top = anchor.top + (log.scrollHeight - anchor.height);
        return () => { log.scrollTop = top; };
      });
    }
  }
}
