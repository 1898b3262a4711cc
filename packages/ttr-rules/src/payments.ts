/**
 * Paying for a route. A coloured route takes its length in cards of its colour, locomotives standing in
 * for any of them. A gray ferry takes, for each locomotive icon, one locomotive or two cards of one colour
 * (any colour, each icon on its own), and for its other spaces cards of any one colour, locomotives
 * standing in. A payment must be exact: the cards played split into those parts with none left over.
 */
import { CARDS, COLOURS, emptyHand, type Colour, type Hand } from './cards';
import { compactPayment, type Payment } from './actions';
import type { RouteData } from './map-schema';

function iconsOf(route: RouteData): number {
  return route.kind === 'ferry' ? route.locomotives : 0;
}

/** Whether the cards `pay` are an exact payment for `route` (affordability is the caller's check). */
export function isExactPayment(route: RouteData, pay: Readonly<Hand>): boolean {
  const length = route.length;
  if (route.color !== 'gray') {
    const c = route.color;
    for (const x of COLOURS) if (x !== c && pay[x] !== 0) return false;
    return pay[c] + pay.loco === length && pay[c] >= 0 && pay.loco >= 0;
  }
  const icons = iconsOf(route);
  const rest = length - icons;
  // Try each colour as the one paying the ordinary spaces (or none: those all paid by locomotives), and
  // each number of that colour's cards forming icon pairs; every other colour must come in pairs.
  const mains: (Colour | null)[] = [null, ...COLOURS.filter((c) => pay[c] > 0)];
  for (const m of mains) {
    let otherPairs = 0;
    let even = true;
    for (const c of COLOURS) {
      if (c === m) continue;
      if (pay[c] % 2 !== 0) even = false;
      otherPairs += pay[c] / 2;
    }
    if (!even) continue;
    const own = m === null ? 0 : pay[m];
    for (let mainPairs = 0; 2 * mainPairs <= own; mainPairs++) {
      const onSpaces = own - 2 * mainPairs;
      const pairs = otherPairs + mainPairs;
      if (onSpaces > rest || pairs > icons) continue;
      if (icons - pairs + (rest - onSpaces) === pay.loco) return true;
    }
  }
  return false;
}

export function affordable(hand: Readonly<Hand>, pay: Readonly<Hand>): boolean {
  for (const c of CARDS) if (pay[c] > hand[c]) return false;
  return true;
}

function key(h: Hand): string {
  return CARDS.map((c) => h[c]).join(',');
}

/**
 * Every distinct exact payment for `route` that `hand` can afford, each as the cards paid (CARDS order),
 * ordered by fewest locomotives, then fewest cards. For a payment chooser; it does not check whether the
 * route may be claimed.
 */
export function paymentsFor(hand: Readonly<Hand>, route: RouteData): Payment[] {
  const out = new Map<string, Hand>();
  const add = (h: Hand): void => {
    if (affordable(hand, h)) out.set(key(h), h);
  };
  const length = route.length;
  if (route.color !== 'gray') {
    const c = route.color;
    for (let locos = 0; locos <= length; locos++) {
      const h = emptyHand();
      h[c] = length - locos;
      h.loco = locos;
      add(h);
    }
  } else {
    const icons = iconsOf(route);
    const rest = length - icons;
    const pairColours = COLOURS.filter((c) => hand[c] >= 2);
    const mainColours = COLOURS.filter((c) => hand[c] >= 1);
    for (let pairs = 0; pairs <= icons; pairs++) {
      for (const combo of multisets(pairColours, pairs)) {
        const base = emptyHand();
        base.loco = icons - pairs;
        for (const c of combo) base[c] += 2;
        // Ordinary spaces: all locomotives, or r cards of one colour and the rest locomotives.
        const allLocos = { ...base, loco: base.loco + rest };
        add(allLocos);
        for (const m of mainColours) {
          for (let r = 1; r <= rest; r++) {
            const h = { ...base };
            h[m] += r;
            h.loco += rest - r;
            add(h);
          }
        }
      }
    }
  }
  return [...out.values()]
    .sort((a, b) => a.loco - b.loco || sum(a) - sum(b) || key(b).localeCompare(key(a)))
    .map(compactPayment);
}

/**
 * The payments legal() offers: for each colour that can pay the ordinary spaces, the payment with the
 * fewest locomotives (icon pairs taken from the most plentiful colours left); all-locomotive ordinary
 * spaces only when no colour can pay. One per real choice of what to keep, and few enough for bots.
 */
export function canonicalPayments(hand: Readonly<Hand>, route: RouteData): Payment[] {
  const length = route.length;
  if (route.color !== 'gray') {
    const c = route.color;
    const use = Math.min(hand[c], length);
    if (hand.loco < length - use) return [];
    const h = emptyHand();
    h[c] = use;
    h.loco = length - use;
    return [compactPayment(h)];
  }
  const icons = iconsOf(route);
  const rest = length - icons;
  const found = new Map<string, Hand>();
  const withMain = (m: Colour | null): Hand | null => {
    const h = emptyHand();
    const left = { ...hand };
    const onSpaces = m === null ? 0 : Math.min(hand[m], rest);
    if (m !== null) {
      h[m] += onSpaces;
      left[m] -= onSpaces;
    }
    h.loco += rest - onSpaces;
    for (let i = 0; i < icons; i++) {
      let best: Colour | null = null;
      for (const c of COLOURS) if (left[c] >= 2 && (best === null || left[c] > left[best])) best = c;
      if (best === null) h.loco += 1;
      else {
        h[best] += 2;
        left[best] -= 2;
      }
    }
    return h.loco <= hand.loco ? h : null;
  };
  for (const m of COLOURS) {
    if (hand[m] === 0 && rest > 0) continue;
    const h = withMain(m);
    if (h) found.set(key(h), h);
  }
  if (found.size === 0) {
    const h = withMain(null);
    if (h) found.set(key(h), h);
  }
  return [...found.values()].map(compactPayment);
}

function sum(h: Hand): number {
  let n = 0;
  for (const c of CARDS) n += h[c];
  return n;
}

/** Multisets of `size` drawn from `items` (with repetition), each listed once, in non-decreasing index order. */
function multisets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  const out: T[][] = [];
  const walk = (from: number, acc: T[]): void => {
    if (acc.length === size) {
      out.push(acc.slice());
      return;
    }
    for (let i = from; i < items.length; i++) {
      acc.push(items[i]);
      walk(i, acc);
      acc.pop();
    }
  };
  walk(0, []);
  return out;
}
