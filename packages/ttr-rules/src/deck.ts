/** Drawing train cards: the deck, its reshuffle from the discard pile, and the display. */
import type { Card } from './cards';
import { shuffleInPlace } from '@isle-of-trains/engine-core';
import type { GameEvent, GameState } from './types';

/**
 * The top card of the deck; when the deck is empty the discard pile is shuffled into a new deck first.
 * Null when both are empty (the rulebook allows that: then nothing is drawn).
 */
export function drawCard(s: GameState, events: GameEvent[] | null): Card | null {
  if (s.deck.length === 0 && s.discard.length > 0) {
    s.deck = s.discard;
    s.discard = [];
    shuffleInPlace(s.rng, s.deck);
    events?.push({ type: 'reshuffled', cards: s.deck.length });
  }
  return s.deck.pop() ?? null;
}

/** Fills every empty display slot it can, left to right. */
export function refillDisplay(s: GameState, events: GameEvent[] | null): void {
  for (let i = 0; i < s.display.length; i++) if (s.display[i] === null) s.display[i] = drawCard(s, events);
}
