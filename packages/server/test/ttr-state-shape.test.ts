/**
 * The second game's `game` part has one shape at both ends, held together at compile time: the server's
 * schema classes (src/wire/ttr/schema.ts, what is encoded) and the client package's wire interfaces
 * (packages/client/src/ttr/wire.ts, what clients are told they decode). A field added to, removed from or
 * retyped in one and not the other fails `npm run typecheck`, which compiles this file (as for Isle's
 * state: test/state-shape.test.ts, whose technique this is).
 */
import type { ToJSON } from '@colyseus/schema';
import type { TtrGameWire, TtrPlayerWire } from '@isle-of-trains/client/protocol';
import { TtrGameSchema, TtrPlayerSchema, TtrTurnSchema } from '../src/wire/ttr/schema';

/** The kind of a field's value. A string union is a string, as on the wire. */
type Kind<T> = T extends string ? 'string'
  : T extends number ? 'number'
    : T extends boolean ? 'boolean'
      : T extends readonly (infer E)[] ? [Kind<E>]
        : T extends object ? 'object'
          : 'unknown';

/** One level of a type: its field names and the kind of each (optional and required alike). */
type Fields<T> = { [K in keyof T]-?: Kind<NonNullable<T[K]>> };

/** True only when A and B are the same type (not merely assignable to each other). */
type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;

type Agree<S extends abstract new (...a: never[]) => { toJSON(): unknown }, J> = Same<Fields<ToJSON<InstanceType<S>>>, Fields<J>>;

const agree: Record<string, true> = {
  TtrGameSchema: true satisfies Agree<typeof TtrGameSchema, TtrGameWire>,
  TtrPlayerSchema: true satisfies Agree<typeof TtrPlayerSchema, TtrPlayerWire>,
  TtrTurnSchema: true satisfies Agree<typeof TtrTurnSchema, TtrGameWire['turn']>,
};

test('the server\'s ttr schema and the client package\'s ttr wire interfaces have one shape (checked by the compiler)', () => {
  expect(Object.keys(agree)).toHaveLength(3);
  // And the check is not vacuous: the private fields and the JSON-text fields are in both.
  expect(Object.keys(new TtrPlayerSchema().toJSON())).toEqual(expect.arrayContaining(['hand', 'ticketsJson', 'offerJson', 'shownJson']));
  expect(Object.keys(new TtrGameSchema().toJSON())).toEqual(expect.arrayContaining(['claims', 'bonusJson', 'pendingJson', 'scoresJson', 'players']));
});
