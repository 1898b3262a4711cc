/**
 * The project's own card art: a drawing for every card kind and building of the catalogue
 * (./trains.ts, ./buildings.ts, drawn with ./shapes.ts). Pure strings, so tests read them without a page.
 *
 * On the page the drawings are one hidden sprite of symbols (`installArt`, once per document) and a card
 * shows its kind's symbol by reference (`<use href="#art-hopper-2">`, ./slot.ts): a hand of seven cards adds
 * seven small elements, not seven copies of the picture.
 */
import { BUILDING_ART } from './buildings';
import { VIEWBOX } from './shapes';
import { TRAIN_ART, UNKNOWN_ART } from './trains';

const ART: Readonly<Record<string, string>> = { ...TRAIN_ART, ...BUILDING_ART };

/** The fallback's name: what an id the catalogue does not know is drawn as. */
export const UNKNOWN = 'unknown';

/** The kinds that have a drawing of their own. */
export const ART_KINDS: readonly string[] = Object.keys(ART);

/**
 * The drawing's name for a card id (`hopper-2.3` → `hopper-2`), a kind (`bank`) or anything else (→ `unknown`):
 * a card copy is drawn as its kind.
 */
export function artKind(id: string | null | undefined): string {
  if (!id) return UNKNOWN;
  const dot = id.indexOf('.');
  const kind = dot < 0 ? id : id.slice(0, dot);
  return Object.prototype.hasOwnProperty.call(ART, kind) ? kind : UNKNOWN;
}

/** The symbol's element id in the sprite. */
export const artSymbolId = (id: string | null | undefined): string => `art-${artKind(id)}`;

/** The inside of a kind's drawing (SVG elements in a 64×32 box). */
export function artBody(id: string | null | undefined): string {
  const k = artKind(id);
  return k === UNKNOWN ? UNKNOWN_ART : ART[k];
}

/** A whole standalone, decorative SVG of a card's drawing (for pages without the sprite, and the tests). */
export function artSvg(id: string | null | undefined): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${VIEWBOX}" aria-hidden="true" focusable="false">${artBody(id)}</svg>`;
}

const SPRITE_ID = 'isle-art';

/** Put the sprite of every drawing into the document once (the table calls it when it mounts). */
export function installArt(doc: Document = document): void {
  if (doc.getElementById(SPRITE_ID)) return;
  const symbols = [...ART_KINDS, UNKNOWN].map((k) => `<symbol id="art-${k}" viewBox="${VIEWBOX}">${artBody(k)}</symbol>`).join('');
  const holder = doc.createElement('div');
  holder.innerHTML = `<svg id="${SPRITE_ID}" xmlns="http://www.w3.org/2000/svg" style="position:absolute;width:0;height:0;overflow:hidden" aria-hidden="true" focusable="false">${symbols}</svg>`;
  doc.body.appendChild(holder.firstChild!);
}
