/** @internal The second game's readers for a session (../games.ts loads this module on first need). */
import { applyAction, createGame, legalActions as ttrLegal, pending as ttrPending, scoreBreakdown, type GameState } from '@isle-of-trains/ttr-rules';
import type { GameKit } from '../games';
import type { RecordedRules } from '../play-recorded';
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

/** @internal The second game's rules for `verifyReplay` (../replay-check.ts plays its replays with them through ../play-recorded.ts). */
export const TTR_RECORDED_RULES: RecordedRules<GameState, TtrReplayJSON['options']> = { createGame, applyAction, scoreBreakdown };
