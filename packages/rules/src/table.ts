/**
 * Read-only helpers over the public table. They accept a full GameState or a
 * PlayerView alike, which is what lets legalActions give the same answer for
 * a seat's view as for the state it came from.
 */
import {
  card, CARDS, CATALOGUE, CardDef, CargoType, island as islandDef, SCENARIOS, ScenarioDef, progressThreshold,
  RESEARCH_STATION, DESTINATIONS, passengerDestination,
} from './catalogue';
import type { Car, GameState, PlayerView, PlayerState, PlayerViewPlayer, Seat } from './types';

export type Table = GameState | PlayerView;
export type AnyPlayer = PlayerState | PlayerViewPlayer;

export function isSolo(t: Table): boolean {
  return t.options.players === 1;
}

export function scenarioOf(t: Table): ScenarioDef | null {
  const ch = t.options.scenario;
  if (!isSolo(t) || ch === undefined || ch === null) return null;
  const mode = t.kind === 'state' ? t.options.mode : t.options.mode;
  if (mode !== 'scenario') return null;
  return SCENARIOS.find((s) => s.chapter === ch) ?? null;
}

export function soloRules(t: Table): ScenarioDef['rules'] {
  return scenarioOf(t)?.rules ?? {};
}

export function researchInGame(players: number, scenario: ScenarioDef | null): boolean {
  return players === 4 || scenario?.rules.researchStation === true;
}

export function locations(t: Table): string[] {
  return locationsIn(t).slice();
}

const PLAIN_LOCATIONS: readonly string[] = DESTINATIONS.map((d) => d.id);
const RESEARCH_LOCATIONS: readonly string[] = [...PLAIN_LOCATIONS, RESEARCH_STATION];
/** locations() without the copy, for the engine's own loops (shared lists: never written to). */
export function locationsIn(t: Table): readonly string[] {
  return researchInGame(t.options.players, scenarioOf(t)) ? RESEARCH_LOCATIONS : PLAIN_LOCATIONS;
}

export function threshold(t: Table): number | null {
  return isSolo(t) ? null : progressThreshold(t.options.players);
}

export function deckCount(t: Table): number {
  return t.kind === 'state' ? t.deck.length : t.deckCount;
}
export function discardCount(t: Table): number {
  return t.kind === 'state' ? t.discard.length : t.discardCount;
}
export function bagCount(t: Table): number {
  return t.kind === 'state' ? t.bag.length : t.bagCount;
}
export function handOf(t: Table, seat: Seat): string[] {
  const h = t.players[seat].hand;
  if (h === null) throw new Error('this view does not show that hand');
  return h;
}
export function handCount(t: Table, seat: Seat): number {
  const p = t.players[seat];
  return t.kind === 'state' ? p.hand!.length : (p as PlayerViewPlayer).handCount;
}

export function nameOf(t: Table, seat: Seat): string {
  const n = t.players[seat]?.name;
  return n && n.length > 0 ? n : `Player ${seat + 1}`;
}

export function abilityCount(p: AnyPlayer, ability: string): number {
  let n = 0;
  for (const c of p.train) if (card(c.card).ability === ability) n++;
  return n;
}

export function engineOf(p: AnyPlayer): CardDef {
  return card(p.train[0].card);
}

/** Engine capacity plus every capacity-adding caboose. */
export function capacityOf(train: readonly Car[]): number {
  return train.reduce((n, c) => n + card(c.card).engineCapacity, 0);
}
export function weightOf(train: readonly Car[]): number {
  return train.reduce((n, c) => n + card(c.card).weight, 0);
}

export function buildingLimit(t: Table, p: AnyPlayer): number {
  if (soloRules(t).unlimitedBuildings) return Infinity;
  return 1 + abilityCount(p, 'extraBuilding');
}

/** What a car accepts: a cargo type ('any' for the storage caboose), passengers, or nothing. */
export interface Accepts { goods: CargoType | 'any' | null; passengers: boolean; capacity: number }
const acceptsMemo = new Map<CardDef, Readonly<Accepts>>();

/** What a car accepts (memoised per card; the answer is shared, so never write to it). */
export function carAccepts(c: CardDef): Readonly<Accepts> {
  let a = acceptsMemo.get(c);
  if (a === undefined) {
    a = Object.freeze(computeAccepts(c));
    acceptsMemo.set(c, a);
  }
  return a;
}

/**
 * What the engine's hot paths need to know about one physical card, found with a single lookup by id
 * (legalActions asks this for every card in the hand and every car on the table). `face` numbers the
 * classes of identical faces (same kind, same cargo symbol: choices.ts), so duplicates can be told apart
 * by number instead of by building a string key.
 */
export interface CardFacts {
  readonly def: CardDef;
  readonly face: number;
  readonly accepts: Readonly<Accepts>;
}
const factsById = new Map<string, CardFacts>();
const faceIndex = new Map<string, number>();
for (const c of CARDS) {
  const key = `${c.kind}/${c.symbol}`;
  let face = faceIndex.get(key);
  if (face === undefined) {
    face = faceIndex.size;
    faceIndex.set(key, face);
  }
  factsById.set(c.id, Object.freeze({ def: c, face, accepts: carAccepts(c) }));
}
/** How many distinct faces there are (face numbers run from 0 to FACE_COUNT - 1). */
export const FACE_COUNT = faceIndex.size;

export function cardFacts(id: string): CardFacts {
  const f = factsById.get(id);
  if (f === undefined) throw new Error(`unknown card id ${id}`);
  return f;
}

function computeAccepts(c: CardDef): Accepts {
  switch (c.category) {
    case 'hopper': return { goods: 'coal', passengers: false, capacity: c.cargoCapacity };
    case 'tanker': return { goods: 'oil', passengers: false, capacity: c.cargoCapacity };
    case 'boxcar': return { goods: 'box', passengers: false, capacity: c.cargoCapacity };
    case 'engine':
    case 'coach': return { goods: null, passengers: true, capacity: c.passengerCapacity };
    case 'caboose':
      return c.cargoCapacity > 0 ? { goods: 'any', passengers: false, capacity: c.cargoCapacity } : { goods: null, passengers: false, capacity: 0 };
    default: return { goods: null, passengers: false, capacity: 0 };
  }
}

/** A deliverable thing on a player's own train. */
export interface TrainItem {
  id: string;
  /** A good's type ('any' for a wild good in the storage caboose) or 'passenger'. */
  type: CargoType | 'any' | 'passenger';
  car: string;
  destination: string | null;
}

/**
 * The id a delivery uses for a load. Passengers and face-up cards go by their own id. A face-down card goes
 * by its place (`face-down:<car>:<position on the car>`), because its owner may not know which card it is:
 * the same id then comes out of the full state and out of every view.
 */
export function loadItemId(car: Car, index: number): string {
  const l = car.loads[index];
  if (l.kind === 'passenger') return l.id;
  return l.faceDown ? `face-down:${car.card}:${index}` : l.card!;
}

export function itemsOnTrain(p: AnyPlayer): TrainItem[] {
  const out: TrainItem[] = [];
  for (const c of p.train) {
    c.loads.forEach((l, i) => {
      const id = loadItemId(c, i);
      if (l.kind === 'passenger') out.push({ id, type: 'passenger', car: c.card, destination: passengerDestination(l.id) });
      else out.push({ id, type: l.as, car: c.card, destination: null });
    });
  }
  return out;
}

export function loadedCount(p: AnyPlayer): number {
  return p.train.reduce((n, c) => n + c.loads.length, 0);
}

/** True when the player holds an island card primary side up (so may not take another, outside chapter 8). */
export function holdsOpenIsland(p: AnyPlayer): boolean {
  return p.islands.some((i) => i.secondary === null);
}

export function islandAt(at: string): ReturnType<typeof islandDef> | null {
  try {
    return islandDef(at);
  } catch {
    return null;
  }
}

/**
 * Does this set of items pay exactly for these goods? Non-wild goods must match
 * one for one; wild goods ('any', or a passenger when allowed) fill the rest.
 */
export function itemsMatchGoods(items: readonly TrainItem[], goods: readonly CargoType[], passengerAllowed: boolean): boolean {
  if (items.length !== goods.length) return false;
  const need = new Map<string, number>();
  for (const g of goods) need.set(g, (need.get(g) ?? 0) + 1);
  let passengers = 0;
  for (const it of items) {
    if (it.type === 'any') continue;
    if (it.type === 'passenger') {
      passengers++;
      continue;
    }
    const left = need.get(it.type) ?? 0;
    if (left === 0) return false;
    need.set(it.type, left - 1);
  }
  return passengers === 0 || (passengerAllowed && passengers === 1);
}

export const HAND_LIMIT = CATALOGUE.handLimit;
