/** The longest trail (Nordic Express): exact on hand-made graphs and equal to brute force on random ones. */
import fc from 'fast-check';
import { edgesOf, longestTrail, NORTHERN_EUROPE, type Edge } from '../src';

let nextId = 1;
const e = (a: string, b: string, length = 1): Edge => ({ id: nextId++, a, b, length });

describe('longest trail on hand-made graphs (lengths in spaces)', () => {
  test('nothing, a single route and a path', () => {
    expect(longestTrail([])).toBe(0);
    expect(longestTrail([e('a', 'b', 4)])).toBe(4);
    expect(longestTrail([e('a', 'b', 2), e('b', 'c', 3), e('c', 'd', 1)])).toBe(6);
  });
  test('a triangle uses all three routes', () => {
    expect(longestTrail([e('a', 'b'), e('b', 'c'), e('c', 'a')])).toBe(3);
  });
  test('a figure-eight (two triangles sharing a city) uses all six: cities may repeat', () => {
    expect(longestTrail([e('a', 'b'), e('b', 'x'), e('x', 'a'), e('x', 'c'), e('c', 'd'), e('d', 'x')])).toBe(6);
  });
  test('two triangles joined by a route use all seven', () => {
    expect(longestTrail([e('a', 'b'), e('b', 'c'), e('c', 'a'), e('c', 'd'), e('d', 'e'), e('e', 'f'), e('f', 'd')])).toBe(7);
  });
  test('K4 allows five of its six routes (four odd cities)', () => {
    expect(longestTrail([e('a', 'b'), e('a', 'c'), e('a', 'd'), e('b', 'c'), e('b', 'd'), e('c', 'd')])).toBe(5);
  });
  test('a star of three takes two', () => {
    expect(longestTrail([e('o', 'a', 2), e('o', 'b', 2), e('o', 'c', 2)])).toBe(4);
  });
  test('a theta graph (three paths between two cities) takes all of them', () => {
    expect(longestTrail([e('s', 'x', 1), e('x', 't', 1), e('s', 'y', 2), e('y', 't', 2), e('s', 'z', 3), e('z', 't', 3)])).toBe(12);
  });
  test('two components: the longer one counts', () => {
    expect(longestTrail([e('a', 'b', 2), e('b', 'c', 2), e('x', 'y', 5)])).toBe(5);
  });
  test('length beats count: one 6-space route against three 1-space routes', () => {
    expect(longestTrail([e('a', 'b', 6), e('c', 'd', 1), e('d', 'f', 1), e('f', 'g', 1)])).toBe(6);
  });
  test('parallel tracks of one pair held by one player are two routes (a loop of two)', () => {
    expect(longestTrail([e('a', 'b', 2), e('a', 'b', 2), e('b', 'c', 1)])).toBe(5);
  });
  test('the same pair held by two players: each counts only its own track', () => {
    const claims: Record<string, number> = { '1': 0, '2': 1, '3': 0 }; // 1 and 2: Oslo–Bergen (3 each); 3: Oslo–Kristiansand (2)
    expect(longestTrail(edgesOf(NORTHERN_EUROPE, claims, 0))).toBe(5);
    expect(longestTrail(edgesOf(NORTHERN_EUROPE, claims, 1))).toBe(3);
  });
});

/** Every ordering of edges as a walk, tried exhaustively: the reference the search must match. */
function bruteForce(edges: Edge[]): number {
  let best = 0;
  const used = new Array<boolean>(edges.length).fill(false);
  const extend = (at: string, total: number): void => {
    best = Math.max(best, total);
    edges.forEach((x, i) => {
      if (used[i] || (x.a !== at && x.b !== at)) return;
      used[i] = true;
      extend(x.a === at ? x.b : x.a, total + x.length);
      used[i] = false;
    });
  };
  const cities = new Set(edges.flatMap((x) => [x.a, x.b]));
  for (const c of cities) extend(c, 0);
  return best;
}

test('equals brute force over all walks on random graphs of up to 8 routes among 6 cities', () => {
  const edge = fc.record({ a: fc.integer({ min: 0, max: 5 }), b: fc.integer({ min: 0, max: 5 }), length: fc.integer({ min: 1, max: 6 }) })
    .filter((x) => x.a !== x.b);
  fc.assert(fc.property(fc.array(edge, { maxLength: 8 }), (list) => {
    const edges = list.map((x, i) => ({ id: i + 1, a: `c${x.a}`, b: `c${x.b}`, length: x.length }));
    expect(longestTrail(edges)).toBe(bruteForce(edges));
  }), { numRuns: 300 });
});

/** The first search, unchanged: depth-first from every city, no shortcuts. The reference on graphs too large for brute force. */
function plainSearch(edges: readonly Edge[]): number {
  const incident = new Map<string, number[]>();
  edges.forEach((e, i) => {
    incident.set(e.a, [...(incident.get(e.a) ?? []), i]);
    if (e.b !== e.a) incident.set(e.b, [...(incident.get(e.b) ?? []), i]);
  });
  const used = new Array<boolean>(edges.length).fill(false);
  const walk = (city: string): number => {
    let best = 0;
    for (const i of incident.get(city) ?? []) {
      if (used[i]) continue;
      used[i] = true;
      const e = edges[i];
      const got = e.length + walk(e.a === city ? e.b : e.a);
      if (got > best) best = got;
      used[i] = false;
    }
    return best;
  };
  let best = 0;
  for (const city of incident.keys()) best = Math.max(best, walk(city));
  return best;
}

test('equals the plain search from every city on larger random graphs: several pieces, parallel routes, loops, all-even pieces', () => {
  const edge = fc.record({ a: fc.integer({ min: 0, max: 9 }), b: fc.integer({ min: 0, max: 9 }), length: fc.integer({ min: 1, max: 6 }) });
  fc.assert(fc.property(fc.array(edge, { maxLength: 16 }), (list) => {
    const edges = list.map((x, i) => ({ id: i + 1, a: `c${x.a}`, b: `c${x.b}`, length: x.length }));
    expect(longestTrail(edges)).toBe(plainSearch(edges));
  }), { numRuns: 300, seed: 7 });
  // Every city even: a cycle and a doubled edge score their whole length.
  expect(longestTrail([e('a', 'b', 2), e('b', 'c', 3), e('c', 'a', 4), e('x', 'y', 5), e('x', 'y', 1)])).toBe(9);
  expect(longestTrail([e('a', 'a', 3), e('a', 'b', 1)])).toBe(4);
});
