/** The game's data: plain JSON, so states and views can be stored, sent and compared as text. */
import type { RngState } from '@isle-of-trains/engine-core';
import type { Card, Hand } from './cards';
import type { MapRef } from './map';

export type Seat = number;
export type BonusCardId =
  | 'call-of-the-wild' | 'capital-investment' | 'cost-efficiency' | 'small-steps' | 'nordic-express' | 'local-network'
  | 'international-tycoon' | 'polar-express' | 'snowplow' | 'ferry-master' | 'wild-west';

/** What createGame is given. */
export interface GameOptions {
  players: number;
  seed: string;
  names?: string[];
  /**
   * A map id from mapIds() (its current version; the default is the shipped Northern Europe map), or the exact
   * version a stored game was played on, as its state's `options.map` holds it (a replay of that game).
   */
  map?: string | MapRef;
}

/** What a game keeps of its options: the seed, the names and the exact map (id, version, hash). */
export interface StoredOptions {
  players: number;
  seed: string;
  names: string[];
  map: MapRef;
}

export type Step = 'setup' | 'turn' | 'secondCard' | 'keepTickets';

export interface PlayerState {
  seat: Seat;
  name: string;
  trainsLeft: number;
  hand: Hand;
  /** Kept tickets (ids), in the order they were kept. */
  tickets: number[];
  /** Tickets drawn and not yet chosen from; null when not choosing. */
  offer: number[] | null;
  routePoints: number;
}

export interface TurnState {
  /** The seat whose turn it is (during the opening ticket choice: the seat that will move first). */
  seat: Seat;
  /** Turns begun so far, counting from 1 at the first turn after the opening choice. */
  number: number;
  step: Step;
}

export type EndReason = 'trains' | 'passes';

export interface GameResult {
  reason: EndReason;
}

export interface GameState {
  kind: 'state';
  /** Rules version of the code that created the state (a replay must use the same). */
  version: number;
  options: StoredOptions;
  rng: RngState;
  /** Train deck; the last element is the top. */
  deck: Card[];
  discard: Card[];
  /** Five face-up slots; a slot is null only when neither deck nor discard pile had a card for it. */
  display: (Card | null)[];
  /** Ticket ids; the last element is the top, returned tickets go under (the front). */
  ticketDeck: number[];
  /** The four bonus cards in play. */
  bonusCards: BonusCardId[];
  /** Claimed route id (as a string key) → seat. */
  claims: Record<string, Seat>;
  players: PlayerState[];
  turn: TurnState;
  /** Tickets each seat gave back at the opening choice; they go under the ticket deck, in seat order, once every seat has chosen. */
  setupReturns: number[][];
  /** Pass actions in a row; as many as there are players end the game. */
  passesInARow: number;
  endTriggeredBy: Seat | null;
  /** Turns still to be played once the end is triggered (null before). */
  finalTurnsLeft: number | null;
  gameOver: boolean;
  result: GameResult | null;
}

/** Something the table decides now. During the opening ticket choice every seat decides at once. */
export type Decision =
  | { seat: Seat; kind: 'keepTickets'; /** tickets on offer */ count: number; /** the fewest that may be kept */ min: number }
  | { seat: Seat; kind: 'turn' }
  | { seat: Seat; kind: 'secondCard' };

export interface ViewTicket {
  id: number;
  from: string;
  to: string;
  points: number;
  /** Whether the seat's routes join the two cities now. */
  completed: boolean;
}

export interface PlayerView {
  seat: Seat;
  name: string;
  trainsLeft: number;
  routePoints: number;
  handCount: number;
  ticketCount: number;
  /** Tickets this seat is choosing from (the count is public, the tickets are not). */
  offerCount: number;
  /** Only in the viewer's own entry, and for everyone once the game is over. */
  hand?: Hand;
  tickets?: ViewTicket[];
  /** Only in the viewer's own entry. */
  offer?: number[] | null;
}

export interface GameView {
  kind: 'view';
  viewer: Seat | 'spectator';
  version: number;
  options: { players: number; names: string[]; map: MapRef };
  deckCount: number;
  discardCount: number;
  /** The discard pile by card: cards are spent face up, so this is public. */
  discardCounts: Hand;
  display: (Card | null)[];
  ticketDeckCount: number;
  bonusCards: BonusCardId[];
  claims: Record<string, Seat>;
  players: PlayerView[];
  turn: TurnState;
  passesInARow: number;
  endTriggeredBy: Seat | null;
  finalTurnsLeft: number | null;
  gameOver: boolean;
  result: GameResult | null;
}

export type Table = GameState | GameView;

/** An action refused by apply: a stable code and a sentence for people. */
export interface RuleError {
  code: 'BAD_ACTION' | 'NOT_YOUR_TURN' | 'ILLEGAL' | 'GAME_OVER';
  message: string;
}

/** Public account of what happened (no hidden card or ticket in it). */
export type GameEvent =
  | { type: 'ticketsKept'; seat: Seat; kept: number; returned: number }
  | { type: 'drewFaceUp'; seat: Seat; card: Card }
  | { type: 'drewBlind'; seat: Seat }
  | { type: 'reshuffled'; cards: number }
  | { type: 'claimed'; seat: Seat; route: number; paid: Partial<Hand>; points: number }
  | { type: 'bonusDraw'; seat: Seat; wanted: number; drawn: number }
  | { type: 'drewTickets'; seat: Seat; count: number }
  | { type: 'passed'; seat: Seat }
  | { type: 'finalRound'; seat: Seat; trainsLeft: number }
  | { type: 'gameOver'; reason: EndReason };
