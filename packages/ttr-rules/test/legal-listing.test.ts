/**
 * legalActions' fast listing (per-map look-ups, payments worked out once per route shape) lists exactly
 * what the plain listing does, in the same order: every route that claimOpen allows, in map order, with the
 * payments of the first, straightforward canonical-payment code kept below as the reference. The order
 * matters beyond the set: seeded bots pick by index, so recorded bot games replay only if it is unchanged.
 */
import {
  CARDS, COLOURS, createGame, emptyHand, legalActions, NORTHERN_EUROPE, pending, type Action, type Colour, type GameState, type Hand, type Payment, type RouteData,
} from '../src';
import { claimOpen } from '../src/table';
import { must, picker } from './helpers';

function compact(h: Hand): Payment {
  const out: Payment = {};
  for (const c of CARDS) if (h[c] > 0) out[c] = h[c];
  return out;
}

/** The first canonical-payment code, unchanged: hands copied per colour, duplicates found by a text key. */
function referencePayments(hand: Readonly<Hand>, route: RouteData): Payment[] {
  const length = route.length;
  if (route.color !== 'gray') {
    const c = route.color;
    const use = Math.min(hand[c], length);
    if (hand.loco < length - use) return [];
    const h = emptyHand();
    h[c] = use;
    h.loco = length - use;
    return [compact(h)];
  }
  const icons = route.kind === 'ferry' ? route.locomotives : 0;
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
  const key = (h: Hand): string => CARDS.map((c) => h[c]).join(',');
  for (const m of COLOURS) {
    if (hand[m] === 0 && rest > 0) continue;
    const h = withMain(m);
    if (h) found.set(key(h), h);
  }
  if (found.size === 0) {
    const h = withMain(null);
    if (h) found.set(key(h), h);
  }
  return [...found.values()].map(compact);
}

function referenceClaims(s: GameState, seat: number): Action[] {
  const out: Action[] = [];
  for (const route of NORTHERN_EUROPE.routes) {
    if (!claimOpen(s, NORTHERN_EUROPE, seat, route)) continue;
    for (const pay of referencePayments(s.players[seat].hand, route)) out.push({ type: 'claim', route: route.id, pay });
  }
  return out;
}

test('on turns of random 2–5 seat games, with their own hands and random ones, legal lists the reference claims in order', () => {
  let turns = 0;
  for (let g = 0; g < 4; g++) {
    const players = 2 + (g % 4);
    const pick = picker(1000 + g);
    let s = createGame({ players, seed: `legal-listing-${g}` });
    while (!s.gameOver) {
      const d = pending(s)[0];
      if (d.kind === 'turn') {
        turns++;
        const claims = (x: GameState): Action[] => legalActions(x, d.seat).filter((a) => a.type === 'claim');
        expect(claims(s)).toEqual(referenceClaims(s, d.seat));
        // A random hand of up to 5 of each card: ferries with many pairs, every colour on the spaces.
        const other: GameState = { ...s, players: s.players.map((p) => ({ ...p, hand: { ...p.hand } })) };
        for (const c of CARDS) other.players[d.seat].hand[c] = pick(6);
        expect(claims(other)).toEqual(referenceClaims(other, d.seat));
      }
      const legal = legalActions(s, d.seat);
      s = must(s, d.seat, legal[pick(legal.length)]);
    }
  }
  expect(turns).toBeGreaterThan(250);
});
