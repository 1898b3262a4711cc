/**
 * Table keys (help panel "Keys"), so a turn takes a few presses rather than a long walk with Tab:
 * D the display's first card on offer, H the hand's first card on offer, B the next hand card that can be
 * built, arrows along a row of cards, 1–9 the move buttons by the prompt, U or Ctrl+Z undo. True when the key
 * was the table's.
 */
import type { Action } from '@isle-of-trains/rules';

export function tableKey(e: KeyboardEvent, root: HTMLElement, legal: readonly Action[], undo: () => void): boolean {
  const t = e.target as HTMLElement | null;
  if (t && (/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.isContentEditable)) return false;
  const focus = (el: Element | null | undefined) => {
    if (!el) return false;
    (el as HTMLElement).focus();
    return true;
  };
  const k = e.key;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && k.toLowerCase() === 'z') { undo(); return true; }
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (k === 'u' || k === 'U') { undo(); return true; }
  if (k === 'd' || k === 'D') return focus(root.querySelector('.display-cards [data-key]') ?? root.querySelector('.display-cards .card'));
  if (k === 'h' || k === 'H') return focus(root.querySelector('.hand [data-key]') ?? root.querySelector('.hand .card'));
  if (k === 'b' || k === 'B') {
    const buildable = new Set(legal.filter((a) => a.type === 'build').map((a) => `hand:${(a as { card: string }).card}`));
    const cards = [...root.querySelectorAll<HTMLElement>('.hand [data-key]')].filter((el) => buildable.has(el.dataset.key ?? ''));
    const at = cards.indexOf(document.activeElement as HTMLElement);
    return focus(cards[(at + 1) % Math.max(1, cards.length)]);
  }
  if (/^[1-9]$/.test(k)) {
    const btn = root.querySelectorAll<HTMLElement>('.dock .choices button')[Number(k) - 1];
    if (!btn) return false;
    btn.click();
    return true;
  }
  if ((k === 'ArrowRight' || k === 'ArrowLeft') && t) {
    const row = t.closest('.hand, .display-cards');
    if (!row) return false;
    const cards = [...row.querySelectorAll<HTMLElement>('.card')];
    const i = cards.indexOf(t);
    return i >= 0 && focus(cards[i + (k === 'ArrowRight' ? 1 : -1)]);
  }
  return false;
}
