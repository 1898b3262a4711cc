/**
 * Icons of the sprite (./art.ts) as the table draws them: `<svg><use href="#id"></svg>`, virtual nodes of the
 * table's drawing layer (./vdom.ts). Kept apart from the sprite, which the shell installs on every page, so that
 * the drawing layer loads only with the table.
 */
import { s, type VNode } from './vdom';

/** An icon by id, decorative (the text next to it says the same). */
export function icon(id: string, cls = 'ic'): VNode {
  return s('svg', { class: cls, 'aria-hidden': 'true', focusable: 'false' }, s('use', { href: `#${id}` }));
}

/** A good's or passenger's icon, coloured by its type. */
export function goodIcon(kind: string): VNode {
  const k = kind === 'all' ? 'any' : kind;
  return icon(`g-${k}`, `ic g g-${k}`);
}
