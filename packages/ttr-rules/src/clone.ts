/**
 * Copy of a game state: every array and object the rules write to is copied; the options (never written
 * after createGame) are shared. A new field in GameState must be added here (the simulator-against-apply
 * test compares whole states, so a forgotten one shows up there).
 */
import type { RngState } from '@isle-of-trains/engine-core';
import type { Action } from './actions';
import type { GameState, PlayerState } from './types';

export function cloneState(s: GameState): GameState {
  return {
    kind: s.kind,
    version: s.version,
    options: s.options,
    rng: cloneRng(s.rng),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    display: s.display.slice(),
    ticketDeck: s.ticketDeck.slice(),
    bonusCards: s.bonusCards.slice(),
    claims: { ...s.claims },
    players: s.players.map(clonePlayer),
    turn: { ...s.turn },
    setupReturns: s.setupReturns.map((l) => l.slice()),
    passesInARow: s.passesInARow,
    endTriggeredBy: s.endTriggeredBy,
    finalTurnsLeft: s.finalTurnsLeft,
    gameOver: s.gameOver,
    result: s.result === null ? null : { ...s.result },
  };
}

/**
 * applyAction's copy (structural sharing): what `action` can write is copied, the rest is shared with the
 * input. An action writes only to the acting seat's player (runAction), so the other players are shared;
 * only a claim writes `claims`, only a ticket draw or choice the ticket deck and the opening returns. The
 * deck, discard pile, display and generator are always copied: any action that ends a turn may refill the
 * display from them. The property tests check after every action that applyAction left its input exactly
 * as it was, so a write to a shared part would fail them.
 */
export function cloneStateFor(s: GameState, seat: number, action: Action['type']): GameState {
  const tickets = action === 'keepTickets' || action === 'drawTickets';
  return {
    kind: s.kind,
    version: s.version,
    options: s.options,
    rng: cloneRng(s.rng),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    display: s.display.slice(),
    ticketDeck: tickets ? s.ticketDeck.slice() : s.ticketDeck,
    bonusCards: s.bonusCards,
    claims: action === 'claim' ? { ...s.claims } : s.claims,
    players: s.players.map((p, i) => (i === seat ? clonePlayer(p) : p)),
    turn: { ...s.turn },
    setupReturns: tickets ? s.setupReturns.map((l) => l.slice()) : s.setupReturns,
    passesInARow: s.passesInARow,
    endTriggeredBy: s.endTriggeredBy,
    finalTurnsLeft: s.finalTurnsLeft,
    gameOver: s.gameOver,
    result: s.result === null ? null : { ...s.result },
  };
}

function cloneRng(r: RngState): RngState {
  return r.kind === 'xoshiro128' ? { kind: r.kind, s: [r.s[0], r.s[1], r.s[2], r.s[3]] } : { kind: r.kind, key: r.key, position: r.position };
}

function clonePlayer(p: PlayerState): PlayerState {
  return {
    seat: p.seat,
    name: p.name,
    trainsLeft: p.trainsLeft,
    hand: { ...p.hand },
    tickets: p.tickets.slice(),
    offer: p.offer === null ? null : p.offer.slice(),
    routePoints: p.routePoints,
  };
}
