/**
 * The second game's `game` part of the room state in plain JSON form, as clients read it:
 * `ttrGameFromWire(room.state.toJSON().game)` (./wire.ts parses the few records that travel as JSON text).
 * The server's schema (packages/server/src/wire/ttr/schema.ts) encodes exactly the wire form of these
 * fields; docs/PROTOCOL.md ("Second game") says what each means. Everything here is public except the
 * three fields marked as the owner's: those reach only the seat's own connection.
 */
import type { BonusCardId, Card, Decision, Hand, ScoreBreakdown } from '@isle-of-trains/ttr-rules';

/** One bonus card in play as it stands now (ttr-rules' `bonusStandings` on the public view). */
export interface TtrBonusJSON {
  card: BonusCardId;
  /** Per seat, in seat order; −1 where the public table does not show enough (a ticket card, Call of the wild) until the game is over. */
  measures: number[];
  /** The seats leading it; none while any measure is unknown or the best is 0. */
  leaders: number[];
}

/** What the final count shows of a seat once the game is over (null while it runs). */
export interface TtrShownJSON {
  hand: Hand;
  /** Ticket ids kept, in the order they were kept. */
  tickets: number[];
}

/** One seat's player. */
export interface TtrPlayerJSON {
  seat: number;
  name: string;
  trainsLeft: number;
  /** Points for claimed routes so far: the score the table shows while the game runs. */
  routePoints: number;
  handCount: number;
  ticketCount: number;
  /** Tickets this seat is choosing from now (0: not choosing). */
  offerCount: number;
  /** Owner only: the hand, a count per card. Absent for everyone else. */
  hand?: Hand;
  /** Owner only: kept ticket ids, in the order kept (empty for everyone else). */
  tickets?: number[];
  /** Owner only: the ticket ids on offer, or null when not choosing. */
  offer?: number[] | null;
  /** Everyone, once the game is over: the hand and tickets, as the final count shows them; null before. */
  shown: TtrShownJSON | null;
}

/** The turn in progress (during the opening ticket choice: the seat that will move first). */
export interface TtrTurnJSON {
  seat: number;
  /** Turns begun, counting from 1 at the first turn after the opening choice. */
  number: number;
  /** 'setup' | 'turn' | 'secondCard' | 'keepTickets' */
  step: 'setup' | 'turn' | 'secondCard' | 'keepTickets';
}

/** The second game's `game` part (it mirrors ttr-rules' `GameView` of a spectator, plus each seat's own part). */
export interface TtrGameJSON {
  /** The board the game is played on: its id, version and SHA-256; a client with another copy of that map must not play on it. */
  mapId: string;
  mapVersion: string;
  mapHash: string;
  /** The rules version that created the game. */
  rulesVersion: number;
  deckCount: number;
  discardCount: number;
  /** The discard pile by card (spent cards go down face up). */
  discardCounts: Hand;
  /** The five face-up slots; '' for a slot left empty when no card was left to fill it. */
  display: (Card | '')[];
  ticketDeckCount: number;
  /** The four bonus cards in play, with their measures and leaders now. */
  bonus: TtrBonusJSON[];
  /** Entry i is the owner seat of the map's route i (route id i + 1), −1 while open. */
  claims: number[];
  players: TtrPlayerJSON[];
  turn: TtrTurnJSON;
  /** Passes in a row (as many as there are players end the game). */
  passesInARow: number;
  /** The seat whose train count triggered the last round; −1 before. */
  endTriggeredBy: number;
  /** Turns left in the last round; −1 before it starts. */
  finalTurnsLeft: number;
  gameOver: boolean;
  /** '' while playing, else 'trains' | 'passes'. */
  resultReason: '' | 'trains' | 'passes';
  /** The decisions open now (ttr-rules' `pending`): several seats at once in the opening ticket choice. */
  pending: Decision[];
  /** The final count once the game is over (ttr-rules' `scoreBreakdown`), null before. */
  scores: ScoreBreakdown | null;
}

/**
 * A whole `ttr` room state in JSON form: the table's fields as for Isle (phase, seats, log, undoable, …)
 * with the second game's `game` part. `ttrStateFromWire(room.state.toJSON())` gives it.
 */
export interface TtrStateJSON extends Omit<import('../state').IsleStateJSON, 'game'> {
  /** Absent in the lobby. */
  game?: TtrGameJSON;
}
