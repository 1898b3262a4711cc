/**
 * The replay of a finished game, as `GET /api/games/:id/replay` sends it (docs/PROTOCOL.md, "After the
 * game"): enough to play the whole game again with the rules package and check the seed and the scores.
 * Types only.
 */
import type { Action, GameOptions, ScoreBreakdown } from '@isle-of-trains/rules';
import type {
  Action as TtrAction, GameOptions as TtrGameOptions, ScoreBreakdown as TtrScoreBreakdown,
} from '@isle-of-trains/ttr-rules';
import type { ChatLine } from './messages';

/** One move of a replay: the seat that chose it and the rules action. */
export interface ReplayMove {
  seat: number;
  action: Action;
}

/** The body of `GET /api/games/:id/replay` for an Isle of Trains game. */
export interface IsleReplayJSON {
  /** Which game's rules play it again: `isle` (absent in replays served before the second game). */
  game?: 'isle';
  /** The room (game) id. */
  roomId: string;
  /** Exactly what the rules' `createGame` was given, the seed included. */
  options: GameOptions;
  /** SHA-256 (hex) of the seed: the `seedHash` the room state published before the first move. */
  seedHash: string;
  /** Every move in order; `applyAction` each on `createGame(options)` to reach the end. */
  actions: ReplayMove[];
  /** The rules' `scoreBreakdown` of the final state. */
  finalScores: ScoreBreakdown;
  /** ISO time of the start; null for an archived game whose start was not recorded. */
  startedAt: string | null;
  /** ISO time of the end. */
  endedAt: string;
  /** The table chat kept with the game (empty when the server keeps none); render it as text, never HTML. */
  chat: ChatLine[];
}

/** One move of a second-game replay. */
export interface TtrReplayMove {
  seat: number;
  action: TtrAction;
}

/** The body of `GET /api/games/:id/replay` for a game of the second game (`ttr`): the same fields, its rules' shapes. */
export interface TtrReplayJSON extends Omit<IsleReplayJSON, 'game' | 'options' | 'actions' | 'finalScores'> {
  game: 'ttr';
  /** Exactly what ttr-rules' `createGame` was given, the seed and the map included. */
  options: TtrGameOptions;
  actions: TtrReplayMove[];
  /** ttr-rules' `scoreBreakdown` of the final state. */
  finalScores: TtrScoreBreakdown;
}

/** The body of `GET /api/games/:id/replay`: `game` says which rules play it again. */
export type ReplayJSON = IsleReplayJSON | TtrReplayJSON;
