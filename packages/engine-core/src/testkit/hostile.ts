/**
 * Hostile input for the checks at a game's door. Every client is assumed hostile, and what it sends reaches
 * the server through a msgpack decoder, which can hand over numbers of every kind (NaN, ±Infinity, -0,
 * fractions, integers past 2^53), big integers, byte arrays, dates, sets and maps, arrays and objects nested
 * deep, objects with extra keys (prototype names among them), arrays with extra elements or holes, and strings
 * of any length and script. These arbitraries make such values, as junk and as near-valid mutants of valid
 * values, and handHostile lists one hand-made case of each kind. They make no array with keys of its own
 * beside its elements (no decoder does, and the exact checks do not look for such keys). Tests hold a fast
 * exact-shape check against its zod schema with them: the check may accept a value only when zod accepts it
 * unchanged.
 */
import fc from 'fast-check';

/** Numbers at and around every edge an action or a message id has, and the ones that are no integer at all. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0, -0, 1, -1, 0.5, -0.5, 1.0000000000000002, 2, 3, 4, 8, 9, 40, 41, 64, 65, 114, 115, 2 ** 31, 2 ** 32,
  2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53 - 1), -(2 ** 53), 1e21, 1e-7, Number.EPSILON, Number.MIN_VALUE,
  Number.MAX_VALUE, NaN, Infinity, -Infinity,
];

/** Key names that mean something to JavaScript objects, or nearly match a real key. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__', '__proto_', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf',
  'toJSON', 'then', 'length', '0', '', 'extra', 'type ', 'TYPE', '\u0000', '💥',
];

/** Strings at the length limits (in UTF-16 units, as JavaScript and zod count), in other scripts, and huge. */
export const HOSTILE_STRINGS: readonly string[] = [
  ' ', 'x'.repeat(40), 'x'.repeat(41), 'x'.repeat(64), 'x'.repeat(65), '💥'.repeat(20), '💥'.repeat(21),
  '💥'.repeat(32), '💥'.repeat(33), 'é'.repeat(41), 'e\u0301', '\uFFFD', '\u202Eevil', '\uD800', 'y'.repeat(3000),
  ...HOSTILE_KEYS,
];

const big = (n: number): bigint => BigInt(2) ** BigInt(n);

/** One hostile non-container value (or a container of a kind no action has). */
export function hostileLeaf(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.integer(),
    fc.double(),
    fc.bigInt({ min: -big(70), max: big(70) }),
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: 'grapheme', maxLength: 70 }),
    fc.string({ maxLength: 70 }),
    fc.constantFrom(true, false, null, undefined),
    fc.uint8Array({ maxLength: 12 }),
    fc.date({ noInvalidDate: false }),
    fc.array(fc.integer(), { maxLength: 3 }).map((a) => new Set(a)),
    fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 3 }).map((e) => new Map(e)),
    fc.constant(null).map(() => []),
    fc.constant(null).map(() => ({})),
  );
}

/** Any value at all, leaves and containers of every kind, with hostile keys among the random ones. */
export function hostileJunk(): fc.Arbitrary<unknown> {
  return fc.oneof(
    hostileLeaf(),
    fc.anything({
      maxDepth: 3, maxKeys: 5, withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true,
      withTypedArray: true, withSparseArray: true, withObjectString: true, stringUnit: 'grapheme',
      key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_KEYS)),
    }),
  );
}

/** `o` with an own enumerable key `key`, as JSON.parse makes it (an own `__proto__` too, never the prototype). */
export function withOwnKey<T extends object>(o: T, key: string, value: unknown): T {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  return o;
}

/** A deep copy of plain objects and arrays (own keys kept as own keys, `__proto__` included); anything else shared. */
export function plainCopy<T>(v: T): T {
  if (Array.isArray(v)) {
    const out: unknown[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) if (i in v) out[i] = plainCopy(v[i]);
    return out as T;
  }
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out = {};
    for (const k of Object.keys(v)) withOwnKey(out, k, plainCopy((v as Record<string, unknown>)[k]));
    return out as T;
  }
  return v;
}

/** One change to a value: which container inside it (`at`), what to do (`kind`), with what (`leaf`, `key`). */
interface Mutation { kind: number; at: number; leaf: unknown; key: string; n: number }
const MUTATION_KINDS = 10;

type Container = Record<string, unknown> | unknown[];

function containers(v: unknown, out: { c: Container; parent: Container | null; key: string }[] = [], parent: Container | null = null, key = ''): typeof out {
  if (Array.isArray(v) || (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)) {
    const c = v as Container;
    out.push({ c, parent, key });
    for (const k of Object.keys(c)) containers((c as Record<string, unknown>)[k], out, c, k);
  }
  return out;
}

/** Another object or array with `c`'s content: not a plain object, or not the same kind of container at all. */
function disguise(c: Container, n: number): unknown {
  const entries = Object.entries(c);
  switch (n % 7) {
    case 0: return Object.assign(Object.create(null) as object, c);
    case 1: return Object.create(c) as object; // every key inherited
    case 2: return [c];
    case 3: return new Map(entries);
    case 4: return Object.assign(new Date(0), c);
    case 5: return Uint8Array.from(entries.map((_, i) => i));
    default: return Array.isArray(c) ? Object.assign({}, c) : entries.map(([, x]) => x);
  }
}

function mutate(root: unknown, m: Mutation): unknown {
  const all = containers(root);
  if (all.length === 0) return m.leaf;
  const { c, parent, key: at } = all[m.at % all.length];
  const keys = Object.keys(c);
  const k = keys.length > 0 ? keys[m.n % keys.length] : '0';
  const replace = (v: unknown): unknown => {
    if (parent === null) return v;
    (parent as Record<string, unknown>)[at] = v;
    return root;
  };
  const o = c as Record<string, unknown>;
  try {
    return change(root, m, c, o, k, replace);
  } catch {
    return root; // a change JavaScript refuses (an array's length redefined): the value stays as it was
  }
}

function change(root: unknown, m: Mutation, c: Container, o: Record<string, unknown>, k: string, replace: (v: unknown) => unknown): unknown {
  switch (m.kind) {
    case 0: o[k] = m.leaf; return root;
    case 1: if (Array.isArray(c)) c.splice(Number(k), 1); else delete o[k]; return root;
    case 2: o[k] = undefined; return root;
    case 3:
      // Arrays get an element instead: no decoder makes an array with keys of its own beside its elements.
      if (Array.isArray(c)) c.push(m.leaf); else withOwnKey(c, m.key, m.n % 2 === 0 ? m.leaf : plainCopy(o[k]));
      return root;
    case 4:
      // An extra element or key that looks like the others (an array past its limit, a payment's extra card).
      if (Array.isArray(c)) { for (let i = 0; i <= m.n % 9; i++) c.push(plainCopy(c[i % Math.max(1, c.length)] ?? m.leaf)); } else withOwnKey(c, `${k}${m.n % 3 === 0 ? '' : 's'}`, plainCopy(o[k]));
      return root;
    case 5:
      if (Array.isArray(c)) { if (c.length > 0) delete c[m.n % c.length]; else c.push(m.leaf); } else o.type = HOSTILE_KEYS[m.n % HOSTILE_KEYS.length];
      return root;
    case 6: return replace(disguise(c, m.n));
    case 7: {
      // Deep nesting where a flat value belongs.
      let v: unknown = plainCopy(o[k]);
      for (let i = 0; i < 2 + (m.n % 30); i++) v = m.n % 2 === 0 ? [v] : { [k]: v };
      o[k] = v;
      return root;
    }
    case 8: o[k] = typeof o[k] === 'string' ? `${o[k] as string}${m.n % 2 === 0 ? '\u0000' : '💥'}` : typeof o[k] === 'number' ? (o[k] as number) + [0.5, -0.5, 2 ** 53, -1, 1][m.n % 5] : m.leaf; return root;
    default: return replace(m.leaf);
  }
}

/** Values near `valid`'s: a copy with one to three changes anywhere inside it (a key, an element, the whole). */
export function mutantOf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    kind: fc.nat(MUTATION_KINDS - 1), at: fc.nat(20), leaf: hostileLeaf(), key: fc.constantFrom(...HOSTILE_KEYS), n: fc.nat(1000),
  });
  return fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([v, ms]) => ms.reduce<unknown>((x, m) => mutate(x, m), plainCopy(v)));
}

/**
 * One case of each hostile kind made from `valid` by hand, named: every field set to each hostile number,
 * each kind of leaf and container, undefined, and removed; each hostile key added as an own key (as JSON.parse
 * makes `__proto__`); array fields with an extra element, past eight elements and with a hole; the whole value
 * without Object.prototype, with its keys inherited, as a Map, in an array, as bytes and as JSON.parse
 * gives it back.
 */
export function handHostile(valid: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [];
  const leaves: [string, () => unknown][] = [
    ['bigint', () => BigInt(1)], ['bigint 2^64', () => big(64)], ['bytes', () => Uint8Array.from([1, 2])], ['date', () => new Date(0)],
    ['set', () => new Set([1])], ['map', () => new Map([['a', 1]])], ['empty array', () => []], ['empty object', () => ({})],
    ['null', () => null], ['true', () => true], ['nested arrays', () => [[[[1]]]]], ['nested objects', () => ({ a: { b: { c: {} } } })],
  ];
  const fields = Object.keys(valid);
  for (const f of fields) {
    const set = (name: string, v: unknown) => { const c = plainCopy(valid); c[f] = v; out.push([`${f} = ${name}`, c]); };
    for (const n of HOSTILE_NUMBERS) set(String(Object.is(n, -0) ? '-0' : n), n);
    for (const s of HOSTILE_STRINGS) set(JSON.stringify(s.length > 70 ? `${s.slice(0, 8)}…(${s.length})` : s), s);
    for (const [name, make] of leaves) set(name, make());
    set('undefined', undefined);
    set('the whole value', plainCopy(valid));
    const gone = plainCopy(valid);
    delete gone[f];
    out.push([`without ${f}`, gone]);
    const v = valid[f];
    if (Array.isArray(v)) {
      set('one element more', [...plainCopy(v), plainCopy(v[0] ?? 1)]);
      set('nine elements', Array.from({ length: 9 }, (_, i) => plainCopy(v[i % Math.max(1, v.length)] ?? i + 1)));
      const holed = plainCopy(v);
      holed.length += 1;
      set('a hole', holed);
    }
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [name, x] of handHostile(v as Record<string, unknown>)) set(`{ ${name} }`, x);
    }
  }
  for (const key of HOSTILE_KEYS) {
    out.push([`own key ${JSON.stringify(key)} = 1`, withOwnKey(plainCopy(valid), key, 1)]);
    out.push([`own key ${JSON.stringify(key)} = undefined`, withOwnKey(plainCopy(valid), key, undefined)]);
    out.push([`own key ${JSON.stringify(key)} = a copy`, withOwnKey(plainCopy(valid), key, plainCopy(valid))]);
  }
  const text = JSON.stringify(valid);
  out.push(['JSON.parse with an own __proto__', JSON.parse(`{"__proto__":{"x":1}${text === '{}' ? '' : ','}${text.slice(1)}`)]);
  out.push(['JSON.parse round trip', JSON.parse(JSON.stringify(valid))]);
  out.push(['no prototype', Object.assign(Object.create(null) as object, plainCopy(valid))]);
  out.push(['every key inherited', Object.create(plainCopy(valid)) as object]);
  out.push(['own keys over an inherited extra key', Object.assign(Object.create({ extra: 1 }) as object, plainCopy(valid))]);
  out.push(['a Map of its entries', new Map(Object.entries(valid))]);
  out.push(['a Date with its keys', Object.assign(new Date(0), plainCopy(valid))]);
  out.push(['in an array', [plainCopy(valid)]]);
  out.push(['its values as an array', Object.values(plainCopy(valid))]);
  out.push(['frozen', Object.freeze(plainCopy(valid))]);
  out.push(['bytes', Uint8Array.from([0x81, 0xa1, 0x61, 0x01])]);
  return out;
}

/** Zod's safeParse, as the helper below calls it. */
export interface Parses { safeParse(x: unknown): { success: boolean; data?: unknown } }

/**
 * What an exact-shape check in front of `schema` should say of `x`: yes exactly when zod accepts `x` and gives
 * back an equal value (same prototypes and own keys, leaves equal as Object.is says, so -0 is not 0) and `x`
 * holds no undefined anywhere (the checks leave explicit undefined to zod, which may drop or keep the key).
 * Such a check then only makes acceptance faster: what it takes as it is, zod would have given back the same.
 */
export function zodKeepsAsIs(schema: Parses, x: unknown): boolean {
  const parsed = schema.safeParse(x);
  return parsed.success && sameValue(parsed.data, x, new Set()) && !holdsUndefined(x, new Set());
}

/**
 * The door's promise for one value: the exact-shape check `check` never throws, and says yes only when zod
 * (`schema`) accepts the value and gives back an equal one (it never lets through what zod refuses or would
 * change). It also says yes to everything else zod keeps as it is (a needless refusal would only cost speed),
 * save strings zod measures as shorter than the check does (see holdsSurrogates). Throws, showing the value,
 * where the two disagree; otherwise gives the check's answer.
 */
export function holdsDoor(check: (x: unknown) => boolean, schema: Parses, x: unknown): boolean {
  const accepted = check(x);
  const wanted = zodKeepsAsIs(schema, x);
  if (accepted && !wanted) throw new Error(`the exact check accepts what zod refuses or changes: ${shown(x)}`);
  if (!accepted && wanted && !holdsSurrogates(x)) throw new Error(`the exact check refuses what zod keeps as it is: ${shown(x)}`);
  return accepted;
}

/** A value for a failure message: its kind, and its JSON with big integers and -0 written out (just the kind when JSON cannot write it). */
export function shown(x: unknown): string {
  try {
    return `${Object.prototype.toString.call(x)} ${JSON.stringify(x, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : Object.is(v, -0) ? '-0' : v))}`;
  } catch {
    return Object.prototype.toString.call(x);
  }
}

function sameValue(a: unknown, b: unknown, seen: Set<unknown>): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const proto = Object.getPrototypeOf(a) as unknown;
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return false; // dates, maps, bytes: only themselves
  if (seen.has(b)) return true;
  seen.add(b);
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || Object.getOwnPropertySymbols(a).length + Object.getOwnPropertySymbols(b).length > 0) return false;
  if (Array.isArray(a) && a.length !== (b as unknown[]).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], seen)) return false;
  }
  return true;
}

function holdsUndefined(x: unknown, seen: Set<unknown>): boolean {
  if (x === undefined) return true;
  if (x === null || typeof x !== 'object' || seen.has(x)) return false;
  seen.add(x);
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) if (!(i in x) || holdsUndefined(x[i], seen)) return true;
    return false;
  }
  for (const k of Object.keys(x)) if (holdsUndefined((x as Record<string, unknown>)[k], seen)) return true;
  return false;
}

/**
 * Whether `x` holds a string with characters outside the Basic Multilingual Plane (surrogate pairs). Zod
 * measures strings in code points and the exact-shape checks in UTF-16 units, which count such a character
 * twice: a check may then refuse a string zod accepts (zod parses it instead, so only speed differs), never
 * the other way round.
 */
export function holdsSurrogates(x: unknown, seen = new Set<unknown>()): boolean {
  if (typeof x === 'string') return /[\uD800-\uDFFF]/.test(x);
  if (x === null || typeof x !== 'object' || seen.has(x)) return false;
  seen.add(x);
  for (const k of Object.keys(x)) if (holdsSurrogates((x as Record<string, unknown>)[k], seen)) return true;
  return false;
}
