/**
 * Icons of the sprite (./art.ts) as the table draws them: `<svg><use href="#id"></svg>`, virtual nodes of the
 * table's drawing layer (./vdom.ts). Kept apart from the sprite, which the shell installs on every page, so that
 * the drawing layer loads only with the table.
 */
import { SYMBOLS, VIEWBOX } from './art';
import { h, s, type VNode } from './vdom';

/**
 * An icon by id, decorative (the text next to it says the same). Its shapes are drawn inline, as the sprite's symbol
 * draws them (the same viewBox, the same paths), not referenced with `<use>`: a `<use>` builds a copy of its symbol
 * each time its card is put on the page, and the style recalc of those copies was about half a card's (a hand card
 * taken out and put back, its style recalc 3,278 µs with its `<use>` elements, 1,619 µs with all of them inline).
 */
export function icon(id: string, cls = 'ic'): VNode {
  const shapes = SYMBOLS[id];
  if (shapes === undefined) return s('svg', { class: cls, 'aria-hidden': 'true', focusable: 'false' }, s('use', { href: `#${id}` }));
  return h('svg', { class: cls, viewBox: VIEWBOX[id[0]!], 'aria-hidden': 'true', focusable: 'false', dangerouslySetInnerHTML: { __html: shapes } });
}

/** A good's or passenger's icon, coloured by its type. */
export function goodIcon(kind: string): VNode {
  const k = kind === 'all' ? 'any' : kind;
  return icon(`g-${k}`, `ic g g-${k}`);
}
