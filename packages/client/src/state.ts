/**
 * The room state in plain JSON form, as clients read it: `stateFromWire(room.state.toJSON())` (./wire.ts;
 * a few small records travel as JSON text and are parsed there). The server's schema
 * (packages/server/src/schema.ts) encodes exactly the wire form of these fields (a compile-time check
 * holds the two together: packages/server/test/state-shape.test.ts); docs/PROTOCOL.md says what each
 * means. Strings that could be a union stay `string` where the server may add values.
 */

/** One seat of the table. */
export interface SeatInfoJSON {
  index: number;
  name: string;
  /** 'empty' | 'human' | 'bot' */
  kind: 'empty' | 'human' | 'bot' | (string & {});
  /** Always true for bots. */
  connected: boolean;
  /** A bot plays for an absent human until they come back. */
  botPlaying: boolean;
  isCreator: boolean;
  /** The seated human's public player id when they joined with an identity, else '' (their page: `GET /api/players/:id`). */
  playerId: string;
  /** That identity is a signed-in account (only accounts' games are rated). */
  account: boolean;
}

/** One load on a car. */
export interface LoadJSON {
  /** 'card' | 'passenger' */
  kind: 'card' | 'passenger' | (string & {});
  /** The card id of a face-up cargo load; '' for face-down loads and passengers. */
  card: string;
  /** The cargo type the load counts as ('coal', …, 'any'); '' for passengers. */
  as: string;
  faceDown: boolean;
  /** The passenger id of a passenger load, else ''. */
  passenger: string;
  /** The seat that loaded a face-down card (public); −1 for other loads. */
  by: number;
}

/** One car of a train. */
export interface CarJSON {
  card: string;
  loads: LoadJSON[];
}

/** An island card a player holds. */
export interface HeldIslandJSON {
  island: string;
  /** The chosen secondary contract; −1 while the primary side is up. */
  secondary: number;
}

/** One player of the game. */
export interface PlayerJSON {
  seat: number;
  name: string;
  handCount: number;
  /** Only that seat's connection receives it (absent or empty for everyone else). */
  hand?: string[];
  /** Only that seat's connection: ids of the face-down cards this seat loaded, on any train, in table order. */
  faceDownCards?: string[];
  train: CarJSON[];
  buildings: string[];
  islands: HeldIslandJSON[];
  /** Passenger ids. */
  supply: string[];
  vp: number;
  /** Destination → passengers delivered there. */
  delivered: Record<string, number>;
}

/** A destination ticket on the map. */
export interface TicketJSON {
  destination: string;
  tile: string;
  /** Passenger ids, left to right. */
  filled: string[];
}

/** The turn in progress. */
export interface TurnJSON {
  seat: number;
  actionsLeft: number;
  number: number;
  ending: boolean;
  /** JSON of the rules `TurnState.queue`. */
  queueJson: string;
}

/** The public game (it mirrors the rules `PlayerView`). */
export interface GameJSON {
  deckCount: number;
  discardCount: number;
  /** '' when the discard pile is empty. */
  discardTop: string;
  display: string[];
  bagCount: number;
  islandsOnMap: string[];
  tickets: TicketJSON[];
  progress: number;
  /** 0 in solo games. */
  progressThreshold: number;
  /** −1 when nobody holds it. */
  progressTrain: number;
  endTriggered: boolean;
  /** −1 until the end is triggered. */
  finalTurnsLeft: number;
  gameOver: boolean;
  /** '' while playing, else 'progress' | 'cards' | 'deck-empty' | 'objective'. */
  resultReason: string;
  /** '' in multiplayer, else 'playing' | 'won' | 'lost' | 'finished'. */
  soloOutcome: string;
  turn: TurnJSON;
  /** JSON of the rules `currentDecision` (who must act now and how); 'null' once the game is over. */
  decisionJson: string;
  players: PlayerJSON[];
}

/** One line of the room's log (rules events and room events; never hidden information). */
export interface LogEntryJSON {
  /** 1, 2, 3… over the whole game. */
  n: number;
  /** −1: none. */
  seat: number;
  type: string;
  text: string;
}

/** The whole room state. */
export interface IsleStateJSON {
  /** 'lobby' | 'playing' | 'ended' */
  phase: 'lobby' | 'playing' | 'ended' | (string & {});
  /** The short join code (private rooms too). */
  code: string;
  seatsTotal: number;
  /** 'multiplayer' | 'challenge' | 'scenario' */
  mode: 'multiplayer' | 'challenge' | 'scenario' | (string & {});
  /** Chapter 1–10; 0 when none. */
  scenario: number;
  isPrivate: boolean;
  /** Seconds per decision; 0 = off. */
  turnTimeLimit: number;
  /** Epoch milliseconds when the current decision times out; 0 = none. */
  decisionDeadline: number;
  /** 'random' | 'greedy' | 'strong' */
  botLevel: string;
  seats: SeatInfoJSON[];
  /** The game counts for ratings: in the lobby, whether it would if it started now; from the start on, fixed. */
  rated: boolean;
  /** SHA-256 (hex) of the seed, from the start on. */
  seedHash: string;
  /** '' until the game ends, then the seed. */
  seed: string;
  /** Absent in the lobby. */
  game?: GameJSON;
  /** The last events. */
  log: LogEntryJSON[];
  /** JSON of the rules `ScoreBreakdown` once the game has ended, else ''. */
  scoresJson: string;
  /** JSON of the rules `soloStatus` in solo games, else ''. */
  soloJson: string;
  /** The names of the spectators connected now, in the order they came; its length is the count. */
  spectators: string[];
  /** How many steps the seat to move could take back now with `undo` (0 = none). */
  undoable: number;
}
