/**
 * The project's own artwork, drawn in SVG: one sprite of symbols put in the page once, used by reference
 * (`<use href="#i-cost">`) by the first-game tour. The table draws the same shapes inline (./icons.ts): a `<use>`
 * builds a copy of its symbol each time its card is put on the page. Simple shapes, no scans.
 */
export const SYMBOLS: Record<string, string> = {
  // stats
  'i-cost': '<rect x="5" y="3" width="11" height="15" rx="2" fill="#fff" stroke="currentColor" stroke-width="1.6"/><rect x="2" y="6" width="11" height="15" rx="2" fill="#fff" stroke="currentColor" stroke-width="1.6"/>',
  'i-weight': '<path d="M7 9h10l3 12H4z" fill="currentColor"/><circle cx="12" cy="6" r="3" fill="none" stroke="currentColor" stroke-width="2"/>',
  'i-pull': '<path d="M3 12h13M11 6l6 6-6 6" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><rect x="18" y="5" width="3" height="14" rx="1" fill="currentColor"/>',
  'i-vp': '<path d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z" fill="currentColor"/>',
  'i-draw': '<rect x="4" y="3" width="12" height="17" rx="2" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M17 9v8M13 13h8" stroke="currentColor" stroke-width="2.4"/>',
  // the winner's cup on the end screen (an emoji trophy showed as an empty box where the font lacks it)
  'i-cup': '<path d="M6 3h12v5a6 6 0 0 1-12 0z" fill="currentColor"/><path d="M6 5H3v2a4 4 0 0 0 4 4M18 5h3v2a4 4 0 0 1-4 4" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M10.5 13.5h3V18h-3z" fill="currentColor"/><rect x="7" y="18" width="10" height="3" rx="1" fill="currentColor"/>',
  'i-bonus': '<path d="M13 2L4 14h7l-2 8 9-12h-7z" fill="currentColor"/>',
  // goods and passengers
  'g-coal': '<path d="M3 17l4-9 5 3 4-6 5 12z" fill="currentColor"/>',
  'g-oil': '<path d="M12 2c4 6 7 9.5 7 13a7 7 0 0 1-14 0c0-3.5 3-7 7-13z" fill="currentColor"/>',
  'g-box': '<rect x="3" y="5" width="18" height="15" rx="1.5" fill="currentColor"/><path d="M3 10h18M12 5v15" stroke="#fff" stroke-width="1.6"/>',
  'g-any': '<path d="M12 2v20M3.3 7l17.4 10M3.3 17L20.7 7" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>',
  'g-passenger': '<circle cx="12" cy="6" r="4" fill="currentColor"/><path d="M4 22c0-6 3.5-9 8-9s8 3 8 9z" fill="currentColor"/>',
};

export const VIEWBOX: Record<string, string> = { i: '0 0 24 24', g: '0 0 24 24' };

/** The sprite, put once at the end of <body> (outside the re-rendered root). */
export function installSprite(): void {
  if (document.getElementById('iot-sprite')) return;
  const defs = Object.entries(SYMBOLS)
    .map(([id, body]) => `<symbol id="${id}" viewBox="${VIEWBOX[id[0]]}">${body}</symbol>`)
    .join('');
  const holder = document.createElement('div');
  holder.innerHTML = `<svg id="iot-sprite" xmlns="http://www.w3.org/2000/svg" style="position:absolute;width:0;height:0;overflow:hidden" aria-hidden="true">${defs}</svg>`;
  document.body.appendChild(holder.firstChild!);
}
