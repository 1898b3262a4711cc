/**
 * State-construction helpers for the rules tests (turn, take, build, load, end of game).
 *
 * Every helper edits a plain GameState in place, moving cards and passengers from
 * wherever they are to where a test needs them, so the 71 cards and 18 passengers
 * stay conserved (see census / passengerCensus).
 */
import {
  applyAction, card, carAccepts, CARDS, createGame, currentDecision, legalActions, PASSENGERS, playerView,
  Action, ApplyResult, CargoType, GameEvent, GameState, Seat,
} from '../src';

export function game(players = 2, seed = 'x'): GameState {
  return createGame({ players, seed });
}

/** A deep copy, to compare a state before and after an action. */
export function snap<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

export type CardPlace =
  | 'deckTop'
  | 'deckBottom'
  | 'discard'
  | 'display'
  | { hand: Seat }
  | { car: Seat }
  | { building: Seat }
  | { load: Seat; car: string; faceDown?: boolean };

/** Remove a card from wherever it is (never an engine; a car only when it carries nothing). */
export function takeOut(s: GameState, id: string): void {
  card(id); // throws on an unknown id
  for (const pile of [s.deck, s.discard, s.display, ...s.players.map((p) => p.hand), ...s.players.map((p) => p.buildings)]) {
    const i = pile.indexOf(id);
    if (i >= 0) {
      pile.splice(i, 1);
      return;
    }
  }
  for (const p of s.players) {
    const ci = p.train.findIndex((c) => c.card === id);
    if (ci === 0) throw new Error(`${id} is seat ${p.seat}'s engine; use setEngine`);
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
  }
  throw new Error(`card ${id} not found anywhere`);
}

/** Move a card to a place. */
export function moveCard(s: GameState, id: string, to: CardPlace): GameState {
  takeOut(s, id);
  if (to === 'deckTop') s.deck.push(id);
  else if (to === 'deckBottom') s.deck.unshift(id);
  else if (to === 'discard') s.discard.push(id);
  else if (to === 'display') s.display.push(id);
  else if ('hand' in to) s.players[to.hand].hand.push(id);
  else if ('building' in to) s.players[to.building].buildings.push(id);
  else if (!('load' in to)) s.players[to.car].train.push({ card: id, loads: [] });
  else {
    const car = s.players[to.load].train.find((c) => c.card === to.car);
    if (!car) throw new Error(`no car ${to.car} in seat ${to.load}'s train`);
    const acc = carAccepts(card(car.card));
    const sym = card(id).symbol;
    const as: CargoType | 'any' =
      acc.goods === 'any' ? (sym === 'all' || to.faceDown ? 'any' : sym) : acc.goods!;
    car.loads.push(to.faceDown ? { kind: 'card', card: id, as, faceDown: true, by: to.load } : { kind: 'card', card: id, as, faceDown: false });
  }
  return s;
}

/** Replace a seat's engine; the old engine goes to the bottom of the deck. */
export function setEngine(s: GameState, seat: Seat, id: string): GameState {
  takeOut(s, id);
  const old = s.players[seat].train[0].card;
  s.players[seat].train[0].card = id;
  s.deck.unshift(old);
  return s;
}

/** Give a seat exactly these cards in hand (its old hand goes to the bottom of the deck). */
export function setHand(s: GameState, seat: Seat, ids: string[]): GameState {
  const old = s.players[seat].hand.splice(0);
  s.deck.unshift(...old);
  for (const id of ids) moveCard(s, id, { hand: seat });
  return s;
}

/** Cards from the bottom of the deck (none of `avoid`), n of them, without moving them. */
export function spare(s: GameState, n: number, avoid: string[] = []): string[] {
  const out = s.deck.filter((id) => !avoid.includes(id)).slice(0, n);
  if (out.length < n) throw new Error(`only ${out.length} spare cards`);
  return out;
}

/** Put n spare cards from the bottom of the deck into a seat's hand; returns their ids. */
export function giveSpare(s: GameState, seat: Seat, n: number, avoid: string[] = []): string[] {
  const ids = spare(s, n, avoid);
  for (const id of ids) moveCard(s, id, { hand: seat });
  return ids;
}

/** Stack cards on top of the deck so that ids[0] is drawn first. */
export function stackDeck(s: GameState, ids: string[]): GameState {
  for (let i = ids.length - 1; i >= 0; i--) moveCard(s, ids[i], 'deckTop');
  return s;
}

/** Set the display to exactly these cards (the old ones go to the bottom of the deck). */
export function setDisplay(s: GameState, ids: string[]): GameState {
  const old = s.display.splice(0);
  s.deck.unshift(...old);
  for (const id of ids) moveCard(s, id, 'display');
  return s;
}

/** Take a passenger out of the bag, a supply, a car or a ticket tile. */
export function takeOutPassenger(s: GameState, id: string): void {
  for (const pile of [s.bag, ...s.players.map((p) => p.supply), ...s.tickets.map((t) => t.filled)]) {
    const i = pile.indexOf(id);
    if (i >= 0) {
      pile.splice(i, 1);
      return;
    }
  }
  for (const p of s.players) {
    for (const c of p.train) {
      const i = c.loads.findIndex((l) => l.kind === 'passenger' && l.id === id);
      if (i >= 0) {
        c.loads.splice(i, 1);
        return;
      }
    }
  }
  throw new Error(`passenger ${id} not found`);
}

export type PassengerPlace = 'bag' | { supply: Seat } | { seat: Seat; car: string };

export function movePassenger(s: GameState, id: string, to: PassengerPlace): GameState {
  takeOutPassenger(s, id);
  if (to === 'bag') s.bag.push(id);
  else if ('supply' in to) s.players[to.supply].supply.push(id);
  else {
    const car = s.players[to.seat].train.find((c) => c.card === to.car);
    if (!car) throw new Error(`no car ${to.car} in seat ${to.seat}'s train`);
    car.loads.push({ kind: 'passenger', id });
  }
  return s;
}

/** Give a seat exactly these passengers in its supply (its old ones go back to the bag). */
export function setSupply(s: GameState, seat: Seat, ids: string[]): GameState {
  s.bag.push(...s.players[seat].supply.splice(0));
  for (const id of ids) movePassenger(s, id, { supply: seat });
  return s;
}

/** Empty the passenger bag into a seat's supply (so passengers stay conserved). */
export function emptyBag(s: GameState, into: Seat): GameState {
  s.players[into].supply.push(...s.bag.splice(0));
  return s;
}

/** Every card id in every zone, sorted: equal to allCardIds() when cards are conserved. */
export function census(s: GameState): string[] {
  const out = [...s.deck, ...s.discard, ...s.display];
  for (const p of s.players) {
    out.push(...p.hand, ...p.buildings);
    for (const c of p.train) {
      out.push(c.card);
      for (const l of c.loads) if (l.kind === 'card' && l.card) out.push(l.card);
    }
  }
  return out.sort();
}
export function allCardIds(): string[] {
  return CARDS.map((c) => c.id).sort();
}

export function passengerCensus(s: GameState): string[] {
  const out = [...s.bag, ...s.tickets.flatMap((t) => t.filled)];
  for (const p of s.players) {
    out.push(...p.supply);
    for (const c of p.train) for (const l of c.loads) if (l.kind === 'passenger') out.push(l.id);
  }
  return out.sort();
}
export function allPassengerIds(): string[] {
  return PASSENGERS.map((p) => p.id).sort();
}

/** Apply for a given seat and return the whole result; throws with the error code when refused. */
export function run(s: GameState, seat: Seat, a: Action): { state: GameState; events: GameEvent[] } {
  const r: ApplyResult = applyAction(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} for ${JSON.stringify(a)}`);
  return { state: r.state, events: r.events };
}

/** Apply as the current decider and return the events as well. */
export function runNow(s: GameState, a: Action): { state: GameState; events: GameEvent[] } {
  return run(s, currentDecision(s)!.seat, a);
}

/**
 * Expect an action to be refused with this error code, and the input state to be
 * left exactly as it was (deep equal to a copy taken before the call).
 */
export function expectRefused(s: GameState, seat: Seat, a: unknown, code: string): void {
  const before = snap(s);
  const r = applyAction(s, seat, a);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    expect(typeof r.error.message).toBe('string');
  }
  expect(s).toEqual(before);
}

/** Expect legalActions on the state to equal legalActions on that seat's view (and return them). */
export function expectSameLegal(s: GameState, seat: Seat): Action[] {
  const fromState = legalActions(s, seat);
  expect(legalActions(playerView(s, seat), seat)).toEqual(fromState);
  return fromState;
}

/** Discard these cards one by one as the current decider (pay / discard / handLimit decisions). */
export function discardEach(s: GameState, ids: string[]): GameState {
  for (const id of ids) s = run(s, currentDecision(s)!.seat, { type: 'discard', card: id }).state;
  return s;
}

export function handOf(s: GameState, seat: Seat): string[] {
  return s.players[seat].hand;
}

export function trainCards(s: GameState, seat: Seat): string[] {
  return s.players[seat].train.map((c) => c.card);
}
