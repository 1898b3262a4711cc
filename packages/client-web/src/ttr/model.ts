/**
 * What the second game's table shows, worked out from one seat's view (pure, no DOM): each route's state
 * for this seat and why it cannot be claimed, the route list, the payment chooser, the tickets' cities,
 * the bonus cards' leaders by what is public, the turn line, and the longest trail for the end screen.
 */
import {
  BONUS_CARDS, CARDS, TrailCache, bonusStandings, edgesOf, legalActions, mapOf, payments, pending, scoreBreakdown, usableTracks,
  type Action, type BonusCardId, type Card, type Decision, type DecidedBy, type Edge, type GameMap, type GameView, type MapData, type Payment, type RouteData, type ScoreBreakdown,
} from '@isle-of-trains/ttr-rules';
import type { Child } from '../render/dom';

/** What the table is drawn from: a seat's view (or a spectator's, seat null), the seats' names and the map. */
export interface TtrTableInput {
  view: GameView;
  seat: number | null;
  names?: string[];
  map: MapData;
  /** The end screen's buttons (play again, the replay, the lobby), drawn in the end panel; absent where none apply. */
  endActions?: () => Child;
  /** A seated player's rating in this table's rating group, once known (none for bots, guests or a replay). */
  rating?: (seat: number) => string | null;
}

export function namesOf(input: TtrTableInput): string[] {
  return input.view.players.map((p, i) => input.names?.[i] ?? p.name ?? `Seat ${i + 1}`);
}

export const CARD_WORD: Record<Card, string> = {
  purple: 'purple', blue: 'blue', orange: 'orange', white: 'white', green: 'green', yellow: 'yellow', black: 'black', red: 'red', loco: 'locomotive',
};

export function cardWord(c: Card, n = 1): string {
  if (c === 'loco') return n === 1 ? 'locomotive' : 'locomotives';
  return c;
}

/** A payment in words: "2 red + 1 locomotive". */
export function paymentText(p: Payment): string {
  const parts = CARDS.filter((c) => (p[c] ?? 0) > 0).map((c) => `${p[c]} ${cardWord(c, p[c])}`);
  return parts.length ? parts.join(' + ') : 'nothing';
}

export type RouteState =
  | { kind: 'claimed'; owner: number }
  | { kind: 'closed'; why: string }
  | { kind: 'open' };

/** A route's state on the board, the same for everyone: claimed, closed to claims (its pair is full), or open. */
export function routeState(view: GameView, map: GameMap, route: RouteData): RouteState {
  const owner = view.claims[String(route.id)];
  if (owner !== undefined) return { kind: 'claimed', owner };
  const tracks = map.pairTracks.get(route.pair) ?? [route.id];
  if (tracks.length > 1) {
    const taken = tracks.filter((id) => view.claims[String(id)] !== undefined).length;
    const usable = usableTracks(view.options.players, tracks.length);
    if (taken >= usable) {
      return { kind: 'closed', why: usable < tracks.length && taken === usable
        ? `only ${usable} of these ${tracks.length} parallel tracks can be used with ${view.options.players} players`
        : 'the parallel tracks are full' };
    }
  }
  return { kind: 'open' };
}

/** Whether this seat may claim the route now, and if not why (in words for the route list and the map). */
export function claimability(view: GameView, map: GameMap, seat: number | null, route: RouteData, legal: readonly Action[]): { ok: boolean; why: string } {
  const st = routeState(view, map, route);
  if (st.kind === 'claimed') return { ok: false, why: `claimed by ${view.players[st.owner]?.name ?? `seat ${st.owner + 1}`}` };
  if (st.kind === 'closed') return { ok: false, why: `closed: ${st.why}` };
  if (seat === null) return { ok: false, why: 'open' };
  const tracks = map.pairTracks.get(route.pair) ?? [];
  if (tracks.some((id) => view.claims[String(id)] === seat)) return { ok: false, why: 'you already hold a track between these cities' };
  if (legal.some((a) => a.type === 'claim' && a.route === route.id)) return { ok: true, why: 'you can claim it' };
  const me = view.players[seat];
  if (me.trainsLeft < route.length) return { ok: false, why: `too few trains (${me.trainsLeft} left)` };
  const d = pending(view).find((x) => x.seat === seat);
  if (!d || d.kind !== 'turn') return { ok: false, why: 'open (not your move now)' };
  return { ok: false, why: 'your cards cannot pay for it' };
}

export function routeName(map: GameMap, route: RouteData): string {
  return `${map.city.get(route.from)?.name ?? route.from} – ${map.city.get(route.to)?.name ?? route.to}`;
}

/** A route's make-up in words: "3 black", "2 gray ferry, 1 locomotive, +1 card". */
export function routeKind(route: RouteData): string {
  const parts = [`${route.length} ${route.color}`];
  if (route.kind === 'ferry') parts.push(`ferry with ${route.locomotives} locomotive ${route.locomotives === 1 ? 'space' : 'spaces'}`);
  if (route.tracks > 1) parts.push(`track ${route.track} of ${route.tracks}`);
  if (route.drawBonus > 0) parts.push(`+${route.drawBonus} ${route.drawBonus === 1 ? 'card' : 'cards'} when claimed`);
  return parts.join(', ');
}

export interface RouteEntry {
  id: number;
  name: string;
  kind: string;
  claimable: boolean;
  status: string;
  owner: number | null;
}

/** The route list, the map's accessible twin: every track, by city names, claimable ones first. */
export function routeList(input: TtrTableInput, legal: readonly Action[]): RouteEntry[] {
  const map = mapOf(input.view.options.map);
  const entries = map.routes.map((r): RouteEntry => {
    const c = claimability(input.view, map, input.seat, r, legal);
    const owner = input.view.claims[String(r.id)];
    return { id: r.id, name: routeName(map, r), kind: routeKind(r), claimable: c.ok, status: c.why, owner: owner ?? null };
  });
  return entries.sort((a, b) => Number(b.claimable) - Number(a.claimable) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id);
}

/** The payment chooser for one route: every exact payment this seat can make, cheapest first, and the one shown. */
export interface PaymentChoice {
  route: number;
  options: Payment[];
  index: number;
}

/** Opens the chooser prefilled with the cheapest payment (the rules list the fewest locomotives first). */
export function openPayment(view: GameView, seat: number, route: number): PaymentChoice | null {
  const options = payments(view, seat, route);
  return options.length ? { route, options, index: 0 } : null;
}

export function cyclePayment(c: PaymentChoice, step: number): PaymentChoice {
  const n = c.options.length;
  return { ...c, index: (((c.index + step) % n) + n) % n };
}

/**
 * Whether a payment pays some locomotive space of a ferry with two cards of one colour: every such pair is
 * one card more than the spaces, so an exact payment holds as many pairs as it has cards beyond the length.
 */
export function pairsIn(route: RouteData, p: Payment): number {
  if (route.kind !== 'ferry') return 0;
  let cards = 0;
  for (const c of CARDS) cards += p[c] ?? 0;
  return Math.max(0, cards - route.length);
}

/** The cities to light up on the map for some tickets (the ticket picker's hover, or all offered at once). */
export function ticketCities(map: GameMap, ticketIds: readonly number[]): Set<string> {
  const out = new Set<string>();
  for (const id of ticketIds) {
    const t = map.ticket.get(id);
    if (!t) continue;
    out.add(t.from);
    out.add(t.to);
  }
  return out;
}

/**
 * A shortest way to join a ticket's two cities from here, for the map to show beside its cities: spaces
 * still to claim, counting this seat's own routes as free and leaving out routes others hold or that are
 * closed. Route ids (one track per city pair); empty when the cities cannot be joined any more.
 */
export function ticketPath(view: GameView, seat: number | null, ticket: number): number[] {
  const map = mapOf(view.options.map);
  const t = map.ticket.get(ticket);
  if (!t) return [];
  const cost = new Map<string, number>([[t.from, 0]]);
  const via = new Map<string, { city: string; route: number }>();
  const done = new Set<string>();
  const adj = new Map<string, RouteData[]>();
  for (const r of map.routes) {
    for (const c of [r.from, r.to]) adj.set(c, [...(adj.get(c) ?? []), r]);
  }
  // Dijkstra over at most some fifty cities: a linear scan for the nearest is plenty.
  for (;;) {
    let city: string | null = null;
    for (const [c, d] of cost) if (!done.has(c) && (city === null || d < cost.get(city)!)) city = c;
    if (city === null || city === t.to) break;
    done.add(city);
    for (const r of adj.get(city) ?? []) {
      const owner = view.claims[String(r.id)];
      const mine = owner !== undefined && owner === seat;
      if (!mine && (owner !== undefined || routeState(view, map, r).kind !== 'open')) continue;
      const next = r.from === city ? r.to : r.from;
      const d = cost.get(city)! + (mine ? 0 : r.length);
      if (d < (cost.get(next) ?? Infinity)) {
        cost.set(next, d);
        via.set(next, { city, route: r.id });
      }
    }
  }
  if (!cost.has(t.to)) return [];
  const out: number[] = [];
  for (let c = t.to; c !== t.from;) {
    const step = via.get(c)!;
    out.push(step.route);
    c = step.city;
  }
  return out.reverse();
}

export interface BonusLine {
  id: BonusCardId;
  name: string;
  points: number;
  measures: string;
  /** Seats leading by what everyone can see; empty when nobody has any yet or it is hidden. */
  leaders: number[];
  best: number;
  /** The card counts something hidden until the end (hands, tickets): then only this seat's own number is known. */
  hidden: boolean;
  mine: number | null;
}

/**
 * The four bonus cards in play, with who leads each now by public measures (and this seat's own). The rules'
 * standings say what a view can measure: a card with a measure this seat cannot see (others' hands or tickets
 * before the end) is hidden. `trails`, one per table, answers the longest trail from memory while a seat's
 * routes are unchanged (a table draws the bonus cards after every move and every local click).
 */
export function bonusLines(view: GameView, seat: number | null, trails: TrailCache = new TrailCache()): BonusLine[] {
  const standing = new Map(bonusStandings(view, trails).map((b) => [b.card, b]));
  return view.bonusCards.map((id) => {
    const def = BONUS_CARDS.find((b) => b.id === id)!;
    const { measures, leaders } = standing.get(id)!;
    const hidden = measures.some((m) => m === null);
    const best = hidden ? 0 : Math.max(0, ...(measures as number[]));
    return { id, name: def.name, points: def.points, measures: def.measures, leaders, best, hidden, mine: seat === null ? null : measures[seat] ?? null };
  });
}

/** The decision this seat has to make now, if any. */
export function myDecision(view: GameView, seat: number | null): Decision | null {
  if (seat === null) return null;
  return pending(view).find((d) => d.seat === seat) ?? null;
}

/** The line at the top: whose turn, what to do, and the last round. */
export function turnLine(view: GameView, seat: number | null, names: readonly string[]): string {
  if (view.gameOver) {
    const won = view.result ? scoreBreakdown(view).winners.map((w) => (w === seat ? 'you' : names[w] ?? `Seat ${w + 1}`)) : [];
    return won.length === 0 ? 'The game is over.' : `The game is over: ${andList(won)} ${won.length > 1 ? 'share the win' : won[0] === 'you' ? 'win' : 'wins'}.`;
  }
  const d = myDecision(view, seat);
  const last = view.finalTurnsLeft !== null
    ? ` Last round: ${view.finalTurnsLeft} ${view.finalTurnsLeft === 1 ? 'turn' : 'turns'} left.` : '';
  if (view.turn.step === 'setup') {
    if (d) return `Choose the tickets you keep (at least ${d.kind === 'keepTickets' ? d.min : 2}).`;
    const waiting = waitingLine(view, seat, names);
    return waiting ? `${waiting}.` : 'Waiting for the others to choose their tickets.';
  }
  if (d?.kind === 'turn') return `Your turn: draw cards, claim a route or draw tickets.${last}`;
  if (d?.kind === 'secondCard') return `Your turn: take a second card (not a face-up locomotive).${last}`;
  if (d?.kind === 'keepTickets') return `Your turn: keep at least ${d.min} of the tickets drawn.${last}`;
  return `${names[view.turn.seat] ?? `Seat ${view.turn.seat + 1}`}'s turn.${last}`;
}

/** Names joined for a sentence: "Ada", "Ada and Bo", "Ada, Bo and Cy". */
function andList(xs: readonly string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/**
 * Who the table waits for and what they have to do, for a seat that has nothing to decide now (a spectator,
 * or a player between turns): shown beside the controls it cannot use. Null when this seat is to decide, or
 * the game is over.
 */
export function waitingLine(view: GameView, seat: number | null, names: readonly string[]): string | null {
  if (view.gameOver || myDecision(view, seat)) return null;
  const others = pending(view);
  if (others.length === 0) return null;
  const who = (s: number): string => names[s] ?? `Seat ${s + 1}`;
  if (others.every((d) => d.kind === 'keepTickets') && view.turn.step === 'setup') {
    return `Waiting for ${andList(others.map((d) => who(d.seat)))} to choose their tickets`;
  }
  const d = others[0];
  switch (d.kind) {
    case 'turn': return `Waiting for ${who(d.seat)} to claim or draw`;
    case 'secondCard': return `Waiting for ${who(d.seat)} to take a second card`;
    case 'keepTickets': return `Waiting for ${who(d.seat)} to choose tickets`;
  }
}

/** The legal actions for this seat now (none for a spectator). */
export function legalFor(view: GameView, seat: number | null): Action[] {
  if (seat === null || view.gameOver) return [];
  return legalActions(view, seat);
}

/**
 * One longest trail of a seat's routes (route ids in walking order): the same search as the rules' length,
 * keeping the path. Cities may repeat, routes may not.
 */
export function longestTrailRoutes(edges: readonly Edge[]): number[] {
  const incident = new Map<string, number[]>();
  edges.forEach((e, i) => {
    incident.set(e.a, [...(incident.get(e.a) ?? []), i]);
    if (e.b !== e.a) incident.set(e.b, [...(incident.get(e.b) ?? []), i]);
  });
  const used = new Array<boolean>(edges.length).fill(false);
  let best = 0;
  let bestPath: number[] = [];
  const path: number[] = [];
  const walk = (city: string, got: number): void => {
    if (got > best) {
      best = got;
      bestPath = path.slice();
    }
    for (const i of incident.get(city) ?? []) {
      if (used[i]) continue;
      used[i] = true;
      path.push(edges[i].id);
      const e = edges[i];
      walk(e.a === city ? e.b : e.a, got + e.length);
      path.pop();
      used[i] = false;
    }
  };
  for (const city of incident.keys()) walk(city, 0);
  return bestPath;
}

/**
 * The end screen's trail for a seat: its length from the table's TrailCache (the same number the bonus card
 * counts, searched once per network), and one walk of that length for the map to draw. The rules answer
 * the length only, so the walk comes from this module's own search; it runs only for the seat whose trail
 * is shown, and the cache's length is the check that both searches agree.
 */
export function trailOf(view: GameView, seat: number, trails: TrailCache): { routes: number[]; length: number } {
  const map = mapOf(view.options.map);
  const edges = edgesOf(map, view.claims, seat);
  return { routes: longestTrailRoutes(edges), length: trails.trail(map.id, seat, edges) };
}

/** One row of the end screen's standings: the place (shared when every tie-break is equal too) and the sums. */
export interface Standing {
  place: number;
  seat: number;
  routes: number;
  tickets: number;
  bonus: number;
  total: number;
  completed: number;
  bonusWon: number;
}

/** The final count in places: by total, then completed tickets, then bonus cards won (the rules' tie-breaks). */
export function standings(sb: ScoreBreakdown): Standing[] {
  const rows = sb.players.map((p): Standing => ({
    place: 0, seat: p.seat, routes: p.routePoints, tickets: p.ticketPoints, bonus: p.bonusPoints, total: p.total, completed: p.completedTickets, bonusWon: p.bonusCardsWon,
  }));
  rows.sort((a, b) => b.total - a.total || b.completed - a.completed || b.bonusWon - a.bonusWon || a.seat - b.seat);
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    r.place = prev && prev.total === r.total && prev.completed === r.completed && prev.bonusWon === r.bonusWon ? prev.place : i + 1;
  });
  return rows;
}

/** How the winner was found, in words. */
export function decidedText(d: DecidedBy): string {
  switch (d) {
    case 'score': return 'Decided on points.';
    case 'tickets': return 'Level on points: the most completed tickets decided it.';
    case 'bonus-cards': return 'Level on points and completed tickets: the most bonus cards won decided it.';
    case 'shared': return 'Level on points, completed tickets and bonus cards won: the win is shared.';
  }
}

/** Why the game ended, in words. */
export function endReason(view: GameView, names: readonly string[]): string {
  if (view.result?.reason === 'passes') return 'The game ended when nobody could do anything but pass.';
  const s = view.endTriggeredBy;
  return s !== null ? `The game ended after the last round: ${names[s] ?? `Seat ${s + 1}`} ran down to two trains or fewer.` : 'The game ended after the last round.';
}
