/**
 * Rules data → the second game's schema. The mapping itself is the client package's `ttrGameJSONFromView`
 * (a spectator view, public by construction, plus each seat's private part: hand, tickets, offer), in its
 * wire form (`ttrGameWire`); `mirrorTtrGame` copies it into a TtrGameSchema assigning only what differs, so
 * a patch carries only what changed (a claim: one entry of `claims`, the claimer's counts, the pending
 * decision). No other inputs or effects: it is unit-tested without a network.
 *
 * A seat's connection sees its own private fields once its StateView holds its player:
 * `client.view.add(ttrSeatPart(game, seat))`.
 */
import type { ArraySchema, Schema } from '@colyseus/schema';
import { TrailCache, type GameState, type GameView } from '@isle-of-trains/ttr-rules';
import { ttrGameJSONFromView, ttrGameWire, ttrPrivatePart, type TtrPrivatePart } from '@isle-of-trains/client/protocol';
import { TtrGameSchema, TtrPlayerSchema, TtrTurnSchema } from './schema';

export { ttrPrivatePart, type TtrPrivatePart };

/** Make `arr` hold `values`, writing only the entries that differ (strings or numbers). */
function syncPrimitives<T extends string | number>(arr: ArraySchema<T>, values: readonly T[]): void {
  const common = Math.min(arr.length, values.length);
  for (let i = 0; i < common; i++) if (arr[i] !== values[i]) arr[i] = values[i];
  while (arr.length > values.length) arr.pop();
  for (let i = arr.length; i < values.length; i++) arr.push(values[i]);
}

/** The schema class of each field holding schema objects, by field name (unique in this tree); every other array holds strings or numbers. */
const CHILDREN: Record<string, () => Schema> = {
  turn: () => new TtrTurnSchema(),
  players: () => new TtrPlayerSchema(),
};

function syncList(arr: ArraySchema<Schema>, values: readonly object[], make: () => Schema): void {
  while (arr.length > values.length) arr.pop();
  for (let i = 0; i < values.length; i++) {
    if (i >= arr.length) {
      const s = make();
      syncObject(s, values[i]);
      arr.push(s);
    } else {
      syncObject(arr[i], values[i]);
    }
  }
}

/**
 * Copy a plain JSON value into its schema object field by field, assigning only what differs (an assignment
 * always marks a field changed). The field names are the schema's: test/ttr-state-shape.test.ts holds the
 * client package's wire interfaces and the schema together.
 */
function syncObject(target: Schema, json: object): void {
  const t = target as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(json)) {
    const current = t[key];
    if (Array.isArray(value)) {
      const make = CHILDREN[key];
      if (make) syncList(current as ArraySchema<Schema>, value as object[], make);
      else syncPrimitives(current as ArraySchema<string | number>, value as (string | number)[]);
    } else if (value !== null && typeof value === 'object') {
      if (!current) t[key] = CHILDREN[key]();
      syncObject(t[key] as Schema, value);
    } else if (current !== value) {
      t[key] = value;
    }
  }
}

/**
 * Each mirrored game's longest-trail memory: the bonus standings are mirrored after every move, and a seat's
 * trail search (milliseconds on a large network) is needed again only after that seat claims. Held by the
 * schema object, so it goes with its room.
 */
const trailCaches = new WeakMap<TtrGameSchema, TrailCache>();

function trailsOf(g: TtrGameSchema): TrailCache {
  let c = trailCaches.get(g);
  if (c === undefined) {
    c = new TrailCache();
    trailCaches.set(g, c);
  }
  return c;
}

/**
 * Copy a public view into `g`. `view` must be a spectator view (`playerView(state, 'spectator')`): private
 * data enters only through `privates[seat]`, into the view-only fields.
 */
export function mirrorTtrGame(g: TtrGameSchema, view: GameView, privates: readonly (TtrPrivatePart | undefined)[]): void {
  syncObject(g, ttrGameWire(ttrGameJSONFromView(view, privates, trailsOf(g))));
}

/** `mirrorTtrGame` from the full state: the spectator view and every seat's private part. */
export function mirrorTtrState(g: TtrGameSchema, state: GameState, view: (s: GameState, viewer: 'spectator') => GameView): void {
  mirrorTtrGame(g, view(state, 'spectator'), state.players.map((_, seat) => ttrPrivatePart(state, seat)));
}

/** What a seat's StateView must hold for its connection to see its own hand, tickets and offer. */
export function ttrSeatPart(g: TtrGameSchema, seat: number): TtrPlayerSchema {
  const p = g.players[seat];
  if (!p) throw new Error(`no player at seat ${seat} in the mirrored game`);
  return p;
}
