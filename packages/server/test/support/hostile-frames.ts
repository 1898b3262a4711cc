/**
 * Intent bodies as a hostile client can write them byte by byte, in msgpack: what no SDK's encoder would
 * send but the server's decoder (msgpackr's `unpack`, which Colyseus and the frame gate use) reads all the
 * same: -0, NaN and ±Infinity as doubles, 64-bit integers (read as BigInt), bytes, dates, sets, regular
 * expressions, errors, typed arrays, big integers, keys named `__proto__` or `constructor`, shared and
 * cyclic references (msgpackr's structured-clone extension), records with inline definitions, nesting deep.
 */
import { Packr, unpack } from 'msgpackr';

type Bytes = number[];

const utf8 = (s: string): Bytes => [...Buffer.from(s, 'utf8')];
export const str = (s: string): Bytes => { const b = utf8(s); return b.length < 32 ? [0xa0 | b.length, ...b] : [0xd9, b.length, ...b]; };
export const f64 = (x: number): Bytes => { const b = Buffer.alloc(9); b[0] = 0xcb; b.writeDoubleBE(x, 1); return [...b]; };
const u64 = (x: bigint): Bytes => { const b = Buffer.alloc(9); b[0] = 0xcf; b.writeBigUInt64BE(x, 1); return [...b]; };
const i64 = (x: bigint): Bytes => { const b = Buffer.alloc(9); b[0] = 0xd3; b.writeBigInt64BE(x, 1); return [...b]; };
const int = (n: number): Bytes => (n >= 0 && n < 128 ? [n] : f64(n));
const bin = (bytes: number[]): Bytes => [0xc4, bytes.length, ...bytes];
const ext = (type: number, data: number[]): Bytes => [0xc7, data.length, type, ...data];
const nil: Bytes = [0xc0];
/** A map of [key, value] pairs, keys as strings. */
export const map = (...pairs: [string, Bytes][]): Bytes => [0x80 | pairs.length, ...pairs.flatMap(([k, v]) => [...str(k), ...v])];
const arr = (...items: Bytes[]): Bytes => [0x90 | items.length, ...items.flat()];
/** A value as msgpackr's own encoder writes it (cycles and shared references with structuredClone). */
const packed = (v: unknown, options: ConstructorParameters<typeof Packr>[0] = { structuredClone: true, moreTypes: true }): Bytes =>
  [...new Packr(options).pack(v)];

const skip = map(['type', str('skip')]);
const intent = (action: Bytes, id?: Bytes): Bytes => map(['action', action], ...(id ? [['id', id] as [string, Bytes]] : []));
const load = (seat: Bytes): Bytes => map(['type', str('loadPassenger')], ['passenger', str('p-alpine-1')], ['seat', seat], ['car', str('c')]);
const claim = (route: Bytes, count: Bytes): Bytes => map(['type', str('claim')], ['route', route], ['pay', map(['red', count])]);

function cyclicIntent(): unknown {
  const body: Record<string, unknown> = { id: 1 };
  body.action = body;
  return body;
}
function sharedItems(): unknown {
  const items = ['a', 'b'];
  return { action: { type: 'deliverPrimary', items }, id: 'shared', extra: items };
}

/** Named msgpack intent bodies (the message body only, without the frame's header). */
export const HOSTILE_BODIES: { name: string; body: Bytes }[] = [
  { name: 'id -0 as a double', body: intent(skip, f64(-0)) },
  { name: 'id NaN', body: intent(skip, f64(NaN)) },
  { name: 'id Infinity', body: intent(skip, f64(Infinity)) },
  { name: 'id -Infinity', body: intent(skip, f64(-Infinity)) },
  { name: 'id 1.5', body: intent(skip, f64(1.5)) },
  { name: 'id 2^53', body: intent(skip, f64(2 ** 53)) },
  { name: 'id 5 as uint64 (a BigInt)', body: intent(skip, u64(BigInt(5))) },
  { name: 'id 2^63 as uint64', body: intent(skip, u64(BigInt(2) ** BigInt(63))) },
  { name: 'id -2^63 as int64', body: intent(skip, i64(-(BigInt(2) ** BigInt(63)))) },
  { name: 'id as bytes', body: intent(skip, bin([1, 2, 3])) },
  { name: 'id 64 emoji halves (64 UTF-16 units)', body: intent(skip, str('💥'.repeat(32))) },
  { name: 'id of 33 emoji (66 UTF-16 units, 33 characters)', body: intent(skip, str('💥'.repeat(33))) },
  { name: 'id nil', body: intent(skip, nil) },
  { name: 'id undefined (msgpackr extension 0)', body: intent(skip, [0xd4, 0x00, 0x00]) },
  { name: 'action undefined', body: intent([0xd4, 0x00, 0x00], int(1)) },
  { name: 'no action', body: map(['id', int(1)]) },
  { name: 'key __proto__', body: map(['action', skip], ['__proto__', map(['action', skip])]) },
  { name: 'key constructor', body: map(['action', skip], ['constructor', int(1)]) },
  { name: 'key toString', body: map(['action', skip], ['toString', int(1)]) },
  { name: 'action with a key __proto__', body: intent(map(['type', str('skip')], ['__proto__', map(['type', str('skip')])])) },
  { name: 'action with a key constructor', body: intent(map(['type', str('skip')], ['constructor', str('x')])) },
  { name: 'action type constructor', body: intent(map(['type', str('constructor')])) },
  { name: 'action type __proto__', body: intent(map(['type', str('__proto__')])) },
  { name: 'seat -0 as a double', body: intent(load(f64(-0))) },
  { name: 'seat NaN', body: intent(load(f64(NaN))) },
  { name: 'seat 1.5', body: intent(load(f64(1.5))) },
  { name: 'seat 1 as uint64 (a BigInt)', body: intent(load(u64(BigInt(1)))) },
  { name: 'seat 4', body: intent(load(int(4))) },
  { name: 'seat -1', body: intent(load([0xff])) },
  { name: 'route as uint64', body: intent(claim(u64(BigInt(3)), int(1))) },
  { name: 'route NaN', body: intent(claim(f64(NaN), int(1))) },
  { name: 'route 1.5', body: intent(claim(f64(1.5), int(1))) },
  { name: 'route 2^53', body: intent(claim(f64(2 ** 53), int(1))) },
  { name: 'pay -0', body: intent(claim(int(1), f64(-0))) },
  { name: 'pay -1', body: intent(claim(int(1), [0xff])) },
  { name: 'pay Infinity', body: intent(claim(int(1), f64(Infinity))) },
  { name: 'pay 115', body: intent(claim(int(1), int(115))) },
  { name: 'pay as bytes', body: intent(map(['type', str('claim')], ['route', int(1)], ['pay', bin([1])])) },
  { name: 'pay with a key __proto__', body: intent(map(['type', str('claim')], ['route', int(1)], ['pay', map(['__proto__', int(1)])])) },
  { name: 'keep as bytes', body: intent(map(['type', str('keepTickets')], ['keep', bin([1, 2])])) },
  { name: 'keep of nine', body: intent(map(['type', str('keepTickets')], ['keep', arr(...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(int))])) },
  { name: 'items of nine', body: intent(map(['type', str('deliverPrimary')], ['items', arr(...'abcdefghi'.split('').map(str))])) },
  { name: 'items with nil', body: intent(map(['type', str('deliverPrimary')], ['items', arr(str('a'), nil)])) },
  { name: 'card of 41 characters', body: intent(map(['type', str('discard')], ['card', str('x'.repeat(41))])) },
  { name: 'card of 40 characters', body: intent(map(['type', str('discard')], ['card', str('x'.repeat(40))])) },
  { name: 'card constructor', body: intent(map(['type', str('discard')], ['card', str('constructor')])) },
  { name: 'card __proto__', body: intent(map(['type', str('discard')], ['card', str('__proto__')])) },
  { name: 'drawFaceUp card hasOwnProperty', body: intent(map(['type', str('drawFaceUp')], ['card', str('hasOwnProperty')])) },
  { name: 'action as a date (timestamp extension)', body: intent([0xd6, 0xff, 0, 0, 0, 1]) },
  { name: 'action as a set', body: intent(packed(new Set(['skip']))) },
  { name: 'action as a regular expression', body: intent(packed(/skip/)) },
  { name: 'action as an error', body: intent(packed(new Error('skip'))) },
  { name: 'action as a typed array', body: intent(packed(new Float64Array([NaN, -0]))) },
  { name: 'action as a big integer (extension 0x42)', body: intent(ext(0x42, [1, 0, 0, 0, 0, 0, 0, 0, 0])) },
  { name: 'action as bytes', body: intent(bin([0x81, 0xa4])) },
  { name: 'action nested 200 deep', body: intent([...Array(200).fill(0x91), ...skip]) },
  { name: 'body as an array', body: arr(skip, int(1)) },
  { name: 'body as bytes', body: bin([1]) },
  { name: 'body nil', body: nil },
  { name: 'body a cycle (its action is itself)', body: packed(cyclicIntent()) },
  { name: 'a shared reference (the items again under an extra key)', body: packed(sharedItems()) },
  { name: 'a record with an inline definition and a key __proto__', body: packed(Object.defineProperty({ action: { type: 'skip' } }, '__proto__', { value: { id: 1 }, enumerable: true }), { useRecords: true }) },
  { name: 'a record with an inline definition', body: packed({ action: { type: 'skip' }, id: 3 }, { useRecords: true }) },
];

/** The body as the server reads it; undefined when msgpackr cannot read it (the connection would be closed). */
export function decoded(body: Bytes): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: unpack(Buffer.from(body)) };
  } catch {
    return { ok: false };
  }
}

/** A Colyseus message frame: ROOM_DATA, the type as a msgpack string, then the body. */
export function messageFrame(type: string, body: Bytes): Uint8Array {
  return Uint8Array.from([13, ...str(type), ...body]);
}
