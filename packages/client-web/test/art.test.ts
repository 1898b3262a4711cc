/** The card art map: every card kind and building of the rules' catalogue has a drawing of its own; anything else falls back. */
import { CARDS, CATALOGUE } from '@isle-of-trains/rules';
import { ART_KINDS, UNKNOWN, artBody, artKind, artSvg, artSymbolId } from '../src/isle/art/index';

const kinds = CATALOGUE.cards.map((k) => k.kind);

test('every card kind of the catalogue (engines, cars, cabooses, buildings) has a drawing of its own', () => {
  expect(kinds.filter((k) => artKind(k) !== k)).toEqual([]);
  // Each physical card is drawn as its kind.
  expect(CARDS.filter((c) => artKind(c.id) !== c.id.split('.')[0]).map((c) => c.id)).toEqual([]);
  expect(new Set(CATALOGUE.cards.map((k) => k.category))).toEqual(new Set(['engine', 'hopper', 'tanker', 'boxcar', 'coach', 'caboose', 'building']));
});

test('no two kinds share a drawing, and the map draws nothing the catalogue lacks', () => {
  const bodies = kinds.map((k) => artBody(k));
  expect(new Set(bodies).size).toBe(kinds.length);
  expect([...ART_KINDS].sort()).toEqual([...kinds].sort());
});

test('an unknown, empty or missing id falls back to the plain drawing instead of failing', () => {
  for (const id of ['nope', 'hopper-9.1', '', null, undefined, '__proto__', 'constructor']) {
    expect(artKind(id)).toBe(UNKNOWN);
    expect(artSymbolId(id)).toBe('art-unknown');
    expect(artBody(id)).toBe(artBody('nope'));
  }
  expect(artBody('nope').length).toBeGreaterThan(0);
});

test('a drawing is a decorative SVG in the shared box, painted only with the shared paints', () => {
  for (const k of kinds) {
    const svg = artSvg(k);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 32"[^>]*aria-hidden="true"/);
    // Colours come from currentColor and the --art-* properties (with fallbacks), so a theme can restyle them.
    const paints = [...svg.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((m) => m[1]);
    expect(paints.filter((p) => p !== 'none' && p !== 'currentColor' && !p.startsWith('var(--art-'))).toEqual([]);
    expect(svg).not.toMatch(/<text|<image|href=/);
  }
});
