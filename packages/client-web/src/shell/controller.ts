/**
 * The page's controller: it owns the page state (src/shell/page-state.ts), answers the connection's events,
 * and does what the screens ask (create, join, leave, rematch, a table's moves). It knows no game's rules:
 * the table of the room's game (src/shell/tables.ts) draws the game and says which moves to send.
 */
import type { IsleError, IsleStateJSON, Session } from '@isle-of-trains/client';
import { PlayersUi } from '../players/players-ui';
import type { SessionStore } from './session-store';
import { Cues } from './cues';
import type { FramedHost, ShellFrame } from './frame';
import { go, replayUrl, roomUrl, setUrl } from './history';
import { LogPanel } from './log';
import { failureText, listGames, Net } from './net';
import { createPageState, type PageState } from './page-state';
import { renderPage } from './screens';
import { TableSlot } from './table-slot';
import { ReplayViewer } from '../replay/viewer';

export class Shell {
  readonly state: PageState;
  readonly net: Net;
  readonly players: PlayersUi;
  readonly cues: Cues;
  readonly log: LogPanel;
  /** The table on the page (the room's, or the replay's). */
  readonly table: TableSlot;
  readonly replay: ReplayViewer;
  private frameId = 0;

  constructor(readonly root: HTMLElement, readonly store: SessionStore, readonly endpoint: string, readonly apiBase: string,
    link: { roomId: string | null; code: string | null }) {
    this.state = createPageState(store.name, link);
    this.table = new TableSlot(root);
    this.replay = new ReplayViewer(this, this.table);
    const schedule = () => this.schedule();
    this.players = new PlayersUi(apiBase, window.localStorage, schedule);
    this.cues = new Cues(window.localStorage, schedule);
    this.log = new LogPanel(root, schedule);
    this.net = new Net(endpoint, store, {
      state: (s) => this.onState(s),
      status: (s, detail) => this.onStatus(s, detail),
      refused: (_code, message) => {
        this.state.refusal = message;
        this.state.lobby.busy = false;
        this.schedule();
      },
      chat: (line) => {
        // (a line may arrive before this room's first render: the conversation switches rooms here too)
        this.players.chat.room(this.net.roomId);
        this.players.chat.add(line);
        this.schedule();
      },
      chatRefused: (code, message) => {
        this.players.chat.refused(code, message);
        this.schedule();
      },
      rematch: (roomId) => {
        this.state.rematchRoom = roomId;
        if (this.state.rematchWanted) void this.joinRematch(roomId);
        this.schedule();
      },
      restarting: (seconds) => {
        this.state.statusText = `The server is restarting${seconds ? ` in ${seconds} s` : ''}: you will be reconnected.`;
        this.schedule();
      },
    }, apiBase);
    this.net.identity = () => this.players.identity.auth;
    this.log.listen(() => this.net.session);
    // A typed name stays; the guest name the lobby was prefilled with gives way to the account's.
    this.players.onAccountName = (name, previous) => {
      const lobby = this.state.lobby;
      if (lobby.name.trim() && lobby.name.trim() !== previous) return;
      lobby.name = name;
      store.name = name;
      this.schedule();
    };
  }

  /** Draw the page in the next animation frame (once, however many changes come before it). */
  schedule(): void {
    if (this.frameId) return;
    this.frameId = window.requestAnimationFrame(() => {
      this.frameId = 0;
      renderPage(this);
    });
  }

  /** The room's latest state (the session's), with the whole log the page keeps; null outside a room. */
  room(): IsleStateJSON | null {
    const session = this.net.session;
    if (!session) return null;
    // While the session joins again after a lost connection it has no state: the table stays as it was.
    const s = session.state ?? (this.shown?.session === session ? this.shown.state : null);
    return s ? this.log.withLog(s) : null;
  }

  /** The last state shown and its session: what the page keeps showing while that session rejoins. */
  private shown: { session: Session; state: IsleStateJSON } | null = null;

  /** True when the session says the decision is this seat's, in play. */
  myTurn(): boolean {
    const s = this.net.session;
    return !!s && s.state?.phase === 'playing' && s.isMyDecision();
  }

  private onState(s: IsleStateJSON): void {
    const session = this.net.session!;
    this.shown = { session, state: s };
    this.log.update(s, session);
    this.noticeTimeout(s, session);
    this.cues.turn(this.myTurn());
    const over = s.phase === 'ended';
    if (over && !this.state.wasOver) this.players.refreshRatings();
    this.state.wasOver = over;
    this.schedule();
  }

  /** The newest "time ran out" line of this seat the page has seen, per session. */
  private timeouts: { session: Session | null; n: number } = { session: null, n: 0 };

  /**
   * The seat's decision timer ran out and a bot moved for it: said where the player looks, not only in the
   * log (lines already there when the page joined are not news).
   */
  private noticeTimeout(s: IsleStateJSON, session: Session): void {
    const seat = this.net.seat;
    let newest = 0;
    for (const l of s.log ?? []) if (l.type === 'timeout' && seat !== null && l.seat === seat) newest = Math.max(newest, l.n);
    if (this.timeouts.session !== session) this.timeouts = { session, n: newest };
    else if (newest > this.timeouts.n) {
      this.timeouts.n = newest;
      this.flash('Your time ran out: a bot made that move for you.', 10_000);
    }
  }

  private onStatus(s: PageState['status'], detail: string): void {
    const st = this.state;
    st.status = s;
    st.statusText = detail || (s === 'connected' ? '' : s);
    if (s === 'connected' && detail === 'Reconnected.') this.flash(detail, 4000);
    this.schedule();
  }

  /** A line in the status place for a while (while connected; a connection problem says more). */
  private flash(text: string, ms: number): void {
    const st = this.state;
    st.statusText = text;
    window.setTimeout(() => {
      if (st.statusText === text) {
        st.statusText = '';
        this.schedule();
      }
    }, ms);
    this.schedule();
  }

  /** The table's way to the server: its moves go through the session, which tracks them until answered. */
  readonly host: FramedHost = {
    act: (action) => this.move(() => this.net.session!.act(action as Parameters<Session['act']>[0])),
    undo: () => this.move(() => this.net.session!.undo()),
    notify: (text) => {
      this.state.refusal = text;
      this.schedule();
    },
    frame: () => this.frame(),
    redraw: () => this.schedule(),
  };

  private move(send: () => Promise<void>): Promise<void> {
    if (!this.net.session) return Promise.reject({ code: 'NOT_CONNECTED', message: 'Not in a game.' });
    this.state.refusal = null;
    const p = send();
    // The table offers the next move once this one is answered: draw again then, whatever the answer.
    p.then(() => this.schedule(), (e: IsleError) => { this.schedule(); return e; });
    this.schedule();
    return p;
  }

  /** What the table's frame shows this render (src/shell/frame.ts). */
  frame(): ShellFrame {
    const st = this.state;
    const room = this.room();
    const seat = this.net.seat;
    const gameId = this.net.roomId;
    const players = this.players;
    const net = this.net;
    let side: HTMLElement | undefined;
    return {
      live: true,
      session: this.net.session,
      statusText: st.status === 'connected' ? st.statusText : st.statusText || st.status,
      statusKind: st.status,
      refusal: st.refusal,
      onDismissRefusal: () => {
        st.refusal = null;
        this.schedule();
      },
      onLeave: () => this.leaveTable(),
      // The sound and the alert say "your turn": a spectator has none.
      cues: seat === null ? undefined : { sound: this.cues.sound, notify: this.cues.notify, onSound: () => this.cues.toggleSound(), onNotify: () => this.cues.toggleNotify() },
      rating: (s) => (room ? this.players.seatRating(room, s, this.net.game) : null),
      // Built when read, once per frame: a table that keeps the chat it drew while the key is the same never reads it.
      get side() { return side ??= players.chatPanel(net, room, seat); },
      sideKey: players.chatKey(net, room, seat),
      log: { loading: this.log.lines.loading, more: this.log.lines.hasOlder, onOlder: () => this.log.loadOlder(this.net.session), reveal: () => this.log.reveal() },
      end: {
        gameId,
        onLobby: () => void this.net.leave().then(() => this.resetToLobby()),
        onRematch: seat !== null || st.rematchRoom ? () => void this.rematch() : undefined,
        rematchLabel: st.rematchRoom && !st.rematchWanted ? (seat !== null ? 'Join the rematch (same seats, new seed)' : 'Watch the rematch') : undefined,
        // A private table's replay needs its share key, which the seated players got.
        onReplay: gameId ? () => void this.replay.open(gameId, this.net.session?.shareKey ?? undefined) : undefined,
        // Its address, so that it can be opened in another tab (or copied) as a link.
        replayHref: gameId ? replayUrl(gameId, this.net.session?.shareKey ?? undefined) : undefined,
        // The coach analyses a seated player's own seat (others may ask through the route with any seat).
        onAnalyse: gameId && seat !== null && seat >= 0 ? () => void this.replay.open(gameId, this.net.session?.shareKey ?? undefined, seat) : undefined,
      },
      motion: true,
    };
  }

  private leaveTable(): void {
    const room = this.net.session?.state;
    // A spectator or an ended game leaves at once; a seat in play asks first (a bot takes it over).
    if (room?.phase === 'ended' || room?.game?.gameOver || this.net.seat === null) void this.net.leave().then(() => this.resetToLobby());
    else if (window.confirm(leaveQuestion(room, this.net.seat))) void this.net.leave(true).then(() => this.resetToLobby());
  }

  /**
   * The address moved away from this room (Back, Forward): leave it as its Leave would, but keep the seat
   * token, so that Forward (or the link) takes the seat back. A game in play asks first; when the player
   * stays, the room's address comes back and false is returned.
   */
  async leaveForAddress(): Promise<boolean> {
    const session = this.net.session;
    if (!session) return true;
    const room = session.state;
    const seated = this.net.seat !== null;
    if (seated && room?.phase === 'playing' && !room.game?.gameOver && session.status !== 'closed') {
      if (!window.confirm(leaveQuestion(room, this.net.seat))) {
        go(roomUrl(session.roomId));
        return false;
      }
    }
    // (a connection already closed may never answer the leave: the page does not wait on it for long)
    await Promise.race([this.net.leave(seated && room?.phase !== 'lobby'), new Promise((r) => window.setTimeout(r, 2000))]);
    this.forgetRoom();
    return true;
  }

  /** What the page kept about the room it left. */
  private forgetRoom(): void {
    this.state.refusal = null;
    this.state.rematchRoom = null;
    this.state.rematchWanted = false;
  }

  /** `replace`: the room's address takes the place of this entry (a rematch); otherwise it is a new entry. */
  async withBusy(fn: () => Promise<void>, replace = false): Promise<void> {
    const lobby = this.state.lobby;
    // Joined from an invitation's link: the room's address is the same place under a better name.
    const fromLink = !!(lobby.linkRoom || lobby.linkCode);
    lobby.busy = true;
    lobby.message = null;
    this.store.name = lobby.name;
    this.schedule();
    try {
      await fn();
      lobby.linkRoom = null;
      lobby.linkCode = null;
      setUrl(this.net.roomId, replace || fromLink);
    } catch (e) {
      lobby.message = failureText(e);
    } finally {
      lobby.busy = false;
      this.schedule();
    }
  }

  resetToLobby(): void {
    this.forgetRoom();
    setUrl(null);
    this.refreshGames();
    this.schedule();
  }

  refreshGames(): void {
    const lobby = this.state.lobby;
    listGames(this.apiBase)
      .then((g) => {
        lobby.games = g.open;
        lobby.playing = g.playing;
        lobby.gamesError = null;
      })
      .catch((e: unknown) => {
        lobby.games = [];
        lobby.playing = [];
        lobby.gamesError = failureText(e);
      })
      .finally(() => this.schedule());
  }

  /**
   * A new game at this table (same seats, bots and settings, a new seed): the server sets it up and tells
   * everyone its room (docs/PROTOCOL.md "Rematch"); this page then moves there with its seat token.
   */
  async rematch(): Promise<void> {
    if (!this.net.session) return;
    this.state.rematchWanted = true;
    if (this.state.rematchRoom) await this.joinRematch(this.state.rematchRoom);
    else this.net.askRematch();
    this.schedule();
  }

  private async joinRematch(roomId: string): Promise<void> {
    this.state.rematchRoom = null;
    this.state.rematchWanted = false;
    // The ended game's address gives way to the rematch's: Back from the new game does not lead into the old one.
    await this.withBusy(() => this.net.joinRematch(roomId, this.state.lobby.name.trim()), true);
  }
}

/** What leaving a game in play means for this seat, asked before it leaves. */
function leaveQuestion(room: IsleStateJSON | null | undefined, seat: number | null): string {
  return room?.rated && seat !== null
    ? 'Leave this rated game? It counts as a loss for your rating, even if you come back later. A bot plays your seat until you open the game\'s link again.'
    : room?.seatsTotal === 1
      ? 'Leave this solo game? A bot plays on in your place, to the end unless you open the game\'s link again to take over.'
      : 'Leave this game? A bot plays your seat until you open the game\'s link again.';
}
