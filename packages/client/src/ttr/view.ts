/**
 * The one mapping from the decoded `game` part to ttr-rules' `GameView` of one seat (or a spectator), so a
 * client can call `legalActions`, `payments`, `pending`… locally and get the server's answer. Pure.
 * The tests check that it equals the server's own `playerView` for every seat after every step.
 */
import {
  components, edgesOf, mapOf, CARDS, emptyHand,
  type Card, type GameView, type Hand, type MapRef, type PlayerView, type Step, type ViewTicket,
} from '@isle-of-trains/ttr-rules';
import type { TtrGameJSON, TtrPlayerJSON } from './state';

/** Whose view: a seat, or a spectator's (no hand, ticket or offer while the game runs). */
export type TtrViewer = number | 'spectator';

const list = <T>(x: readonly T[] | undefined | null): T[] => (Array.isArray(x) ? [...x] : []);

function hand(h: Partial<Hand> | undefined): Hand {
  const out = emptyHand();
  for (const c of CARDS) out[c] = typeof h?.[c] === 'number' ? h[c] : 0;
  return out;
}

/**
 * The seat's view of the game from its decoded `game` part, exactly as ttr-rules' `playerView` builds it on
 * the server. Ticket cities, points and whether each is completed come from the map and the claims.
 *
 * ```ts
 * const view = ttrViewFromGame(ttrGameFromWire(room.state.toJSON().game), mySeat);   // or 'spectator'
 * const moves = legalActions(view, mySeat);
 * ```
 */
export function ttrViewFromGame(g: TtrGameJSON, viewer: TtrViewer): GameView {
  const ref: MapRef = { id: g.mapId, version: g.mapVersion, sha256: g.mapHash };
  const map = mapOf(ref);
  const claims: Record<string, number> = {};
  map.routes.forEach((r, i) => {
    const owner = g.claims[i];
    if (typeof owner === 'number' && owner >= 0) claims[String(r.id)] = owner;
  });
  const ticketsOf = (seat: number, ids: readonly number[]): ViewTicket[] => {
    const joined = components(edgesOf(map, claims, seat));
    return ids.map((id) => {
      const t = map.ticket.get(id);
      if (!t) throw new Error(`ticket ${id} is not on map ${ref.id}`);
      return { id, from: t.from, to: t.to, points: t.points, completed: joined(t.from, t.to) };
    });
  };
  const player = (p: TtrPlayerJSON): PlayerView => {
    const v: PlayerView = {
      seat: p.seat,
      name: p.name,
      trainsLeft: p.trainsLeft,
      routePoints: p.routePoints,
      handCount: p.handCount,
      ticketCount: p.ticketCount,
      offerCount: p.offerCount,
    };
    const own = viewer === p.seat;
    if (g.gameOver && p.shown) {
      v.hand = hand(p.shown.hand);
      v.tickets = ticketsOf(p.seat, list(p.shown.tickets));
    } else if (own) {
      v.hand = hand(p.hand);
      v.tickets = ticketsOf(p.seat, list(p.tickets));
    }
    if (own) v.offer = Array.isArray(p.offer) && p.offer.length > 0 ? [...p.offer] : null;
    return v;
  };
  return {
    kind: 'view',
    viewer,
    version: g.rulesVersion,
    options: { players: g.players.length, names: g.players.map((p) => p.name), map: ref },
    deckCount: g.deckCount,
    discardCount: g.discardCount,
    discardCounts: hand(g.discardCounts),
    display: list(g.display).map((c) => (c === '' ? null : (c as Card))),
    ticketDeckCount: g.ticketDeckCount,
    bonusCards: list(g.bonus).map((b) => b.card),
    claims,
    players: g.players.map(player),
    turn: { seat: g.turn.seat, number: g.turn.number, step: g.turn.step as Step },
    passesInARow: g.passesInARow,
    endTriggeredBy: g.endTriggeredBy < 0 ? null : g.endTriggeredBy,
    finalTurnsLeft: g.finalTurnsLeft < 0 ? null : g.finalTurnsLeft,
    gameOver: g.gameOver,
    result: g.resultReason === '' ? null : { reason: g.resultReason },
  };
}

/** {@link ttrViewFromGame} from a whole decoded room state: null in the lobby, before the game exists. */
export function ttrViewFromState(state: { phase: string; game?: TtrGameJSON | null }, viewer: TtrViewer): GameView | null {
  const g = state.game;
  if (!g || state.phase === 'lobby' || !g.turn || !Array.isArray(g.players) || g.players.length === 0) return null;
  return ttrViewFromGame(g, viewer);
}
