/**
 * The page's frame for a table that draws the whole screen itself (the Isle table's layout puts the top
 * bar, the log and the chat in its own grid). The shell's host then also offers `frame()`: what the frame
 * shows this render (connection status, refusal, leave, sound and alert switches, chat, log paging, end
 * screen buttons, the replay bar) and the session, the one record of the view and of the moves on their way.
 * A table that draws only its board ignores it.
 */
import type { Session } from '@isle-of-trains/client';
import type { TableHost } from './table-module';

export interface ShellFrame {
  /** False in the replay viewer: nothing can be played, keys and picks do nothing. */
  live: boolean;
  /** The session (null in the replay viewer): its view, decision, legal actions and moves on their way. */
  session: Session | null;
  statusText: string;
  statusKind: string;
  refusal: string | null;
  onDismissRefusal(): void;
  onLeave(): void;
  leaveLabel?: string;
  cues?: { sound: boolean; notify: boolean; onSound(): void; onNotify(): void };
  rating?(seat: number): string | null;
  /** The side column under the log: the live chat, or the chat kept with a replayed game. */
  readonly side: HTMLElement | null;
  /**
   * What `side` shows, as a string, when the shell can tell (the live chat): a table that drew `side` under the
   * same key keeps what it drew, and need not read `side` (which builds the panel) at all.
   */
  sideKey?: string;
  /** The log's older lines: being fetched, still on the server, how to ask, and `reveal()` when the log panel shows again. */
  log?: { loading: boolean; more: boolean; onOlder(): void; reveal(): void };
  logNote?: string;
  /** Replaces the move dock (the replay viewer's controls). */
  bottom?: HTMLElement | null;
  /** The end screen's buttons (absent in the replay viewer). */
  end: { gameId: string | null; onLobby(): void; onRematch?: () => void; rematchLabel?: string; onReplay?: () => void; replayHref?: string; onAnalyse?: () => void } | null;
  /** False for a render that jumps (a replay's first, last, a turn): no arrival or leaving motion. */
  motion: boolean;
}

export interface FramedHost<A = unknown> extends TableHost<A> {
  frame(): ShellFrame;
  /** Ask for the page to be drawn again (the shell then calls `update`). */
  redraw(): void;
}

export function isFramed<A>(host: TableHost<A>): host is FramedHost<A> {
  return typeof (host as Partial<FramedHost<A>>).frame === 'function';
}
