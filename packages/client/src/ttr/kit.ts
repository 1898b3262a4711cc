/** @internal The second game's readers for a session (../games.ts loads this module on first need). */
import { applyAction, createGame, legalActions as ttrLegal, pending as ttrPending, scoreBreakdown, type GameState } from '@isle-of-trains/ttr-rules';
import type { GameKit } from '../games';
import type { TtrReplayJSON } from '../replay';
import { ttrStateFromWire } from './wire';
import { ttrViewFromState } from './view';

export const TTR_KIT: GameKit<'ttr'> = {
  fromWire: (json) => ttrStateFromWire(json as Parameters<typeof ttrStateFromWire>[0]),
  view: ttrViewFromState,
  decisions: (view) => (view.gameOver ? [] : ttrPending(view)),
  legal: ttrLegal,
  scores: (state) => state.game?.scores ?? null,
};


/**
 * @internal The second game's half of `verifyReplay` (../replay-check.ts, which has checked the seed): every
 * move accepted in order from `createGame(options)`, the game over after the last, the final count as served.
 */
export function playTtrReplay(replay: TtrReplayJSON, same: (a: unknown, b: unknown) => boolean): { ok: true; state: GameState } | { ok: false; problem: string } {
  let state: GameState;
  try {
    state = createGame(replay.options);
  } catch (e) {
    return { ok: false, problem: `the rules refuse the game's options: ${(e as Error).message}` };
  }
  for (let i = 0; i < replay.actions.length; i++) {
    const { seat, action } = replay.actions[i];
    const r = applyAction(state, seat, action);
    if (!r.ok) return { ok: false, problem: `move ${i + 1} (seat ${seat}, ${action.type}) is refused: ${r.error.message}` };
    state = r.state;
  }
  if (!state.gameOver) return { ok: false, problem: `the game is not over after its ${replay.actions.length} moves` };
  if (!same(scoreBreakdown(state), replay.finalScores)) return { ok: false, problem: 'the final scores differ from the game played again' };
  return { ok: true, state };
}
