/**
 * Analyses kept with the game in the players' database (table `coach_analyses`), so a restarted server or
 * another instance serves them without running the coach again. One row per game, seat and coach version;
 * the analysis is stored as the JSON text the worker produced and checked on every read: a row written by
 * another coach version, or one that does not read back as this game's and seat's analysis, is not served
 * (the caller computes it again and `write` replaces the row).
 *
 * Analyses being computed have a row too (table `coach_runs`): the server that claimed it, and its
 * progress, written every little while. Another server reads that progress instead of computing the
 * analysis again, until the row goes unwritten for longer than the caller's timeout (its server died): then
 * the next claim takes it over. Times are the database's clock (`now()`), so servers whose clocks disagree
 * still agree on which run is stale.
 */
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { COACH_VERSION, type CoachAnalysis } from '@isle-of-trains/bots';
import type { Database } from '../db/schema';

/**
 * What a stored analysis must match: the coach's version and the worlds per decision it ran with
 * (COACH_WORLDS), since either changes the marks for the same game, seat and seed.
 */
export function coachVersion(worlds: number): string {
  return `${COACH_VERSION}/w${worlds}`;
}

/** The seed an analysis of this game and seat runs with: it is public, and part of what a row is checked against. */
export function coachSeed(gameId: string, seat: number): string {
  return `coach:${gameId}:${seat}`;
}

/** The result of reading a stored analysis. */
export type StoredRead =
  | { kind: 'hit'; analysis: CoachAnalysis }
  /** No row for this game and seat. */
  | { kind: 'miss' }
  /** Only rows of other coach versions. */
  | { kind: 'stale' }
  /** A row of this version that is not a readable analysis of this game and seat. */
  | { kind: 'corrupt' };

const count = z.number().int().nonnegative();
const move = z.looseObject({ type: z.string() });
const analysisShape = z.looseObject({
  seat: count,
  unit: z.enum(['points', 'buildings', 'building points', 'cars', 'Level 3 cars', 'ticket tiles', 'goods']),
  seed: z.string(),
  decisions: count,
  analysed: count,
  totalLoss: z.number(),
  marks: z.array(z.looseObject({
    index: count, turn: count, made: move, suggested: move, loss: z.number(), se: z.number(),
    madeText: z.string(), suggestedText: z.string(), text: z.string(),
  })),
  losses: z.array(z.looseObject({ index: count, loss: z.number() })),
});

/** The analysis in a row's text, or null when it is not one of this game and seat. */
export function readAnalysis(text: string, gameId: string, seat: number): CoachAnalysis | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const checked = analysisShape.safeParse(parsed);
  if (!checked.success || checked.data.seat !== seat || checked.data.seed !== coachSeed(gameId, seat)) return null;
  // The shape is the bots package's CoachAnalysis (every field it has is checked above).
  return parsed as CoachAnalysis;
}

/** An analysis being computed, as its row says. */
export interface StoredRun {
  owner: string;
  done: number;
  total: number;
  /** Unwritten for longer than the timeout asked about: its server is taken for dead. */
  stale: boolean;
}

/** `now()` less `ms` milliseconds, in SQL. */
const ago = (ms: number) => sql<Date>`now() - (${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;

export class CoachStore {
  constructor(private readonly db: Kysely<Database>) {}

  async read(gameId: string, seat: number, version: string): Promise<StoredRead> {
    const rows = await this.db.selectFrom('coach_analyses').select(['coach_version', 'analysis'])
      .where('game_id', '=', gameId).where('seat', '=', seat).execute();
    const row = rows.find((r) => r.coach_version === version);
    if (!row) return { kind: rows.length > 0 ? 'stale' : 'miss' };
    const analysis = readAnalysis(row.analysis, gameId, seat);
    return analysis ? { kind: 'hit', analysis } : { kind: 'corrupt' };
  }

  /** The run of this version under way for the game and seat, if any; `stale` when unwritten for `timeoutMs`. */
  async readRun(gameId: string, seat: number, version: string, timeoutMs: number): Promise<StoredRun | null> {
    const row = await this.db.selectFrom('coach_runs')
      .select(['owner', 'done', 'total', sql<boolean>`updated_at < ${ago(timeoutMs)}`.as('stale')])
      .where('game_id', '=', gameId).where('seat', '=', seat).where('coach_version', '=', version)
      .executeTakeFirst();
    return row ? { owner: row.owner, done: row.done, total: row.total, stale: row.stale } : null;
  }

  /**
   * Record that `owner` computes the analysis: 'new' when there was no row, 'takenOver' when there was one
   * unwritten for `timeoutMs` (now `owner`'s), null when another run of it is alive. One statement, so of
   * two servers claiming at once exactly one gets it.
   */
  async claimRun(gameId: string, seat: number, version: string, owner: string, timeoutMs: number): Promise<'new' | 'takenOver' | null> {
    const fresh = { owner, started_at: sql<Date>`now()`, updated_at: sql<Date>`now()`, done: 0, total: 0 };
    const row = await this.db.insertInto('coach_runs').values({ game_id: gameId, seat, coach_version: version, ...fresh })
      .onConflict((oc) => oc.columns(['game_id', 'seat', 'coach_version']).doUpdateSet(fresh)
        .where('coach_runs.updated_at', '<', ago(timeoutMs)))
      // An inserted row has no deleting transaction (xmax 0); one updated by ON CONFLICT has this one's.
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirst();
    if (!row) return null;
    return row.inserted ? 'new' : 'takenOver';
  }

  /** Write the run's progress (and so its sign of life); false when the row is no longer `owner`'s. */
  async updateRun(gameId: string, seat: number, version: string, owner: string, done: number, total: number): Promise<boolean> {
    const r = await this.db.updateTable('coach_runs').set({ done, total, updated_at: sql<Date>`now()` })
      .where('game_id', '=', gameId).where('seat', '=', seat).where('coach_version', '=', version).where('owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Drop `owner`'s run row (the analysis failed, or its server stops): the next request may start it again. */
  async endRun(gameId: string, seat: number, version: string, owner: string): Promise<void> {
    await this.db.deleteFrom('coach_runs')
      .where('game_id', '=', gameId).where('seat', '=', seat).where('coach_version', '=', version).where('owner', '=', owner)
      .execute();
  }

  /**
   * Store the analysis for this version (replacing a bad row of it), drop the rows of other versions, and
   * the run row of this version, whoever's it is: the analysis is there to be read now.
   */
  async write(gameId: string, seat: number, version: string, analysis: CoachAnalysis): Promise<void> {
    const text = JSON.stringify(analysis);
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('coach_analyses').values({ game_id: gameId, seat, coach_version: version, analysis: text, created_at: new Date() })
        .onConflict((oc) => oc.columns(['game_id', 'seat', 'coach_version']).doUpdateSet({ analysis: text, created_at: new Date() }))
        .execute();
      await tx.deleteFrom('coach_analyses').where('game_id', '=', gameId).where('seat', '=', seat).where('coach_version', '<>', version).execute();
      await tx.deleteFrom('coach_runs').where('game_id', '=', gameId).where('seat', '=', seat).where('coach_version', '=', version).execute();
    });
  }
}
