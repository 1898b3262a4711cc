/**
 * Card colours and their symbols: every colour has a shape of its own, so nobody needs to tell red from
 * green to read a track or a card. One hidden SVG sprite holds the shapes; the map and the panels use them.
 */
import { s } from '../render/dom';
import { s as vs, type VNode } from '../render/vdom';
import type { Card } from '@isle-of-trains/ttr-rules';

export type TrackColour = Card | 'gray';

export const FILL: Record<TrackColour, string> = {
  purple: '#7b3fa0', blue: '#1f5fbf', orange: '#e8812a', white: '#f5f5f2', green: '#2e8b3d',
  yellow: '#f2c51c', black: '#26262b', red: '#c62828', loco: '#8a8f98', gray: '#a9adb3',
};

/** The symbol's own colour on a space or card of that colour (dark on light colours, light on dark ones). */
export const INK: Record<TrackColour, string> = {
  purple: '#ffffff', blue: '#ffffff', orange: '#1b1b1b', white: '#1b1b1b', green: '#ffffff',
  yellow: '#1b1b1b', black: '#ffffff', red: '#ffffff', loco: '#1b1b1b', gray: '#1b1b1b',
};

/** Shapes in a 10 × 10 box, one per card. */
const SHAPES: Record<Card, string> = {
  purple: 'M5 0.5 L9.5 5 L5 9.5 L0.5 5 Z',
  blue: 'M5 0.8 A4.2 4.2 0 1 1 4.99 0.8 Z',
  orange: 'M5 0.6 L9.6 9 L0.4 9 Z',
  white: 'M5 0.8 A4.2 4.2 0 1 1 4.99 0.8 Z M5 3 A2 2 0 1 0 5.01 3 Z',
  green: 'M1 1 H9 V9 H1 Z',
  yellow: 'M5 0.3 L6.2 3.7 L9.8 3.8 L7 6 L8 9.5 L5 7.4 L2 9.5 L3 6 L0.2 3.8 L3.8 3.7 Z',
  black: 'M1.2 2.6 L2.6 1.2 L5 3.6 L7.4 1.2 L8.8 2.6 L6.4 5 L8.8 7.4 L7.4 8.8 L5 6.4 L2.6 8.8 L1.2 7.4 L3.6 5 Z',
  red: 'M0.5 2 H9.5 V4.2 H0.5 Z M0.5 5.8 H9.5 V8 H0.5 Z',
  // A small engine: boiler, cab and two wheels.
  loco: 'M0.6 3.4 H5.4 V1.6 H9.4 V7.2 H0.6 Z M2.6 7.6 A1.3 1.3 0 1 0 2.61 7.6 Z M7.2 7.6 A1.3 1.3 0 1 0 7.21 7.6 Z',
};

export const SYMBOL_NAME: Record<Card, string> = {
  purple: 'diamond', blue: 'disc', orange: 'triangle', white: 'ring', green: 'square', yellow: 'star', black: 'cross', red: 'bars', loco: 'engine',
};

export function symbolId(c: Card): string {
  return `ttr-sym-${c}`;
}

/** The sprite, once per table (hidden; referenced by <use>). */
export function sprite(): SVGElement {
  return s('svg', { class: 'ttr-sprite', width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false' },
    s('defs', null,
      ...(Object.keys(SHAPES) as Card[]).map((c) => s('symbol', { id: symbolId(c), viewBox: '0 0 10 10' }, s('path', { d: SHAPES[c], 'fill-rule': 'evenodd' }))),
      // Closed tracks: diagonal hatching over the space.
      s('pattern', { id: 'ttr-hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        s('rect', { width: 6, height: 6, fill: '#eceae4' }), s('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#6b6b6b', 'stroke-width': 2.4 })),
    ));
}

/** A card's swatch for the panels: its colour with its symbol (decorative; the words go beside it). */
export function swatch(c: Card, size = 22): VNode {
  return vs('svg', { class: 'ttr-swatch', width: size, height: size, viewBox: '0 0 12 12', 'aria-hidden': 'true', focusable: 'false' },
    vs('rect', { x: 0.5, y: 0.5, width: 11, height: 11, rx: 2, fill: FILL[c], stroke: '#444', 'stroke-width': 0.8 }),
    vs('use', { href: `#${symbolId(c)}`, x: 2, y: 2, width: 8, height: 8, fill: INK[c] }));
}

/** Player colours (trains and score markers), with the ink that reads on each. */
export const SEAT_FILL = ['#e4572e', '#2e86ab', '#3bb273', '#f4d35e', '#7d3c98'];
export const SEAT_INK = ['#000000', '#ffffff', '#000000', '#000000', '#ffffff'];
