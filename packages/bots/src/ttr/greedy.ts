/**
 * The greedy bot for the second game: it plans for its tickets and follows the plan one turn at a time.
 *
 * - Plan: the city pairs still to claim to finish its open tickets (plan.ts: shortest paths on the map graph
 *   where its own routes are free and closed routes are gone, fitted to its trains).
 * - Claim a planned route as soon as it can pay for one (the most valuable: route points, how many tickets
 *   run over it, the bonus cards in play), paying with the cheapest payment of the rules' list that keeps
 *   the cards its other planned routes need.
 * - Otherwise draw the colours the plan is short of: a needed colour face up, a face-up locomotive when
 *   short in two colours or more, else blind.
 * - Tickets: keep the set of the offer that scores best once planned together with the tickets it holds
 *   (points of the tickets it can finish within its trains, minus those it cannot, minus a little per
 *   train); draw new ones only when its tickets are done, it has trains left and the end is not near.
 * - With nothing to plan, put trains into the best routes it can pay for (long ones, unless the end is
 *   near), drawing its strongest colour meanwhile; on its last turn, score whatever it can.
 *
 * Every answer is one of legalActions(view, seat) (or a payment of payments(view, seat, route), which
 * the rules accept alike), so it never sends an illegal action; when it has nothing else, the legal list
 * holds only `pass`, and the rules end a game in which everyone passes.
 */
import {
  COLOURS, ROUTE_POINTS, legalActions, longestTrail, payments,
  type Action, type BonusCardId, type Colour, type Edge, type GameView, type Hand, type Payment, type PlayerView,
  type RouteData, type TicketData,
} from '@isle-of-trains/ttr-rules';
import { randomInt, type RngState } from '@isle-of-trains/engine-core';
import { assertTtrBotInput } from './guard';
import { DEFAULT_COSTS, planTickets, readBoard, type Board, type Pair, type Plan, type PlanCosts } from './plan';
import { decisionRng } from './seed';
import type { TtrBotInput, TtrBotOptions } from './types';

/** Below this many trains the bot draws no new tickets: too few to finish another. */
export const TICKET_DRAW_MIN_TRAINS = 12;
/** An opponent with this few trains can end the game within a turn or two: no new tickets, and trains go into whatever scores. */
export const NEAR_END_TRAINS = 6;
/** Trains held back when choosing tickets, for detours when a planned route is taken by someone else. */
const KEEP_MARGIN = 4;
/** What a planned train costs in the ticket choice, in points: a ticket is worth keeping when it shares track or is cheap for its value. */
const TRAIN_COST = 0.35;
/** Value of a face-value point of a ticket the bonus cards in play also reward. */
const TICKET_BONUS = 2;

/**
 * The greedy bot's weights, as one record so that the strong bot can play a tuned greedy (strong.ts); the
 * greedy level itself always plays GREEDY_TUNING.
 */
export interface GreedyTuning {
  ticketDrawMinTrains: number;
  nearEndTrains: number;
  keepMargin: number;
  trainCost: number;
  /** Shortest route worth trains when nothing is planned and the end is not near. */
  dumpMinLength: number;
  /** Value per ticket of the plan that runs over a route. */
  useWeight: number;
  /** Plan costs: see PlanCosts.pointsWeight. */
  pointsWeight: number;
  /** Draw tickets before the open ones are done when the plan leaves this many trains spare (Infinity: never). */
  drawSpare: number;
}

export const GREEDY_TUNING: GreedyTuning = {
  ticketDrawMinTrains: TICKET_DRAW_MIN_TRAINS, nearEndTrains: NEAR_END_TRAINS, keepMargin: KEEP_MARGIN,
  trainCost: TRAIN_COST, dumpMinLength: 3, useWeight: 2,
  pointsWeight: 0, drawSpare: Infinity,
};

interface Ctx {
  tune: GreedyTuning;
  view: GameView;
  seat: number;
  me: PlayerView;
  hand: Hand;
  trains: number;
  board: Board;
  bonus: ReadonlySet<BonusCardId>;
  costs: PlanCosts;
  /** Kept tickets not completed yet. */
  openTickets: TicketData[];
  plan: Plan;
  /** The final round has begun: this is the seat's last turn. */
  lastTurn: boolean;
  /** The game may end within a turn or two. */
  nearEnd: boolean;
  own: { edges: Edge[]; cities: Set<string>; countries: Set<string>; trail: number | null };
  rng: RngState;
}

export function ttrGreedyChoice(input: TtrBotInput, options: TtrBotOptions = {}, tune: GreedyTuning = GREEDY_TUNING): Action {
  assertTtrBotInput(input);
  const { view, seat } = input;
  const legal = legalActions(view, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has no decision to make`);
  if (legal.length === 1) return legal[0];
  const ctx = context(view, seat, decisionRng(input, options.seed), tune);
  if (legal[0].type === 'keepTickets') return chooseKeep(ctx, legal);
  const draws = legal.filter((a) => a.type === 'drawBlind' || a.type === 'drawFaceUp');
  if (view.turn.step === 'secondCard') return chooseDraw(ctx, draws, ctx.plan.pairs.length > 0 ? planNeeds(ctx) : strongestColour(ctx));
  return chooseTurn(ctx, legal, draws);
}

function context(view: GameView, seat: number, rng: RngState, tune: GreedyTuning): Ctx {
  const me = view.players[seat];
  if (!me.hand || !me.tickets) throw new Error(`the view does not show seat ${seat}'s hand and tickets`);
  const board = readBoard(view, seat);
  const bonus = new Set(view.bonusCards);
  const costs: PlanCosts = { iconCost: bonus.has('ferry-master') ? 0 : DEFAULT_COSTS.iconCost, pointsWeight: tune.pointsWeight };
  const openTickets = me.tickets.filter((t) => !t.completed).map((t) => board.map.ticket.get(t.id)!);
  const edges: Edge[] = [];
  for (const r of board.map.routes) if (view.claims[String(r.id)] === seat) edges.push({ id: r.id, a: r.from, b: r.to, length: r.length });
  const cities = new Set(edges.flatMap((e) => [e.a, e.b]));
  const countries = new Set([...cities].map((c) => board.map.city.get(c)!.country));
  const others = view.players.filter((p) => p.seat !== seat);
  return {
    tune, view, seat, me, hand: me.hand, trains: me.trainsLeft, board, bonus, costs, openTickets,
    plan: planTickets(board, openTickets, me.trainsLeft, costs),
    lastTurn: view.finalTurnsLeft !== null,
    nearEnd: view.finalTurnsLeft !== null || me.trainsLeft <= tune.nearEndTrains || others.some((p) => p.trainsLeft <= tune.nearEndTrains),
    own: { edges, cities, countries, trail: null },
    rng,
  };
}

// ---- a whole turn ---------------------------------------------------------------------------------------

function chooseTurn(ctx: Ctx, legal: Action[], draws: Action[]): Action {
  const claimable = new Set(legal.flatMap((a) => (a.type === 'claim' ? [a.route] : [])));
  const routes = (ids: Iterable<number>): RouteData[] => [...ids].map((id) => ctx.board.map.route.get(id)!);

  const planned = ctx.plan.pairs.flatMap((p) => p.open).filter((r) => claimable.has(r.id));
  if (planned.length > 0) return claimBest(ctx, planned, (r) => planValue(ctx, r));

  // The last turn: a route scores now, cards left in hand score nothing (but for Call of the wild, a few points at most).
  if (ctx.lastTurn && claimable.size > 0) {
    return claimBest(ctx, routes(claimable), (r) => dumpValue(ctx, r));
  }

  if (ctx.plan.pairs.length === 0) {
    const tickets = legal.find((a) => a.type === 'drawTickets');
    if (tickets && wantTickets(ctx)) return tickets;
    // Short routes score little for their trains; take them only when the end is near or nothing else is possible
    // (and, with Cost efficiency in play, keep trains for all but long routes).
    const minLength = ctx.nearEnd || ctx.trains <= ctx.tune.nearEndTrains || draws.length === 0 ? 1 : ctx.bonus.has('cost-efficiency') ? Math.max(4, ctx.tune.dumpMinLength) : ctx.tune.dumpMinLength;
    const worth = routes(claimable).filter((r) => r.length >= minLength);
    if (worth.length > 0) return claimBest(ctx, worth, (r) => dumpValue(ctx, r));
    if (draws.length > 0) return chooseDraw(ctx, draws, strongestColour(ctx));
  } else if (draws.length > 0) {
    const tickets = legal.find((a) => a.type === 'drawTickets');
    if (tickets && wantTickets(ctx) && ctx.trains - ctx.plan.trains >= ctx.tune.drawSpare) return tickets;
    return chooseDraw(ctx, draws, planNeeds(ctx));
  }
  // Nothing to draw: score what it can, else the rules' list decides (tickets, or pass when alone).
  if (claimable.size > 0) return claimBest(ctx, routes(claimable), (r) => dumpValue(ctx, r));
  return legal.find((a) => a.type === 'drawTickets') ?? legal[0];
}

function wantTickets(ctx: Ctx): boolean {
  return ctx.view.ticketDeckCount > 0 && ctx.trains >= ctx.tune.ticketDrawMinTrains && !ctx.nearEnd;
}

// ---- claims ---------------------------------------------------------------------------------------------

/** Claims the route of `candidates` with the best value, with its cheapest payment; ties by the seeded generator. */
function claimBest(ctx: Ctx, candidates: readonly RouteData[], value: (r: RouteData) => number): Action {
  const scored = candidates.map((r) => {
    const pay = cheapestPayment(ctx, r);
    return { r, pay: pay.pay, score: value(r) - 0.25 * (pay.cost - r.length) };
  }).filter((x) => x.pay !== null);
  const best = pickBest(ctx, scored, (x) => x.score);
  return { type: 'claim', route: best.r.id, pay: best.pay! };
}

function planValue(ctx: Ctx, r: RouteData): number {
  return ROUTE_POINTS[r.length] + ctx.tune.useWeight * (ctx.plan.uses.get(r.pair) ?? 0) + bonusWeight(ctx, r);
}

function dumpValue(ctx: Ctx, r: RouteData): number {
  return ROUTE_POINTS[r.length] + bonusWeight(ctx, r);
}

/** A little for what the bonus cards in play reward. */
function bonusWeight(ctx: Ctx, r: RouteData): number {
  const map = ctx.board.map;
  const a = map.city.get(r.from)!;
  const b = map.city.get(r.to)!;
  let w = 0;
  for (const card of ctx.bonus) {
    switch (card) {
      case 'ferry-master': if (r.kind === 'ferry') w += 2; break;
      case 'small-steps': if (r.length === 1) w += 1.5; break;
      case 'snowplow': if (a.arctic || b.arctic) w += 1; break;
      case 'wild-west': if (a.country === map.westernCountry || b.country === map.westernCountry) w += 1; break;
      case 'international-tycoon': if (!ctx.own.countries.has(a.country) || !ctx.own.countries.has(b.country)) w += 1.5; break;
      case 'nordic-express': {
        // Only a route at a city of its network can lengthen its longest trail.
        if (!ctx.own.cities.has(r.from) && !ctx.own.cities.has(r.to)) break;
        ctx.own.trail ??= longestTrail(ctx.own.edges);
        const gain = longestTrail([...ctx.own.edges, { id: r.id, a: r.from, b: r.to, length: r.length }]) - ctx.own.trail;
        if (gain > 0) w += 0.5 + 0.2 * gain;
        break;
      }
      default: break;
    }
  }
  return w;
}

/**
 * The payment of the rules' list (payments(view, seat, route)) that costs least: a card its other planned
 * routes do not need costs 1, one they need 2, a locomotive 3 (4 with Call of the wild in play, which
 * rewards locomotives held at the end).
 */
function cheapestPayment(ctx: Ctx, r: RouteData): { pay: Payment | null; cost: number } {
  const list = payments(ctx.view, ctx.seat, r.id);
  if (list.length === 0) return { pay: null, cost: Infinity };
  const need = planNeed(ctx, r.pair);
  const locoCost = ctx.bonus.has('call-of-the-wild') ? 4 : 3;
  let best: { pay: Payment; cost: number } | null = null;
  for (const pay of list) {
    let cost = (pay.loco ?? 0) * locoCost;
    for (const c of COLOURS) {
      const n = pay[c] ?? 0;
      const spare = Math.max(0, ctx.hand[c] - need.colour[c]);
      cost += Math.min(n, spare) + 2 * Math.max(0, n - spare);
    }
    if (best === null || cost < best.cost) best = { pay, cost };
  }
  return best!;
}

// ---- draws ----------------------------------------------------------------------------------------------

interface Needs {
  /** Cards of each colour still missing. */
  short: Record<Colour, number>;
  /** Cards of any one colour still missing (ferries' ordinary spaces that no colour in hand covers yet). */
  any: number;
  /** Whether a face-up locomotive is worth a whole draw. */
  locomotive: boolean;
}

/** What the planned routes (all but `except`) need: per colour, and locomotives for the ferries' icons. */
function planNeed(ctx: Ctx, except: number | null): { colour: Record<Colour, number>; any: number; icons: number } {
  const colour = Object.fromEntries(COLOURS.map((c) => [c, 0])) as Record<Colour, number>;
  let icons = 0;
  let any = 0;
  const grays: RouteData[] = [];
  for (const p of ctx.plan.pairs) {
    if (p.id === except) continue;
    const track = pickTrack(ctx, p);
    if (track === null) continue;
    if (track.color === 'gray') grays.push(track);
    else colour[track.color] += track.length;
  }
  // A ferry's ordinary spaces take the colour the bot has most to spare (any colour while it has none to
  // spare); its icons a locomotive or a pair each.
  grays.sort((x, y) => y.length - x.length || x.id - y.id);
  for (const g of grays) {
    let m: Colour = COLOURS[0];
    for (const c of COLOURS) if (ctx.hand[c] - colour[c] > ctx.hand[m] - colour[m]) m = c;
    if (ctx.hand[m] - colour[m] > 0) colour[m] += g.length - g.locomotives;
    else any += g.length - g.locomotives;
    icons += g.locomotives;
  }
  return { colour, any, icons };
}

/** The open track of a pair the bot would claim: the colour it holds most of (a ferry counts as its best colour). */
function pickTrack(ctx: Ctx, p: Pair): RouteData | null {
  const best = Math.max(...COLOURS.map((c) => ctx.hand[c]));
  let out: RouteData | null = null;
  let score = -Infinity;
  for (const t of p.open) {
    const s = t.color === 'gray' ? best - 0.5 : ctx.hand[t.color];
    if (s > score) {
      score = s;
      out = t;
    }
  }
  return out;
}

function planNeeds(ctx: Ctx): Needs {
  const need = planNeed(ctx, null);
  const short = Object.fromEntries(COLOURS.map((c) => [c, Math.max(0, need.colour[c] - ctx.hand[c])])) as Record<Colour, number>;
  const coloursShort = COLOURS.filter((c) => short[c] > 0).length;
  return { short, any: need.any, locomotive: coloursShort >= 2 || need.icons > ctx.hand.loco + 1 };
}

/** With nothing planned: collect the colour it holds most of, for a long route later. */
function strongestColour(ctx: Ctx): Needs {
  let m: Colour = COLOURS[0];
  for (const c of COLOURS) if (ctx.hand[c] > ctx.hand[m]) m = c;
  const short = Object.fromEntries(COLOURS.map((c) => [c, c === m ? 6 : 0])) as Record<Colour, number>;
  return { short, any: 0, locomotive: false };
}

/**
 * A needed colour face up, else a face-up locomotive when it is worth the turn, else (for a ferry's spaces of
 * any colour) a face-up colour it already holds, else blind, else the best face-up card.
 */
function chooseDraw(ctx: Ctx, draws: Action[], needs: Needs): Action {
  const faceUp = draws.flatMap((a) => (a.type === 'drawFaceUp' ? [a] : []));
  const wanted = faceUp.filter((a) => a.card !== 'loco' && needs.short[a.card as Colour] > 0);
  if (wanted.length > 0) return pickBest(ctx, wanted, (a) => needs.short[a.card as Colour]);
  const loco = faceUp.find((a) => a.card === 'loco');
  if (loco && needs.locomotive) return loco;
  const held = faceUp.filter((a) => a.card !== 'loco' && ctx.hand[a.card] > 0);
  if (needs.any > 0 && held.length > 0) return pickBest(ctx, held, (a) => ctx.hand[a.card]);
  const blind = draws.find((a) => a.type === 'drawBlind');
  if (blind) return blind;
  // No blind draw left: the face-up card that helps most (a locomotive is wild), else any.
  return loco ?? pickBest(ctx, faceUp, (a) => ctx.hand[a.card]);
}

// ---- tickets --------------------------------------------------------------------------------------------

/** The allowed subset of the offer that scores best when planned together with the tickets still open. */
function chooseKeep(ctx: Ctx, legal: Action[]): Action {
  const map = ctx.board.map;
  const budget = Math.max(0, ctx.trains - ctx.tune.keepMargin);
  const scored = legal.map((a) => {
    const offered = a.type === 'keepTickets' ? a.keep.map((id) => map.ticket.get(id)!) : [];
    const all = [...ctx.openTickets, ...offered];
    const plan = planTickets(ctx.board, all, budget, ctx.costs);
    const reached = new Set(plan.reached.map((t) => t.id));
    let u = -ctx.tune.trainCost * plan.trains;
    for (const t of all) u += reached.has(t.id) ? t.points + ticketBonus(ctx, t) : -t.points;
    return { a, u };
  });
  return pickBest(ctx, scored, (x) => x.u).a;
}

function ticketBonus(ctx: Ctx, t: TicketData): number {
  const map = ctx.board.map;
  let w = 0;
  if (ctx.bonus.has('capital-investment') && (map.capitals.has(t.from) || map.capitals.has(t.to))) w += TICKET_BONUS;
  if (ctx.bonus.has('polar-express') && (map.city.get(t.from)!.arctic || map.city.get(t.to)!.arctic)) w += TICKET_BONUS;
  if (ctx.bonus.has('local-network') && t.points <= 5) w += TICKET_BONUS;
  return w;
}

// ---- shared ---------------------------------------------------------------------------------------------

/** The item with the highest score; equal scores are settled by the decision's seeded generator. */
function pickBest<T>(ctx: Ctx, items: readonly T[], score: (x: T) => number): T {
  if (items.length === 0) throw new Error('nothing to choose from');
  let top = -Infinity;
  let best: T[] = [];
  for (const x of items) {
    const s = score(x);
    if (s > top + 1e-9) {
      top = s;
      best = [x];
    } else if (Math.abs(s - top) <= 1e-9) best.push(x);
  }
  return best.length === 1 ? best[0] : best[randomInt(ctx.rng, best.length)];
}
