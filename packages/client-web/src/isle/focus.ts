/**
 * Where the keyboard goes after a move. Enter on a target opens the confirm tray with focus on Confirm;
 * after sending, focus goes back to the thing acted on, or, when the move took it away (a card built from the
 * hand, a card paid), to its nearest neighbour of the same kind in the same row, so the next key press carries
 * on from there (a payment of several cards is one Enter each). Nothing when the keyboard was elsewhere.
 */
import { afterLayout } from '../render/after-layout';

export class FocusPlan {
  /** After the next render, focus this element (data-fkey): the Confirm button, or the Undo button. */
  next: string | null = null;
  /** Once the move's answer is drawn: the target, else its nearest neighbour (keys nearest first). */
  near: string[] | null = null;
  /** What the confirm tray's move acts on (its target, or the card selected before a button). */
  confirmFrom: string | null = null;

  constructor(private readonly root: HTMLElement) {}

  /**
   * `key` and the keys of its row's elements of the same kind (hand cards, cars, …), nearest first. `focused`:
   * only when the keyboard is on that element (a move sent from the confirm tray names its target instead).
   */
  beside(key: string, focused = true): string[] | null {
    const el = focused ? document.activeElement : this.root.querySelector(`[data-fkey="${CSS.escape(key)}"]`);
    if (!(el instanceof HTMLElement) || (focused && el.getAttribute('data-key') !== key)) return null;
    // Element keys (data-fkey): a target's is its data-key, a move button's is "btn:" and its key.
    const own = el.getAttribute('data-fkey');
    if (!own) return null;
    const row = el.closest('.hand, .display-cards, .choices, .player');
    if (!row) return [own];
    const kind = `${own.split(':')[0]}:`;
    const keys = [...row.querySelectorAll('[data-fkey]')].map((e) => e.getAttribute('data-fkey')!).filter((k) => k.startsWith(kind));
    const at = keys.indexOf(own);
    return [own, ...keys.slice(at + 1), ...keys.slice(0, at).reverse()];
  }

  /** Blur the focused element when it lies inside `selector` in this table (a part the next render removes). */
  release(selector: string): void {
    const el = document.activeElement;
    if (el instanceof HTMLElement && this.root.contains(el) && el.closest(selector)) el.blur();
  }

  /**
   * After a render: move focus where the last action asked, once the browser has laid the page out (focus
   * scrolls the element into view, which measured the page in the middle of the render). `busy`: a move is
   * still on its way.
   */
  after(busy: boolean): void {
    if (this.next || (this.near && !busy)) afterLayout(() => () => this.move(busy));
  }

  private move(busy: boolean): void {
    const find = (k: string) => this.root.querySelector<HTMLElement>(`[data-fkey="${CSS.escape(k)}"]`);
    if (this.next) {
      const el = find(this.next);
      if (el) {
        el.focus({ preventScroll: false });
        this.next = null;
      }
    }
    // Once the move's answer is drawn (the target gone or still there): the target, else its nearest neighbour.
    if (this.near && !busy) {
      const near = this.near;
      this.near = null;
      if (!document.activeElement || document.activeElement === document.body) {
        for (const k of near) {
          const el = find(k);
          if (el) { el.focus({ preventScroll: false }); break; }
        }
      }
    }
  }
}
