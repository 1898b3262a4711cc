/**
 * The second game's line templates (../log-wire.ts): the words of `ttrEventLine` (./log-text.ts) with holes,
 * so a line travels as a template number and the words that differ. A module of its own, without the map,
 * so that decoding a state does not load what wording a line needs.
 */
import type { LogTemplate } from '../log-wire';

/** Append-only (a line's template is its position); the client's tests hold every line of seeded games to one of these. */
export const TTR_LOG_TEMPLATES: readonly LogTemplate[] = [
  ['drewBlind', '{s} drew a card from the deck.'],
  ['drewFaceUp', '{s} took a face-up {} card.'],
  ['claimed', '{s} claimed {} – {} with {} for {} points.'],
  ['claimed', '{s} claimed {} – {} with {} for 1 point.'],
  ['ticketsKept', '{s} kept {} tickets.'],
  ['ticketsKept', '{s} kept 1 ticket.'],
  ['ticketsKept', '{s} kept {} tickets and gave {} back.'],
  ['ticketsKept', '{s} kept 1 ticket and gave {} back.'],
  ['drewTickets', '{s} drew {} tickets to choose from.'],
  ['drewTickets', '{s} drew 1 ticket to choose from.'],
  ['reshuffled', 'The discards were shuffled into a new deck of {} cards.'],
  ['reshuffled', 'The discards were shuffled into a new deck of 1 card.'],
  ['bonusDraw', '{s} drew {} extra cards for the +{} route.'],
  ['bonusDraw', '{s} drew 1 extra card for the +{} route.'],
  ['bonusDraw', '{s} was owed {} extra cards for the +{} route; the deck had only {}.'],
  ['bonusDraw', '{s} was owed 1 extra card for the +{} route; the deck had only {}.'],
  ['passed', '{s} could do nothing and passed.'],
  ['finalRound', '{s} is down to {} trains: everyone has one more turn.'],
  ['finalRound', '{s} is down to 1 train: everyone has one more turn.'],
  ['end', 'The last round is over: the game ends.'],
  ['end', 'Nobody could do anything but pass: the game ends.'],
];
