/**
 * Isle of Trains replays for the viewer: the generic replay (src/replay/replay-model.ts) run through the
 * rules package, each room as a spectator saw it. Pure; its own chunk, loaded when such a replay opens.
 */
// Straight from the engine's modules, not the package index, so the main bundle does not carry the engine.
import { applyAction } from '../../../rules/src/apply';
import { createGame } from '../../../rules/src/setup';
import type { Action, GameEvent, GameState } from '@isle-of-trains/rules';
import type { IsleReplayJSON as ReplayJSON, IsleStateJSON } from '@isle-of-trains/client';
import type { GameReplay } from '../shell/tables';
import { playAgain, stepper, turnStarts, type ReplayModel } from '../replay/replay-model';
import { roomFromState } from './local-room';
export { roomFromState, turnStarts };

/** The replay's states, its log (the rules' own event texts) and each move in words. */
export function buildReplay(r: Pick<ReplayJSON, 'roomId' | 'options' | 'actions'>): ReplayModel<GameState> {
  return playAgain<GameState, Action, GameEvent>({
    create: () => createGame(r.options),
    apply: (s, seat, action) => applyAction(s, seat, action),
    line: (e) => ({ seat: e.seat ?? -1, type: e.type, text: e.text }),
    start: 'The game begins.',
    name: (s, seat) => s.players[seat]?.name ?? `Seat ${seat + 1}`,
  }, r.actions);
}

/** The replay as the viewer (src/replay/viewer.ts) steps through it: the room a spectator saw after each move. */
export function gameReplay(data: Pick<ReplayJSON, 'roomId' | 'options' | 'actions'>): GameReplay<IsleStateJSON> {
  return stepper(buildReplay(data), (s, log) => roomFromState(s, null, { log }));
}
