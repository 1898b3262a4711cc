/**
 * How the coach values one move in one dealt world: the strong bot's own judgement of a position.
 *
 * Multiplayer: the move, then the rest of the seat's turn as the strong bot's searches finish it (the greedy
 * policy over a few candidates, payments and discards by the card ranking), scored with `evaluate`: the
 * seat's points and prospects less its rivals', in points.
 *
 * Solo: the move, its follow-up, and one more main action of the solo planner's beam, scored with the
 * planner's `soloValue` (the chapter's objective with partial credit for the build-up toward it). Its scale
 * depends on the objective, so it is divided into the unit a player reads: points in the Challenge and the
 * points chapters, else the objective's own unit (cars, Level 3 cars, full ticket tiles, buildings, building
 * points, goods delivered to the named contracts).
 */
import {
  createSimulator, currentDecision, isSolo, scenarioOf, type Action, type GameState, type PlayerView,
} from '@isle-of-trains/rules';
import { driveWeightAt, evaluate } from '../evaluate';
import { distinctActions } from '../greedy';
import { Rand } from '../random';
import { finishTurn } from '../strong';
import { soloChoices, soloDeliveryChoices } from '../solo/choices';
import { lookahead, WON } from '../solo/search';
import { soloValue } from '../solo/heuristic';

/** The unit of a judge's values, as a player reads it. */
export type CoachUnit = 'points' | 'buildings' | 'building points' | 'cars' | 'Level 3 cars' | 'ticket tiles' | 'goods';

/**
 * What one unit of each solo objective is worth to `soloValue` (src/solo/heuristic.ts: 3 per point toward a
 * score, 100 per building, 12 per building point, 10 × 10 per car and per Level 3 car, 10 × 3 × 4 per full
 * ticket tile, 10 × 1.2 per good still to deliver to the named contracts).
 */
const SOLO_UNITS: Record<string, [CoachUnit, number]> = {
  score: ['points', 3],
  buildings: ['buildings', 100],
  buildingPoints: ['building points', 12],
  cars: ['cars', 100],
  level3: ['Level 3 cars', 100],
  ticketsFilled: ['ticket tiles', 120],
  contracts: ['goods', 12],
  primaries: ['goods', 12],
};

export interface Judge {
  readonly unit: CoachUnit;
  /** The distinct moves worth comparing at this decision (the made one is added by the caller). */
  candidates(view: PlayerView, world: GameState, legal: readonly Action[]): Action[];
  /** The worth of playing `action` in `world` (a determinised state), in `unit`; `roll` seeds the follow-up. */
  value(world: GameState, action: Action, roll: number): number;
}

/** A won chapter is worth this many units more than the position it was decided in, a lost one this many less. */
const WIN_UNITS = 3;

/** The judge for the seat's decision in `view`. */
export function judgeFor(view: PlayerView, seat: number): Judge {
  return isSolo(view) ? soloJudge(view) : multiJudge(view, seat);
}

function multiJudge(view: PlayerView, seat: number): Judge {
  // One drive weight for the whole decision, from the position it is made in (as the strong bot does).
  const drive = driveWeightAt(view, seat);
  const turn = view.turn.number;
  return {
    unit: 'points',
    candidates: (v, _w, legal) => distinctActions(v, seat, legal.filter((a) => a.type !== 'returnCard')),
    value(world, action, roll) {
      const sim = createSimulator(world);
      sim.apply(action);
      finishTurn(sim, seat, turn, new Rand(roll), drive, () => false);
      return evaluate(sim.state, seat, drive);
    },
  };
}

function soloJudge(view: PlayerView): Judge {
  const sc = scenarioOf(view);
  const kind = sc?.objective.kind ?? 'score';
  const [unit, scale] = SOLO_UNITS[kind] ?? ['points', 3];
  const decision = currentDecision(view);
  let base: number | null = null;
  return {
    unit,
    candidates(_v, world, legal) {
      const main = legal.filter((a) => a.type !== 'returnCard');
      return decision?.kind === 'delivery' ? soloDeliveryChoices(world, main) : soloChoices(world, main);
    },
    value(world, action) {
      // The same yardstick for every candidate of the decision: a win is worth the position as it was plus
      // a fixed number of steps, a loss the position it ended in less as many.
      base ??= soloValue(world) / scale;
      const sim = createSimulator(world);
      sim.apply(action);
      const v = lookahead(sim, 1, 2, () => false);
      if (v >= WON / 2) return base + WIN_UNITS;
      if (v <= -WON / 2) return (v + WON) / scale - WIN_UNITS;
      return v / scale;
    },
  };
}
