/** A card's picture as the table draws it: decorative (the card's text is its name), from the sprite (./index.ts). */
import { s, type VNode } from '../../render/vdom';
import { artKind, artSymbolId } from './index';

export function cardArt(id: string, cls = 'art'): VNode {
  return s('svg', { class: `${cls} art-${artKind(id)}`, 'aria-hidden': 'true', focusable: 'false' }, s('use', { href: `#${artSymbolId(id)}` }));
}
