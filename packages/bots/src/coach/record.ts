/**
 * A recorded game (the seed's options and every action in order, as the server stores it and its replay
 * route sends it) played again, to find one seat's decisions. The replay has the full state of each moment;
 * the coach turns it into the seat's own view before judging anything (analyse.ts).
 */
import {
  applyAction, createGame, currentDecision, type Action, type GameOptions, type GameState,
} from '@isle-of-trains/rules';

/** What the coach needs of a finished game: the shape of the replay route's body (its extra fields are ignored). */
export interface RecordedGame {
  options: GameOptions;
  actions: readonly { seat: number; action: Action }[];
}

/** A game log the coach cannot use: it does not replay, or the seat is not one of its players. */
export class CoachError extends Error {
  constructor(readonly code: 'BAD_SEAT' | 'BAD_LOG' | 'NOT_ENDED', message: string) {
    super(message);
    this.name = 'CoachError';
  }
}

/** One decision of the analysed seat: where it is in the log, the table at that moment, and what it chose. */
export interface SeatDecision {
  /** Index of the action in the recorded log. */
  index: number;
  /** The full state just before the choice (hidden cards included: read it only through playerView). */
  state: GameState;
  /** The action the seat sent. */
  made: Action;
}

/**
 * Every decision of `seat` in the game, in order. The log must replay (each action accepted by the rules)
 * and reach the end of the game.
 */
export function seatDecisions(game: RecordedGame, seat: number): SeatDecision[] {
  let s: GameState;
  try {
    s = createGame(game.options);
  } catch (e) {
    throw new CoachError('BAD_LOG', `the game's options do not set up a game: ${(e as Error).message}`);
  }
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players.length) {
    throw new CoachError('BAD_SEAT', `seat ${seat} is not a seat of this ${s.players.length}-player game`);
  }
  const out: SeatDecision[] = [];
  game.actions.forEach(({ seat: by, action }, index) => {
    const d = currentDecision(s);
    if (!d || d.seat !== by) throw new CoachError('BAD_LOG', `action ${index} is by seat ${by}, but it was not that seat's decision`);
    if (by === seat) out.push({ index, state: s, made: action });
    const r = applyAction(s, by, action);
    if (!r.ok) throw new CoachError('BAD_LOG', `action ${index} is refused by the rules: ${r.error.code}`);
    s = r.state;
  });
  if (!s.gameOver) throw new CoachError('NOT_ENDED', 'the log stops before the end of the game');
  return out;
}
