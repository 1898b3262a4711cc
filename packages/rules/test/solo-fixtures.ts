/**
 * State-construction helpers for the solo tests. A solo game is created with
 * createGame, then its plain JSON state is edited: named cards and passengers
 * are moved from wherever they are to where a test needs them, so the 71 cards
 * and 18 passengers stay conserved (checkConservation passes on every fixture).
 */
import {
  applyAction, card, carAccepts, createGame, currentDecision, island as islandDef, PASSENGERS,
  Action, CargoSymbol, CargoType, GameEvent, GameState,
} from '../src';
import { checkConservation } from './invariants';
import { deepFreeze } from './properties';

export type Mode = 'challenge' | number;

/** A solo game: the Challenge or a scenario chapter 1–10. */
export function solo(mode: Mode = 'challenge', seed = 'solo'): GameState {
  return mode === 'challenge'
    ? createGame({ players: 1, seed, mode: 'challenge' })
    : createGame({ players: 1, seed, mode: 'scenario', scenario: mode });
}

export const ALL_MODES: Mode[] = ['challenge', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

export function modeName(m: Mode): string {
  return m === 'challenge' ? 'the Challenge' : `chapter ${m}`;
}

/** A deep copy, to compare a state before and after an action. */
export function snap<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

/** Remove a card from wherever it is (never the engine; a car only when empty). */
export function takeOut(s: GameState, id: string): void {
  card(id); // throws on an unknown id
  const p = s.players[0];
  for (const pile of [s.deck, s.discard, s.display, p.hand, p.buildings]) {
    const i = pile.indexOf(id);
    if (i >= 0) {
      pile.splice(i, 1);
      return;
    }
  }
  const ci = p.train.findIndex((c) => c.card === id);
  if (ci === 0) throw new Error(`${id} is the engine; use setEngine`);
  if (ci > 0) {
    if (p.train[ci].loads.length > 0) throw new Error(`${id} carries loads`);
    p.train.splice(ci, 1);
    return;
  }
  for (const c of p.train) {
    const li = c.loads.findIndex((l) => l.kind === 'card' && l.card === id);
    if (li >= 0) {
      c.loads.splice(li, 1);
      return;
    }
  }
  throw new Error(`card ${id} not found anywhere`);
}

export type Place = 'deckTop' | 'deckBottom' | 'discard' | 'display' | 'hand' | 'train' | 'building' | { load: string };

export function moveCard(s: GameState, id: string, to: Place): GameState {
  takeOut(s, id);
  const p = s.players[0];
  if (to === 'deckTop') s.deck.push(id);
  else if (to === 'deckBottom') s.deck.unshift(id);
  else if (to === 'discard') s.discard.push(id);
  else if (to === 'display') s.display.push(id);
  else if (to === 'hand') p.hand.push(id);
  else if (to === 'train') p.train.push({ card: id, loads: [] });
  else if (to === 'building') p.buildings.push(id);
  else {
    const car = p.train.find((c) => c.card === to.load);
    if (!car) throw new Error(`no car ${to.load} in the train`);
    const acc = carAccepts(card(car.card));
    if (acc.goods === null) throw new Error(`${to.load} carries no goods`);
    const sym = card(id).symbol;
    const as: CargoType | 'any' = acc.goods === 'any' ? (sym === 'all' ? 'any' : sym) : acc.goods;
    car.loads.push({ kind: 'card', card: id, as, faceDown: false });
  }
  return s;
}

/** Attach these cars (empty) to the right of the train, in order. */
export function addCars(s: GameState, ids: string[]): GameState {
  for (const id of ids) moveCard(s, id, 'train');
  return s;
}

/** Replace the engine; the old one goes to the bottom of the deck. */
export function setEngine(s: GameState, id: string): GameState {
  takeOut(s, id);
  const p = s.players[0];
  s.deck.unshift(p.train[0].card);
  p.train[0].card = id;
  return s;
}

/** Make the hand exactly these cards (the old hand goes to the bottom of the deck). */
export function setHand(s: GameState, ids: string[]): GameState {
  s.deck.unshift(...s.players[0].hand.splice(0));
  for (const id of ids) moveCard(s, id, 'hand');
  return s;
}

/** n cards from the bottom of the deck, none of `avoid`, optionally only with one cargo symbol. */
export function spare(s: GameState, n: number, avoid: string[] = [], symbol?: CargoSymbol): string[] {
  const out = s.deck.filter((id) => !avoid.includes(id) && (symbol === undefined || card(id).symbol === symbol)).slice(0, n);
  if (out.length < n) throw new Error(`only ${out.length} spare cards`);
  return out;
}

/** Stack cards on top of the deck so that ids[0] is drawn first. */
export function stackDeck(s: GameState, ids: string[]): GameState {
  for (let i = ids.length - 1; i >= 0; i--) moveCard(s, ids[i], 'deckTop');
  return s;
}

/** Leave only `n` cards in the deck: the rest go, in order, to the bottom of the discard pile. */
export function thinDeck(s: GameState, n: number): GameState {
  const gone = s.deck.splice(0, s.deck.length - n);
  s.discard.unshift(...gone);
  return s;
}

/** Take a passenger out of the bag, the supply, a car or a ticket tile. */
export function takeOutPassenger(s: GameState, id: string): void {
  const p = s.players[0];
  for (const pile of [s.bag, p.supply, ...s.tickets.map((t) => t.filled)]) {
    const i = pile.indexOf(id);
    if (i >= 0) {
      pile.splice(i, 1);
      return;
    }
  }
  for (const c of p.train) {
    const i = c.loads.findIndex((l) => l.kind === 'passenger' && l.id === id);
    if (i >= 0) {
      c.loads.splice(i, 1);
      return;
    }
  }
  throw new Error(`passenger ${id} not found`);
}

export function movePassenger(s: GameState, id: string, to: 'bag' | 'supply' | { car: string } | { ticket: string }): GameState {
  takeOutPassenger(s, id);
  const p = s.players[0];
  if (to === 'bag') s.bag.push(id);
  else if (to === 'supply') p.supply.push(id);
  else if ('car' in to) {
    const car = p.train.find((c) => c.card === to.car);
    if (!car) throw new Error(`no car ${to.car}`);
    car.loads.push({ kind: 'passenger', id });
  } else {
    s.tickets.find((t) => t.destination === to.ticket)!.filled.push(id);
  }
  return s;
}

/** The passengers bound for one destination (3 each). */
export function passengersFor(dest: string): string[] {
  return PASSENGERS.filter((p) => p.destination === dest).map((p) => p.id);
}

/** Give the player an island card, primary side up (secondary null) or flipped to a secondary. */
export function holdIsland(s: GameState, id: string, secondary: number | null): GameState {
  islandDef(id);
  const i = s.islandsOnMap.indexOf(id);
  if (i < 0) throw new Error(`${id} is not on the map`);
  s.islandsOnMap.splice(i, 1);
  s.players[0].islands.push({ island: id, secondary });
  return s;
}

/** Freeze a fixture (so any write by applyAction throws) after checking it conserves everything. */
export function ready(s: GameState): GameState {
  checkConservation(s);
  return deepFreeze(s);
}

/** Apply as the solo player; throws with the error code when refused. The result is frozen. */
export function run(s: GameState, a: Action): { state: GameState; events: GameEvent[] } {
  const r = applyAction(s, 0, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} for ${JSON.stringify(a)}`);
  checkConservation(r.state);
  return { state: deepFreeze(r.state), events: r.events };
}

export function act(s: GameState, a: Action): GameState {
  return run(s, a).state;
}

/** Apply several actions in order. */
export function actAll(s: GameState, actions: Action[]): GameState {
  for (const a of actions) s = act(s, a);
  return s;
}

/** Answer a pay / discard / hand-limit decision with these cards, one at a time. */
export function discardEach(s: GameState, ids: string[]): GameState {
  return actAll(s, ids.map((card) => ({ type: 'discard', card }) as Action));
}

/** Expect a refusal with this code, leaving the input exactly as it was. */
export function expectRefused(s: GameState, a: unknown, code: string, seat = 0): void {
  const before = snap(s);
  const r = applyAction(s, seat, a);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    expect(r.error.message.length).toBeGreaterThan(0);
  }
  expect(s).toEqual(before);
}

export function decisionKind(s: GameState): string | null {
  return currentDecision(s)?.kind ?? null;
}
