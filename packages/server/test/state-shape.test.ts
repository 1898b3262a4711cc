/**
 * The room state's two definitions are held together at compile time: the server's schema classes
 * (src/wire/schema.ts, what is encoded) and the client package's interfaces (packages/client/src/state.ts,
 * what clients are told they decode). A field added to, removed from or retyped in one and not the
 * other, at any depth (seats, the game, its turn, the players…), fails `npm run typecheck`,
 * which compiles this file (and `npm test`, which type-checks first: jest itself only transpiles).
 */
import type { ToJSON } from '@colyseus/schema';
import {
  stateFromWire,
  type GameWire, type IsleStateWire, type PlayerWire, type SeatInfoJSON, type TurnWire,
} from '@isle-of-trains/client/protocol';
import { GameSchema, IsleState, PlayerSchema, SeatInfo, TurnSchema } from '../src/wire/schema';

/** The kind of a field's value. A string union (`'empty' | 'human' | …`) is a string, as on the wire. */
type Kind<T> = T extends string ? 'string'
  : T extends number ? 'number'
    : T extends boolean ? 'boolean'
      : T extends readonly (infer E)[] ? [Kind<E>]
        : T extends object ? 'object'
          : 'unknown';

/**
 * One level of a type: its field names and the kind of each. Optional and required fields count alike
 * (the private `hand` is optional for a client, always there in the schema). One level only, each
 * nested type compared as its own pair below: the compiler gives up on deep comparisons of recursive
 * types (it then calls them equal), so a whole-state comparison let a field added to a load pass.
 */
type Fields<T> = { [K in keyof T]-?: Kind<NonNullable<T[K]>> };

/** True only when A and B are the same type (not merely assignable to each other). */
type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;

/** Whether a schema class decodes to exactly the fields of the client package's interface. */
type Agree<S extends abstract new (...a: never[]) => { toJSON(): unknown }, J> = Same<Fields<ToJSON<InstanceType<S>>>, Fields<J>>;

/** The decoded state as the schema defines it: what `room.state.toJSON()` gives a client. */
type SchemaJSON = ToJSON<InstanceType<typeof IsleState>>;

// The assertions: each `true` only when the two definitions have one shape. When one fails, compare
// src/wire/schema.ts with packages/client/src/state.ts (and docs/PROTOCOL.md, "Room state"); a new nested
// schema class needs its pair here.
const agree: Record<string, true> = {
  IsleState: true satisfies Agree<typeof IsleState, IsleStateWire>,
  SeatInfo: true satisfies Agree<typeof SeatInfo, SeatInfoJSON>,
  GameSchema: true satisfies Agree<typeof GameSchema, GameWire>,
  TurnSchema: true satisfies Agree<typeof TurnSchema, TurnWire>,
  PlayerSchema: true satisfies Agree<typeof PlayerSchema, PlayerWire>,
};

test('the server\'s schema and the client package\'s state interfaces have one shape (checked by the compiler)', () => {
  expect(Object.keys(agree)).toHaveLength(5);
  // And the check is not vacuous: the lobby fields and the seats' identity fields are in both.
  const wire: IsleStateWire = new IsleState().toJSON() as SchemaJSON;
  const json = stateFromWire(wire);
  expect(Object.keys(json)).toEqual(expect.arrayContaining(['rated', 'spectators', 'undoable', 'seats']));
  expect(Object.keys(new SeatInfo().toJSON())).toEqual(expect.arrayContaining(['playerId', 'account']));
  expect(Object.keys(new GameSchema().toJSON())).toEqual(expect.arrayContaining(['players', 'turn', 'ticketsJson']));
  // The decision is not on the wire (clients derive it from the turn); the decoded state still has it.
  expect(Object.keys(new GameSchema().toJSON())).not.toContain('decisionJson');
});
