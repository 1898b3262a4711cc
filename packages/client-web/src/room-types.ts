/**
 * The room state as the client receives it (docs/PROTOCOL.md), in plain JSON form:
 * `room.state.toJSON()` of the Colyseus schema. Everything here is optional-tolerant
 * because patches arrive field by field and the server may add fields.
 */

export interface SeatInfoJson {
  index: number;
  name: string;
  kind: 'empty' | 'human' | 'bot' | string;
  connected: boolean;
  botPlaying: boolean;
  isCreator: boolean;
  botLevel?: string;
}

export interface LoadJson {
  kind: 'card' | 'passenger' | string;
  card: string;
  as: string;
  faceDown: boolean;
  passenger: string;
  /** Face-down loads: the seat that loaded the card (only that seat's faceDownCards names it). */
  by?: number;
}

export interface CarJson {
  card: string;
  loads: LoadJson[];
}

export interface HeldIslandJson {
  island: string;
  /** -1 while the island card lies primary side up. */
  secondary: number;
}

export interface PlayerJson {
  seat: number;
  name: string;
  handCount: number;
  /** Only present (and filled) for the viewer's own seat. */
  hand?: string[];
  /** Owner only: ids of the owner's face-down loads in train order (the loads themselves show card ''). */
  faceDownCards?: string[];
  train: CarJson[];
  buildings: string[];
  islands: HeldIslandJson[];
  supply: string[];
  vp: number;
  delivered: Record<string, number>;
}

export interface TicketJson {
  destination: string;
  tile: string;
  filled: string[];
}

export interface TurnJson {
  seat: number;
  actionsLeft: number;
  number: number;
  ending: boolean;
  queueJson: string;
}

export interface GameJson {
  deckCount: number;
  discardCount: number;
  discardTop: string;
  display: string[];
  bagCount: number;
  islandsOnMap: string[];
  tickets: TicketJson[];
  progress: number;
  /** 0 in solo games. */
  progressThreshold: number;
  /** -1 when nobody holds it. */
  progressTrain: number;
  endTriggered: boolean;
  /** -1 when the end has not been triggered. */
  finalTurnsLeft: number;
  gameOver: boolean;
  resultReason: string;
  soloOutcome: string;
  turn: TurnJson;
  decisionJson: string;
  players: PlayerJson[];
}

export interface LogEntryJson {
  n: number;
  seat: number;
  type: string;
  text: string;
}

export interface RoomStateJson {
  phase: 'lobby' | 'playing' | 'ended' | string;
  code: string;
  seatsTotal: number;
  mode: 'multiplayer' | 'challenge' | 'scenario' | string;
  scenario: number;
  isPrivate: boolean;
  turnTimeLimit: number;
  /** Epoch ms when the current decision times out; 0 = no deadline. */
  decisionDeadline?: number;
  /** 'random' | 'greedy' | 'strong' */
  botLevel?: string;
  seats: SeatInfoJson[];
  seedHash: string;
  seed: string;
  game?: GameJson | null;
  log: LogEntryJson[];
  scoresJson: string;
  soloJson: string;
}
