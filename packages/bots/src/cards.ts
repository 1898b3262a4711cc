/** Which cards in hand are worth keeping: the ranking behind every payment and discard. */
import {
  card, carAccepts, capacityOf, weightOf, island as islandDef, buildingLimit, type GameState, type PlayerView, type Seat,
  type CargoType, type Category,
} from '@isle-of-trains/rules';

type Table = GameState | PlayerView;

/** What a player's table looks like, for judging cards (computed once, used for many cards). */
export interface CardContext {
  free: Record<CargoType | 'any', number>;
  contractGoods: Set<string>;
  roomForBuilding: boolean;
  engineLevel: number;
  spare: number;
  /** Highest level built per category (0 when none). */
  levels: Partial<Record<Category, number>>;
  /** Lowest level built per category. */
  minLevels: Partial<Record<Category, number>>;
}

export function cardContext(t: Table, seat: Seat): CardContext {
  const p = t.players[seat];
  const free = { coal: 0, oil: 0, box: 0, any: 0 };
  const levels: Partial<Record<Category, number>> = {};
  const minLevels: Partial<Record<Category, number>> = {};
  for (const car of p.train) {
    const def = card(car.card);
    const acc = carAccepts(def);
    if (acc.goods && car.loads.length < acc.capacity) free[acc.goods] += acc.capacity - car.loads.length;
    const lv = def.level ?? 0;
    levels[def.category] = Math.max(levels[def.category] ?? 0, lv);
    minLevels[def.category] = Math.min(minLevels[def.category] ?? 9, lv);
  }
  const contractGoods = new Set<string>();
  const open = p.islands.find((i) => i.secondary === null);
  if (open) for (const s of islandDef(open.island).secondary) for (const g of s.goods) contractGoods.add(g);
  return {
    free,
    contractGoods,
    roomForBuilding: p.buildings.length < buildingLimit(t, p),
    engineLevel: card(p.train[0].card).level ?? 1,
    spare: capacityOf(p.train) - weightOf(p.train),
    levels,
    minLevels,
  };
}

export function keepValueIn(ctx: CardContext, id: string): number {
  const c = card(id);
  let v = 1;
  // As cargo.
  if (c.symbol === 'all') v += 0.45;
  else {
    if (ctx.free[c.symbol] > 0) v += 0.3;
    if (ctx.contractGoods.has(c.symbol)) v += 0.15;
  }
  // As something to build.
  if (c.category === 'building') {
    if (ctx.roomForBuilding) v += c.scoring === 'grandCentral' ? 0.6 : 0.35;
    else v -= 0.2;
  } else if (c.category === 'engine') {
    v += (c.level ?? 1) > ctx.engineLevel ? 0.7 : -0.3;
  } else {
    const min = ctx.minLevels[c.category];
    const upgradable = c.category !== 'caboose' && min !== undefined && min < (c.level ?? 0);
    const extendable = c.weight <= ctx.spare + c.engineCapacity;
    if (upgradable) v += 0.5;
    else if (extendable) v += 0.25 + Math.min(0.4, (c.vp / (c.cost + 1)) * 0.3);
    else v -= 0.15;
  }
  return v;
}

/** How much a card in hand is worth keeping (higher keeps). */
export function keepValue(t: Table, seat: Seat, id: string): number {
  return keepValueIn(cardContext(t, seat), id);
}
