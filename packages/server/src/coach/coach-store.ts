/**
 * Analyses kept with the game in the players' database (table `coach_analyses`), so a restarted server or
 * another instance serves them without running the coach again. One row per game, seat and coach version;
 * the analysis is stored as the JSON text the worker produced and checked on every read: a row written by
 * another coach version, or one that does not read back as this game's and seat's analysis, is not served
 * (the caller computes it again and `write` replaces the row).
 */
import type { Kysely } from 'kysely';
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

  /** Store the analysis for this version (replacing a bad row of it) and drop the rows of other versions. */
  async write(gameId: string, seat: number, version: string, analysis: CoachAnalysis): Promise<void> {
    const text = JSON.stringify(analysis);
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('coach_analyses').values({ game_id: gameId, seat, coach_version: version, analysis: text, created_at: new Date() })
        .onConflict((oc) => oc.columns(['game_id', 'seat', 'coach_version']).doUpdateSet({ analysis: text, created_at: new Date() }))
        .execute();
      await tx.deleteFrom('coach_analyses').where('game_id', '=', gameId).where('seat', '=', seat).where('coach_version', '<>', version).execute();
    });
  }
}
