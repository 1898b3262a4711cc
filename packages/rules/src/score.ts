/** scoreBreakdown: points per player by category, and the winner(s) after the tie-breakers. */
import { card, CATALOGUE, DESTINATIONS, island as islandDef } from './catalogue';
import { isSolo, loadedCount, scenarioOf, soloRules, Table, AnyPlayer } from './table';
import type { Seat } from './types';

export interface BuildingScore {
  card: string;
  points: number;
}

export interface PlayerScore {
  seat: Seat;
  tokens: number;
  trainCars: number;
  contracts: number;
  loaded: number;
  progressTrain: number;
  buildings: number;
  buildingDetail: BuildingScore[];
  total: number;
  /** Cards in the train, engine included: the first tie-breaker. */
  trainLength: number;
}

export interface ScoreBreakdown {
  players: PlayerScore[];
  winners: Seat[];
  /** Which rule settled the winner: the score itself, or a tie-breaker. */
  decidedBy: 'score' | 'longest-train' | 'train-points' | 'shared';
  /** Challenge rating (solo Challenge only). */
  rating: string | null;
}

function contractGoods(p: AnyPlayer): string[] {
  const goods: string[] = [];
  for (const h of p.islands) {
    const def = islandDef(h.island);
    goods.push(...def.primary.goods);
    if (h.secondary !== null) goods.push(...def.secondary[h.secondary].goods);
  }
  return goods;
}

/**
 * Points one building gives its owner `p`. Station buildings count every passenger sitting on their two
 * destinations' ticket tiles, whoever delivered it (a passenger on a tile has no owner at the table).
 */
export function buildingPoints(t: Pick<Table, 'tickets'>, p: AnyPlayer, buildingId: string): number {
  const c = card(buildingId);
  const countGoods = (g: string) => contractGoods(p).filter((x) => x === g).length;
  const delivered = (ids: string[]) => t.tickets.reduce((n, tk) => n + (ids.includes(tk.destination) ? tk.filled.length : 0), 0);
  const station = (name: string) => DESTINATIONS.filter((d) => d.station === name).map((d) => d.id);
  switch (c.scoring) {
    case 'coalFactory': return 2 * countGoods('coal');
    case 'oilRefinery': return 2 * countGoods('oil');
    case 'customsHouse': return 2 * countGoods('box');
    case 'bank': return 2 * loadedCount(p);
    case 'grandCentral': return 8;
    case 'townHall': return 2 * p.train.filter((x) => card(x.card).passengerCapacity > 0).length;
    case 'railYard': return 2 * (p.train.length - 1);
    case 'northernStation': return 4 + delivered(station('northern'));
    case 'middleStation': return 4 + delivered(station('middle'));
    case 'southernStation': return 4 + delivered(station('southern'));
    default: return 0;
  }
}

export function playerScore(t: Table, seat: Seat): PlayerScore {
  const p = t.players[seat];
  const tokens = soloRules(t).tokensNegative ? -p.vp : p.vp;
  const trainCars = p.train.reduce((n, c) => n + card(c.card).vp, 0);
  const contracts = p.islands.reduce((n, h) => {
    const def = islandDef(h.island);
    return n + (h.secondary === null ? def.primary.vp : def.secondary[h.secondary].vp);
  }, 0);
  const loaded = loadedCount(p);
  const progressTrain = t.progressTrain === seat ? 1 : 0;
  const buildingDetail = p.buildings.map((b) => ({ card: b, points: buildingPoints(t, p, b) }));
  const buildings = buildingDetail.reduce((n, b) => n + b.points, 0);
  return {
    seat, tokens, trainCars, contracts, loaded, progressTrain, buildings, buildingDetail,
    total: tokens + trainCars + contracts + loaded + progressTrain + buildings,
    trainLength: p.train.length,
  };
}

export function challengeRating(total: number): string {
  let name = CATALOGUE.solo.ratings[0].name;
  for (const r of CATALOGUE.solo.ratings) if (total >= r.min) name = r.name;
  return name;
}

export function scoreBreakdown(t: Table): ScoreBreakdown {
  const players = t.players.map((p) => playerScore(t, p.seat));
  let tied = players;
  let decidedBy: ScoreBreakdown['decidedBy'] = 'score';
  const narrow = (key: (s: PlayerScore) => number) => {
    const best = Math.max(...tied.map(key));
    return tied.filter((s) => key(s) === best);
  };
  tied = narrow((s) => s.total);
  if (tied.length > 1) {
    decidedBy = 'longest-train';
    tied = narrow((s) => s.trainLength);
  }
  if (tied.length > 1) {
    decidedBy = 'train-points';
    tied = narrow((s) => s.trainCars);
  }
  if (tied.length > 1) decidedBy = 'shared';
  const solo = isSolo(t) && scenarioOf(t) === null;
  return {
    players,
    winners: tied.map((s) => s.seat),
    decidedBy,
    rating: solo ? challengeRating(players[0].total) : null,
  };
}
