/**
 * The coach's stored analyses, on PGlite and on PostgreSQL alike: a row is served only to its own game,
 * seat and coach version; a damaged row or one of another version reads as such (so the coach computes it
 * again), and writing replaces it and drops the other versions.
 */
import type { CoachAnalysis } from '@isle-of-trains/bots';
import { coachSeed, coachVersion, CoachStore, readAnalysis } from '../src/coach/coach-store';
import { DATABASES, freshDatabase } from './support/databases';

jest.setTimeout(600_000);

const analysis = (gameId: string, seat: number): CoachAnalysis => ({
  seat, unit: 'points', seed: coachSeed(gameId, seat), decisions: 12, analysed: 10, totalLoss: 7.5,
  marks: [{
    index: 4, turn: 3, made: { type: 'take', from: 'deck' } as never, suggested: { type: 'take', from: 'discard' } as never, loss: 4.25, se: 0.5,
    madeText: 'drawing from the deck', suggestedText: 'taking the top discard', text: 'Drawing from the deck cost you about 4 points on average.',
  }],
  losses: [{ index: 4, loss: 4.25 }, { index: 6, loss: 0 }],
});

describe.each(DATABASES)('stored analyses on %s', (kind) => {
  let d: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => { d = await freshDatabase(kind); });
  afterAll(async () => { await d.drop(); });
  afterEach(async () => { await d.db.deleteFrom('coach_analyses').execute(); });

  const v = coachVersion(16);

  test('written once, read back as the same analysis; other games, seats and versions read nothing of it', async () => {
    const store = new CoachStore(d.db);
    expect(await store.read('g1', 0, v)).toEqual({ kind: 'miss' });
    await store.write('g1', 0, v, analysis('g1', 0));
    expect(await store.read('g1', 0, v)).toEqual({ kind: 'hit', analysis: analysis('g1', 0) });
    expect(await store.read('g1', 1, v)).toEqual({ kind: 'miss' });
    expect(await store.read('g2', 0, v)).toEqual({ kind: 'miss' });
    // Another coach version, or the same coach with another number of worlds, does not serve this row.
    expect(await store.read('g1', 0, coachVersion(8))).toEqual({ kind: 'stale' });
    expect(coachVersion(8)).not.toBe(v);
  });

  test('a damaged row, or one that is another game\'s or seat\'s analysis, reads as corrupt, and a write replaces it', async () => {
    const store = new CoachStore(d.db);
    const damaged = [
      '{"seat":0,"unit":"points"', // cut short
      JSON.stringify({ ...analysis('g1', 0), marks: 'none' }), // not an analysis
      JSON.stringify(analysis('g9', 0)), // another game's seed
      JSON.stringify({ ...analysis('g1', 1), seed: coachSeed('g1', 0) }), // another seat
    ];
    for (const text of damaged) {
      await d.db.deleteFrom('coach_analyses').execute();
      await d.db.insertInto('coach_analyses').values({ game_id: 'g1', seat: 0, coach_version: v, analysis: text, created_at: new Date() }).execute();
      expect(await store.read('g1', 0, v)).toEqual({ kind: 'corrupt' });
      await store.write('g1', 0, v, analysis('g1', 0));
      expect(await store.read('g1', 0, v)).toEqual({ kind: 'hit', analysis: analysis('g1', 0) });
    }
  });

  test('writing the current version drops the rows of other versions of that seat only', async () => {
    const store = new CoachStore(d.db);
    await store.write('g1', 0, coachVersion(8), analysis('g1', 0));
    await store.write('g1', 1, coachVersion(8), analysis('g1', 1));
    await store.write('g1', 0, v, analysis('g1', 0));
    const rows = await d.db.selectFrom('coach_analyses').select(['seat', 'coach_version']).orderBy('seat').execute();
    expect(rows).toEqual([{ seat: 0, coach_version: v }, { seat: 1, coach_version: coachVersion(8) }]);
  });
});

test('readAnalysis accepts what the coach produces and nothing that is not JSON', () => {
  expect(readAnalysis(JSON.stringify(analysis('g', 2)), 'g', 2)).toEqual(analysis('g', 2));
  expect(readAnalysis('', 'g', 2)).toBeNull();
  expect(readAnalysis('null', 'g', 2)).toBeNull();
  expect(readAnalysis(JSON.stringify({ ...analysis('g', 2), unit: 'furlongs' }), 'g', 2)).toBeNull();
});
