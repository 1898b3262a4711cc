/**
 * The post-game coach: one seat's decisions in a finished game, each judged from that seat's view of the
 * moment (`estimateDecision`), and marks on the moves that cost the most.
 *
 * Deterministic: every decision's worlds come from the analysis seed and the decision's place among the
 * seat's decisions, never from the clock, so the same game, seat and seed give the same marks on any machine.
 */
import { currentDecision, playerView, type Action, type GameState } from '@isle-of-trains/rules';
import { estimateDecision, type DecisionEstimate, type EstimateOptions } from './estimate';
import type { CoachUnit } from './judge';
import { seatDecisions, type RecordedGame, type SeatDecision } from './record';
import { adviceText, movePhrase } from './words';

export interface AnalyseOptions extends EstimateOptions {
  /** Seeds every world of the analysis (default 'coach'). */
  seed?: number | string;
  /** Most marks returned (default 5). */
  maxMarks?: number;
  /**
   * A move is marked only when it lost at least this much (in the analysis' unit) and more than two
   * standard errors of the estimate (default: 2 in points, 0.3 in a solo objective's other units).
   */
  minLoss?: number;
  /** Called after each decision, for a progress indicator. */
  onProgress?(done: number, total: number): void;
}

/** One marked move. */
export interface CoachMark {
  /** Index of the move in the game's action log (the replay's timeline). */
  index: number;
  /** Turn number at the move. */
  turn: number;
  /** The move played, and the alternative the analysis prefers. */
  made: Action;
  suggested: Action;
  /** Estimated worth lost, in the analysis' unit, and its standard error. */
  loss: number;
  se: number;
  /** The move and the alternative in words, and the advice as a sentence. */
  madeText: string;
  suggestedText: string;
  text: string;
}

/** One analysed decision, for a chart along the timeline. */
export interface CoachDecision {
  index: number;
  loss: number;
}

export interface CoachAnalysis {
  seat: number;
  /** What the losses are counted in. */
  unit: CoachUnit;
  seed: string;
  /** The seat's decisions in the log, and those with more than one distinct choice (analysed). */
  decisions: number;
  analysed: number;
  /** Sum of the estimated losses over the analysed decisions. */
  totalLoss: number;
  /** The costliest moves, in the order they were played. */
  marks: CoachMark[];
  /** Every analysed decision's estimated loss, in order. */
  losses: CoachDecision[];
}

/**
 * The analysis' version. The server stores analyses with the game and serves a stored one only while its
 * version is this one, so raise it whenever the same game, seat, seed and options would give a different
 * analysis: a change to the estimate, the judges, the bots' searches it plays the follow-ups with, the
 * rules for a mark or their words. test/coach-fingerprint.test.ts fails when the coach's answers change
 * while this stays the same.
 */
export const COACH_VERSION = 1;

/**
 * Each version's fingerprint: the hash of the coach's answers on the fixed games of
 * test/coach-fingerprint.test.ts. When that test says the coach's output changed, raise COACH_VERSION and
 * add the new version's line with the fingerprint the test prints; a line once recorded is never changed.
 */
export const COACH_FINGERPRINTS: Readonly<Record<number, string>> = {
  1: 'sha256:289035d971c768d85c0e18bd',
};

/** A decision's seed: the analysis seed and its place among the seat's decisions (both public). */
const decisionSeed = (seed: string, ordinal: number): string => `${seed}#${ordinal}`;

/**
 * The estimate of one recorded decision. It is handed the replayed state, hidden cards and all, and judges
 * only the seat's view of it (the same `playerView` the server sends the player and the bots decide on):
 * the no-leak test calls it with states that differ only in what the seat could not see and checks the
 * answer does not move.
 */
export function analyseDecision(state: GameState, seat: number, made: Action, ordinal: number, opts: AnalyseOptions = {}) {
  return estimateDecision(playerView(state, seat), seat, made, decisionSeed(String(opts.seed ?? 'coach'), ordinal), opts);
}

export function analyseGame(game: RecordedGame, seat: number, opts: AnalyseOptions = {}): CoachAnalysis {
  const seed = String(opts.seed ?? 'coach');
  const decisions = seatDecisions(game, seat);
  let unit: CoachUnit = 'points';
  const found: { d: SeatDecision; e: DecisionEstimate }[] = [];
  decisions.forEach((d, ordinal) => {
    const e = analyseDecision(d.state, seat, d.made, ordinal, { ...opts, seed });
    if (e) { unit = e.unit; found.push({ d, e }); }
    opts.onProgress?.(ordinal + 1, decisions.length);
  });
  const minLoss = opts.minLoss ?? (unit === 'points' ? 2 : 0.3);
  const marks = found
    .filter(({ e }) => e.loss >= minLoss && e.loss > 2 * e.se)
    .sort((x, y) => y.e.loss - x.e.loss || x.d.index - y.d.index)
    .slice(0, opts.maxMarks ?? 5)
    .sort((x, y) => x.d.index - y.d.index)
    .map(({ d, e }): CoachMark => {
      const view = playerView(d.state, seat);
      const dec = currentDecision(view);
      const madeText = movePhrase(e.made, view, seat, dec);
      const suggestedText = movePhrase(e.best, view, seat, dec);
      return {
        index: d.index, turn: view.turn.number, made: e.made, suggested: e.best, loss: round(e.loss), se: round(e.se),
        madeText, suggestedText, text: adviceText(madeText, suggestedText, e.loss, e.unit),
      };
    });
  return {
    seat,
    unit,
    seed,
    decisions: decisions.length,
    analysed: found.length,
    totalLoss: round(found.reduce((s, { e }) => s + e.loss, 0)),
    marks,
    losses: found.map(({ d, e }) => ({ index: d.index, loss: round(e.loss) })),
  };
}

const round = (x: number): number => Math.round(x * 100) / 100;
