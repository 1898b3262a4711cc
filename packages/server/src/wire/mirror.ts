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
import { isleGame, type GameState, type PlayerState, type PlayerView, type TicketState } from '@isle-of-trains/rules';
import { gameJSONFromView, gameWire, privatePart, type PrivatePart } from '@isle-of-trains/client/protocol';
import { GameSchema, PlayerSchema, TurnSchema } from './schema';

export { privatePart, type PrivatePart };

/**
 * Make a string list equal to `values`, sending as little as the change allows: entries taken out of the
 * list (a card played from a hand, the turn's first task done) go as deletions, `splice`, not as every
 * later entry written again one slot down; anything else is written slot by slot, with pushes and pops
 * at the end.
 */
export function syncStrings(arr: ArraySchema<string>, values: readonly string[]): void {
  const removed = arr.length - values.length;
  if (removed > 0 && values.length > 0) {
    // One run of entries taken out: the same prefix and suffix around it.
    let head = 0;
    while (head < values.length && arr[head] === values[head]) head++;
    let tail = 0;
    while (tail < values.length - head && arr[arr.length - 1 - tail] === values[values.length - 1 - tail]) tail++;
    if (head + tail === values.length) {
      arr.splice(head, removed);
      return;
    }
  }
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

/** What mirrorState copied last into a room's `game`: the rules' player objects and each seat's private part as text. */
interface Mirrored {
  players: readonly PlayerState[];
  privates: string[];
  /** The tickets as mirrored (the rules copy them with every action, so they are compared by value). */
  tickets: readonly TicketState[];
  ticketsJson: string[];
}

const mirrored = new WeakMap<GameSchema, Mirrored>();

/**
 * Copy the rules state into `g` after an action, as mirrorGame does with its spectator view and private
 * parts, but leaving alone the seats the action did not touch. The rules copy only the players an action
 * writes to and share the others with the state before (applyAction's structural sharing), and a seat's
 * public part is a function of its own player object alone; its private part (hand, face-down cards it
 * loaded anywhere) is compared as text. A seat whose player object and private part are the ones mirrored
 * last is not mapped, encoded or compared again: in a 2-player game most actions change one seat.
 */
export function mirrorState(g: GameSchema, state: GameState): void {
  const privates = state.players.map((_, seat) => privatePart(state, seat));
  const texts = privates.map((p) => JSON.stringify(p));
  const last = mirrored.get(g);
  const same = (seat: number): boolean =>
    last !== undefined && seat < g.players.length && last.players[seat] === state.players[seat] && last.privates[seat] === texts[seat];
  const view = isleGame.view(state, 'spectator');
  // A seat left alone keeps only what the rest of the game reads of it (its seat and hand count, for the
  // decision text); its lists are emptied so that mapping it costs nothing.
  // The tickets change a few times a game: unchanged, their texts are the ones mirrored last.
  const ticketsSame = last !== undefined && sameTickets(last.tickets, state.tickets);
  const slim: PlayerView = {
    ...view,
    tickets: ticketsSame ? [] : view.tickets,
    players: view.players.map((p) => (same(p.seat) ? { ...p, train: [], buildings: [], islands: [], supply: [], delivered: {} } : p)),
  };
  const { players, ...rest } = gameWire(gameJSONFromView(slim, privates));
  if (ticketsSame) rest.ticketsJson = last.ticketsJson;
  syncObject(g, rest);
  while (g.players.length > players.length) g.players.pop();
  players.forEach((p, seat) => {
    if (same(seat)) return;
    if (seat < g.players.length) {
      syncObject(g.players[seat], p);
    } else {
      const s = new PlayerSchema();
      syncObject(s, p);
      g.players.push(s);
    }
  });
  mirrored.set(g, { players: state.players, privates: texts, tickets: state.tickets, ticketsJson: rest.ticketsJson });
}

function sameTickets(a: readonly TicketState[], b: readonly TicketState[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.destination !== y.destination || x.tile !== y.tile || x.filled.length !== y.filled.length) return false;
    for (let k = 0; k < x.filled.length; k++) if (x.filled[k] !== y.filled[k]) return false;
  }
  return true;
}
