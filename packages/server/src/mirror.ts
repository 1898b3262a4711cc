/**
 * Rules data → schema. `mirrorGame` copies a spectator PlayerView (public by construction: the rules
 * package guarantees it holds no hand, deck order, bag content or seed) plus each seat's private part
 * (own hand, own face-down card ids) into a GameSchema. It touches only what changed, so patches stay
 * small, and it has no other inputs or effects, so it is unit-tested without a network.
 */
import type { ArraySchema, MapSchema } from '@colyseus/schema';
import { currentDecision, type GameState, type PlayerView, type PlayerViewPlayer } from '@isle-of-trains/rules';
import {
  CarSchema, GameSchema, HeldIslandSchema, LoadSchema, PlayerSchema, TicketSchema, TurnSchema,
} from './schema';

/** What only one seat may see. */
export interface PrivatePart {
  hand: string[];
  /**
   * Ids of the face-down cards this seat loaded, wherever they lie, in table order (seat by seat,
   * car by car, load by load). Only the loader knows them (rules: playerView), not the train's owner.
   */
  faceDownCards: string[];
}

/** The private part of `seat`, read from the full state (server only). */
export function privatePart(state: GameState, seat: number): PrivatePart {
  const faceDownCards: string[] = [];
  for (const p of state.players) {
    for (const car of p.train) {
      for (const l of car.loads) if (l.kind === 'card' && l.faceDown && l.by === seat && l.card !== null) faceDownCards.push(l.card);
    }
  }
  return { hand: [...state.players[seat].hand], faceDownCards };
}

/** Assign only when the value differs (an assignment always marks a field as changed). */
function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) target[key] = value;
}

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

function syncNumberMap(map: MapSchema<number>, values: Record<string, number>): void {
  for (const key of Array.from(map.keys())) if (!(key in values)) map.delete(key);
  for (const [key, v] of Object.entries(values)) if (map.get(key) !== v) map.set(key, v);
}

function mirrorPlayer(target: PlayerSchema, p: PlayerViewPlayer, priv: PrivatePart | undefined): void {
  put(target, 'seat', p.seat);
  put(target, 'name', p.name);
  put(target, 'handCount', p.handCount);
  if (priv) {
    syncStrings(target.hand, priv.hand);
    syncStrings(target.faceDownCards, priv.faceDownCards);
  }
  syncList(target.train, p.train, () => new CarSchema(), (car, c) => {
    put(car, 'card', c.card);
    syncList(car.loads, c.loads, () => new LoadSchema(), (load, l) => {
      if (l.kind === 'passenger') {
        put(load, 'kind', 'passenger');
        put(load, 'card', '');
        put(load, 'as', '');
        put(load, 'faceDown', false);
        put(load, 'passenger', l.id);
        put(load, 'by', -1);
      } else {
        put(load, 'kind', 'card');
        // A face-down card is public only as its type and its loader (the loader reads faceDownCards).
        put(load, 'card', l.faceDown ? '' : l.card ?? '');
        put(load, 'as', l.as);
        put(load, 'faceDown', l.faceDown);
        put(load, 'passenger', '');
        put(load, 'by', l.faceDown ? l.by ?? -1 : -1);
      }
    });
  });
  syncStrings(target.buildings, p.buildings);
  syncList(target.islands, p.islands, () => new HeldIslandSchema(), (h, i) => {
    put(h, 'island', i.island);
    put(h, 'secondary', i.secondary ?? -1);
  });
  syncStrings(target.supply, p.supply);
  put(target, 'vp', p.vp);
  syncNumberMap(target.delivered, p.delivered);
}

/**
 * Copy a public view into `g`. `view` must be a spectator view (`playerView(state, 'spectator')`):
 * private data enters only through `privates[seat]`, into view-only fields.
 */
export function mirrorGame(g: GameSchema, view: PlayerView, privates: readonly (PrivatePart | undefined)[]): void {
  if (view.viewer !== 'spectator') throw new Error('mirrorGame needs a spectator view');
  put(g, 'deckCount', view.deckCount);
  put(g, 'discardCount', view.discardCount);
  put(g, 'discardTop', view.discardTop ?? '');
  syncStrings(g.display, view.display);
  put(g, 'bagCount', view.bagCount);
  syncStrings(g.islandsOnMap, view.islandsOnMap);
  syncList(g.tickets, view.tickets, () => new TicketSchema(), (t, v) => {
    put(t, 'destination', v.destination);
    put(t, 'tile', v.tile);
    syncStrings(t.filled, v.filled);
  });
  put(g, 'progress', view.progress);
  put(g, 'progressThreshold', view.progressThreshold ?? 0);
  put(g, 'progressTrain', view.progressTrain ?? -1);
  put(g, 'endTriggered', view.endTriggered);
  put(g, 'finalTurnsLeft', view.finalTurnsLeft ?? -1);
  put(g, 'gameOver', view.gameOver);
  put(g, 'resultReason', view.result?.reason ?? '');
  put(g, 'soloOutcome', view.result?.solo ?? (view.options.players === 1 ? 'playing' : ''));
  if (!g.turn) g.turn = new TurnSchema();
  put(g.turn, 'seat', view.turn.seat);
  put(g.turn, 'actionsLeft', view.turn.actionsLeft);
  put(g.turn, 'number', view.turn.number);
  put(g.turn, 'ending', view.turn.ending);
  put(g.turn, 'queueJson', JSON.stringify(view.turn.queue));
  put(g, 'decisionJson', JSON.stringify(currentDecision(view)));
  syncList(g.players, view.players, () => new PlayerSchema(), (target, p) => mirrorPlayer(target, p, privates[p.seat]));
}
