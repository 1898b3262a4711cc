/**
 * What the solo search maximises: progress toward the chapter's objective (read from the catalogue's
 * scenario data), plus the resources that lead there (cards in hand, room on the train, goods lined up for
 * the contracts the objective names, the deck left as a clock). The rules package's solvability search
 * (bench/solver, which sees the deck and wins most chapters) ranks its positions with these same terms; here
 * they score determinised worlds, and read of the deck only its length, which every player sees. Neither
 * uses them to decide what is legal.
 */
import {
  card, carAccepts, capacityOf, weightOf, island as islandDef, itemsOnTrain, passengerDestination, playerScore,
  scenarioOf, buildingPoints, CATALOGUE,
  type CargoType, type Category, type GameState, type Objective, type PlayerState,
} from '@isle-of-trains/rules';
type Goods = Record<CargoType | 'any', number>;

/**
 * Multipliers on the terms, all 1 for the bots. The rules package's solvability search (a development tool
 * that sees the deck) restarts with different multipliers when a weighting finds no win (a portfolio of
 * slightly different strategies); it is the only caller of setTune, and it runs in its own process.
 */
export const T = { remaining: 1, steps: 1, room: 1, hand: 1, short: 1, card: 1, deck: 1, potential: 1 };

/** Attempt 0 uses the plain weights; later attempts draw each multiplier from [0.4, 2.5] (reproducibly). */
export function setTune(attempt: number): void {
  let x = (attempt * 2654435761) >>> 0;
  const rnd = () => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return x / 0x100000000; };
  for (const k of Object.keys(T) as (keyof typeof T)[]) T[k] = attempt === 0 ? 1 : 0.4 * Math.pow(2.5 / 0.4, rnd());
}

function goodsOnTrain(p: PlayerState): Goods {
  const g: Goods = { coal: 0, oil: 0, box: 0, any: 0 };
  for (const it of itemsOnTrain(p)) if (it.type !== 'passenger') g[it.type] += 1;
  return g;
}

/** Free cargo room per good (the storage caboose counts as 'any'). */
function freeRoom(p: PlayerState): Goods & { seats: number } {
  const f = { coal: 0, oil: 0, box: 0, any: 0, seats: 0 };
  for (const c of p.train) {
    const acc = carAccepts(card(c.card));
    const room = acc.capacity - c.loads.length;
    if (room <= 0) continue;
    if (acc.goods) f[acc.goods] += room;
    if (acc.passengers) f.seats += room;
  }
  return f;
}

/** Cards in hand whose symbol could be loaded as `g` face up. */
function handSymbols(p: PlayerState): Goods {
  const g: Goods = { coal: 0, oil: 0, box: 0, any: 0 };
  for (const id of p.hand) {
    const s = card(id).symbol;
    if (s === 'all') g.any += 1;
    else g[s] += 1;
  }
  return g;
}

/** How many of `goods` the pool covers (wild goods fill any gap). */
function cover(goods: readonly CargoType[], pool: Goods): number {
  const left = { ...pool };
  let n = 0;
  for (const g of goods) {
    if (left[g] > 0) { left[g]--; n++; } else if (left.any > 0) { left.any--; n++; }
  }
  return n;
}

/**
 * Readiness for one contract, 0..1: goods already loaded count most; free room for the missing goods
 * and matching cards in hand count a little (they are what a load action turns into loaded goods).
 */
function readiness(goods: readonly CargoType[], loaded: Goods, room: Goods, hand: Goods): number {
  const have = cover(goods, loaded);
  const missing: CargoType[] = [];
  const left = { ...loaded };
  for (const g of goods) {
    if (left[g] > 0) left[g]--; else if (left.any > 0) left.any--; else missing.push(g);
  }
  const canRoom = cover(missing, room);
  const canHand = cover(missing, hand);
  return (have + 0.3 * canRoom + 0.15 * Math.min(canRoom, canHand) + 0.05 * canHand) / goods.length;
}

/**
 * Contract objectives as remaining work: the goods still to load for every contract the objective needs
 * (the cheaper-to-finish secondary of each island), the contract steps still to deliver, and whether the
 * train has room and the hand has cards for the goods still missing.
 */
function contractsProgress(s: GameState, p: PlayerState, islands: readonly string[], noSecondary: boolean): number {
  const loaded = goodsOnTrain(p);
  const room = freeRoom(p);
  const hand = handSymbols(p);
  const cap = { coal: 0, oil: 0, box: 0, any: 0 };
  for (const c of p.train) {
    const acc = carAccepts(card(c.card));
    if (acc.goods) cap[acc.goods] += acc.capacity;
  }
  const targets = new Set(islands);
  const need: Goods = { coal: 0, oil: 0, box: 0, any: 0 };
  let steps = 0;
  // Per good, how much more room one delivery needs than the train has (all its goods ride at once).
  const shortBy: Record<CargoType, number> = { coal: 0, oil: 0, box: 0 };
  const add = (goods: readonly CargoType[]) => {
    const per: Record<string, number> = {};
    for (const g of goods) { need[g]++; per[g] = (per[g] ?? 0) + 1; }
    for (const g of CARGO) shortBy[g] = Math.max(shortBy[g], (per[g] ?? 0) - cap[g]);
  };
  const left = { ...loaded };
  const bestSecondary = (id: string) => {
    const def = islandDef(id);
    return def.secondary.reduce((a, b) => (cover(b.goods, left) - b.goods.length > cover(a.goods, left) - a.goods.length ? b : a)).goods;
  };
  for (const id of islands) {
    const held = p.islands.find((h) => h.island === id);
    if (held && (held.secondary !== null || noSecondary)) continue;
    if (held) { steps += 1; add(bestSecondary(id)); continue; }
    steps += noSecondary ? 1 : 2;
    add(islandDef(id).primary.goods);
    if (!noSecondary) add(bestSecondary(id));
  }
  let matched = 0;
  for (const g of CARGO) { const m = Math.min(need[g], loaded[g]); matched += m; need[g] -= m; }
  const rest = need.coal + need.oil + need.box;
  const wild = Math.min(rest, loaded.any);
  matched += wild;
  const remaining = rest - wild;
  // Room and cards for what is still missing (assigned type by type, wild room last).
  let roomCover = 0;
  let handCover = 0;
  let spareRoom = room.any;
  let spareHand = hand.any;
  for (const g of CARGO) {
    const r = Math.min(need[g], room[g]);
    roomCover += r;
    const h = Math.min(need[g], hand[g]);
    handCover += h;
  }
  roomCover = Math.min(remaining, roomCover + spareRoom);
  handCover = Math.min(remaining, handCover + spareHand);
  // The deck is the clock: every main-action load draws its car's cards and every night burns one. When
  // the work left needs more deck than there is, the plan is too slow.
  const draws = p.train.map((c) => card(c.card)).filter((c) => carAccepts(c).goods !== null).map((c) => c.benefit?.draw ?? 0);
  const avgDraw = draws.length ? draws.reduce((x, y) => x + y, 0) / draws.length : 3;
  const islandsLeft = islands.filter((id) => !p.islands.some((h) => h.island === id && (h.secondary !== null || noSecondary))).length;
  const turnsNeeded = (remaining + islandsLeft) / 2;
  const deficit = Math.max(0, remaining * avgDraw + turnsNeeded - s.deck.length);
  const blocking = !noSecondary && p.islands.some((h) => h.secondary === null && !targets.has(h.island));
  // Goods the train cannot carry enough of: the train must change first. Partial credit when the card
  // that fixes it is in hand and fits now, or fits once the engine in hand is built.
  const spare = capacityOf(p.train) - weightOf(p.train);
  const eng = card(p.train[0].card);
  const engineUp = Math.max(0, ...p.hand.map((id) => card(id)).filter((c) => c.category === 'engine' && (c.level ?? 1) > (eng.level ?? 1)).map((c) => c.engineCapacity - eng.engineCapacity));
  let short = 0;
  let fixable = 0;
  for (const g of CARGO) {
    const by = Math.max(shortBy[g], cap[g] === 0 && need[g] > 0 ? 1 : 0);
    if (by <= 0) continue;
    short += by;
    let best = 0;
    for (const id of p.hand) {
      const c = card(id);
      if (c.category !== CAR_OF[g] && c.ability !== 'storeAny') continue;
      // An upgrade of a car of the same kind only adds the difference in weight and capacity.
      const old = p.train.map((x) => card(x.card)).filter((o) => o.category === c.category && (o.level ?? 0) < (c.level ?? 0));
      const w = Math.min(c.weight, ...old.map((o) => c.weight - o.weight));
      const gain = Math.max(1, Math.min(by, c.cargoCapacity - Math.min(...old.map((o) => o.cargoCapacity), c.cargoCapacity) || c.cargoCapacity));
      const credit = w <= spare ? 0.5 : w <= spare + engineUp ? 0.3 : 0.1;
      best = Math.max(best, credit * gain);
    }
    fixable += Math.min(best, by);
  }
  short = Math.max(0, short - cap.any);
  fixable = Math.min(fixable, short);
  const shortfall = short - fixable;
  return -1.2 * T.remaining * remaining - 1.0 * T.steps * steps + 0.45 * T.room * roomCover + 0.2 * T.hand * handCover - 1.0 * T.short * shortfall + 0.08 * Math.min(spare, 4) - 0.4 * T.deck * deficit - (blocking ? 3 : 0)
    + 0.1 * Math.min(matched, 4);
}

/** Share of an affordable car's badge counted while it is still in hand (score chapters). */
const SCORE_CARS = 0.4;
/** Contract chapters: worth of a card left in the deck, and the hand size beyond which cards count little. */
const CONTRACT_DECK = 0.4;
const CONTRACT_HAND = 6;
const CARGO: readonly CargoType[] = ['coal', 'oil', 'box'];
const CAR_OF: Record<CargoType, string> = { coal: 'hopper', oil: 'tanker', box: 'boxcar' };

function ticketsProgress(s: GameState, p: PlayerState, count: number): number {
  const room = freeRoom(p);
  const riding = new Map<string, number>();
  const waiting = new Map<string, number>();
  for (const it of itemsOnTrain(p)) if (it.type === 'passenger' && it.destination) riding.set(it.destination, (riding.get(it.destination) ?? 0) + 1);
  for (const id of p.supply) waiting.set(passengerDestination(id), (waiting.get(passengerDestination(id)) ?? 0) + 1);
  const per = s.tickets.map((tk) => {
    const f = Math.min(3, tk.filled.length);
    const r = Math.min(3 - f, riding.get(tk.destination) ?? 0);
    const w = Math.min(3 - f - r, waiting.get(tk.destination) ?? 0);
    return (f === 3 ? 4 : f) + 0.55 * r + 0.25 * w;
  });
  per.sort((a, b) => b - a);
  let v = 0;
  for (const x of per.slice(0, count)) v += x;
  v += 0.3 * Math.min(room.seats, 4);
  return 3 * v;
}

function level3Progress(p: PlayerState, categories: readonly Category[]): number {
  let v = 0;
  const eng = card(p.train[0].card).level ?? 1;
  const handL3 = new Set(p.hand.filter((id) => card(id).level === 3).map((id) => card(id).category));
  const handL2 = new Set(p.hand.filter((id) => card(id).level === 2).map((id) => card(id).category));
  v += eng === 3 ? 10 : eng === 2 ? 3 : 0;
  if (eng < 3 && handL3.has('engine')) v += 3;
  for (const cat of categories) {
    const lv = Math.max(0, ...p.train.filter((x) => card(x.card).category === cat).map((x) => card(x.card).level ?? 0));
    if (lv === 3) { v += 10; continue; }
    v += lv === 2 ? 2.5 : lv === 1 ? 1.2 : 0;
    if (handL3.has(cat)) v += 3.5;
    else if (handL2.has(cat) && lv < 2) v += 0.7;
  }
  v += 0.25 * Math.max(0, capacityOf(p.train) - weightOf(p.train));
  return v;
}

function carsProgress(p: PlayerState, count: number): number {
  const cars = p.train.length - 1;
  const spare = capacityOf(p.train) - weightOf(p.train);
  const eng = card(p.train[0].card).level ?? 1;
  // Cars in hand that fit now (lightest first) are one build away.
  const fits = p.hand.filter((id) => {
    const c = card(id);
    return c.category !== 'building' && c.category !== 'engine' && c.weight <= spare + c.engineCapacity;
  }).length;
  const engineInHand = p.hand.some((id) => card(id).category === 'engine' && (card(id).level ?? 1) > eng);
  return 10 * Math.min(cars, count) + 1.2 * T.room * Math.min(spare, count - cars) + 1.5 * T.hand * Math.min(fits, 3) + (eng - 1) * 4 * T.potential + (engineInHand ? 2 : 0)
    + (p.train.some((x) => card(x.card).ability === 'extraCapacity') ? 2 : 0);
}

/** Points a building in hand would bring if built now, counted at a discount. */
function buildingHandPotential(s: GameState, p: PlayerState): number {
  let v = 0;
  for (const id of p.hand) if (card(id).category === 'building') v += 0.5 * (buildingPoints(s, p, id) + 3);
  return v;
}

/** Remaining turns estimate: every night burns one card, draws burn more. */
function timeLeft(s: GameState): number {
  return s.deck.length / 3;
}

/** Worth of the player's hand and the deck as resources, common to every objective. */
function economy(s: GameState, p: PlayerState, cardW0: number, deckW0: number, full = 9): number {
  const h = p.hand.length;
  const cardW = cardW0 * T.card;
  const deckW = deckW0 * T.deck;
  return cardW * (Math.min(h, full) + 0.2 * Math.max(0, h - full)) + deckW * s.deck.length;
}

/** Score for the Challenge and the points chapters: points now plus what the position promises. */
function scoreProgress(s: GameState, p: PlayerState): number {
  const sc = playerScore(s, 0);
  let v = sc.total;
  const tf = Math.min(1, timeLeft(s) / 5);
  const loaded = goodsOnTrain(p);
  const room = freeRoom(p);
  const hand = handSymbols(p);
  const open = p.islands.find((h) => h.secondary === null);
  if (open) {
    const def = islandDef(open.island);
    v += tf * Math.max(...def.secondary.map((c) => readiness(c.goods, loaded, room, hand) * (c.vp - def.primary.vp - c.goods.length)));
  } else {
    let best = 0;
    for (const id of s.islandsOnMap) best = Math.max(best, readiness(islandDef(id).primary.goods, loaded, room, hand) * 3);
    v += tf * best;
  }
  v += tf * buildingHandPotential(s, p) * 0.5 * T.potential;
  // Cars in hand that the engine can pull: their badge is a build away (the best two count).
  const spare = capacityOf(p.train) - weightOf(p.train);
  const cars = p.hand.map((id) => card(id)).filter((c) => c.category !== 'building' && c.category !== 'engine' && c.weight <= spare + c.engineCapacity)
    .map((c) => c.vp * Math.min(1, (p.hand.length - 1) / Math.max(1, c.cost))).sort((x, y) => y - x).slice(0, 2);
  v += tf * SCORE_CARS * T.potential * cars.reduce((x, y) => x + y, 0);
  v += tf * 0.4 * T.room * Math.min(room.coal + room.oil + room.box + room.any + room.seats, 6);
  return v;
}

/** The number the beam keeps the top of. Higher is better. */
export function soloValue(s: GameState): number {
  const p = s.players[0];
  const sc = scenarioOf(s);
  if (!sc) return 3 * scoreProgress(s, p) + economy(s, p, 0.8, 0.5);
  const o: Objective = sc.objective;
  switch (o.kind) {
    case 'contracts':
      return 10 * contractsProgress(s, p, o.islands, false) + economy(s, p, 1, CONTRACT_DECK, CONTRACT_HAND);
    case 'primaries':
      return 10 * contractsProgress(s, p, s.players[0].islands.map((h) => h.island).concat(s.islandsOnMap), true) + economy(s, p, 1, CONTRACT_DECK, CONTRACT_HAND);
    case 'buildings': {
      const inHand = p.hand.filter((id) => card(id).category === 'building').length;
      const need = Math.max(0, o.count - p.buildings.length);
      return 100 * p.buildings.length + 25 * T.hand * Math.min(inHand, need) + economy(s, p, 3, 1);
    }
    case 'buildingPoints': {
      const pts = playerScore(s, 0).buildings;
      return 12 * pts + 10 * T.potential * buildingHandPotential(s, p) + 8 * T.room * Math.min(3, freeRoom(p).seats) + economy(s, p, 3, 1);
    }
    case 'score':
      return 3 * scoreProgress(s, p) + economy(s, p, 0.8, 0.5);
    case 'cars':
      return 10 * carsProgress(p, o.count) + economy(s, p, 3, 1.5);
    case 'ticketsFilled':
      return 10 * ticketsProgress(s, p, o.count) + economy(s, p, 1, 2.5);
    case 'level3':
      return 10 * level3Progress(p, o.categories) + economy(s, p, 3, 1);
  }
}

/** What soloKeepValue reads of the table, computed once for the many cards of one decision. */
export interface KeepContext {
  o: Objective | undefined;
  room: Goods & { seats: number };
  spare: number;
  eng: number;
}

export function keepContext(s: GameState): KeepContext {
  const p = s.players[0];
  return {
    o: scenarioOf(s)?.objective,
    room: freeRoom(p),
    spare: capacityOf(p.train) - weightOf(p.train),
    eng: card(p.train[0].card).level ?? 1,
  };
}

/**
 * How much a card in hand is worth keeping toward this objective (payments and discards give up the
 * lowest first). Higher keeps.
 */
export function soloKeepValue(s: GameState, id: string, ctx: KeepContext = keepContext(s)): number {
  const p = s.players[0];
  const c = card(id);
  const { o, room, spare, eng } = ctx;
  let v = 1;
  if (c.symbol === 'all') v += 0.6;
  else if (room[c.symbol] > 0) v += 0.4;
  switch (c.category) {
    case 'building': {
      if (o?.kind === 'buildings') v += 10;
      else if (o?.kind === 'buildingPoints') v += 4 + buildingPoints(s, p, id) / 3;
      else if (!o || o.kind === 'score') v += p.buildings.length === 0 ? 1.5 + buildingPoints(s, p, id) / 6 : -0.5;
      break;
    }
    case 'engine':
      v += (c.level ?? 1) > eng ? (o?.kind === 'level3' || o?.kind === 'cars' ? (c.level === 3 ? 8 : 3) : 1.5) : -0.5;
      break;
    default: {
      if (o?.kind === 'level3') {
        const has3 = p.train.some((x) => card(x.card).category === c.category && card(x.card).level === 3);
        if (c.level === 3 && !has3) v += 8;
        else if (c.level === 2 && !has3) v += 1;
      } else if (o?.kind === 'cars') {
        if (c.category === 'caboose' && c.ability === 'extraCapacity') v += 8;
        else if (c.weight === 0) v += 6;
        else if (c.weight === 1) v += 3;
        else v += c.weight <= spare ? 0.5 : -0.5;
        v -= c.cost * 0.15;
      } else if (c.weight <= spare + c.engineCapacity) {
        v += 0.4 + Math.min(0.8, c.vp / (c.cost + 1));
      }
    }
  }
  return v;
}

/** How many main actions a state has used (two per turn): the solvability search's report. */
export function mainActionsUsed(s: GameState): number {
  return (s.turn.number - 1) * CATALOGUE.actionsPerTurn + (CATALOGUE.actionsPerTurn - s.turn.actionsLeft);
}
