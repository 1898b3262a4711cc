/** @internal The second game's readers for a session (../games.ts loads this module on first need). */
import { legalActions as ttrLegal, pending as ttrPending } from '@isle-of-trains/ttr-rules';
import type { GameKit } from '../games';
import { ttrStateFromWire } from './wire';
import { ttrViewFromState } from './view';

export const TTR_KIT: GameKit<'ttr'> = {
  fromWire: (json) => ttrStateFromWire(json as Parameters<typeof ttrStateFromWire>[0]),
  view: ttrViewFromState,
  decisions: (view) => (view.gameOver ? [] : ttrPending(view)),
  legal: ttrLegal,
  scores: (state) => state.game?.scores ?? null,
};

