/**
 * Copies of a game state. Every array and object the rules write to is copied; the options (never written
 * after createGame) are shared. A new field in GameState must be added to `copyOf` (the simulator-against-apply
 * test compares whole states, so a forgotten one shows up there).
 */
import { copyRng } from '@isle-of-trains/engine-core';
import type { Action } from './actions';
import type { GameState, PlayerState } from './types';

/** A whole copy: nothing in it is shared with `s` but the options. */
export function cloneState(s: GameState): GameState {
  return copyOf(s, -1, true, true, true);
}

/**
 * applyAction's copy (structural sharing): what `action` can write is copied, the rest is shared with the
 * input. An action writes only to the acting seat's player (runAction), so the other players are shared;
 * only a claim writes `claims`, only a ticket draw or choice the ticket deck and the opening returns. The
 * deck, discard pile and display are written by the actions that draw or pay cards, and by the refill at a
 * turn's end, which draws only into an empty slot: with every slot full, a ticket action or a pass leaves
 * them as they are and they are shared (a room keeps each state for a turn, and the deck's copy was most of
 * what such an action left behind). The generator is always copied. The property tests check after every
 * action that applyAction left its input exactly as it was, so a write to a shared part would fail them.
 */
export function cloneStateFor(s: GameState, seat: number, action: Action['type']): GameState {
  const cards = action === 'drawFaceUp' || action === 'drawBlind' || action === 'claim' || s.display.includes(null);
  return copyOf(s, seat, action === 'keepTickets' || action === 'drawTickets', action === 'claim', cards);
}

/**
 * The copy both make: the players of `seat` (every player when it is -1), the ticket deck and opening returns
 * when `tickets`, the claims when `claims`, the deck, discard pile and display when `cards`, and always the
 * generator and the turn. The bonus cards are never written after createGame; only the whole copy gives them a
 * new array.
 */
function copyOf(s: GameState, seat: number, tickets: boolean, claims: boolean, cards: boolean): GameState {
  const all = seat < 0;
  return {
    kind: s.kind,
    version: s.version,
    options: s.options,
    rng: copyRng(s.rng),
    deck: cards ? s.deck.slice() : s.deck,
    discard: cards ? s.discard.slice() : s.discard,
    display: cards ? s.display.slice() : s.display,
    ticketDeck: tickets ? s.ticketDeck.slice() : s.ticketDeck,
    bonusCards: all ? s.bonusCards.slice() : s.bonusCards,
    claims: claims ? { ...s.claims } : s.claims,
    players: s.players.map((p, i) => (all || i === seat ? clonePlayer(p) : p)),
    turn: { ...s.turn },
    setupReturns: tickets ? s.setupReturns.map((l) => l.slice()) : s.setupReturns,
    passesInARow: s.passesInARow,
    endTriggeredBy: s.endTriggeredBy,
    finalTurnsLeft: s.finalTurnsLeft,
    gameOver: s.gameOver,
    result: s.result === null ? null : { ...s.result },
  };
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
