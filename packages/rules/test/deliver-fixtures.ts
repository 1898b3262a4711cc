/**
 * Fixtures for the delivery and scoring tests: build a plain 2-player game,
 * then move named cards and passengers into exactly the places a test needs.
 * Every helper edits the JSON state in place and returns it.
 */
import { applyAction, card, carAccepts, createGame, currentDecision, GameState, Action, CargoSymbol, Seat } from '../src';

export function freshGame(): GameState {
  return createGame({ players: 2, seed: 'x' });
}

/** A deep copy, to compare a state before and after a refused action. */
export function snapshot<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

/** Take a card out of the deck, discard pile, display or any hand (never out of a train). */
export function pull(s: GameState, id: string): string {
  card(id); // throws on an unknown id
  for (const pile of [s.deck, s.discard, s.display, ...s.players.map((p) => p.hand)]) {
    const i = pile.indexOf(id);
    if (i >= 0) {
      pile.splice(i, 1);
      return id;
    }
  }
  throw new Error(`card ${id} is not free to pull (already in a train?)`);
}

/** Take a passenger out of the bag or any supply. */
export function pullPassenger(s: GameState, id: string): string {
  for (const pile of [s.bag, ...s.players.map((p) => p.supply)]) {
    const i = pile.indexOf(id);
    if (i >= 0) {
      pile.splice(i, 1);
      return id;
    }
  }
  throw new Error(`passenger ${id} is not free (already loaded or on a ticket?)`);
}

/** Ids of free cards in the deck showing this cargo symbol, taken from the bottom (the top stays put). */
export function goods(s: GameState, symbol: CargoSymbol, n = 1): string[] {
  const ids = s.deck.filter((id) => card(id).symbol === symbol).slice(0, n);
  if (ids.length < n) throw new Error(`only ${ids.length} free ${symbol} cards in the deck`);
  return ids;
}
export function good(s: GameState, symbol: CargoSymbol): string {
  return goods(s, symbol, 1)[0];
}

export function addCar(s: GameState, seat: Seat, id: string): GameState {
  pull(s, id);
  s.players[seat].train.push({ card: id, loads: [] });
  return s;
}

/** Replace a player's engine with another engine card (the old one goes back into the deck). */
export function setEngine(s: GameState, seat: Seat, id: string): GameState {
  pull(s, id);
  const old = s.players[seat].train[0].card;
  s.players[seat].train[0] = { card: id, loads: s.players[seat].train[0].loads };
  s.deck.unshift(old);
  return s;
}

/** Load a card under a car of a player's train, as the Load action would record it. */
export function loadCard(s: GameState, seat: Seat, car: string, id: string, faceDown = false): GameState {
  const c = s.players[seat].train.find((x) => x.card === car);
  if (!c) throw new Error(`no car ${car} in seat ${seat}'s train`);
  const acc = carAccepts(card(car));
  if (acc.goods === null) throw new Error(`${car} carries no goods`);
  pull(s, id);
  const sym = card(id).symbol;
  const as = acc.goods === 'any' ? (faceDown || sym === 'all' ? 'any' : sym) : acc.goods;
  c.loads.push(faceDown ? { kind: 'card', card: id, as, faceDown, by: seat } : { kind: 'card', card: id, as, faceDown });
  return s;
}

/** Seat a passenger on a car (or the engine) of a player's train. */
export function ride(s: GameState, seat: Seat, car: string, passenger: string): GameState {
  const c = s.players[seat].train.find((x) => x.card === car);
  if (!c) throw new Error(`no car ${car} in seat ${seat}'s train`);
  pullPassenger(s, passenger);
  c.loads.push({ kind: 'passenger', id: passenger });
  return s;
}

/** Put a ticket tile at a destination (swapping tiles so each tile lies once) with these passengers on it. */
export function setTicket(s: GameState, destination: string, tile: string, filled: string[] = []): GameState {
  const here = s.tickets.find((t) => t.destination === destination)!;
  const there = s.tickets.find((t) => t.tile === tile)!;
  there.tile = here.tile;
  here.tile = tile;
  for (const p of filled) pullPassenger(s, p);
  here.filled = [...filled];
  return s;
}

export function ticket(s: GameState, destination: string) {
  return s.tickets.find((t) => t.destination === destination)!;
}

/** Hand an island card to a player: primary side up (secondary null) or flipped to a secondary. */
export function giveIsland(s: GameState, seat: Seat, island: string, secondary: number | null = null): GameState {
  const i = s.islandsOnMap.indexOf(island);
  if (i < 0) throw new Error(`island ${island} is not on the map`);
  s.islandsOnMap.splice(i, 1);
  s.players[seat].islands.push({ island, secondary });
  return s;
}

/** The top n cards of the deck, in the order they would be drawn. */
export function topOfDeck(s: GameState, n: number): string[] {
  return s.deck.slice(-n).reverse();
}

/** Apply an action that must be refused with this code, and check the input state is untouched. */
export function expectRefused(s: GameState, action: Action, code: string, seat?: Seat): void {
  const before = snapshot(s);
  const who = seat ?? currentDecision(s)!.seat;
  const r = applyAction(s, who, action);
  if (r.ok) throw new Error(`expected ${code}, but ${JSON.stringify(action)} was accepted`);
  expect(r.error.code).toBe(code);
  expect(s).toEqual(before);
}

/** All loaded item ids on a player's train. */
export function loadedIds(s: GameState, seat: Seat): string[] {
  return s.players[seat].train.flatMap((c) => c.loads.map((l) => (l.kind === 'passenger' ? l.id : l.card!)));
}
