/**
 * Whether a step showed anybody something that was hidden before it: the line a take-back (undo) may not
 * cross. A player who could take back a deck draw would see the card and choose again, so servers let a
 * player undo only the steps of their own turn since the last one that revealed something (reading and
 * reasons in CATALOGUE.md, "Taking a step back").
 *
 * The test compares the hidden parts of the two states rather than listing actions, so that any effect
 * (a car's draw reward, a reshuffle inside a draw, the display refill and the solo night discard at the
 * end of a turn) counts without a list to keep in step with the rules:
 *  - the generator moved: a shuffle or a passenger drawn from the bag;
 *  - a card left the deck, or the deck was replaced (drawn, dealt to the display, discarded at night);
 *  - a passenger left the bag;
 *  - the discard pile lost its top: the card under it, which no view shows, is now on top;
 *  - another seat's hand changed: a hand only its owner sees;
 *  - a face-down load left its car (delivered or scrapped): its card goes face up onto the discard pile,
 *    where everyone, the car's owner included, now sees what only its loader knew.
 * Cards put on top of the deck, passengers put back into the bag and cards from a hand discarded onto the
 * pile add what everyone saw go there (or what only their owner knew and now shows), so they reveal nothing
 * the mover could choose again from.
 */
import { currentDecision } from './decision';
import type { RngState } from '@isle-of-trains/engine-core';
import type { GameState, Seat } from './types';

/** True when going from `before` to `after` (one applyAction) revealed hidden information to anyone. */
export function revealsHidden(before: GameState, after: GameState): boolean {
  if (rngMoved(before.rng, after.rng)) return true;
  if (lostFromBottom(before.deck, after.deck)) return true;
  if (lostFromBottom(before.bag, after.bag)) return true;
  if (after.discard.length < before.discard.length && after.discard.length > 0) return true;
  if (faceDownCards(before).some((c) => !faceDownCards(after).includes(c))) return true;
  const mover: Seat | undefined = currentDecision(before)?.seat;
  return before.players.some((p, seat) => seat !== mover && !sameList(p.hand, after.players[seat]?.hand ?? []));
}

function rngMoved(a: RngState, b: RngState): boolean {
  if (a.kind === 'chacha20' && b.kind === 'chacha20') return a.key !== b.key || a.position !== b.position;
  if (a.kind === 'xoshiro128' && b.kind === 'xoshiro128') return a.s.some((w, i) => w !== b.s[i]);
  return true;
}

/** Some element of `before` is no longer where it was (`after` may only have grown at the end). */
function lostFromBottom(before: readonly string[], after: readonly string[]): boolean {
  if (after.length < before.length) return true;
  for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) return true;
  return false;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The cards lying face down on any car (their ids: the full state knows them). */
function faceDownCards(t: GameState): string[] {
  const out: string[] = [];
  for (const p of t.players) for (const car of p.train) for (const l of car.loads) if (l.kind === 'card' && l.faceDown && l.card) out.push(l.card);
  return out;
}
