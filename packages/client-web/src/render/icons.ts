/**
 * Icons of the sprite (./art.ts) as the table draws them, virtual nodes of the table's drawing layer (./vdom.ts).
 * Kept apart from the sprite, which the shell installs on every page, so that the drawing layer loads only with
 * the table.
 */
import { SYMBOLS, VIEWBOX } from './art';
import { h, s, type VNode } from './vdom';

/**
 * Each icon's shapes, parsed once per page and then cloned into every icon put on the page. Not `<use>`: a `<use>`
 * builds a copy of its symbol each time its card is put on the page, and the style recalc of those copies was
 * about half a card's (a hand card taken out and put back, its style recalc 3,278 µs with its `<use>` elements,
 * 1,619 µs with all of them inline). Not the markup set as the element's inner HTML either: each icon put on the
 * page then ran the HTML parser, whose set-up is most of the cost for a few shapes (a tenth of the JS of the
 * slowest state updates on a slowed phone).
 */
const fillers = new Map<string, (el: Element | null) => void>();

function filler(id: string, shapes: string): (el: Element | null) => void {
  let fill = fillers.get(id);
  if (fill) return fill;
  let parsed: DocumentFragment | null = null;
  // A ref of the icon's element: preact calls it when the element is made (or was made for another icon), not
  // on later renders; the shapes are the element's only children, which preact itself never draws.
  fill = (el) => {
    if (!el) return;
    if (!parsed) {
      const holder = el.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'svg');
      holder.innerHTML = shapes;
      parsed = el.ownerDocument.createDocumentFragment();
      parsed.append(...holder.childNodes);
    }
    el.replaceChildren(parsed.cloneNode(true));
  };
  fillers.set(id, fill);
  return fill;
}

/** An icon by id, decorative (the text next to it says the same). */
export function icon(id: string, cls = 'ic'): VNode {
  const shapes = SYMBOLS[id];
  // (keyed apart, so that preact never turns one kind of icon's element into the other's)
  if (shapes === undefined) return s('svg', { key: 'use', class: cls, 'aria-hidden': 'true', focusable: 'false' }, s('use', { href: `#${id}` }));
  return h('svg', { class: cls, viewBox: VIEWBOX[id[0]!], 'aria-hidden': 'true', focusable: 'false', ref: filler(id, shapes) });
}

/** A good's or passenger's icon, coloured by its type. */
export function goodIcon(kind: string): VNode {
  const k = kind === 'all' ? 'any' : kind;
  return icon(`g-${k}`, `ic g g-${k}`);
}
