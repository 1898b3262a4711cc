/**
 * The replay viewer: fetch a finished game's replay, play it again through its game's rules (the game's
 * replay module, its own chunk), and show each position with the game's own table, the replay bar in place of
 * the move dock. A private table's replay is served to its players (this browser's identity) or with its share
 * key (`key`), which the page's address then carries, so the link can be shared.
 */
import type { ReplayJSON } from '@isle-of-trains/client';
import { chatRecord } from '../render/chat';
import { coachStrip } from '../render/coach-marks';
import { replayBar } from '../render/replay-bar';
import { followAnalysis } from './coach';
import type { Shell } from '../shell/controller';
import type { FramedHost, ShellFrame } from '../shell/frame';
import { canGoBack, go, replayUrl } from '../shell/history';
import { failureText } from '../shell/net';
import { GAME_NAMES, gameEntry, gameOf } from '../shell/tables';
import type { TableSlot } from '../shell/table-slot';

const NOTHING = () => Promise.reject({ code: 'REPLAY', message: 'A replay cannot be played.' });

export class ReplayViewer {
  constructor(private readonly shell: Shell, private readonly slot: TableSlot) {}

  /**
   * `analyse`: a seat whose analysis the coach is asked for once the replay is loaded. `replace`: the address
   * already asks for this replay (the page opened on it, or Back/Forward came to it).
   */
  async open(id: string, key?: string, analyse?: number, replace = false): Promise<void> {
    const st = this.shell.state;
    try {
      const auth = this.shell.net.identity();
      const query = key ? `?key=${encodeURIComponent(key)}` : '';
      const res = await fetch(`${this.shell.apiBase}/api/games/${encodeURIComponent(id)}/replay${query}`, auth ? { headers: { authorization: auth } } : undefined);
      if (!res.ok) throw new Error(`The replay is not available (${res.status}).`);
      const data = (await res.json()) as ReplayJSON;
      // The replay names its game (replays from before the second game name none: Isle of Trains).
      const gameId = gameOf({ metadata: data as { game?: unknown } });
      const entry = gameEntry(gameId);
      const [game, table] = await Promise.all([entry.replay(data), entry.table()]);
      st.replay = { id, title: GAME_NAMES.find((g) => g.id === gameId)?.name ?? 'Isle of Trains', game, table, index: 0, playing: false, timer: undefined, chat: Array.isArray(data.chat) ? data.chat : [], jumped: false, coach: null };
      go(replayUrl(id, key, analyse), replace);
      if (analyse !== undefined) this.analyse(analyse, query, auth);
    } catch (e) {
      st.refusal = failureText(e);
      st.lobby.message = st.refusal;
    }
    this.shell.schedule();
  }

  /** Ask the coach for `seat`'s analysis and follow it while this replay stays open. */
  private analyse(seat: number, query: string, auth: string | null | undefined): void {
    const r = this.shell.state.replay;
    if (!r) return;
    r.coach = { seat, status: 'running', done: 0, total: 0 };
    const url = `${this.shell.apiBase}/api/games/${encodeURIComponent(r.id)}/analysis/${seat}${query}`;
    void followAnalysis(url, auth ? { authorization: auth } : {}, seat, (c) => {
      r.coach = c;
      this.shell.schedule();
    }, () => this.shell.state.replay !== r);
  }

  get showing(): boolean {
    return this.shell.state.replay !== null;
  }

  go(i: number): void {
    const r = this.shell.state.replay;
    if (!r) return;
    const to = Math.max(0, Math.min(r.game.length - 1, i));
    // A jump (first, last, a turn, the slider) changes much of the table at once: it shows the new position
    // without cards fading out of and sliding into a table that no longer matches them.
    r.jumped = Math.abs(to - r.index) > 1;
    r.index = to;
    if (r.index >= r.game.length - 1) this.play(false);
    this.shell.schedule();
  }

  play(on: boolean): void {
    const r = this.shell.state.replay;
    if (!r) return;
    r.playing = on;
    window.clearInterval(r.timer);
    r.timer = on ? window.setInterval(() => this.go(r.index + 1), 700) : undefined;
    this.shell.schedule();
  }

  /** The replay goes from the page (the address has moved on, or it is being closed). */
  shut(): void {
    if (!this.shell.state.replay) return;
    this.play(false);
    this.shell.state.replay = null;
    this.slot.clear();
    this.shell.schedule();
  }

  /**
   * Close the replay: back to where it was opened from (a game's end screen, its rematch still on offer, or a
   * player's page); opened from a link, to the lobby.
   */
  private close(): void {
    if (canGoBack()) {
      window.history.back();
      return;
    }
    this.shut();
    const net = this.shell.net;
    if (net.session) void net.leave().then(() => this.shell.resetToLobby());
    else this.shell.resetToLobby();
  }

  /** Draw the replay's current position; false when no replay is open. */
  render(): boolean {
    const r = this.shell.state.replay;
    if (!r) return false;
    document.title = `Replay · ${r.title}`;
    if (this.slot.show(`replay:${r.id}`, async () => r.table, this.host, r.game.room(r.index), null, () => this.shell.schedule())) {
      r.jumped = false;
      this.shell.log.afterRender();
    }
    return true;
  }

  private frame(): ShellFrame {
    const r = this.shell.state.replay!;
    return {
      live: false,
      session: null,
      statusText: 'Replay',
      statusKind: 'connected',
      refusal: null,
      onDismissRefusal: () => undefined,
      onLeave: () => this.close(),
      leaveLabel: 'Close the replay',
      logNote: r.game.logNote,
      side: chatRecord(r.chat),
      bottom: replayBar({
        index: r.index, last: r.game.length - 1, playing: r.playing, turn: r.game.turn(r.index),
        turns: r.game.turns, moveText: r.game.move(r.index), broken: r.game.brokenAt,
        coach: r.coach ? coachStrip(r.coach, r.index, r.game.length - 1, (i) => this.go(i)) : null,
      }, { go: (i) => this.go(i), play: (on) => this.play(on) }),
      end: null,
      motion: !r.jumped,
    };
  }

  private readonly host: FramedHost = {
    act: NOTHING,
    undo: NOTHING,
    notify: () => undefined,
    frame: () => this.frame(),
    redraw: () => this.shell.schedule(),
  };
}
