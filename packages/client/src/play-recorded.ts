/**
 * Playing a recorded game again with a game's rules, the same way for every game: the moves applied in
 * order from `createGame(options)`, each one accepted, the game over after the last, and the final count
 * equal to the one recorded. `verifyReplay` (./replay-check.ts) runs it with Isle's rules or the second
 * game's; nothing here names a game, so neither game's rules are loaded for the other's replays.
 */

/** What playing a record again needs from a game's rules package (both export these three under these names). */
export interface RecordedRules<S extends { gameOver: boolean }, O> {
  createGame(options: O): S;
  applyAction(state: S, seat: number, action: unknown): { ok: true; state: S } | { ok: false; error: { message: string } };
  scoreBreakdown(state: S): unknown;
}

/** The parts of a replay that are played again. */
export interface Recorded<O> {
  options: O;
  actions: readonly { seat: number; action: { type: string } }[];
  finalScores: unknown;
}

/** The final state, or the first thing that does not hold (in words). */
export type PlayedAgain<S> = { ok: true; state: S } | { ok: false; problem: string };

/** Plays `replay` again with `rules`; `same` compares the final count with the recorded one. */
export function playRecorded<S extends { gameOver: boolean }, O>(rules: RecordedRules<S, O>, replay: Recorded<O>, same: (a: unknown, b: unknown) => boolean): PlayedAgain<S> {
  let state: S;
  try {
    state = rules.createGame(replay.options);
  } catch (e) {
    return { ok: false, problem: `the rules refuse the game's options: ${(e as Error).message}` };
  }
  for (let i = 0; i < replay.actions.length; i++) {
    const { seat, action } = replay.actions[i];
    const r = rules.applyAction(state, seat, action);
    if (!r.ok) return { ok: false, problem: `move ${i + 1} (seat ${seat}, ${action.type}) is refused: ${r.error.message}` };
    state = r.state;
  }
  if (!state.gameOver) return { ok: false, problem: `the game is not over after its ${replay.actions.length} moves` };
  if (!same(rules.scoreBreakdown(state), replay.finalScores)) return { ok: false, problem: 'the final scores differ from the game played again' };
  return { ok: true, state };
}
