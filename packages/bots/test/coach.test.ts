/**
 * The post-game coach: it marks a deliberate blunder, gives the same marks for the same seed, and judges
 * every decision from the seat's view alone (the same answer whatever the hidden cards were).
 */
import fc from 'fast-check';
import {
  applyAction, currentDecision, legalActions, playerView, type Action, type GameState,
} from '@isle-of-trains/rules';
import {
  analyseDecision, analyseGame, CoachError, evaluate, seatDecisions, type AnalyseOptions, type RecordedGame,
} from '@isle-of-trains/bots';
import { recordGame } from './coach-helpers';
import { reshuffleHidden } from './helpers';

jest.setTimeout(240_000);

/** Fewer worlds than the server's analysis: the properties tested do not depend on the count. */
const small: AnalyseOptions = { width: 2, minWorlds: 2, maxWorlds: 2 };

/** A move's worth by a crude look at the true state: play it, pay with the first cards, evaluate. */
function crude(s: GameState, seat: number, a: Action): number {
  let r = applyAction(s, seat, a);
  if (!r.ok) return -Infinity;
  for (let guard = 0; guard < 20; guard++) {
    const d = currentDecision(r.state);
    if (!d || d.seat !== seat || !['pay', 'discard', 'handLimit'].includes(d.kind)) break;
    r = applyAction(r.state, seat, legalActions(r.state, seat)[0]);
    if (!r.ok) return -Infinity;
  }
  return evaluate(r.state, seat, 0);
}

/**
 * A greedy game in which seat 1 blunders once: at its first main decision from turn 8 on where the worst
 * legal move looks at least 8 points worse than greedy's choice, it plays that worst move.
 */
function blunderGame(): { game: RecordedGame; blunder: number; made: Action } {
  let blunder = -1;
  let made: Action | null = null;
  const game = recordGame({ players: 2, seed: 'coach-blunder' }, ['greedy', 'greedy'], 'cb', (s, seat, chosen, index) => {
    if (blunder >= 0 || seat !== 1 || s.turn.number < 8 || currentDecision(s)!.kind !== 'action') return chosen;
    const good = crude(s, seat, chosen);
    let worst = chosen;
    let worstV = good;
    for (const a of legalActions(s, seat)) {
      const v = crude(s, seat, a);
      if (v < worstV) { worstV = v; worst = a; }
    }
    if (good - worstV < 8) return chosen;
    blunder = index;
    made = worst;
    return worst;
  });
  if (blunder < 0 || made === null) throw new Error('the script found no blunder to make');
  return { game, blunder, made };
}

const { game, blunder, made } = blunderGame();

describe('the coach', () => {
  let first: ReturnType<typeof analyseGame>;
  const progress: [number, number][] = [];

  beforeAll(() => {
    first = analyseGame(game, 1, { ...small, seed: 'fixed', onProgress: (d, t) => progress.push([d, t]) });
  });

  it('marks a deliberately bad move, suggesting another', () => {
    const mark = first.marks.find((m) => m.index === blunder);
    expect(mark).toBeDefined();
    expect(mark!.made).toEqual(made);
    expect(mark!.suggested).not.toEqual(made);
    expect(mark!.loss).toBeGreaterThanOrEqual(2);
    expect(mark!.text).toMatch(/cost you about \d+(\.5)? points on average; .+ would have saved/);
    // The suggestion was open to the player at that moment.
    const at = seatDecisions(game, 1).find((d) => d.index === blunder)!;
    expect(legalActions(playerView(at.state, 1), 1)).toContainEqual(mark!.suggested);
  });

  it('gives the same analysis for the same game and seed', () => {
    expect(analyseGame(game, 1, { ...small, seed: 'fixed' })).toEqual(first);
    expect(first.marks.length).toBeGreaterThan(0);
    expect(first.marks.length).toBeLessThanOrEqual(5);
    expect(first.unit).toBe('points');
  });

  it('reports its progress once per decision of the seat', () => {
    expect(progress.length).toBe(first.decisions);
    expect(progress[progress.length - 1]).toEqual([first.decisions, first.decisions]);
    expect(progress.every(([d], i) => d === i + 1)).toBe(true);
  });

  it('judges from the view alone: hidden cards dealt differently give the same estimate', () => {
    const games = [
      { g: game, seat: 1 },
      { g: recordGame({ players: 3, seed: 'coach-3p' }, ['greedy', 'random', 'greedy'], 'c3'), seat: 1 },
      { g: recordGame({ players: 1, seed: 'coach-solo', mode: 'scenario', scenario: 4 }, ['greedy'], 'c1'), seat: 0 },
    ];
    for (const { g, seat } of games) {
      const decisions = seatDecisions(g, seat).map((d, ordinal) => ({ ...d, ordinal }));
      fc.assert(fc.property(fc.integer({ min: 0, max: decisions.length - 1 }), fc.integer({ min: 1, max: 2 ** 30 }), (k, shuffle) => {
        const d = decisions[k];
        const other = reshuffleHidden(d.state, seat, shuffle);
        expect(playerView(other, seat)).toEqual(playerView(d.state, seat));
        expect(analyseDecision(other, seat, d.made, d.ordinal, small)).toEqual(analyseDecision(d.state, seat, d.made, d.ordinal, small));
      }), { numRuns: 4, seed: 7 });
    }
  });

  it('analyses the solo Challenge and a chapter in the units their goals count', () => {
    const chapter = recordGame({ players: 1, seed: 'coach-ch5', mode: 'scenario', scenario: 5 }, ['greedy'], 'c5');
    const b = analyseGame(chapter, 0, small);
    expect(b.unit).toBe('ticket tiles');
    expect(b.analysed).toBeGreaterThan(0);
    expect(b.losses.length).toBe(b.analysed);
    for (const m of b.marks) expect(m.text).toMatch(/cost you about [\d.]+ full ticket tiles? on average/);
    const challenge = recordGame({ players: 1, seed: 'coach-challenge' }, ['greedy'], 'cc');
    const units = seatDecisions(challenge, 0).slice(0, 12)
      .map((d, i) => analyseDecision(d.state, 0, d.made, i, small)?.unit).filter((u) => u !== undefined);
    expect(units.length).toBeGreaterThan(0);
    expect(new Set(units)).toEqual(new Set(['points']));
  });

  it('refuses a seat the game does not have and a log that does not replay', () => {
    expect(() => analyseGame(game, 2)).toThrow(CoachError);
    const bad = { ...game, actions: game.actions.map((x, i) => (i === 3 ? { ...x, seat: 1 - x.seat } : x)) };
    expect(() => analyseGame(bad, 0)).toThrow(expect.objectContaining({ code: 'BAD_LOG' }));
    const cut = { ...game, actions: game.actions.slice(0, 20) };
    expect(() => analyseGame(cut, 0)).toThrow(expect.objectContaining({ code: 'NOT_ENDED' }));
  });
});
