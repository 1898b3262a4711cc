/**
 * The component catalogue: every card, island, destination, ticket tile and
 * passenger, loaded from data/catalogue.json and checked against its schema when this
 * module loads. A player who owns the printed cards corrects numbers in the
 * JSON file only; CATALOGUE.md explains every value the rulebook text omits.
 */
import raw from './data/catalogue.json';
import { checkCatalogue } from './catalogue-check';
import type { CargoSymbol } from './catalogue-names';
import type { CardKind, CatalogueData, DestinationDef, IslandDef, TicketDef } from './catalogue-schema';

export * from './catalogue-names';
export { CatalogueSchema } from './catalogue-schema';
export type { Benefit, CardKind, CatalogueData, Contract, DestinationDef, IslandDef, Objective, ScenarioDef, TicketDef, TicketReward } from './catalogue-schema';

/** One physical card: its kind's data plus the cargo symbol printed on this copy. */
export interface CardDef extends CardKind {
  id: string;
  symbol: CargoSymbol;
}

export const CATALOGUE: CatalogueData = checkCatalogue(raw);

/** Every physical train card, with stable ids of the form `<kind>.<copy>` (e.g. `hopper-2.3`). */
export const CARDS: readonly CardDef[] = CATALOGUE.cards.flatMap((k) =>
  k.symbols.map((symbol, i) => ({ ...k, id: `${k.kind}.${i + 1}`, symbol })),
);
const cardById = new Map(CARDS.map((c) => [c.id, c]));
export function card(id: string): CardDef {
  const c = cardById.get(id);
  if (!c) throw new Error(`unknown card id ${id}`);
  return c;
}
export function isCardId(id: string): boolean {
  return cardById.has(id);
}

export const DESTINATIONS = CATALOGUE.destinations;
export const ISLANDS = CATALOGUE.islands;
export const TICKETS = CATALOGUE.tickets;
export const SCENARIOS = CATALOGUE.scenarios;
export const RESEARCH_STATION = 'research';
// Lookups by id are on the engine's hot paths (every legal move and delivery step asks), so they go
// through maps built once rather than a search of the list per call.
const destinationById = new Map(DESTINATIONS.map((d) => [d.id, d]));
const islandById = new Map(ISLANDS.map((d) => [d.id, d]));
const ticketById = new Map(TICKETS.map((d) => [d.id, d]));
export function destination(id: string): DestinationDef {
  const d = destinationById.get(id);
  if (!d) throw new Error(`unknown destination ${id}`);
  return d;
}
export function island(id: string): IslandDef {
  const d = islandById.get(id);
  if (!d) throw new Error(`unknown island ${id}`);
  return d;
}
export function ticketDef(id: string): TicketDef {
  const d = ticketById.get(id);
  if (!d) throw new Error(`unknown ticket ${id}`);
  return d;
}

/** The 18 passengers: ids `p-<destination>-<n>`; each one's colour is its destination. */
export const PASSENGERS: readonly { id: string; destination: string }[] = DESTINATIONS.flatMap((d) =>
  Array.from({ length: CATALOGUE.passengersPerDestination }, (_, i) => ({ id: `p-${d.id}-${i + 1}`, destination: d.id })),
);
const destinationOfPassenger = new Map(PASSENGERS.map((p) => [p.id, p.destination]));
export function passengerDestination(id: string): string {
  const d = destinationOfPassenger.get(id);
  if (d === undefined) throw new Error(`unknown passenger ${id}`);
  return d;
}
export function isPassengerId(id: string): boolean {
  return destinationOfPassenger.has(id);
}

export function progressThreshold(players: number): number {
  return CATALOGUE.progressThresholds[String(players)] ?? 6;
}
