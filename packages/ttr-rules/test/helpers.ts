/** Shared helpers for the rules tests: seeded choices and random games. */
import { fastRng, randomInt } from '@isle-of-trains/engine-core';
import { applyAction, createGame, emptyHand, legalActions, NORTHERN_EUROPE, pending, ROUTE_POINTS, type Action, type GameState, type Hand, type RouteData } from '../src';

/** A seeded chooser of an index in [0, n). */
export function picker(seed: number): (n: number) => number {
  const rng = fastRng([seed, seed ^ 0x9e3779b9, 7, 11]);
  return (n) => randomInt(rng, n);
}

/** Applies an action that must be accepted; throws with the refusal otherwise. */
export function must(s: GameState, seat: number, action: unknown): GameState {
  const r = applyAction(s, seat, action);
  if (!r.ok) throw new Error(`${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
  return r.state;
}

/** A game past the opening ticket choice: every seat keeps its whole offer. */
export function started(players: number, seed = 'start'): GameState {
  let s = createGame({ players, seed });
  for (const d of pending(s)) s = must(s, d.seat, { type: 'keepTickets', keep: s.players[d.seat].offer });
  return s;
}

/** Plays random legal actions until the game ends, returning the actions taken. */
export function playRandom(s0: GameState, seed: number, limit = 20000): { state: GameState; actions: { seat: number; action: Action }[] } {
  const pick = picker(seed);
  let s = s0;
  const actions: { seat: number; action: Action }[] = [];
  while (!s.gameOver) {
    if (actions.length >= limit) throw new Error(`no end after ${limit} actions`);
    const d = pending(s)[0];
    const legal = legalActions(s, d.seat);
    const action = legal[pick(legal.length)];
    s = must(s, d.seat, action);
    actions.push({ seat: d.seat, action });
  }
  return { state: s, actions };
}

/** Sets a seat's hand to exactly these cards (fixtures). */
export function setHand(s: GameState, seat: number, cards: Partial<Hand>): void {
  s.players[seat].hand = { ...emptyHand(), ...cards };
}

export function route(id: number): RouteData {
  const r = NORTHERN_EUROPE.route.get(id);
  if (!r) throw new Error(`no route ${id}`);
  return r;
}

/** The route id joining two cities (the given track of the pair). */
export function routeBetween(a: string, b: string, track = 1): number {
  const r = NORTHERN_EUROPE.routes.find((x) => ((x.from === a && x.to === b) || (x.from === b && x.to === a)) && x.track === track);
  if (!r) throw new Error(`no route ${a}-${b} track ${track}`);
  return r.id;
}

/** Gives routes to a seat as if claimed (fixtures): claims, trains and route points. */
export function give(s: GameState, seat: number, ids: number[]): void {
  for (const id of ids) {
    const r = route(id);
    s.claims[String(id)] = seat;
    s.players[seat].trainsLeft -= r.length;
    s.players[seat].routePoints += ROUTE_POINTS[r.length];
  }
}

/** A hand as full payment record, for comparisons. */
export function pay(cards: Partial<Hand>): Hand {
  return { ...emptyHand(), ...cards };
}
