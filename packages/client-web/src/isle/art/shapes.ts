/**
 * The drawing kit the card art is made of: a few flat shapes as SVG text, in a 64×32 box with the rail at the
 * bottom. Every piece is drawn in one of four paints: the card's own colour (`currentColor`, the category
 * colour the stylesheet gives), ink, light and one accent. Each paint is a CSS custom property with a
 * fallback, so a dark theme or a high-contrast one restyles every drawing at once. Kinds differ by outline
 * and by the pieces drawn on them, never by paint alone, so the drawings read the same in greyscale.
 */
export const BODY = 'currentColor';
export const INK = 'var(--art-ink,#1f262e)';
export const LIGHT = 'var(--art-light,#f6f1e4)';
export const ACCENT = 'var(--art-accent,#e3a41c)';

export const VIEWBOX = '0 0 64 32';

/** A rectangle; `r` rounds its corners. */
export const rect = (x: number, y: number, w: number, hh: number, fill: string, r = 0): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${hh}"${r ? ` rx="${r}"` : ''} fill="${fill}"/>`;

export const circle = (x: number, y: number, r: number, fill: string): string => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`;

/** A filled outline from path data. */
export const path = (d: string, fill: string): string => `<path d="${d}" fill="${fill}"/>`;

/** A stroked line from path data (rounded ends). */
export const line = (d: string, stroke: string, w = 1.6): string =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The rail every drawing stands on. */
export const RAIL = rect(1, 30.5, 62, 1.2, INK);

/** Wheels on the rail: an ink tyre with a light hub, so they show on any paint. */
export const wheels = (...xs: number[]): string => xs.map((x) => circle(x, 27, 3.3, INK) + circle(x, 27, 1.1, LIGHT)).join('');

/** Couplers at both ends of a car body whose floor is at `y`. */
export const couplers = (x0: number, x1: number, y = 23): string => rect(x0 - 2, y - 1.5, 2, 2, INK) + rect(x1, y - 1.5, 2, 2, INK);

/** A frame under a car: a dark sill along the floor, with couplers, wheels and the rail. */
export const chassis = (x0: number, x1: number, ws: number[]): string => rect(x0, 22, x1 - x0, 2, INK) + couplers(x0, x1) + wheels(...ws) + RAIL;

/** A row of `n` windows, `w` wide and `gap` apart, starting at x. */
export const windows = (x: number, y: number, n: number, w: number, hh: number, gap: number, fill = LIGHT): string =>
  Array.from({ length: n }, (_, i) => rect(x + i * (w + gap), y, w, hh, fill, 0.6)).join('');

/** Vertical ribs or planks on a body: `n` lines between x0 and x1. */
export const ribs = (x0: number, x1: number, y0: number, y1: number, n: number, stroke = INK): string =>
  line(Array.from({ length: n }, (_, i) => { const x = x0 + ((i + 1) * (x1 - x0)) / (n + 1); return `M${x.toFixed(1)} ${y0}V${y1}`; }).join(''), stroke, 0.9);

/** A light disc on a body with an ink emblem inside: how the cabooses show what each one does. */
export const badge = (cx: number, cy: number, emblem: string): string => circle(cx, cy, 6.2, LIGHT) + emblem;

/** The whole drawing as an SVG document body (no <svg> around it). */
export const join = (...parts: string[]): string => parts.join('');
