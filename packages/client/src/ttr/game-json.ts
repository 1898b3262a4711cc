/**
 * The one mapping from the second game's rules to its `game` part: a spectator view (public by
 * construction: ttr-rules' `playerView(state, 'spectator')` holds no hand, ticket, offer, deck order or
 * seed) plus each seat's private part. The server's schema mirror encodes exactly this
 * (packages/server/src/wire/ttr/mirror.ts); {@link ttrViewFromGame} undoes it. Pure, without zod or the SDK.
 */
import {
  bonusStandings, pending, scoreBreakdown, CARDS, emptyHand, mapOf, type GameState, type GameView, type Hand, type PlayerView, type TrailCache,
} from '@isle-of-trains/ttr-rules';
import type { TtrGameJSON, TtrPlayerJSON } from './state';

/** What only one seat may see of its own player. */
export interface TtrPrivatePart {
  hand: Hand;
  /** Kept ticket ids, in the order kept. */
  tickets: number[];
  /** Ticket ids on offer, or null when not choosing. */
  offer: number[] | null;
}

function copyHand(h: Readonly<Hand>): Hand {
  const out = emptyHand();
  for (const c of CARDS) out[c] = h[c];
  return out;
}

/** The private part of `seat`, read from the full rules state (the server's, or a replayed game's). */
export function ttrPrivatePart(state: GameState, seat: number): TtrPrivatePart {
  const p = state.players[seat];
  return { hand: copyHand(p.hand), tickets: [...p.tickets], offer: p.offer === null ? null : [...p.offer] };
}

function playerJSON(p: PlayerView, priv: TtrPrivatePart | undefined): TtrPlayerJSON {
  return {
    seat: p.seat,
    name: p.name,
    trainsLeft: p.trainsLeft,
    routePoints: p.routePoints,
    handCount: p.handCount,
    ticketCount: p.ticketCount,
    offerCount: p.offerCount,
    hand: priv ? copyHand(priv.hand) : undefined,
    tickets: priv ? [...priv.tickets] : [],
    offer: priv ? (priv.offer === null ? null : [...priv.offer]) : null,
    // A spectator view shows hands and tickets only once the game is over: the final count's reveal.
    shown: p.hand && p.tickets ? { hand: copyHand(p.hand), tickets: p.tickets.map((t) => t.id) } : null,
  };
}

/**
 * The `game` part for a spectator view (`playerView(state, 'spectator')`) and the private parts of the
 * seats (`privates[seat]`; a seat without one gets none). The server fills every seat's and lets each
 * connection see only its own. `trails`, one per table, remembers each seat's longest trail between calls
 * (the Nordic Express standing), so a caller mapping every move searches a network only after it changed.
 */
export function ttrGameJSONFromView(view: GameView, privates: readonly (TtrPrivatePart | undefined)[], trails?: TrailCache): TtrGameJSON {
  if (view.viewer !== 'spectator') throw new Error('ttrGameJSONFromView needs a spectator view');
  const map = mapOf(view.options.map);
  return {
    mapId: view.options.map.id,
    mapVersion: view.options.map.version,
    mapHash: view.options.map.sha256,
    rulesVersion: view.version,
    deckCount: view.deckCount,
    discardCount: view.discardCount,
    discardCounts: copyHand(view.discardCounts),
    display: view.display.map((c) => c ?? ''),
    ticketDeckCount: view.ticketDeckCount,
    bonus: bonusStandings(view, trails).map((b) => ({ card: b.card, measures: b.measures.map((m) => m ?? -1), leaders: b.leaders })),
    claims: map.routes.map((r) => view.claims[String(r.id)] ?? -1),
    players: view.players.map((p) => playerJSON(p, privates[p.seat])),
    turn: { seat: view.turn.seat, number: view.turn.number, step: view.turn.step },
    passesInARow: view.passesInARow,
    endTriggeredBy: view.endTriggeredBy ?? -1,
    finalTurnsLeft: view.finalTurnsLeft ?? -1,
    gameOver: view.gameOver,
    resultReason: view.result?.reason ?? '',
    pending: pending(view),
    scores: view.gameOver ? scoreBreakdown(view) : null,
  };
}
