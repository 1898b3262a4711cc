/**
 * The eleven bonus cards: four are dealt face up at the start and scored at the end. Each measures one
 * number per seat; the seats with the highest number score the card, all of them on a tie, and nobody when
 * the highest number is 0. The points are not printed in the rulebook: these are the values of the one
 * public implementation, kept here as data to confirm against the printed cards (CATALOGUE.md, R2).
 */
import { COLOURS, type Hand } from './cards';
import type { GameMap } from './map';
import type { RouteData, TicketData } from './map-schema';
import { longestTrail, type Edge } from './network';
import type { BonusCardId } from './types';

export interface BonusCardDef {
  id: BonusCardId;
  name: string;
  points: number;
  /** What the card counts, in the project's words. */
  measures: string;
}

export const BONUS_CARDS: readonly BonusCardDef[] = [
  { id: 'call-of-the-wild', name: 'Call of the wild', points: 5, measures: 'locomotives in hand at the end, each same-colour pair of cards counting as one more' },
  { id: 'capital-investment', name: 'Capital investment', points: 7, measures: 'completed tickets with a capital at either end' },
  { id: 'cost-efficiency', name: 'Cost efficiency', points: 7, measures: 'trains left' },
  { id: 'small-steps', name: 'Small steps strategist', points: 10, measures: 'claimed routes of one space' },
  { id: 'nordic-express', name: 'Nordic Express', points: 10, measures: 'the longest trail of own routes, in spaces' },
  { id: 'local-network', name: 'Local network', points: 10, measures: 'completed tickets worth 5 points or less' },
  { id: 'international-tycoon', name: 'International tycoon', points: 12, measures: 'countries reached by the end cities of claimed routes' },
  { id: 'polar-express', name: 'Polar Express', points: 12, measures: 'completed tickets with an Arctic city at either end' },
  { id: 'snowplow', name: 'Snowplow award', points: 12, measures: 'claimed routes with an Arctic city at either end' },
  { id: 'ferry-master', name: 'Ferry Master', points: 12, measures: 'claimed ferries' },
  { id: 'wild-west', name: 'The wild west', points: 7, measures: 'claimed routes with an end in the western country (Norway on this map)' },
];

export const BONUS_CARD_IDS: readonly BonusCardId[] = BONUS_CARDS.map((c) => c.id);
const byId = new Map(BONUS_CARDS.map((c) => [c.id, c]));

export function bonusCard(id: BonusCardId): BonusCardDef {
  const c = byId.get(id);
  if (!c) throw new Error(`unknown bonus card ${id}`);
  return c;
}

/**
 * What one seat brings to the bonus cards. `hand` is null where it is hidden (then Call of the wild cannot be
 * measured), `completed` likewise where the seat's tickets are hidden (then the ticket cards cannot).
 */
export interface SeatRecord {
  edges: readonly Edge[];
  completed: readonly TicketData[] | null;
  trainsLeft: number;
  hand: Readonly<Hand> | null;
  /** The longest trail of `edges` when the caller already knows it (a TrailCache); worked out here otherwise. */
  trail?: number;
}

/** One seat's number for one card (null: not known from what is visible). */
export function bonusMeasure(map: GameMap, id: BonusCardId, r: SeatRecord): number | null {
  const routes = r.edges.map((e) => map.route.get(e.id)!);
  const arctic = (city: string): boolean => map.city.get(city)?.arctic === true;
  const country = (city: string): string => map.city.get(city)!.country;
  const touches = (pred: (city: string) => boolean) => (x: RouteData | TicketData): boolean => pred(x.from) || pred(x.to);
  switch (id) {
    case 'call-of-the-wild':
      if (r.hand === null) return null;
      return r.hand.loco + COLOURS.reduce((n, c) => n + Math.floor(r.hand![c] / 2), 0);
    case 'capital-investment':
      if (r.completed === null) return null;
      return r.completed.filter(touches((c) => map.capitals.has(c))).length;
    case 'cost-efficiency':
      return r.trainsLeft;
    case 'small-steps':
      return routes.filter((x) => x.length === 1).length;
    case 'nordic-express':
      return r.trail ?? longestTrail(r.edges);
    case 'local-network':
      if (r.completed === null) return null;
      return r.completed.filter((t) => t.points <= 5).length;
    case 'international-tycoon':
      return new Set(routes.flatMap((x) => [country(x.from), country(x.to)])).size;
    case 'polar-express':
      if (r.completed === null) return null;
      return r.completed.filter(touches(arctic)).length;
    case 'snowplow':
      return routes.filter(touches(arctic)).length;
    case 'ferry-master':
      return routes.filter((x) => x.kind === 'ferry').length;
    case 'wild-west':
      return routes.filter(touches((c) => country(c) === map.westernCountry)).length;
  }
}
