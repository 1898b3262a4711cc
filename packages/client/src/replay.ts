/**
 * The replay of a finished game, as `GET /api/games/:id/replay` sends it (docs/PROTOCOL.md, "After the
 * game"): enough to play the whole game again with the rules package and check the seed and the scores.
 * Types only.
 */
import type { Action, GameOptions, ScoreBreakdown } from '@isle-of-trains/rules';
import type { ChatLine } from './messages';

/** One move of a replay: the seat that chose it and the rules action. */
export interface ReplayMove {
  seat: number;
  action: Action;
}

/** The body of `GET /api/games/:id/replay`. */
export interface ReplayJSON {
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
