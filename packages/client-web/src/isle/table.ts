/**
 * The Isle of Trains table as a table module (src/shell/table-module.ts): the room state → the table model
 * (src/view-model.ts) → the screen (src/render/table.ts), the local selection (src/intents.ts) turned into
 * moves sent through the host, keys, focus after moves, the details panel and the phone's tabs. It draws the
 * whole screen, top bar and side column included, from the frame the shell's host gives (src/shell/frame.ts).
 */
import type { Action, Decision, PlayerView } from '@isle-of-trains/rules';
import type { IsleStateJSON } from '@isle-of-trains/client';
import { NONE, nextQueued, normalise, offer, pick, selectedKey, type Offer, type Selection } from '../intents';
import { endModel, tableModel } from '../view-model';
import { markDockOverflow } from '../render/dock-cue';
import { revealPaidFor } from '../render/paid-for-view';
import { renderEnd } from '../render/end';
import { paidForCard, renderTable, type PhoneTab } from '../render/table';
import { Memos, mountTable, unmountTable } from '../render/vdom';
import { isFramed, type FramedHost, type ShellFrame } from '../shell/frame';
import type { MountedTable, TableHost, TableModule } from '../shell/table-module';
import { PendingChoice } from '../shell/pending-choice';
import { FocusPlan } from './focus';
import { tableKey } from './keys';
import { installArt } from './art/index';
import { localStore, mountTour, type Tour } from './tutorial';

const SENDING: Offer = { prompt: 'Sending…', targets: {}, buttons: [], canCancel: false };
const NOTHING: Offer = { prompt: '', targets: {}, buttons: [], canCancel: false };

class IsleTable implements MountedTable<IsleStateJSON> {
  private room: IsleStateJSON | null = null;
  private seat: number | null = null;
  private view: PlayerView | null = null;
  private decision: Decision | null = null;
  private legal: Action[] = [];
  /** What the decision and the legal moves were read from. */
  private readFrom: { session: unknown; view: PlayerView | null; seat: number | null } | null = null;
  /** The last offer made, and what it was made from. */
  private offered: { inputs: readonly unknown[]; offer: Offer } | null = null;
  private selection: Selection = NONE;
  private tab: PhoneTab = 'table';
  private detailsCard: string | null = null;
  private detailsPinned = false;
  private wasOver = false;
  /** A one-choice delivery's next steps (intents.ts nextQueued), each sent once the server applied the one before. */
  private queued: Action[] = [];
  /** The shell's frame for this render (asked for once per update; the chat panel in it is built only when read). */
  private x: ShellFrame | null = null;
  private readonly focus: FocusPlan;
  /** The table's parts kept between renders (each drawn again only when what it shows changed). */
  private readonly memos = new Memos();
  private readonly onKey = (e: KeyboardEvent) => this.key(e);
  /** The confirm tray kept across a reload; `restoring` until the first state that can judge the kept one. */
  private readonly trays = new PendingChoice<Selection>();
  private restoring = true;
  private readonly tour: Tour;

  constructor(private readonly root: HTMLElement, private readonly host: FramedHost<Action>) {
    this.focus = new FocusPlan(root);
    installArt();
    this.tour = mountTour(root, localStore());
    document.addEventListener('keydown', this.onKey);
  }

  update(room: IsleStateJSON, seat: number | null): void {
    this.x = this.host.frame();
    const session = this.x.session;
    this.room = room;
    this.seat = seat;
    // The session is the one record of the view and the decision; the replay viewer has none (nothing to play).
    // (while it joins again after a lost connection it has none: the last one stays on screen, with nothing to play)
    this.view = session ? session.view ?? this.view : null;
    // The decision and the legal moves follow from the view and the seat: worked out again only when one of
    // those changed (a render for a click, a hover or a chat line brings the same view).
    const from = session ? session.view : null;
    if (!this.readFrom || this.readFrom.view !== from || this.readFrom.seat !== seat || this.readFrom.session !== session) {
      this.decision = session ? session.decision() : null;
      this.legal = session ? session.legalActions() : [];
      this.readFrom = { session, view: from, seat };
    }
    this.restoreTray(room, seat);
    this.selection = normalise(this.legal, this.selection, this.view, seat, this.decision);
    this.keepTray();
    if (!this.busy()) this.sendQueued();
    // The end panel sits on the table tab: show it when the game ends (phones).
    const over = !!room.game?.gameOver;
    if (over && !this.wasOver) this.tab = 'table';
    this.wasOver = over;
    this.render();
  }

  destroy(): void {
    document.removeEventListener('keydown', this.onKey);
    this.tour.destroy();
    unmountTable(this.root);
    this.memos.clear();
    this.offered = null;
    this.readFrom = null;
    this.room = null;
    this.x = null;
  }

  /**
   * After a reload: the tray the seat had open comes back once the state says whose decision it is (the
   * state can arrive before the seat's view: judged then, it was dropped); normalise() then keeps it only
   * while its move is legal for this seat.
   */
  private restoreTray(room: IsleStateJSON, seat: number | null): void {
    const session = this.x?.session;
    if (!this.restoring || !session) return;
    if (seat === null || room.phase !== 'playing') {
      this.restoring = room.phase === 'lobby';
      return;
    }
    if (!this.view || !this.decision || this.busy()) return;
    this.restoring = false;
    const kept = this.trays.load(session.roomId, seat);
    if (kept?.kind === 'confirm' && this.selection.kind === 'none') this.selection = kept;
  }

  /** Remember the open tray for a reload (nothing while the kept one is still to be judged). */
  private keepTray(): void {
    const session = this.x?.session;
    if (this.restoring || !session || this.seat === null) return;
    this.trays.save(session.roomId, this.seat, this.selection.kind === 'confirm' ? this.selection : null);
  }

  private busy(): boolean {
    return (this.x?.session?.movesInFlight ?? 0) > 0;
  }

  private currentOffer(live: boolean): Offer {
    if (!live) return NOTHING;
    if (this.busy()) return SENDING;
    // The same inputs make the same offer (its deliveries try each destination with the rules: not for nothing).
    const inputs = [this.legal, this.selection, this.view, this.seat, this.decision] as const;
    const kept = this.offered;
    if (kept && kept.inputs.every((v, i) => v === inputs[i])) return kept.offer;
    const o = offer(this.legal, this.selection, this.view, this.seat, this.decision);
    this.offered = { inputs, offer: o };
    return o;
  }

  /** A refusal is shown by the shell; an answer lost with the connection is not one (moves are offered again once back). */
  private refused = (e: { code?: string; message?: string }) => {
    this.queued = [];
    if (e?.code !== 'CONNECTION_LOST') this.host.notify(e?.message ?? String(e));
  };

  /**
   * Send a move; the queued steps after it go once it is answered. Its ack comes after the state it made
   * (the session's guarantee), but this table draws that state only at the next frame: the legal moves
   * are read from the session again here, never from the last frame drawn.
   */
  private send(action: Action): void {
    this.host.act(action).then(() => {
      const session = this.x?.session;
      if (session) {
        this.legal = session.legalActions();
        this.readFrom = null;
      }
      this.sendQueued();
    }, this.refused);
  }

  private sendQueued(): void {
    const n = nextQueued(this.queued, this.legal);
    this.queued = n.send ? n.rest : [];
    if (n.send) this.send(n.send);
  }

  /** Take back the last step of this turn (the server says how many may be: `undoable`). */
  private undo(): void {
    if (this.busy() || !this.x?.session?.canUndo()) return;
    this.selection = NONE;
    this.queued = [];
    this.focus.next = 'btn:undo';
    this.host.undo().catch(this.refused);
  }

  private pick(key: string): void {
    const f = this.focus;
    const before = this.selection;
    const r = pick(this.currentOffer(true), key, before);
    this.selection = r.selection;
    // Keyboard flow: Enter on a target opens the confirm tray with focus on Confirm; after sending, focus
    // goes back to the thing acted on (when it is still there), or to its neighbour (src/isle/focus.ts).
    if (this.selection.kind === 'confirm') {
      f.next = 'btn:confirm';
      // A move chosen with a button (Build) has no target of its own: it acts on the card selected before it.
      f.confirmFrom = this.selection.at ?? selectedKey(before);
    } else if ((r.send || key === 'cancel') && before.kind === 'confirm') {
      f.near = f.confirmFrom ? f.beside(f.confirmFrom, false) : null;
      // The tray goes in the next render: its focused button lets go of the focus now. Removed while focused, it
      // made the browser work out the focus again inside the render, with a style and layout pass of the page.
      f.release('.dock .choices');
    } else if (r.send) f.near = f.beside(key);
    if (r.send) {
      this.queued = r.then;
      this.send(r.send);
    }
    this.keepTray();
    this.host.redraw();
  }

  private details(id: string | null, pinned = false, withNext = false): void {
    if (this.detailsCard === id && this.detailsPinned === pinned) return;
    this.detailsCard = id;
    this.detailsPinned = pinned && id !== null;
    // A click's move draws the page at the next frame anyway: one drawing for both, not one now and one then.
    if (withNext) {
      this.host.redraw();
      return;
    }
    // Drawn at once (not at the next frame): a hover must show its card while the pointer is there. Only the
    // details panel and the sheet are drawn again; every other part is kept as it is.
    this.render();
  }

  private key(e: KeyboardEvent): void {
    if (!this.x?.live || !this.room) return;
    if (this.room.phase === 'playing' && tableKey(e, this.root, this.legal, () => this.undo())) {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Escape') return;
    if (this.detailsPinned) this.details(null);
    else if (this.selection.kind !== 'none') this.pick('cancel');
  }

  private render(): void {
    const room = this.room;
    const x = this.x;
    if (!room || !x) return;
    const seat = this.seat;
    const m = tableModel(room, seat, x.session ? this.view : undefined);
    if (!m) return;
    const isMine = x.live && this.decision !== null && this.decision.seat === seat;
    const ctx = { offer: this.currentOffer(x.live), selected: x.live ? selectedKey(this.selection) : null, live: x.live, ui: { pick: x.live ? (k: string) => this.pick(k) : () => undefined, details: (id: string | null, pinned?: boolean, withNext?: boolean) => this.details(id, pinned, withNext) } };
    const end = x.end;
    const scores = m.scores;
    const em = end && room.game?.gameOver && scores ? endModel(room, scores, m.solo) : null;
    const endPanel = end && em && scores
      ? this.memos.part('end', JSON.stringify([em, scores, room.seed, end.gameId, end.rematchLabel, !!end.onRematch, !!end.onReplay]), () => renderEnd(em, scores, room.seed, end))
      : null;
    mountTable(this.root, () => renderTable(m, ctx, {
      statusText: x.statusText,
      statusKind: x.statusKind,
      refusal: x.refusal,
      detailsCard: this.detailsCard,
      detailsPinned: this.detailsPinned,
      turnTimeLimit: room.turnTimeLimit,
      deadline: room.decisionDeadline && room.decisionDeadline > 0 ? room.decisionDeadline : null,
      chapter: room.scenario,
      endPanel,
      rated: !!room.rated,
      rating: x.rating,
      // The chat panel is built only when what it shows changed (its key): most updates are moves, not chat.
      side: x.sideKey !== undefined ? { key: x.sideKey, get: () => x.side } : x.side,
      undo: isMine && room.phase === 'playing' && (room.undoable ?? 0) > 0 ? { count: room.undoable ?? 0, onUndo: () => this.undo() } : null,
      spectators: room.spectators ?? [],
      log: x.log,
      logNote: x.logNote,
      tab: this.tab,
      onTab: (t) => {
        this.tab = t;
        // The log was hidden on a phone: bring its newest line into view when it shows.
        x.log?.reveal();
        this.host.redraw();
      },
      cues: x.cues,
      onDismissRefusal: x.onDismissRefusal,
      onLeave: x.onLeave,
      leaveLabel: x.leaveLabel,
      ...(x.bottom !== undefined ? { bottom: x.bottom } : {}),
    }, this.memos), { motion: x.motion });
    this.memos.sweep();
    markDockOverflow(this.root);
    revealPaidFor(this.root, paidForCard(m) !== null);
    this.focus.after(this.busy());
    this.tour.update(x.live && seat !== null && room.phase === 'playing' && !room.game?.gameOver);
  }
}

export const isleTable: TableModule<IsleStateJSON, Action> = {
  mount(root: HTMLElement, host: TableHost<Action>): MountedTable<IsleStateJSON> {
    // This table draws the whole screen, so it needs what the shell's frame shows (status, chat, log, leave).
    if (!isFramed(host)) throw new Error('The Isle of Trains table needs the page frame (src/shell/frame.ts) from its host.');
    return new IsleTable(root, host);
  },
};
