/**
 * Whether a step showed anybody something hidden before it: the line a take-back (undo) may not cross.
 * Compared on the hidden parts of the two states rather than listed by action, so every cause counts:
 * the generator moved (a reshuffle), a card left the deck (a blind draw, a display refill, a "+X" draw),
 * or a ticket left the ticket deck (a ticket draw). Tickets given back go under the deck and cards paid go
 * face up onto the discard pile: they show nothing that could be chosen again.
 */
import type { RngState } from '@isle-of-trains/engine-core';
import type { GameState } from './types';

export function revealsHidden(before: GameState, after: GameState): boolean {
  if (rngMoved(before.rng, after.rng)) return true;
  if (after.deck.length < before.deck.length) return true;
  for (let i = 0; i < before.deck.length; i++) if (before.deck[i] !== after.deck[i]) return true;
  // Tickets are drawn from the end; returns are added at the front, so `before` stays a suffix of `after`.
  const shift = after.ticketDeck.length - before.ticketDeck.length;
  if (shift < 0) return true;
  for (let i = 0; i < before.ticketDeck.length; i++) if (before.ticketDeck[i] !== after.ticketDeck[i + shift]) return true;
  return false;
}

function rngMoved(a: RngState, b: RngState): boolean {
  if (a.kind === 'chacha20' && b.kind === 'chacha20') return a.key !== b.key || a.position !== b.position;
  if (a.kind === 'xoshiro128' && b.kind === 'xoshiro128') return a.s.some((w, i) => w !== b.s[i]);
  return true;
}
