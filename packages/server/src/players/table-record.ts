/**
 * From a finished room to an archive record: who sat where (identity or bot), the score of each seat and
 * its place. Places follow the rules' result: the winners share first place; the others are ranked by
 * score, equal scores sharing a place. In a rated game a player who left for good (the reconnection window
 * passed, a bot finished for them) is placed last, whatever the bot scored; when every player left for
 * good, the game is archived unrated.
 */
import type { GameScore } from '@isle-of-trains/engine-core';
import type { ArchivedSeat, FinishedGame } from './archive';

export interface SeatIdentity {
  name: string;
  playerId: string | null;
  hasAccount: boolean;
  botLevel: string | null;
  /** The player left for good and a bot finished the game for them. */
  leftForGood: boolean;
}

/** `scores`: any game's score in the common shape (engine-core's gameScore), seats in order. */
export function places(scores: Pick<GameScore, 'players' | 'winners'>, leavers: boolean[]): number[] {
  const n = scores.players.length;
  const order = scores.players.map((p, seat) => ({ seat, total: p.total, winner: scores.winners.includes(seat), left: leavers[seat] === true }));
  // Winners first, then by score; leavers after everyone who stayed.
  order.sort((a, b) => Number(a.left) - Number(b.left) || Number(b.winner) - Number(a.winner) || b.total - a.total);
  const out = new Array<number>(n).fill(0);
  order.forEach((o, i) => {
    const prev = order[i - 1];
    const same = prev && prev.left === o.left && prev.winner === o.winner && (o.winner || prev.total === o.total);
    out[o.seat] = same ? out[prev.seat] : i + 1;
  });
  return out;
}

export function finishedGameRecord(g: {
  id: string;
  /** Which game; Isle of Trains when absent. */
  game?: FinishedGame['game'];
  startedAt?: Date;
  finishedAt: Date;
  options: FinishedGame['options'];
  seed: string;
  actions: unknown[];
  /** The final score in the common shape; its `detail` (the game's own breakdown) is what the archive keeps. */
  scores: GameScore;
  seats: SeatIdentity[];
  rated: boolean;
}): FinishedGame {
  // A rated game in which every player left for good was finished by bots alone: it says nothing of anyone's
  // skill, so it is archived unrated rather than handing out a win and losses nobody played for.
  const rated = g.rated && g.seats.some((s) => !s.leftForGood);
  const leavers = g.seats.map((s) => rated && s.leftForGood);
  const p = places(g.scores, leavers);
  const seats: ArchivedSeat[] = g.seats.map((s, seat) => ({
    seat, playerId: s.playerId, name: s.name, botLevel: s.botLevel, score: g.scores.players[seat].total, place: p[seat],
  }));
  return { id: g.id, game: g.game ?? 'isle', startedAt: g.startedAt, finishedAt: g.finishedAt, options: g.options, seed: g.seed, actions: g.actions, result: g.scores.detail, seats, rated };
}
