/**
 * Rules data → schema. The mapping itself is the client package's `gameJSONFromView` (a spectator
 * PlayerView, public by construction: the rules package guarantees it holds no hand, deck order, bag
 * content or seed, plus each seat's private part: own hand, own face-down card ids), the same function
 * the web client's replay viewer builds its states with. `mirrorGame` copies that JSON, in its wire form
 * (`gameWire`: a few small records as JSON text), into a GameSchema
 * touching only what changed, so patches stay small; it has no other inputs or effects, so it is
 * unit-tested without a network.
 */
import type { ArraySchema, Schema } from '@colyseus/schema';
import type { PlayerView } from '@isle-of-trains/rules';
import { gameJSONFromView, gameWire, privatePart, type PrivatePart } from '@isle-of-trains/client/protocol';
import { GameSchema, PlayerSchema, TurnSchema } from './schema';

export { privatePart, type PrivatePart };

export function syncStrings(arr: ArraySchema<string>, values: readonly string[]): void {
  const common = Math.min(arr.length, values.length);
  for (let i = 0; i < common; i++) if (arr[i] !== values[i]) arr[i] = values[i];
  while (arr.length > values.length) arr.pop();
  for (let i = arr.length; i < values.length; i++) arr.push(values[i]);
}

function syncList<S, V>(arr: ArraySchema<S>, values: readonly V[], make: () => S, update: (target: S, value: V) => void): void {
  while (arr.length > values.length) arr.pop();
  for (let i = 0; i < values.length; i++) {
    if (i >= arr.length) {
      const s = make();
      update(s, values[i]);
      arr.push(s);
    } else {
      update(arr[i], values[i]);
    }
  }
}

/**
 * The schema class of each GameSchema field that holds schema objects, by field name (the names are
 * unique in the tree). Every other array holds strings.
 */
const CHILDREN: Record<string, () => Schema> = {
  turn: () => new TurnSchema(),
  players: () => new PlayerSchema(),
};

/**
 * Copy a plain JSON value of the state into its schema object, field by field, assigning only what
 * differs (an assignment always marks a field as changed). The field names are the schema's: the
 * compiler holds the client package's state interfaces and the schema together (test/state-shape.test.ts).
 */
function syncObject(target: Schema, json: object): void {
  const t = target as unknown as Record<string, unknown>;
  const values = json as Record<string, unknown>;
  for (const key in values) {
    const value = values[key];
    const current = t[key];
    if (Array.isArray(value)) {
      const make = CHILDREN[key];
      if (make) syncList(current as ArraySchema<Schema>, value as object[], make, syncObject);
      else syncStrings(current as ArraySchema<string>, value as string[]);
    } else if (value !== null && typeof value === 'object') {
      if (!current) t[key] = CHILDREN[key]();
      syncObject(t[key] as Schema, value);
    } else if (current !== value) {
      t[key] = value;
    }
  }
}

/**
 * Copy a public view into `g`. `view` must be a spectator view (`playerView(state, 'spectator')`):
 * private data enters only through `privates[seat]`, into view-only fields.
 */
export function mirrorGame(g: GameSchema, view: PlayerView, privates: readonly (PrivatePart | undefined)[]): void {
  syncObject(g, gameWire(gameJSONFromView(view, privates)));
}
