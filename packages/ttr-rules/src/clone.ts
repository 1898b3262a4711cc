/**
 * Copy of a game state: every array and object the rules write to is copied; the options (never written
 * after createGame) are shared. A new field in GameState must be added here (the simulator-against-apply
 * test compares whole states, so a forgotten one shows up there).
 */
import type { RngState } from '@isle-of-trains/engine-core';
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
