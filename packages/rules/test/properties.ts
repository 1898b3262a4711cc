/** Shared body of the random-game property tests (one test file per player count, so jest can run them in parallel). */
import fc from 'fast-check';
import { Action, applyAction, createGame, createSimulator, currentDecision, GameOptions, GameState, legalActions } from '../src';
import { cloneState } from '../src/clone';
import { picker } from './helpers';
import { checkConservation, checkLegalSameOnView, checkNonNegative, checkViewsHideSecrets } from './invariants';

export const GAMES = 500;

export function runRandomGameProperties(make: (seed: string) => GameOptions, runs = Number(process.env.PROP_RUNS ?? GAMES)): void {
  test(`${runs} random legal games end, conserving every card and passenger and hiding every secret`, () => {
    let step = 0;
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 12 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed, moveSeed) => {
        const opts = make(`prop-${seed}`);
        const initial = createGame(opts);
        checkConservation(initial);
        checkViewsHideSecrets(initial);
        const viewers: (number | 'spectator')[] = [...initial.players.map((p) => p.seat), 'spectator'];
        const pick = picker(moveSeed);
        const actions: { seat: number; action: Action }[] = [];
        // The games are played through the simulator: these are properties of the rules (conservation,
        // limits, secrets), and the simulator runs the same rules code as applyAction at a fraction of the
        // cost (test/simulator.test.ts compares the two doors after every action, the input's immutability
        // included). The public door is still exercised here: every PUBLIC_EVERY-th action also goes through
        // applyAction on a copy, which must accept it, leave its input untouched and agree with the simulator.
        const sim = createSimulator(initial);
        while (!sim.gameOver) {
          if (actions.length >= 50000) throw new Error(`game did not end after ${actions.length} actions`);
          const state = sim.state;
          const seat = sim.seat();
          const legal = legalActions(state, seat);
          if (legal.length === 0) throw new Error(`no legal action for seat ${seat}`);
          const action = legal[pick(legal.length)];
          const beforeTurn = state.turn.number;
          const beforeSeat = state.turn.seat;
          const pub = step % PUBLIC_EVERY === 0 ? cloneState(state) : null;
          const pubJson = pub ? JSON.stringify(pub) : '';
          sim.apply(action);
          const after = sim.state;
          if (pub) {
            const r = applyAction(pub, seat, action);
            if (!r.ok) throw new Error(`legal action refused: ${r.error.code} ${JSON.stringify(action)}`);
            if (JSON.stringify(pub) !== pubJson) throw new Error(`${action.type} mutated its input state`);
            if (JSON.stringify(r.state) !== JSON.stringify(after)) throw new Error(`applyAction and the simulator disagree after ${action.type}`);
          }
          actions.push({ seat, action });
          step++;
          checkConservation(after);
          checkNonNegative(after);
          // Hand limit: whenever a turn ends, the player who just finished holds at most 5 cards.
          if (after.turn.number !== beforeTurn || after.gameOver) {
            if (after.players[beforeSeat].hand.length > 5) throw new Error('hand over 5 at turn end');
          }
          // After every action one viewer's view is searched for secrets, in rotation, and every
          // view at each turn's end.
          if (after.turn.number !== beforeTurn) checkViewsHideSecrets(after);
          else checkViewsHideSecrets(after, viewers[step % viewers.length]);
          if (step % 13 === 0 && !after.gameOver) checkLegalSameOnView(after, currentDecision(after)!.seat);
        }
        // Replaying the seed and the action list through the public API gives the identical state.
        let replay: GameState = createGame(opts);
        for (const { seat, action } of actions) {
          const r = applyAction(replay, seat, action);
          if (!r.ok) throw new Error(`replay refused ${JSON.stringify(action)}: ${r.error.code}`);
          replay = r.state;
        }
        if (JSON.stringify(replay) !== JSON.stringify(sim.state)) throw new Error('replay differs');
      }),
      { numRuns: runs, seed: 20261122 },
    );
  });
}

/** Every this many actions, the property tests also pass the action through the public applyAction. */
const PUBLIC_EVERY = 7;

/** Freezes a state and everything in it, so that any write to it throws (used where a mutation must fail loudly). */
export function deepFreeze<T>(o: T): T {
  if (o === null || typeof o !== 'object' || Object.isFrozen(o)) return o;
  Object.freeze(o);
  const obj = o as Record<string, unknown>;
  for (const k in obj) {
    const v = obj[k];
    if (v !== null && typeof v === 'object') deepFreeze(v);
  }
  return o;
}
