/**
 * The archive: every finished game with its options, seed, action log, result and players, so the replay
 * endpoint, the players' pages and the public list read from one place. Archiving a rated game updates the
 * ratings in the same transaction, once (archiving the same game twice changes nothing).
 */
import { createHash } from 'crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { GameId, GameSeat, GameSummary, RatingGroup, RatingRow } from '@isle-of-trains/client/protocol';
import type { Replay } from '../persistence/replays';
import { displayRating, NEW_SKILL, rateGame, ratingGroup, type Skill } from './ratings';
import type { GameAccess } from './private-games';

/** A seat as archived: what the games lists show of it. */
export type ArchivedSeat = GameSeat;

export interface FinishedGame {
  id: string;
  /** Which game (rating groups and lists are per game). */
  game: GameId;
  startedAt?: Date;
  finishedAt: Date;
  options: { players: number; mode?: string; scenario?: number | null; [k: string]: unknown };
  seed: string;
  actions: unknown[];
  result: unknown;
  seats: ArchivedSeat[];
  /** Decided before the game started (see isRatedTable). */
  rated: boolean;
  /** A private table's game (src/players/private-games.ts); absent = public. */
  private?: boolean;
  /** SHA-256 of a private game's share key. */
  shareKeyHash?: string | null;
}

/**
 * Rated: 2–4 seats, every one a signed-in account, none a bot, and each account in one seat only. An
 * account in two seats would play itself and could raise its rating at will; such a table still plays,
 * unrated.
 */
export function isRatedTable(seats: { playerId: string | null; botLevel: string | null; hasAccount: boolean }[], game: GameId = 'isle'): boolean {
  if (ratingGroup(seats.length, game) === null) return false;
  if (!seats.every((s) => s.botLevel === null && s.playerId !== null && s.hasAccount)) return false;
  return new Set(seats.map((s) => s.playerId)).size === seats.length;
}


export class Archive {
  constructor(private readonly db: Kysely<Database>) {}

  /** Store a finished game (and rate it when rated). Returns false when it was already archived. */
  async archive(g: FinishedGame): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const mode = g.options.players === 1 ? String(g.options.mode ?? 'challenge') : 'multiplayer';
      const ins = await tx.insertInto('games').values({
        id: g.id, game: g.game, started_at: g.startedAt ?? null, finished_at: g.finishedAt, player_count: g.options.players, mode, rated: g.rated,
        options: JSON.stringify(g.options), seed: g.seed, actions: JSON.stringify(g.actions), result: JSON.stringify(g.result ?? null),
        private: g.private === true, share_key_hash: g.private ? g.shareKeyHash ?? null : null,
      }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
      if (Number(ins.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      await tx.insertInto('game_players').values(g.seats.map((s) => ({
        game_id: g.id, seat: s.seat, player_id: s.playerId, name: s.name, bot_level: s.botLevel, score: s.score, place: s.place,
      }))).execute();
      const group = ratingGroup(g.options.players, g.game);
      if (g.rated && group) {
        const ids = g.seats.map((s) => s.playerId!);
        const rows = await tx.selectFrom('ratings').selectAll().where('grp', '=', group).where('player_id', 'in', ids).forUpdate().execute();
        const before: Skill[] = ids.map((id) => {
          const r = rows.find((x) => x.player_id === id);
          return r ? { mu: r.mu, sigma: r.sigma } : NEW_SKILL;
        });
        const after = rateGame(before, g.seats.map((s) => s.place));
        for (let i = 0; i < ids.length; i++) {
          await tx.insertInto('ratings').values({ player_id: ids[i], grp: group, mu: after[i].mu, sigma: after[i].sigma, games: 1, updated_at: g.finishedAt })
            .onConflict((oc) => oc.columns(['player_id', 'grp']).doUpdateSet((eb) => ({
              mu: after[i].mu, sigma: after[i].sigma, games: eb('ratings.games', '+', 1), updated_at: g.finishedAt,
            }))).execute();
        }
      }
      return true;
    });
  }

  /**
   * The replay of an archived game, in the same shape as the live replay endpoint's (src/persistence/replays.ts):
   * `options` with the seed (createGame's input), the seed's hash, every action and the final scores.
   */
  async replay(id: string): Promise<Replay | null> {
    const row = await this.db.selectFrom('games').select(['id', 'game', 'options', 'seed', 'actions', 'result', 'started_at', 'finished_at']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return {
      game: row.game as GameId,
      roomId: row.id,
      // Stored from the room's own replay record (FinishedGame), so the columns hold exactly these shapes.
      options: { ...(row.options as object), seed: row.seed },
      seedHash: createHash('sha256').update(row.seed).digest('hex'),
      actions: row.actions,
      finalScores: row.result,
      startedAt: row.started_at ? new Date(row.started_at).toISOString() : null,
      endedAt: new Date(row.finished_at).toISOString(),
    } as Replay;
  }

  /** Who may read an archived game (src/players/private-games.ts), or null when it is not archived. */
  async access(id: string): Promise<GameAccess | null> {
    const row = await this.db.selectFrom('games').select(['private', 'share_key_hash']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    if (!row.private) return { private: false, shareKeyHash: null, playerIds: [] };
    const seats = await this.db.selectFrom('game_players').select(['seat', 'player_id']).where('game_id', '=', id).orderBy('seat').execute();
    return { private: true, shareKeyHash: row.share_key_hash, playerIds: seats.map((s) => s.player_id) };
  }

  private async summaries(ids: string[]): Promise<GameSummary[]> {
    if (ids.length === 0) return [];
    const games = await this.db.selectFrom('games').select(['id', 'game', 'finished_at', 'player_count', 'mode', 'rated']).where('id', 'in', ids).orderBy('finished_at', 'desc').execute();
    const seats = await this.db.selectFrom('game_players').selectAll().where('game_id', 'in', ids).orderBy('seat').execute();
    return games.map((g) => ({
      id: g.id, game: g.game as GameId, finishedAt: new Date(g.finished_at).toISOString(), playerCount: g.player_count, mode: g.mode, rated: g.rated,
      seats: seats.filter((s) => s.game_id === g.id).map((s) => ({ seat: s.seat, playerId: s.player_id, name: s.name, botLevel: s.bot_level, score: s.score, place: s.place })),
    }));
  }

  /** A player's games, newest first; their private games only when `withPrivate` (the player themselves asks). */
  async gamesOf(playerId: string, limit = 50, withPrivate = false): Promise<GameSummary[]> {
    let q = this.db.selectFrom('game_players').innerJoin('games', 'games.id', 'game_players.game_id')
      .select('games.id').where('game_players.player_id', '=', playerId);
    if (!withPrivate) q = q.where('games.private', '=', false);
    const rows = await q.orderBy('games.finished_at', 'desc').limit(Math.min(limit, 200)).execute();
    return this.summaries(rows.map((r) => r.id));
  }

  /** Recent finished games, newest first (the public list: private tables' games are left out). */
  async recent(limit = 50): Promise<GameSummary[]> {
    const rows = await this.db.selectFrom('games').select('id').where('private', '=', false).orderBy('finished_at', 'desc').limit(Math.min(limit, 200)).execute();
    return this.summaries(rows.map((r) => r.id));
  }

  async ratingsOf(playerId: string): Promise<RatingRow[]> {
    const rows = await this.db.selectFrom('ratings').innerJoin('players', 'players.id', 'ratings.player_id')
      .select(['ratings.player_id', 'players.display_name', 'ratings.grp', 'ratings.mu', 'ratings.sigma', 'ratings.games'])
      .where('ratings.player_id', '=', playerId).orderBy('ratings.grp').execute();
    return rows.map(toRatingRow);
  }

  /** The best players of a group by displayed rating. */
  async leaderboard(group: string, limit = 50): Promise<RatingRow[]> {
    const rows = await this.db.selectFrom('ratings').innerJoin('players', 'players.id', 'ratings.player_id')
      .select(['ratings.player_id', 'players.display_name', 'ratings.grp', 'ratings.mu', 'ratings.sigma', 'ratings.games'])
      .where('ratings.grp', '=', group)
      // The displayed rating is a rising function of mu - 3·sigma (ratings.ts): order and cut in the database,
      // along the ratings_board index, rather than reading the whole group.
      .orderBy(sql`ratings.mu - 3 * ratings.sigma`, 'desc').orderBy('ratings.games', 'desc')
      .limit(Math.max(1, Math.min(limit, 200))).execute();
    return rows.map(toRatingRow);
  }
}

function toRatingRow(r: { player_id: string; display_name: string; grp: string; mu: number; sigma: number; games: number }): RatingRow {
  // Rows are only ever written with ratingGroup()'s groups.
  return { playerId: r.player_id, name: r.display_name, group: r.grp as RatingGroup, rating: displayRating(r), mu: r.mu, sigma: r.sigma, games: r.games };
}
