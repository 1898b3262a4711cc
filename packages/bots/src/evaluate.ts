/**
 * The heuristic the greedy bot maximises and the strong bot's search scores
 * its leaves with: a player's points so far plus what their position is likely
 * to turn into before the game ends (cards in hand, passengers waiting, goods
 * lined up for contracts, passengers riding toward ticket tiles, empty cargo
 * space), all scaled down as the end approaches. Works on a GameState or a
 * PlayerView alike (it reads only public facts and the evaluating seat's hand).
 */
import {
  card, carAccepts, capacityOf, weightOf, island as islandDef, itemsOnTrain, passengerDestination, playerScore,
  scenarioOf, ticketDef, isSolo, CATALOGUE, PASSENGERS, type GameState, type PlayerView, type Seat, type PlayerState,
  type PlayerViewPlayer, type CargoType, type IslandDef,
} from '@isle-of-trains/rules';
import { cardContext, keepValueIn } from './cards';
import { actionsToProgress } from './progress';

export type Table = GameState | PlayerView;
type AnyPlayer = PlayerState | PlayerViewPlayer;

/** Tunable weights (points per unit). */
export const W = {
  card: 0.85,
  cardLate: 0.25,
  overCap: 0.2,
  passengerSeat: 0.9,
  passengerNoSeat: 0.35,
  bonus: 1.6,
  bonusA: 2.4,
  emptySlot: 0.35,
  spareCapacity: 0.12,
  contractShare: 1,
  /** Extra worth of taking an island (progress toward the end, a step to its secondary). */
  islandBonus: 1,
  handQuality: 0.3,
  ticketShare: 0.7,
  soloDeckCard: 1.2,
  soloBagDrawn: 0.5,
  scenarioEngine: 0.4,
  spendable: 0.6,
  objective: 12,
  progressLead: 2,
  lockIn: 12,
  /** Per own action saved on the way to the end of the game, for a clear leader (driveWeightAt). */
  drive: 2,
};

/**
 * The most own actions one move of the progress train is counted as needing (a route longer than this, or
 * none in sight, counts as this). Every step of the track still to go beyond the next counts this much, so
 * moving the train never looks like a loss even though the next route starts from scratch.
 */
export const ROUTE_CAP = 40;

function handCountOf(t: Table, p: AnyPlayer): number {
  return t.kind === 'state' ? (p as PlayerState).hand.length : (p as PlayerViewPlayer).handCount;
}
function deckCountOf(t: Table): number {
  return t.kind === 'state' ? t.deck.length : t.deckCount;
}
function discardCountOf(t: Table): number {
  return t.kind === 'state' ? t.discard.length : t.discardCount;
}

/** Rough number of this seat's own turns left (fractional). */
export function turnsLeft(t: Table, seat: Seat): number {
  if (t.gameOver) return 0;
  const n = t.players.length;
  if (isSolo(t)) return deckCountOf(t) / 3;
  if (t.finalTurnsLeft !== null) {
    // finalTurnsLeft counts turn ends still to come, the current one included.
    const cur = t.turn.seat;
    let mine = 0;
    for (let k = 0; k < t.finalTurnsLeft; k++) if ((cur + k) % n === seat) mine++;
    return Math.max(0, mine - (cur === seat ? 0.5 : 0));
  }
  const th = CATALOGUE.progressThresholds[String(n)] ?? 6;
  const steps = Math.max(0, th - t.progress);
  const byProgress = 1 + steps * (n <= 2 ? 3 : 2.2);
  const cards = deckCountOf(t) + discardCountOf(t);
  const byCards = 1 + cards / (2.5 * n);
  return Math.min(byProgress, byCards);
}

/** How much a future-potential point is worth now (1 early, toward 0 at the very end). */
function timeFactor(r: number): number {
  return Math.max(0, Math.min(1, r / 4));
}

function goodsCounts(p: AnyPlayer): Record<CargoType | 'any', number> {
  const g = { coal: 0, oil: 0, box: 0, any: 0 };
  for (const it of itemsOnTrain(p)) if (it.type !== 'passenger') g[it.type] += 1;
  return g;
}

/** How many of a contract's goods the loaded goods already cover. */
function covered(goods: readonly CargoType[], have: Record<CargoType | 'any', number>): number {
  const left = { ...have };
  let n = 0;
  for (const g of goods) {
    if (left[g] > 0) { left[g]--; n++; } else if (left.any > 0) { left.any--; n++; }
  }
  return n;
}

/** Free room per cargo type on a player's train. */
function freeSlots(p: AnyPlayer): Record<CargoType | 'any' | 'passenger', number> {
  const f = { coal: 0, oil: 0, box: 0, any: 0, passenger: 0 };
  for (const c of p.train) {
    const acc = carAccepts(card(c.card));
    const room = acc.capacity - c.loads.length;
    if (room <= 0) continue;
    if (acc.goods) f[acc.goods] += room;
    if (acc.passengers) f.passenger += room;
  }
  return f;
}

/**
 * Contracts still to come. Each is worth its net gain (points minus the loaded
 * goods it uses up) times a share that grows with how many of its goods are
 * already loaded; the share stays below 1 so that delivering always beats
 * merely being ready to deliver.
 */
function contractPotential(t: Table, p: AnyPlayer, tf: number): number {
  const have = goodsCounts(p);
  const noSecondary = scenarioOf(t)?.rules.noSecondary === true;
  const share = (goods: readonly CargoType[]) => {
    const frac = covered(goods, have) / goods.length;
    return 0.1 + 0.8 * frac * frac;
  };
  const secondaryGain = (def: IslandDef, s: IslandDef['secondary'][number]) => s.vp - def.primary.vp - s.goods.length;
  const open = p.islands.find((i) => i.secondary === null);
  let best = 0;
  if (open && !noSecondary) {
    const def = islandDef(open.island);
    for (const s of def.secondary) best = Math.max(best, share(s.goods) * secondaryGain(def, s) * W.contractShare);
  } else {
    for (const id of t.islandsOnMap) {
      const def: IslandDef = islandDef(id);
      // Taking an island also opens its secondary contract (worth its base share once open).
      const follow = noSecondary ? 0 : 0.1 * Math.max(...def.secondary.map((s) => secondaryGain(def, s)));
      best = Math.max(best, share(def.primary.goods) * (def.primary.vp - def.primary.goods.length + follow + W.islandBonus) * W.contractShare);
    }
  }
  return best * tf;
}

function ticketPotential(t: Table, p: AnyPlayer, tf: number, cv: number): number {
  let v = 0;
  const used = new Map<string, number>();
  for (const it of itemsOnTrain(p)) {
    if (it.type !== 'passenger') continue;
    const dest = passengerDestination(it.id);
    const tk = t.tickets.find((x) => x.destination === dest);
    if (!tk) continue;
    const idx = tk.filled.length + (used.get(dest) ?? 0);
    used.set(dest, (used.get(dest) ?? 0) + 1);
    if (idx >= 3) continue;
    const r = ticketDef(tk.tile).rewards[idx];
    const reward = r.vp + r.cards * cv + (r.bonus ? W.bonus : 0) - 1;
    v += Math.max(0, reward) * W.ticketShare * tf;
  }
  return v;
}

export interface EvalContext {
  /** The seat whose turn it is mid-way, for pending-task accounting. */
  turnSeat: Seat;
}

/** Points now plus expected points to come for one player. */
export function playerValue(t: Table, seat: Seat): number {
  const p = t.players[seat];
  const r = turnsLeft(t, seat);
  const tf = timeFactor(r);
  const cv = W.cardLate + (W.card - W.cardLate) * Math.min(1, r / 3);
  let v = playerScore(t, seat).total;
  if (t.gameOver) return v;

  // Cards in hand: full value up to what can be kept or spent this turn.
  const h = handCountOf(t, p);
  const myTurn = t.turn.seat === seat;
  const perAction = isSolo(t) ? 1 : 2;
  let cap = 5 + (myTurn ? perAction * t.turn.actionsLeft : 0);
  for (const task of myTurn ? t.turn.queue : []) {
    if (task.kind === 'bonus') cap += perAction;
  }
  const spendable = isSolo(t) ? W.spendable : 1;
  v += cv * Math.min(h, 5) + cv * spendable * Math.max(0, Math.min(h, cap) - 5) + cv * W.overCap * Math.max(0, h - cap);
  // What the cards are, when this hand is known: the best `cap` of them.
  const hand = p.hand;
  if (hand && hand.length > 0) {
    const ctx = cardContext(t, seat);
    const q = hand.map((id) => keepValueIn(ctx, id) - 1).sort((x, y) => y - x).slice(0, cap);
    v += cv * W.handQuality * q.reduce((x, y) => x + y, 0);
  }

  // Work still queued this turn.
  if (myTurn) {
    for (const task of t.turn.queue) {
      if (task.kind === 'pay' || task.kind === 'discard') v -= cv * Math.min(task.count, h);
      else if (task.kind === 'bonus') v += (task.bonus === 'A' ? W.bonusA : W.bonus) * Math.min(1, tf + 0.3);
      else if (task.kind === 'delivery') {
        // Ticket rewards' bonus actions wait until the delivery ends.
        for (const x of task.afterDelivery ?? []) if (x.kind === 'bonus') v += W.bonus * Math.min(1, tf + 0.3);
      }
    }
  }

  const free = freeSlots(p);
  // Passengers waiting: worth more when there is a seat for them.
  const seats = free.passenger + (isSolo(t) ? 0 : 2);
  v += p.supply.length > 0 ? Math.min(p.supply.length, seats) * W.passengerSeat * Math.max(tf, 0.3) + Math.max(0, p.supply.length - seats) * W.passengerNoSeat * tf : 0;

  v += p.islands.length * W.islandBonus * tf;
  v += contractPotential(t, p, tf);
  v += ticketPotential(t, p, tf, cv);

  const goodsRoom = free.coal + free.oil + free.box + free.any;
  v += Math.min(goodsRoom, 6) * W.emptySlot * tf;
  v += Math.max(0, capacityOf(p.train) - weightOf(p.train)) * W.spareCapacity * tf;

  if (isSolo(t)) {
    // The deck is the clock: every card drawn (the display refill included) brings the end closer.
    const refill = myTurn ? Math.max(0, CATALOGUE.displaySize - t.display.length) : 0;
    v += Math.max(0, deckCountOf(t) - refill) * W.soloDeckCard;
    // Once the bag is empty every Take-a-passenger is a VP token: drawing it down has worth of its own.
    const bag = t.kind === 'state' ? t.bag.length : t.bagCount;
    if (!scenarioOf(t)) v += (PASSENGERS.length - bag) * W.soloBagDrawn * tf;
  }
  return v;
}

/**
 * Scenario progress in [0, 1+]: partial credit for being on the way, so the
 * greedy bot has a gradient to climb. 1 or more means the objective is met.
 */
export function objectiveProgress(t: Table): number | null {
  const sc = scenarioOf(t);
  if (!sc) return null;
  const p = t.players[0];
  const o = sc.objective;
  const have = goodsCounts(p);
  switch (o.kind) {
    case 'contracts': {
      let s = 0;
      for (const id of o.islands) {
        const held = p.islands.find((i) => i.island === id);
        const def = islandDef(id);
        if (held && held.secondary !== null) s += 1;
        else if (held) s += 0.45 + 0.4 * Math.max(...def.secondary.map((c) => covered(c.goods, have) / c.goods.length));
        else if (t.islandsOnMap.includes(id)) {
          const free = freeSlots(p);
          const room = def.primary.goods.filter((g) => free[g] + free.any > 0).length / 2;
          s += 0.05 * room + (p.islands.some((i) => i.secondary === null) ? 0.1 : 0.3) * covered(def.primary.goods, have) / 2;
        }
      }
      return s / o.islands.length;
    }
    case 'buildings': {
      const inHand = (p.hand ?? []).filter((id) => card(id).category === 'building').length;
      return (p.buildings.length + 0.25 * Math.min(inHand, Math.max(0, o.count - p.buildings.length))) / o.count;
    }
    case 'score':
      return playerScore(t, 0).total / o.points;
    case 'cars':
      return (p.train.length - 1) / o.count;
    case 'ticketsFilled': {
      let s = 0;
      const riding = new Map<string, number>();
      for (const it of itemsOnTrain(p)) if (it.type === 'passenger' && it.destination) riding.set(it.destination, (riding.get(it.destination) ?? 0) + 1);
      const fill = t.tickets.map((tk) => Math.min(3, tk.filled.length) / 3 + Math.min(3 - Math.min(3, tk.filled.length), riding.get(tk.destination) ?? 0) * 0.15);
      // The fullest tiles count: the objective needs that many tiles full.
      fill.sort((x, y) => y - x);
      for (const f of fill.slice(0, o.count)) s += Math.min(1, f);
      return s / o.count;
    }
    case 'buildingPoints':
      return playerScore(t, 0).buildings / o.points;
    case 'primaries': {
      const partial = t.islandsOnMap.length > 0
        ? Math.max(...t.islandsOnMap.map((id) => covered(islandDef(id).primary.goods, have) / 2)) * 0.4 : 0;
      return (p.islands.length + partial) / o.count;
    }
    case 'level3': {
      let s = card(p.train[0].card).level === 3 ? 1 : (card(p.train[0].card).level ?? 1) === 2 ? 0.4 : 0;
      for (const cat of o.categories) {
        const lv = Math.max(0, ...p.train.filter((x) => card(x.card).category === cat).map((x) => card(x.card).level ?? 0));
        s += lv === 3 ? 1 : lv === 2 ? 0.4 : lv === 1 ? 0.2 : 0;
      }
      return s / (o.categories.length + 1);
    }
  }
}

/**
 * The score of a position for `seat`: in multiplayer its value minus a blend
 * of its rivals' (the best rival weighs most); in solo its own value, plus the
 * scenario objective when there is one.
 *
 * `driveWeight` is what each own action saved on the way to the end of the game is worth
 * (`driveWeightAt`). A bot fixes it once per decision, from the position it decides in, and passes it to
 * every evaluation of that decision: computed from each candidate's outcome, it would also reward or punish
 * the lead that outcome has, and a delivery that grew the lead looked worse than recycling cards.
 */
export function evaluate(t: Table, seat: Seat, driveWeight = driveWeightAt(t, seat)): number {
  if (isSolo(t)) {
    const sc = scenarioOf(t);
    const mine = playerValue(t, 0);
    if (!sc) return mine;
    if (t.result?.solo === 'won') return 10000 - turnsUsed(t);
    if (t.result?.solo === 'lost') return -1000 + W.objective * 10 * (objectiveProgress(t) ?? 0);
    const prog = objectiveProgress(t) ?? 0;
    // Toward a non-score objective, VP tokens are worth nothing: leave them out of the engine's value.
    const scoreObjective = sc.objective.kind === 'score';
    const engine = scoreObjective ? mine : mine - t.players[0].vp;
    return W.objective * 10 * Math.min(1, prog) + W.scenarioEngine * engine;
  }
  const mine = playerValue(t, seat);
  let best = -Infinity;
  let sum = 0;
  for (const p of t.players) {
    if (p.seat === seat) continue;
    const v = playerValue(t, p.seat);
    best = Math.max(best, v);
    sum += v;
  }
  const others = t.players.length - 1;
  const rival = others > 0 ? 0.6 * best + 0.4 * (sum / others) : 0;
  const th = CATALOGUE.progressThresholds[String(t.players.length)] ?? 6;
  // The train at the end of its track ends the game when this turn ends, even before the rules mark it.
  // Counting it only once marked made a leader's ticket delivery that filled the last tile look worse than
  // drawing cards (the delivery's future worth vanishes at once, the lock-in only a turn later), and
  // greedy games went round in circles for thousands of actions.
  const ending = t.endTriggered || t.progress >= th;
  // Moving the progress train (or being ready to) brings the end closer: good for whoever is ahead. A game
  // far longer than any normal one leans everyone toward ending it, leader or not: a table where nobody
  // will end the game is worse for every player than a loss.
  const pp = ending ? 0 : progressPotential(t, seat);
  // With no staleness this is the lead's sign and size as before (negative when behind: don't push).
  const stale = staleness(t);
  const lean = (x: number) => (1 - stale) * x + stale;
  const push = W.progressLead * (t.progress + pp) * lean(Math.tanh((mine - best) / 8));
  // Once the end is triggered a lead is hard to lose: lock it in (or avoid triggering while behind).
  const lockIn = W.lockIn * (ending ? 1 : t.progress >= th - 1 ? 0.5 * pp : 0) * lean(Math.tanh((mine - best) / 6));
  // Only a decision that wants the end pays for the route estimate (most decisions of a normal game do not).
  const drive = driveWeight === 0 ? 0 : driveWeight * (th * ROUTE_CAP - stepsToEnd(t, seat, th));
  if (t.gameOver) {
    // A finished game: winning is what counts.
    return mine - rival + (mine > best ? 20 : mine === best ? 5 : 0) + drive;
  }
  return mine - rival + push + lockIn + drive;
}

/**
 * How much a seat wants the game over, per own action saved on the way to the end of the progress track:
 * nothing while the lead is under 20 points, the full W.drive from a 40-point lead on; a game far past a
 * normal length (staleness) gives the full weight to every seat, leader or not. Without it, a leader whose
 * next contract needed a car it lacked saw nothing to gain in finding or building that car; against
 * opponents who never move the progress train (a cautious player who only takes cards or passengers) it
 * then drew and recycled cards for as long as the game lasted.
 */
export function driveWeightAt(t: Table, seat: Seat): number {
  if (isSolo(t) || t.gameOver) return 0;
  const mine = playerValue(t, seat);
  let best = -Infinity;
  for (const p of t.players) if (p.seat !== seat) best = Math.max(best, playerValue(t, p.seat));
  const lead = Math.max(0, Math.min(1, (mine - best - 20) / 20));
  const stale = staleness(t);
  return W.drive * ((1 - stale) * lead + stale);
}

/** Own actions to the end of the progress track: the route to the next step, then a full route per step after it. */
export function stepsToEnd(t: Table, seat: Seat, th: number): number {
  const left = th - t.progress;
  if (left <= 0 || t.endTriggered || t.gameOver) return 0;
  return Math.min(ROUTE_CAP, actionsToProgress(t, seat)) + (left - 1) * ROUTE_CAP;
}

/** How close this seat is to moving the progress train itself (0–1): a passenger that would fill a ticket tile, goods for a primary contract. */
function progressPotential(t: Table, seat: Seat): number {
  const p = t.players[seat];
  let best = 0;
  const nearlyFull = new Set(t.tickets.filter((x) => x.filled.length === 2).map((x) => x.destination));
  if (nearlyFull.size > 0) {
    for (const it of itemsOnTrain(p)) if (it.type === 'passenger' && it.destination && nearlyFull.has(it.destination)) best = Math.max(best, 0.8);
    for (const id of p.supply) if (nearlyFull.has(passengerDestination(id))) best = Math.max(best, 0.4);
  }
  if (!p.islands.some((i) => i.secondary === null)) {
    const have = goodsCounts(p);
    for (const id of t.islandsOnMap) best = Math.max(best, 0.8 * (covered(islandDef(id).primary.goods, have) / 2) ** 2);
  }
  return best;
}

/**
 * 0 through a normal game's length, rising to 1 as a game runs far past it (turn numbers are public and
 * count every seat's turns). Greedy 2-player games end within about 45 turns per seat; 75 per seat is well
 * past any of them, 125 is the full lean.
 */
export function staleness(t: Table): number {
  const perSeat = t.turn.number / Math.max(1, t.players.length);
  return Math.max(0, Math.min(1, (perSeat - 75) / 50));
}

function turnsUsed(t: Table): number {
  return t.turn.number / 100;
}
