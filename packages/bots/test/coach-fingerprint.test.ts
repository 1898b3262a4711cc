/**
 * The coach's fingerprint. The server keeps an analysis for as long as COACH_VERSION stays the same, so a
 * change to what the coach computes must raise it. Here the coach analyses fixed game logs
 * (test/fixtures/coach/, recorded once by `npm run coach-fixtures -w @isle-of-trains/bots`, so that a
 * change to the bots' own play does not move them) at fixed seeds and few worlds, and the hash of its answers
 * must be the fingerprint recorded for the current version (COACH_FINGERPRINTS in src/coach/analyse.ts).
 *
 * The hash is the same on every machine and at any load only if the analysis depends on nothing but its
 * inputs: it is computed here with the clock and Math.random made to throw, and the same analysis run
 * again must give the same answers.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import {
  analyseDecision, analyseGame, COACH_FINGERPRINTS, COACH_VERSION, seatDecisions, type AnalyseOptions, type RecordedGame,
} from '@isle-of-trains/bots';

jest.setTimeout(240_000);

const fixture = (name: string): RecordedGame =>
  JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'coach', `${name}.json`), 'utf8')) as RecordedGame;

/**
 * The server's own call (its coach worker passes the seed and COACH_WORLDS, everything else at the coach's
 * defaults), at COACH_WORLDS' least value.
 */
const server = (game: string, seat: number): AnalyseOptions => ({ seed: `coach:${game}:${seat}`, maxWorlds: 2 });
/** Fewer candidates and worlds, for the longer games. */
const small = (game: string, seat: number): AnalyseOptions => ({ seed: `coach:${game}:${seat}`, width: 2, minWorlds: 2, maxWorlds: 2 });

/** Everything the fingerprint covers: whole analyses in three units of play, and raw estimates. */
function coachAnswers(): unknown {
  const solo = fixture('solo-challenge');
  const two = fixture('two-players');
  const chapter = fixture('chapter-5');
  return {
    solo: analyseGame(solo, 0, server('solo', 0)),
    two: analyseGame(two, 1, small('two', 1)),
    chapter: analyseGame(chapter, 0, small('chapter', 0)),
    // Unrounded losses, standard errors, worlds and the better alternatives, at the server's settings.
    estimates: seatDecisions(two, 0).slice(0, 6).map((d, i) => analyseDecision(d.state, 0, d.made, i, server('two', 0))),
  };
}

const fingerprint = (answers: unknown): string => `sha256:${createHash('sha256').update(JSON.stringify(answers)).digest('hex').slice(0, 24)}`;

/** The answers computed with every source of time and chance other than the seed throwing. */
function withoutClock<T>(f: () => T): T {
  const spies = [
    jest.spyOn(Date, 'now').mockImplementation(() => { throw new Error('the coach read the clock (Date.now)'); }),
    jest.spyOn(performance, 'now').mockImplementation(() => { throw new Error('the coach read the clock (performance.now)'); }),
    jest.spyOn(Math, 'random').mockImplementation(() => { throw new Error('the coach used Math.random'); }),
  ];
  try {
    return f();
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

let first: unknown;
beforeAll(() => { first = withoutClock(coachAnswers); });

test('the coach\'s answers depend on their inputs only: no clock, no Math.random, the same when run again', () => {
  expect(coachAnswers()).toEqual(first);
  // The fixtures give the fingerprint something to see: marks, in more than one unit.
  const a = first as Record<'solo' | 'two' | 'chapter', { unit: string; analysed: number; marks: unknown[] }>;
  expect(a.two.marks.length).toBeGreaterThan(0);
  expect(a.solo.analysed).toBeGreaterThan(0);
  expect(new Set([a.solo.unit, a.two.unit, a.chapter.unit]).size).toBeGreaterThan(1);
});

test('the coach\'s answers match the fingerprint recorded for COACH_VERSION', () => {
  const got = fingerprint(first);
  const recorded = COACH_FINGERPRINTS[COACH_VERSION];
  if (got !== recorded) {
    throw new Error(
      `The coach's output changed: its fingerprint is now ${got}, and ${recorded ?? 'none'} is recorded for COACH_VERSION ${COACH_VERSION}.\n`
      + `Stored analyses of the old coach would be served as if they were the new one's. Raise COACH_VERSION to ${COACH_VERSION + 1} `
      + `and record the new fingerprint under it (packages/bots/src/coach/analyse.ts: COACH_FINGERPRINTS, add ${COACH_VERSION + 1}: '${got}'), `
      + 'then run this test again: NODE_OPTIONS=--experimental-vm-modules npx jest packages/bots/test/coach-fingerprint.test.ts',
    );
  }
});

test('every version up to the current one has its fingerprint, and none is recorded past it', () => {
  const versions = Object.keys(COACH_FINGERPRINTS).map(Number).sort((x, y) => x - y);
  expect(versions).toEqual(Array.from({ length: COACH_VERSION }, (_, i) => i + 1));
});
