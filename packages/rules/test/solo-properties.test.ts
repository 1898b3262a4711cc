/**
 * Random legal solo games, 200 per mode in every `npm test` (the Challenge and each chapter; PROP_RUNS
 * overrides, and `npm run test:properties -w @isle-of-trains/rules` plays 500):
 * each one ends in a win, a loss or (Challenge) finished; every card and passenger stays in
 * exactly one place after every action; nothing goes negative; no input is ever mutated
 * (every state is deep-frozen); the discard pile is never reshuffled; the progress track never
 * moves; and replaying the seed and actions gives the identical state.
 */
import { performance } from 'node:perf_hooks';
import { applyAction, createGame, createSimulator, currentDecision, GameOptions, GameState, soloStatus } from '../src';
import { randomPlayout } from './helpers';
import { checkConservation, checkLegalSameOnView, checkNonNegative, checkViewsHideSecrets } from './invariants';
import { deepFreeze } from './properties';
import { ALL_MODES, Mode, modeName } from './solo-fixtures';

const GAMES = Number(process.env.PROP_RUNS ?? 200);

function options(mode: Mode, seed: string): GameOptions {
  return mode === 'challenge'
    ? { players: 1, seed, mode: 'challenge' }
    : { players: 1, seed, mode: 'scenario', scenario: mode };
}

function sameStart(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Per-action checks on top of the multiplayer invariants. */
function checkSoloStep(before: GameState, after: GameState, type: string): void {
  deepFreeze(after);
  checkConservation(after);
  checkNonNegative(after);
  // Nothing ever leaves the discard pile except through returnCard (one card, from the top).
  if (type === 'returnCard') {
    if (after.discard.length !== before.discard.length - 1 || !sameStart(after.discard, before.discard)) throw new Error('returnCard changed more than the discard top');
    if (after.deck[after.deck.length - 1] !== before.discard[before.discard.length - 1]) throw new Error('returned card is not on top of the deck');
  } else if (after.discard.length < before.discard.length || !sameStart(before.discard, after.discard)) {
    throw new Error('the discard pile was reshuffled or reordered');
  }
  if (after.progress !== 0 || after.progressTrain !== null || after.endTriggered) throw new Error('the progress track moved in a solo game');
  if (after.turn.number !== before.turn.number && !after.gameOver && after.players[0].hand.length > 5) throw new Error('hand over 5 after the night phase');
  const st = soloStatus(after)!;
  if (after.gameOver) {
    if (after.result?.solo === 'won' && !(st.current >= st.target!)) throw new Error('won without meeting the objective');
    if (after.result?.reason === 'deck-empty' && after.deck.length !== 0) throw new Error('deck-empty ending with cards in the deck');
  } else {
    if (after.deck.length === 0) throw new Error('the deck ran out but the game goes on');
    // An objective met never waits: the game would have ended on the action that met it.
    if (st.target !== null && st.current >= st.target) throw new Error(`objective met (${st.label}) but the game goes on`);
  }
}

describe.each(ALL_MODES)('random solo games: %s', (mode) => {
  const outcomes: Record<string, number> = {};

  test(`${GAMES} random legal games end, conserve everything, never reshuffle and replay identically`, () => {
    const start = performance.now();
    let steps = 0;
    for (let g = 0; g < GAMES; g++) {
      const opts = options(mode, `solo-prop-${mode}-${g}`);
      const { state, actions } = randomPlayout(opts, 7919 * g + 17, 5000, (before, after, a) => {
        steps++;
        checkSoloStep(before, after, a.type);
        if (steps % 7 === 0) checkViewsHideSecrets(after);
        if (steps % 13 === 0 && !after.gameOver) checkLegalSameOnView(after, currentDecision(after)!.seat);
      }, (initial) => {
        checkConservation(initial);
        deepFreeze(initial);
      });
      if (!state.gameOver) throw new Error(`game ${g} did not end after ${actions.length} actions`);
      const r = state.result!;
      const expected = mode === 'challenge' ? [['deck-empty', 'finished']] : [['objective', 'won'], ['deck-empty', 'lost']];
      if (!expected.some(([reason, solo]) => r.reason === reason && r.solo === solo)) throw new Error(`game ${g} ended with ${JSON.stringify(r)}`);
      outcomes[r.solo!] = (outcomes[r.solo!] ?? 0) + 1;

      // Replayed through the simulator: the same rules code as applyAction (test/simulator.test.ts), cheaper.
      const replay = createSimulator(createGame(opts));
      for (const { seat, action } of actions) {
        if (replay.seat() !== seat) throw new Error(`replay of game ${g}: seat ${replay.seat()} decides, the log says ${seat}`);
        replay.apply(action);
      }
      if (JSON.stringify(replay.state) !== JSON.stringify(state)) throw new Error(`replay of game ${g} differs`);
    }
    const ms = performance.now() - start;
    // eslint-disable-next-line no-console
    console.log(`${modeName(mode)}: ${GAMES} games, ${(steps / GAMES).toFixed(0)} actions/game, ${(ms / GAMES).toFixed(1)} ms/game with checks; ${JSON.stringify(outcomes)}`);
  }, 300_000);

  test(mode === 'challenge' ? 'every game finishes' : 'random play loses at least once', () => {
    if (mode === 'challenge') expect(outcomes).toEqual({ finished: GAMES });
    else expect(outcomes.lost ?? 0).toBeGreaterThan(0);
  });
});
