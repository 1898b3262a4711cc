/**
 * The shapes of a game: the full state (server only), the per-viewer view,
 * decisions and results. Everything is plain JSON so it can be stored, sent
 * and replayed.
 */
import type { BonusKind, CargoType } from './catalogue';
import type { RngState } from '@isle-of-trains/engine-core';

export type Seat = number;
export type Viewer = Seat | 'spectator';
export type SoloMode = 'challenge' | 'scenario';

export interface GameOptions {
  /** 1 for solo games, 2–4 for multiplayer. */
  players: number;
  /** Any string; the same seed and actions always replay the same game. */
  seed: string;
  /** Solo only: the Challenge or a scenario chapter. Defaults to 'challenge' when players is 1. */
  mode?: SoloMode;
  /** Solo scenario chapter 1–10. */
  scenario?: number;
  /** Display names for the game log, one per seat. */
  names?: string[];
}

/** Options as they appear in a view: never the seed. */
export interface PublicOptions {
  players: number;
  mode: 'multiplayer' | SoloMode;
  scenario: number | null;
  names: string[];
}

/**
 * Something loaded on a car. A face-down card counts as the car's type. Only the seat that loaded it
 * (`by`, set on face-down loads) knows which card it is; everyone else, the car's owner included, sees
 * `card: null` in their view.
 */
export type Load =
  | { kind: 'card'; card: string | null; as: CargoType | 'any'; faceDown: boolean; by?: Seat }
  | { kind: 'passenger'; id: string };

export interface Car {
  card: string;
  loads: Load[];
}

/** An island card a player holds. `secondary` is null while it lies primary side up beside the engine. */
export interface HeldIsland {
  island: string;
  secondary: number | null;
}

export interface PlayerState {
  seat: Seat;
  name: string;
  hand: string[];
  /** train[0] is always the engine; new cars are added on the right. */
  train: Car[];
  buildings: string[];
  islands: HeldIsland[];
  supply: string[];
  vp: number;
  /**
   * Passengers this player delivered for a ticket reward, per destination (Caboose 10's included, whose
   * passenger goes back to the bag): a record of the player's deliveries that no score reads. Station
   * buildings count the passengers sitting on their two destinations' ticket tiles instead, whoever
   * delivered them (score.ts, buildingPoints).
   */
  delivered: Record<string, number>;
}

export interface TicketState {
  destination: string;
  tile: string;
  /** Passenger ids, left to right. */
  filled: string[];
}

export interface DeliveryProgress {
  at: string;
  steps: number;
  primary: boolean;
  secondary: boolean;
  passengerAsCargoUsed: boolean;
  remoteTicketUsed: boolean;
  anyPassengerUsed: boolean;
}

/** Work the current turn still has to do, first item first. */
export type Task =
  | { kind: 'pay'; count: number; reason: 'build' | 'faceDown'; label: string }
  | { kind: 'discard'; count: number; source: string }
  | { kind: 'bonus'; bonus: BonusKind; source: string }
  | { kind: 'delivery'; progress: DeliveryProgress; afterDelivery?: Task[] }
  | { kind: 'handLimit' }
  | { kind: 'draw'; count: number; source: string }
  | { kind: 'passengers'; count: number; source: string }
  | { kind: 'vp'; count: number; source: string };

export interface TurnState {
  seat: Seat;
  /** Main actions left this turn (bonus actions never count). */
  actionsLeft: number;
  queue: Task[];
  /** The end-of-turn checks have run (the hand-limit discards may still be pending). */
  ending: boolean;
  number: number;
}

export type SoloOutcome = 'playing' | 'won' | 'lost' | 'finished';

export interface GameResult {
  reason: 'progress' | 'cards' | 'deck-empty' | 'objective';
  solo: SoloOutcome | null;
}

export interface GameState {
  kind: 'state';
  version: 1;
  options: GameOptions;
  rng: RngState;
  /** The top of the deck is the last element. */
  deck: string[];
  /** The top of the discard pile is the last element. */
  discard: string[];
  display: string[];
  bag: string[];
  /** Island cards still on the map. */
  islandsOnMap: string[];
  tickets: TicketState[];
  progress: number;
  progressTrain: Seat | null;
  players: PlayerState[];
  turn: TurnState;
  endTriggered: boolean;
  finalTurnsLeft: number | null;
  gameOver: boolean;
  result: GameResult | null;
}

export interface PlayerViewPlayer extends Omit<PlayerState, 'hand'> {
  /** Only the viewer's own hand; null for everyone else. */
  hand: string[] | null;
  handCount: number;
}

/** Exactly what one viewer may see. Contains no deck order, bag contents, seed or other hands. */
export interface PlayerView {
  kind: 'view';
  version: 1;
  viewer: Viewer;
  options: PublicOptions;
  deckCount: number;
  discardCount: number;
  discardTop: string | null;
  display: string[];
  bagCount: number;
  islandsOnMap: string[];
  tickets: TicketState[];
  progress: number;
  progressThreshold: number | null;
  progressTrain: Seat | null;
  players: PlayerViewPlayer[];
  turn: TurnState;
  endTriggered: boolean;
  finalTurnsLeft: number | null;
  gameOver: boolean;
  result: GameResult | null;
}

export type Decision =
  | { seat: Seat; kind: 'action'; actionsLeft: number }
  | { seat: Seat; kind: 'bonus'; bonus: BonusKind; source: string }
  | { seat: Seat; kind: 'pay'; count: number; reason: 'build' | 'faceDown'; label: string }
  | { seat: Seat; kind: 'discard'; count: number; source: string }
  | { seat: Seat; kind: 'handLimit'; count: number }
  | { seat: Seat; kind: 'delivery'; progress: DeliveryProgress };

export interface GameEvent {
  /** Machine-readable kind, e.g. 'take', 'build', 'load', 'deliver', 'turn', 'game-over'. */
  type: string;
  seat: Seat | null;
  /** Words a game log can show. Never contains hidden information. */
  text: string;
}

export interface RuleError {
  code: string;
  message: string;
}

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; error: RuleError };
