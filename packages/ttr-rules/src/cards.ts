/**
 * Train cards. Cards of one colour are interchangeable, so a hand is a count per card and the deck,
 * the discard pile and the display hold card names. The last element of the deck is its top.
 */
export const COLOURS = ['purple', 'blue', 'orange', 'white', 'green', 'yellow', 'black', 'red'] as const;
export type Colour = (typeof COLOURS)[number];
export type Card = Colour | 'loco';
/** Every card name in a fixed order: the eight colours, then the locomotive. Hands and counts follow it. */
export const CARDS: readonly Card[] = [...COLOURS, 'loco'];

export type Hand = Record<Card, number>;

/** The train deck's make-up: twelve of each colour and eighteen locomotives, 114 cards. */
export const CARDS_PER_COLOUR = 12;
export const LOCOMOTIVES = 18;

export function emptyHand(): Hand {
  return { purple: 0, blue: 0, orange: 0, white: 0, green: 0, yellow: 0, black: 0, red: 0, loco: 0 };
}

export function handSize(h: Readonly<Hand>): number {
  let n = 0;
  for (const c of CARDS) n += h[c];
  return n;
}

export function isColour(x: unknown): x is Colour {
  return typeof x === 'string' && (COLOURS as readonly string[]).includes(x);
}

/** The full deck before shuffling, in CARDS order. */
export function fullDeck(): Card[] {
  const out: Card[] = [];
  for (const c of COLOURS) for (let i = 0; i < CARDS_PER_COLOUR; i++) out.push(c);
  for (let i = 0; i < LOCOMOTIVES; i++) out.push('loco');
  return out;
}
