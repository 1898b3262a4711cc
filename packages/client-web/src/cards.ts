/**
 * Words and symbols for cards, goods, passengers and destinations. Pure: used by
 * the view model, the intent builder and the DOM layer alike.
 */
import {
  card, carAccepts, DESTINATIONS, isCardId, ISLANDS, passengerDestination, SCENARIOS, TICKETS,
  type CardDef, type Contract, type TicketReward,
} from '@isle-of-trains/rules';

export const CARGO_LABEL: Record<string, string> = { coal: 'coal', oil: 'oil', box: 'box', all: 'any good', any: 'any good' };
/** A glyph per good so that goods never rely on colour alone. */
export const CARGO_GLYPH: Record<string, string> = { coal: '■', oil: '●', box: '▣', all: '✱', any: '✱' };

export interface DestinationInfo {
  id: string;
  name: string;
  colour: string;
  colourHex: string;
  symbol: string;
  /** A letter unique to the destination (A–F, from its id), shown next to its symbol. */
  letter: string;
}

export function destinationInfo(id: string): DestinationInfo | null {
  const d = DESTINATIONS.find((x) => x.id === id);
  if (!d) return null;
  return { id: d.id, name: d.name, colour: d.colour, colourHex: d.colourHex, symbol: d.symbol, letter: d.id[0].toUpperCase() };
}

export function placeName(at: string): string {
  return ISLANDS.find((i) => i.id === at)?.name ?? destinationInfo(at)?.name ?? at;
}

export interface PassengerInfo {
  id: string;
  destination: DestinationInfo;
  /** e.g. "▲ A" */
  tag: string;
  /** e.g. "passenger for Alpine Lodge" */
  label: string;
}

export function passengerInfo(id: string): PassengerInfo {
  const d = destinationInfo(passengerDestination(id))!;
  return { id, destination: d, tag: `${d.symbol} ${d.letter}`, label: `passenger for ${d.name} (${d.colour})` };
}

export function safeCard(id: string | null | undefined): CardDef | null {
  return id && isCardId(id) ? card(id) : null;
}

/** Short name: "Hopper L2", "Caboose 7", "Bank". */
export function shortName(id: string): string {
  const c = safeCard(id);
  if (!c) return id;
  if (c.level !== null) return `${c.category[0].toUpperCase()}${c.category.slice(1)} L${c.level}`;
  return c.name;
}

export function cardName(id: string): string {
  return safeCard(id)?.name ?? id;
}

export function goodsText(goods: readonly string[]): string {
  return goods.map((g) => CARGO_LABEL[g] ?? g).join(' + ');
}

export function contractText(c: Contract): string {
  return `${goodsText(c.goods)} → ${c.vp} pts`;
}

export function rewardText(r: TicketReward): string {
  const parts: string[] = [];
  if (r.cards > 0) parts.push(`${r.cards} card${r.cards === 1 ? '' : 's'}`);
  if (r.vp > 0) parts.push(`${r.vp} VP`);
  if (r.bonus === 'L') parts.push('bonus Load');
  if (r.bonus === 'B') parts.push('bonus Build');
  return parts.length > 0 ? parts.join(' + ') : 'nothing';
}

export function ticketName(tile: string): string {
  return TICKETS.find((t) => t.id === tile)?.name ?? tile;
}

const BONUS_WORDS: Record<string, string> = {
  A: 'a bonus action of any kind', L: 'a bonus Load (onto your own train)', B: 'a bonus Build', D: 'a bonus Deliver',
  LD: 'a bonus Load or Deliver',
};
export function bonusText(b: string): string {
  return BONUS_WORDS[b] ?? `a bonus (${b})`;
}

/** What a car accepts, in words: "coal ×2", "passengers ×1", "any good ×1". */
export function capacityText(id: string): string {
  const c = safeCard(id);
  if (!c) return '';
  const acc = carAccepts(c);
  if (acc.capacity === 0) return 'no loads';
  if (acc.goods !== null) return `${CARGO_LABEL[acc.goods]} ×${acc.capacity}`;
  return `passenger${acc.capacity === 1 ? '' : 's'} ×${acc.capacity}`;
}

/** Every fact about a card, one line each, for tooltips and the details panel. */
export function cardDetails(id: string): string[] {
  const c = safeCard(id);
  if (!c) return [];
  const lines: string[] = [];
  lines.push(c.category === 'building' ? `${c.name} (building)` : c.name);
  lines.push(`Cost ${c.cost} card${c.cost === 1 ? '' : 's'}`);
  if (c.category !== 'building') {
    if (c.category === 'engine') lines.push(`Pulls weight ${c.engineCapacity}`);
    else lines.push(`Weight ${c.weight}${c.engineCapacity > 0 ? `, adds ${c.engineCapacity} capacity` : ''}`);
    const cap = capacityText(id);
    if (cap !== 'no loads') lines.push(`Carries ${cap}`);
    lines.push(`${c.vp} point${c.vp === 1 ? '' : 's'} at the end`);
  }
  lines.push(c.effect);
  lines.push(`As a load this card is ${c.symbol === 'all' ? 'any good (wild)' : c.symbol === 'oil' ? 'an oil' : `a ${CARGO_LABEL[c.symbol]}`}.`);
  return lines;
}

export function cardTooltip(id: string): string {
  return cardDetails(id).join('\n');
}

/** A chapter's objective in our words, for the lobby and the solo panel. */
export function scenarioObjective(chapter: number): { title: string; text: string } | null {
  const sc = SCENARIOS.find((s) => s.chapter === chapter);
  if (!sc) return null;
  const o = sc.objective;
  const isl = (ids: string[]) => {
    const names = ids.map(placeName);
    return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names.join('');
  };
  let text: string;
  switch (o.kind) {
    case 'contracts': text = `Complete both a primary and a secondary contract at ${isl(o.islands)}.`; break;
    case 'buildings': text = `Own ${o.count} buildings.`; break;
    case 'score': text = `Reach ${o.points} points.`; break;
    case 'cars': text = `Run a train of ${o.count} cars behind the engine.`; break;
    case 'ticketsFilled': text = `Fill ${o.count} ticket tiles with passengers.`; break;
    case 'buildingPoints': text = `Earn ${o.points} points from buildings.`; break;
    case 'primaries': text = `Take all ${o.count} island cards by completing their primary contracts.`; break;
    case 'level3': text = 'Build a Level 3 engine plus a Level 3 hopper, tanker, boxcar and coach.'; break;
  }
  const extra: string[] = [];
  if (sc.rules.unlimitedBuildings) extra.push('No limit on buildings in this chapter.');
  if (sc.rules.researchStation) extra.push('The Research Station is in play.');
  if (sc.rules.noSecondary) extra.push('No secondary contracts.');
  if (sc.rules.tokensNegative) extra.push('VP tokens count against you.');
  if (sc.rules.returnCost !== undefined) extra.push(`Returning a card costs ${sc.rules.returnCost} VP.`);
  return { title: sc.title, text: [text, ...extra].join(' ') };
}
