/**
 * The second game's log lines: what each rules event says, in the words a player would use. The rules'
 * events are data without text (they are also what bots and replays read): the server words its log with
 * these, and a replay viewer words the moves it plays again the same way.
 * An event never holds a hidden card or ticket: a blind draw says only that a card was drawn, a ticket
 * choice only how many were kept and returned.
 */
import { mapOf, type GameEvent, type GameState, type Hand } from '@isle-of-trains/ttr-rules';

/** One log line: the seat it is about (−1 for none), its type and its words. */
export interface TtrLogLine {
  seat: number;
  type: string;
  text: string;
}

const CARD_WORDS: Record<keyof Hand, string> = {
  purple: 'purple', blue: 'blue', orange: 'orange', white: 'white', green: 'green', yellow: 'yellow', black: 'black', red: 'red', loco: 'locomotive',
};

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "3 red and 1 locomotive": the cards of a payment, in the hand's order. */
export function paidWords(paid: Partial<Hand>): string {
  const parts = (Object.keys(CARD_WORDS) as (keyof Hand)[])
    .filter((c) => (paid[c] ?? 0) > 0)
    .map((c) => (c === 'loco' ? plural(paid[c]!, 'locomotive') : `${paid[c]} ${CARD_WORDS[c]}`));
  if (parts.length <= 1) return parts[0] ?? 'nothing';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** One event as a log line; `s` gives the seats' names and the map (neither changes during a game). */
export function ttrEventLine(e: GameEvent, s: GameState): TtrLogLine {
  const name = (seat: number) => s.options.names[seat] ?? `Seat ${seat + 1}`;
  switch (e.type) {
    case 'ticketsKept':
      return { seat: e.seat, type: e.type, text: `${name(e.seat)} kept ${plural(e.kept, 'ticket')}${e.returned > 0 ? ` and gave ${e.returned} back` : ''}.` };
    case 'drewFaceUp':
      return { seat: e.seat, type: e.type, text: `${name(e.seat)} took a face-up ${CARD_WORDS[e.card]} card.` };
    case 'drewBlind':
      return { seat: e.seat, type: e.type, text: `${name(e.seat)} drew a card from the deck.` };
    case 'reshuffled':
      return { seat: -1, type: e.type, text: `The discards were shuffled into a new deck of ${plural(e.cards, 'card')}.` };
    case 'claimed': {
      const r = mapOf(s.options.map).route.get(e.route);
      const where = r ? `${cityName(s, r.from)} – ${cityName(s, r.to)}` : `route ${e.route}`;
      return { seat: e.seat, type: e.type, text: `${name(e.seat)} claimed ${where} with ${paidWords(e.paid)} for ${plural(e.points, 'point')}.` };
    }
    case 'bonusDraw':
      return {
        seat: e.seat, type: e.type,
        text: e.drawn === e.wanted
          ? `${name(e.seat)} drew ${plural(e.drawn, 'extra card')} for the +${e.wanted} route.`
          : `${name(e.seat)} was owed ${plural(e.wanted, 'extra card')} for the +${e.wanted} route; the deck had only ${e.drawn}.`,
      };
    case 'drewTickets':
      return { seat: e.seat, type: e.type, text: `${name(e.seat)} drew ${plural(e.count, 'ticket')} to choose from.` };
    case 'passed':
      return { seat: e.seat, type: e.type, text: `${name(e.seat)} could do nothing and passed.` };
    case 'finalRound':
      return { seat: e.seat, type: e.type, text: `${name(e.seat)} is down to ${plural(e.trainsLeft, 'train')}: everyone has one more turn.` };
    case 'gameOver':
      return { seat: -1, type: 'end', text: e.reason === 'trains' ? 'The last round is over: the game ends.' : 'Nobody could do anything but pass: the game ends.' };
  }
}

function cityName(s: GameState, id: string): string {
  return mapOf(s.options.map).city.get(id)?.name ?? id;
}
