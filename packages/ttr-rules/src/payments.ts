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
 * On every legal-move listing's path, so it counts cards in small fixed arrays (colours in COLOURS order,
 * the locomotive last) rather than copying hands.
 */
export function canonicalPayments(hand: Readonly<Hand>, route: RouteData): Payment[] {
  const length = route.length;
  if (route.color !== 'gray') {
    const c = route.color;
    const use = Math.min(hand[c], length);
    if (hand.loco < length - use) return [];
    const p: Payment = {};
    if (use > 0) p[c] = use;
    if (length - use > 0) p.loco = length - use;
    return [p];
  }
  const icons = iconsOf(route);
  const rest = length - icons;
  const n = COLOURS.length;
  for (let i = 0; i < n; i++) COUNTS[i] = hand[COLOURS[i]];
  const found: number[][] = [];
  for (let m = 0; m < n; m++) {
    if (COUNTS[m] === 0 && rest > 0) continue;
    if (withMain(hand.loco, m, rest, icons)) keepNew(found);
  }
  if (found.length === 0 && withMain(hand.loco, -1, rest, icons)) keepNew(found);
  return found.map(countsToPayment);
}

/** Scratch space of canonicalPayments (it runs for every legal-move listing): the hand's colours, the cards left, the payment being built. */
const COUNTS: number[] = COLOURS.map(() => 0);
const LEFT: number[] = COLOURS.map(() => 0);
const PAY: number[] = [...COLOURS.map(() => 0), 0];

/**
 * Builds in PAY the payment with colour index `m` (or none, -1) on the ordinary spaces as far as it goes,
 * locomotives for the rest, and each icon paid by a pair of the most plentiful colour left (the first in
 * COLOURS order on a tie) or else a locomotive; false when the hand lacks the locomotives. PAY holds counts
 * per colour in COLOURS order, the locomotive last.
 */
function withMain(locos: number, m: number, rest: number, icons: number): boolean {
  const n = COLOURS.length;
  for (let c = 0; c < n; c++) {
    LEFT[c] = COUNTS[c];
    PAY[c] = 0;
  }
  const onSpaces = m < 0 ? 0 : Math.min(COUNTS[m], rest);
  if (m >= 0) {
    PAY[m] = onSpaces;
    LEFT[m] -= onSpaces;
  }
  PAY[n] = rest - onSpaces;
  for (let i = 0; i < icons; i++) {
    let best = -1;
    for (let c = 0; c < n; c++) if (LEFT[c] >= 2 && (best < 0 || LEFT[c] > LEFT[best])) best = c;
    if (best < 0) PAY[n] += 1;
    else {
      PAY[best] += 2;
      LEFT[best] -= 2;
    }
  }
  return PAY[n] <= locos;
}

/** Adds a copy of PAY to `found` unless an equal payment is there already. */
function keepNew(found: number[][]): void {
  for (const f of found) {
    let same = true;
    for (let i = 0; i < f.length; i++) if (f[i] !== PAY[i]) same = false;
    if (same) return;
  }
  found.push(PAY.slice());
}

/** Counts (colours in COLOURS order, the locomotive last) as a payment naming only the cards paid, in CARDS order. */
function countsToPayment(h: readonly number[]): Payment {
  const out: Payment = {};
  for (let i = 0; i < COLOURS.length; i++) if (h[i] > 0) out[COLOURS[i]] = h[i];
  if (h[COLOURS.length] > 0) out.loco = h[COLOURS.length];
  return out;
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
