/**
 * What a session needs to know of each room type: how to read the decoded state, the seat's view of it,
 * who must decide now and which actions the seat may take. The table's own fields (phase, seats, log,
 * undo, chat, rematch…) are the same in every room type; only the `game` part and its rules differ.
 */
import {
  currentDecision, legalActions as isleLegal, type Action as IsleAction, type Decision as IsleDecision,
  type PlayerView as IslePlayerView, type ScoreBreakdown as IsleScores,
} from '@isle-of-trains/rules';
import type {
  Action as TtrAction, Decision as TtrDecision, GameView as TtrGameView, ScoreBreakdown as TtrScores,
} from '@isle-of-trains/ttr-rules';
import { ROOM_NAME } from './codes';
import type { IsleStateJSON } from './state';
import { stateFromWire, type IsleStateWire } from './wire';
import { viewFromState } from './view';
import { TTR_ROOM_NAME } from './ttr/room';
import type { TtrStateJSON } from './ttr/state';

/** The room types a session can play: Isle of Trains (`isle`) and the second game (`ttr`). */
export type GameKind = 'isle' | 'ttr';

/** The shapes each room type's session gives. */
export interface GameTypes {
  isle: { state: IsleStateJSON; view: IslePlayerView; action: IsleAction; decision: IsleDecision; scores: IsleScores };
  ttr: { state: TtrStateJSON; view: TtrGameView; action: TtrAction; decision: TtrDecision; scores: TtrScores };
}

/** @internal One room type's readers. */
export interface GameKit<G extends GameKind> {
  fromWire(json: unknown): GameTypes[G]['state'];
  view(state: GameTypes[G]['state'], viewer: number | 'spectator'): GameTypes[G]['view'] | null;
  /** The open decisions (several seats at once in the second game's opening ticket choice). */
  decisions(view: GameTypes[G]['view']): GameTypes[G]['decision'][];
  legal(view: GameTypes[G]['view'], seat: number): GameTypes[G]['action'][];
  scores(state: GameTypes[G]['state']): GameTypes[G]['scores'] | null;
}

function parsed<T>(json: string | undefined): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}

const ISLE: GameKit<'isle'> = {
  fromWire: (json) => stateFromWire(json as IsleStateWire),
  view: viewFromState,
  decisions: (view) => {
    const d = view.gameOver ? null : currentDecision(view);
    return d ? [d] : [];
  },
  legal: isleLegal,
  scores: (state) => parsed<IsleScores>(state.scoresJson),
};

/** Isle's readers: in every page's script (Isle is the default game). */
export const ISLE_KIT = ISLE;

/**
 * A room type's readers. The second game's are loaded on first need (its rules and map are a large part of
 * a page's script, which a page that only plays Isle does without).
 */
export async function loadKit<G extends GameKind>(game: G): Promise<GameKit<G>> {
  // (with its emitted name: a dynamic import is resolved as written, by Node from dist and by the bundler from source)
  if (game === 'ttr') return (await import('./ttr/kit.js')).TTR_KIT as unknown as GameKit<G>;
  return ISLE as unknown as GameKit<G>;
}

/** The room name each room type is created under. */
export const ROOM_NAMES: { [G in GameKind]: string } = { isle: ROOM_NAME, ttr: TTR_ROOM_NAME };

/** The room type of an SDK room's name (the seat reservation names it); Isle for a name this version does not know. */
export function gameOfRoomName(name: string | undefined): GameKind {
  return name === TTR_ROOM_NAME ? 'ttr' : 'isle';
}
