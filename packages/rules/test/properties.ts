/** Shared body of the random-game property tests (one test file per player count, so jest can run them in parallel). */
import fc from 'fast-check';
import { Action, applyAction, createGame, createSimulator, currentDecision, GameOptions, legalActions } from '../src';
import { picker } from './helpers';
import { checkConservation, checkLegalSameOnView, checkNonNegative, checkViewsHideSecrets } from './invariants';

export const GAMES = 500;

export function runRandomGameProperties(make: (seed: string) => GameOptions, runs = Number(process.env.PROP_RUNS ?? GAMES)): void {
  test(`${runs} random legal games end, conserving every card and passenger and hiding every secret`, () => {
    let step = 0;
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 12 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed, moveSeed) => {
        const opts = make(`prop-${seed}`);
        let state = createGame(opts);
        checkConservation(state);
        checkViewsHideSecrets(state);
        const viewers: (number | 'spectator')[] = [...state.players.map((p) => p.seat), 'spectator'];
        const pick = picker(moveSeed);
        const actions: { seat: number; action: Action }[] = [];
        // The input is never mutated: its JSON after legalActions + applyAction equals its JSON before.
        // (Comparing serialisations is several times cheaper than deep-freezing every state.)
        let json = JSON.stringify(state);
        while (!state.gameOver) {
          if (actions.length >= 50000) throw new Error(`game did not end after ${actions.length} actions`);
          const seat = currentDecision(state)!.seat;
          const legal = legalActions(state, seat);
          if (legal.length === 0) throw new Error(`no legal action for seat ${seat}`);
          const action = legal[pick(legal.length)];
          const r = applyAction(state, seat, action);
          if (!r.ok) throw new Error(`legal action refused: ${r.error.code} ${JSON.stringify(action)}`);
          if (JSON.stringify(state) !== json) throw new Error(`${action.type} mutated its input state`);
          const before = state;
          const after = r.state;
          actions.push({ seat, action });
          step++;
          checkConservation(after);
          checkNonNegative(after);
          // Hand limit: whenever a turn ends, the player who just finished holds at most 5 cards.
          if (after.turn.number !== before.turn.number || after.gameOver) {
            if (after.players[before.turn.seat].hand.length > 5) throw new Error('hand over 5 at turn end');
          }
          // After every action one viewer's view is searched for secrets, in rotation, and every
          // view at each turn's end.
          if (after.turn.number !== before.turn.number) checkViewsHideSecrets(after);
          else checkViewsHideSecrets(after, viewers[step % viewers.length]);
          if (step % 13 === 0 && !after.gameOver) checkLegalSameOnView(after, currentDecision(after)!.seat);
          state = after;
          json = JSON.stringify(state);
        }
        // Replaying the seed and the action list gives the identical state. The replay goes through the
        // simulator, which runs the same rules code as applyAction without the copies and event texts
        // (test/simulator.test.ts shows the two doors give identical states after every action), so this
        // checks the same determinism for a fraction of the cost.
        const replay = createSimulator(createGame(opts));
        for (const { seat, action } of actions) {
          if (replay.seat() !== seat) throw new Error(`replay: seat ${replay.seat()} decides, the log says ${seat}`);
          replay.apply(action);
        }
        if (JSON.stringify(replay.state) !== json) throw new Error('replay differs');
      }),
      { numRuns: runs, seed: 20261122 },
    );
  });
}

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
