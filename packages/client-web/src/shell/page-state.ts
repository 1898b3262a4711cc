/**
 * Everything the page remembers between renders, in one object: the controller (src/shell/controller.ts)
 * owns it; the screens read it. The room's state, the seat's view and the moves on their way are not here:
 * the session (`net.session`) is their one record.
 */
import type { LobbyState } from '../render/lobby';
import type { Status } from './net';
import type { GameReplay } from './tables';
import type { TableModule } from './table-module';
import type { ReplayJSON } from '@isle-of-trains/client';
import type { CoachState } from '../replay/coach';

/** The replay viewer's place: the game played again, the table that shows it, where it stands. */
export interface ReplayState {
  id: string;
  /** The game's name, for the page's title. */
  title: string;
  game: GameReplay;
  table: TableModule;
  index: number;
  playing: boolean;
  timer: number | undefined;
  chat: ReplayJSON['chat'];
  /** The last step was a jump (first, last, a turn, the slider): the next render shows no motion. */
  jumped: boolean;
  /** The coach's analysis of one seat, when asked for (src/replay/coach.ts). */
  coach: CoachState | null;
}

export interface PageState {
  lobby: LobbyState;
  /** A players' page (render/players.ts) shown instead of the lobby, once loaded. */
  page: HTMLElement | null;
  status: Status;
  statusText: string;
  /** The server's last refusal or a failure, shown until dismissed or the next move. */
  refusal: string | null;
  /** The invitation link was copied (the waiting room says so). */
  copied: boolean;
  /** The ended game's rematch room once someone asked for it, and whether this page asked (then it moves there at once). */
  rematchRoom: string | null;
  rematchWanted: boolean;
  /** The game had ended at the last state (ratings are fetched again once when it ends). */
  wasOver: boolean;
  replay: ReplayState | null;
  /** How many renders so far (the leak test reads it from the page). */
  renders: number;
}

export function createPageState(name: string, link: { roomId: string | null; code: string | null }): PageState {
  return {
    lobby: {
      name,
      game: 'isle',
      seats: 2,
      bots: 0,
      botLevel: 'greedy',
      isPrivate: false,
      turnTimeLimit: 0,
      soloMode: 'challenge',
      code: '',
      games: null,
      playing: [],
      gamesError: null,
      message: null,
      busy: false,
      linkRoom: link.roomId,
      linkCode: link.code,
    },
    page: null,
    status: 'offline',
    statusText: '',
    refusal: null,
    copied: false,
    rematchRoom: null,
    rematchWanted: false,
    wasOver: false,
    replay: null,
    renders: 0,
  };
}
