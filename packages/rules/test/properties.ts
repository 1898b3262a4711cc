/**
 * Shared body of the random-game property tests (one test file per player count, so jest can run them in
 * parallel), on the shared property harness (@isle-of-trains/engine-core/testkit): it plays each game to the
 * end through the game definition, checks the interface's promises (legal actions accepted, the view agreeing
 * with the state, apply leaving its input alone, a score with winners) and that the seed and the action log
 * replay the identical state; the watcher below adds this game's own properties.
 */
import { randomGames } from '@isle-of-trains/engine-core/testkit';
import { createSimulator, GameOptions, GameState, isleGame, Action } from '../src';
import { checkConservation, checkNonNegative, checkViewsHideSecrets } from './invariants';

/**
 * Games per player count in every `npm test`: 50, a fixed-seed regression check. Four faults put into the
 * rules by hand (a special delivery's card lost, a reshuffle losing a card, an any-passenger delivery losing
 * the passenger, the bag's last passenger drawn twice) failed this run at every player count within its first
 * 12 games, three of them in the first or second; 150 games per count, the number before, cost three times as
 * much to find the same faults. The rules have been through
 * far more (500 per count in every run once, and an audit of 3,600 random games of every mode with no
 * fault), and the deep run is one command for whoever changes the rules:
 * `npm run test:properties -w @isle-of-trains/rules` (500 per count and per solo mode; PROP_RUNS sets any
 * other number).
 */
export const GAMES = 50;

export function runRandomGameProperties(make: (seed: string) => GameOptions, runs = Number(process.env.PROP_RUNS ?? GAMES)): void {
  test(`${runs} random legal games end, conserving every card and passenger and hiding every secret`, () => {
    randomGames(isleGame, {
      runs, seed: 20261122, options: make,
      // The games are played through the simulator: these are properties of the rules (conservation,
      // limits, secrets), and the simulator runs the same rules code as applyAction at a fraction of the
      // cost (test/simulator.test.ts compares the two doors after every action, the input's immutability
      // included). The public door is still exercised: every PUBLIC_EVERY-th action also goes through
      // applyAction on a copy, which must accept it, leave its input untouched and agree with the simulator.
      fast: (initial: GameState) => {
        const sim = createSimulator(initial);
        return { get state() { return sim.state; }, apply: (_seat: number, action: Action) => sim.apply(action) };
      },
      checks: { applyEvery: PUBLIC_EVERY, viewEvery: 13 },
      watch: (initial) => {
        checkConservation(initial);
        checkViewsHideSecrets(initial);
        const viewers: (number | 'spectator')[] = [...initial.players.map((p) => p.seat), 'spectator'];
        let turn = initial.turn.number;
        let seat = initial.turn.seat;
        return {
          afterAction(after, { index }) {
            checkConservation(after);
            checkNonNegative(after);
            // Hand limit: whenever a turn ends, the player who just finished holds at most 5 cards.
            if ((after.turn.number !== turn || after.gameOver) && after.players[seat].hand!.length > 5) throw new Error('hand over 5 at turn end');
            // After every action one viewer's view is searched for secrets, in rotation, and every view at
            // each turn's end.
            if (after.turn.number !== turn) checkViewsHideSecrets(after);
            else checkViewsHideSecrets(after, viewers[(index + 1) % viewers.length]);
            turn = after.turn.number;
            seat = after.turn.seat;
          },
        };
      },
    });
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
