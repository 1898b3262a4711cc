/** Paying for routes: the ferry table, coloured routes, the enumerations and their agreement with apply. */
import fc from 'fast-check';
import { applyAction, canonicalPayments, CARDS, emptyHand, isExactPayment, legalActions, payments, paymentsFor, type Hand } from '../src';
import { must, pay, route, routeBetween, setHand, started } from './helpers';

const FERRY_3_1 = route(routeBetween('oslo', 'aalborg')); // 3 spaces, 1 locomotive icon
const FERRY_4_2 = route(routeBetween('goteborg', 'kiel')); // 4 spaces, 2 icons

test('the fixtures are the routes the table describes', () => {
  expect(FERRY_3_1).toMatchObject({ kind: 'ferry', color: 'gray', length: 3, locomotives: 1 });
  expect(FERRY_4_2).toMatchObject({ kind: 'ferry', color: 'gray', length: 4, locomotives: 2 });
});

describe('ferry payments (exact: the cards must split into icons and spaces with nothing left over)', () => {
  test.each<[string, Partial<Hand>, boolean]>([
    ['RR + BB', { red: 2, blue: 2 }, true],
    ['RR + BG', { red: 2, blue: 1, green: 1 }, false],
    ['RR + L', { red: 2, loco: 1 }, true],
    ['RRRR (the icon pair of the main colour)', { red: 4 }, true],
    ['R + BB (a space short)', { red: 1, blue: 2 }, false],
    ['RR + BB + G (a spare card)', { red: 2, blue: 2, green: 1 }, false],
    ['L + L + L', { loco: 3 }, true],
    ['R + L + L', { red: 1, loco: 2 }, true],
    ['RR + B (half a pair)', { red: 2, blue: 1 }, false],
    ['R + B + L (spaces of two colours)', { red: 1, blue: 1, loco: 1 }, false],
    ['RR + BB + L (a spare locomotive)', { red: 2, blue: 2, loco: 1 }, false],
  ])('3 spaces, 1 icon: %s → %s', (_name, cards, ok) => {
    expect(isExactPayment(FERRY_3_1, pay(cards))).toBe(ok);
  });
  test.each<[string, Partial<Hand>, boolean]>([
    ['RR + BB + GG', { red: 2, blue: 2, green: 2 }, true],
    ['RR + L + BB', { red: 2, blue: 2, loco: 1 }, true],
    ['RR + L + L', { red: 2, loco: 2 }, true],
    ['RR + BBBB (both icons paid by blue pairs)', { red: 2, blue: 4 }, true],
    ['RR + BB', { red: 2, blue: 2 }, false],
    ['LLLL', { loco: 4 }, true],
  ])('4 spaces, 2 icons: %s → %s', (_name, cards, ok) => {
    expect(isExactPayment(FERRY_4_2, pay(cards))).toBe(ok);
  });
});

describe('coloured routes', () => {
  const red3 = route(routeBetween('oslo', 'bergen', 2)); // red, 3 spaces
  test('its colour, locomotives standing in for any card, nothing else', () => {
    expect(red3).toMatchObject({ color: 'red', length: 3 });
    expect(isExactPayment(red3, pay({ red: 3 }))).toBe(true);
    expect(isExactPayment(red3, pay({ red: 1, loco: 2 }))).toBe(true);
    expect(isExactPayment(red3, pay({ loco: 3 }))).toBe(true);
    expect(isExactPayment(red3, pay({ red: 2, blue: 1 }))).toBe(false);
    expect(isExactPayment(red3, pay({ red: 4 }))).toBe(false);
    expect(isExactPayment(red3, pay({ red: 2 }))).toBe(false);
  });
  test('every payment a hand can make, fewest locomotives first; legal offers the cheapest only', () => {
    const hand = pay({ red: 2, loco: 2, blue: 5 });
    expect(paymentsFor(hand, red3)).toEqual([{ red: 2, loco: 1 }, { red: 1, loco: 2 }]);
    expect(canonicalPayments(hand, red3)).toEqual([{ red: 2, loco: 1 }]);
    expect(canonicalPayments(pay({ blue: 9, loco: 2 }), red3)).toEqual([]);
  });
});

test('a ferry: every distinct payment, and one cheapest per colour paying the spaces', () => {
  const hand = pay({ red: 2, blue: 2, loco: 1 });
  const spell = (list: object[]): string[] => list.map((p) => JSON.stringify(p)).sort();
  expect(spell(paymentsFor(hand, FERRY_3_1))).toEqual(spell([
    { blue: 2, red: 2 }, { blue: 2, loco: 1 }, { red: 2, loco: 1 }, { blue: 2, red: 1, loco: 1 }, { blue: 1, red: 2, loco: 1 },
  ]));
  expect(paymentsFor(hand, FERRY_3_1)[0]).toEqual({ blue: 2, red: 2 }); // fewest locomotives first
  // red or blue on the spaces, the other colour's pair on the icon: the same cards either way
  expect(canonicalPayments(hand, FERRY_3_1)).toEqual([{ blue: 2, red: 2 }]);
  // with only locomotives for the spaces, the all-locomotive payment is offered
  expect(canonicalPayments(pay({ loco: 3, red: 1 }), FERRY_3_1)).toEqual([{ red: 1, loco: 2 }]);
  expect(canonicalPayments(pay({ loco: 3 }), FERRY_3_1)).toEqual([{ loco: 3 }]);
});

/** Every sub-multiset of a hand, as full hands (small hands only). */
function subHands(hand: Hand): Hand[] {
  let out: Hand[] = [emptyHand()];
  for (const c of CARDS) {
    const next: Hand[] = [];
    for (const h of out) for (let k = 0; k <= hand[c]; k++) next.push({ ...h, [c]: k });
    out = next;
  }
  return out;
}

const smallHand = fc.record(Object.fromEntries(CARDS.map((c) => [c, fc.integer({ min: 0, max: c === 'loco' ? 3 : 2 })])) as Record<keyof Hand, fc.Arbitrary<number>>)
  .map((h) => h as Hand);

test('paymentsFor lists exactly the affordable sub-hands that pay exactly (brute force), on every kind of route', () => {
  const kinds = [FERRY_3_1, FERRY_4_2, route(routeBetween('stavanger', 'bergen')), route(routeBetween('oslo', 'bergen', 2)), route(routeBetween('oslo', 'kiel'))];
  fc.assert(fc.property(smallHand, fc.constantFrom(...kinds), (hand, r) => {
    const expected = subHands(hand).filter((h) => isExactPayment(r, h)).map((h) => CARDS.map((c) => h[c]).join(',')).sort();
    const got = paymentsFor(hand, r).map((p) => CARDS.map((c) => p[c] ?? 0).join(',')).sort();
    expect(got).toEqual(expected);
    // legal offers something exactly when some payment exists, and only payments from that list
    const canon = canonicalPayments(hand, r).map((p) => CARDS.map((c) => p[c] ?? 0).join(','));
    expect(canon.length > 0).toBe(expected.length > 0);
    for (const c of canon) expect(expected).toContain(c);
  }), { numRuns: 400 });
});

test('every legal claim and every payments() entry is accepted by apply, and costs exactly those cards', () => {
  const s = started(3, 'pay-apply');
  const seat = s.turn.seat;
  setHand(s, seat, { red: 3, blue: 2, green: 2, loco: 2, white: 1 });
  const claims = legalActions(s, seat).filter((a) => a.type === 'claim');
  expect(claims.length).toBeGreaterThan(20);
  const routeIds = new Set<number>(claims.map((a) => (a as { route: number }).route));
  let tried = 0;
  for (const id of routeIds) {
    for (const p of payments(s, seat, id)) {
      const r = applyAction(s, seat, { type: 'claim', route: id, pay: p });
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const drawn = r.events.find((e) => e.type === 'bonusDraw');
      const spent = CARDS.reduce((n, c) => n + (s.players[seat].hand[c] - r.state.players[seat].hand[c]), 0);
      expect(spent).toBe(CARDS.reduce((n, c) => n + (p[c] ?? 0), 0) - (drawn && drawn.type === 'bonusDraw' ? drawn.drawn : 0));
      expect(r.state.players[seat].trainsLeft).toBe(s.players[seat].trainsLeft - route(id).length);
      tried++;
    }
  }
  expect(tried).toBeGreaterThan(claims.length);
});

test('apply refuses a payment with a spare card, cards not held, and a claim with too few trains', () => {
  const s = started(2, 'pay-refuse');
  const seat = s.turn.seat;
  setHand(s, seat, { red: 2, blue: 2, green: 1 });
  const ferry = FERRY_3_1.id;
  const spare = applyAction(s, seat, { type: 'claim', route: ferry, pay: { red: 2, blue: 2, green: 1 } });
  expect(spare).toMatchObject({ ok: false, error: { code: 'ILLEGAL', message: expect.stringContaining('exactly') } });
  const notHeld = applyAction(s, seat, { type: 'claim', route: ferry, pay: { red: 2, loco: 1 } });
  expect(notHeld).toMatchObject({ ok: false, error: { code: 'ILLEGAL', message: 'you do not hold those cards' } });
  s.players[seat].trainsLeft = 2;
  const short = applyAction(s, seat, { type: 'claim', route: ferry, pay: { red: 2, blue: 2 } });
  expect(short).toMatchObject({ ok: false, error: { code: 'ILLEGAL', message: expect.stringContaining('needs 3 trains; 2 left') } });
  expect(legalActions(s, seat).some((a) => a.type === 'claim' && route(a.route).length > 2)).toBe(false);
  // a good one still goes through
  s.players[seat].trainsLeft = 40;
  must(s, seat, { type: 'claim', route: ferry, pay: { red: 2, blue: 2 } });
});
