/**
 * holdsDoor, the test kit's referee between a game's exact-shape check and its zod schema: it passes a check
 * that agrees with zod, and throws, showing the value, at a check that lets through too much or refuses what
 * zod keeps as it is.
 */
import { z } from 'zod';
import { holdsDoor, shown } from '../src/testkit';

const Skip = z.object({ type: z.literal('skip') }).strict();
/** The exact shape of `{ type: 'skip' }`: a plain object with that one own key. */
const exactSkip = (x: unknown): boolean =>
  x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype
  && Object.keys(x).length === 1 && (x as { type?: unknown }).type === 'skip';

test('a check that agrees with zod: its answer comes back, yes and no', () => {
  expect(holdsDoor(exactSkip, Skip, { type: 'skip' })).toBe(true);
  expect(holdsDoor(exactSkip, Skip, { type: 'skip', extra: 1 })).toBe(false);
  expect(holdsDoor(exactSkip, Skip, Object.assign(Object.create(null) as object, { type: 'skip' }))).toBe(false);
  expect(holdsDoor(exactSkip, Skip, 'skip')).toBe(false);
});

test('a check that accepts what zod refuses or would change: thrown, with the value shown', () => {
  const loose = (x: unknown): boolean => x !== null && typeof x === 'object';
  expect(() => holdsDoor(loose, Skip, { type: 'skip', n: -0 })).toThrow('the exact check accepts what zod refuses or changes: [object Object] {"type":"skip","n":"-0"}');
  // zod accepts it, but gives back a plain object for one without a prototype: a change, so refused.
  expect(() => holdsDoor(loose, Skip, Object.assign(Object.create(null) as object, { type: 'skip' }))).toThrow('accepts what zod refuses or changes');
  // An explicit undefined is left to zod.
  expect(() => holdsDoor(() => true, z.object({ type: z.literal('skip'), n: z.number().optional() }), { type: 'skip', n: undefined })).toThrow('accepts what zod refuses or changes');
});

test('a check that refuses what zod keeps as it is: thrown, save strings zod measures shorter', () => {
  expect(() => holdsDoor(() => false, Skip, { type: 'skip' })).toThrow('the exact check refuses what zod keeps as it is: [object Object] {"type":"skip"}');
  // Zod counts characters, a check UTF-16 units: refusing two-unit characters zod would accept only costs speed.
  const short = z.object({ at: z.string().max(2) }).strict();
  expect(holdsDoor(() => false, short, { at: '💥💥' })).toBe(false);
  expect(() => holdsDoor(() => false, short, { at: 'ab' })).toThrow('refuses what zod keeps as it is');
});

test('shown writes big integers and -0 out, and gives the kind alone where JSON cannot write the value', () => {
  expect(shown({ a: BigInt(2) ** BigInt(64), b: -0, c: [1] })).toBe('[object Object] {"a":"18446744073709551616n","b":"-0","c":[1]}');
  expect(shown(new Map([['a', 1]]))).toBe('[object Map] {}');
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  expect(shown(cycle)).toBe('[object Object]');
  expect(shown(undefined)).toBe('[object Undefined] undefined');
});
