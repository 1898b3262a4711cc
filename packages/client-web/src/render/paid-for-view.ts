/**
 * The car being paid for, brought into sight. After a build the player pays its cost with cards from the hand;
 * on a phone the board above the dock shows the display first, and the new car sits at the far end of a train
 * that scrolls sideways: the player paid without seeing what for. When a payment for a car (or building) starts,
 * the board and the train scroll just enough to show it, once: a player who then scrolls elsewhere is left there.
 * A car on a tab not shown (a phone's Island or Log tab) is brought into sight when its tab shows.
 *
 * Run once the browser has laid the page out (render/after-layout.ts), not in the middle of a render.
 */
import { afterLayout } from './after-layout';

/**
 * The element last brought into sight (its data-fkey) and the window's width then, while its payment lasts. A
 * new width (a phone turned) lays the train out again, and the next render brings the car back into sight.
 */
let shown: string | null = null;

/** Reads whether the car is to be brought into sight; the scroll is the change it hands back. */
function reveal(root: HTMLElement): (() => void) | undefined {
  const el = root.querySelector<HTMLElement>('.table-screen .paid-for');
  const fkey = el?.getAttribute('data-fkey');
  if (!el || !fkey) {
    shown = null;
    return undefined;
  }
  const key = `${fkey}@${window.innerWidth}`;
  // Not drawn (a hidden tab): nothing to scroll to yet.
  if (key === shown || el.getClientRects().length === 0) return undefined;
  shown = key;
  return () => el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * After a render: bring a newly paid-for car into sight. `paying`: the render drew a car or building being paid for
 * (the table's paidForCard), so that the other renders, most of them, do not search the page for one.
 */
export function revealPaidFor(root: HTMLElement, paying: boolean): void {
  if (!paying) {
    shown = null;
    return;
  }
  afterLayout(() => reveal(root));
}
