/**
 * The second game's table in a live room (or a replay): the shell's table module for `ttr`. It turns the
 * decoded room state and the seat into the table's input (the seat's view rebuilt from the state, the names
 * from the seats, the board from ttr-rules' built-in map of the state's map id), and draws around the board
 * what the shell's frame offers a table that draws only its board: a bar (the connection, the last notice,
 * the turn timer, who is watching, undo while the room allows it, leaving; after the end the end panel has
 * the rematch, the replay and the lobby), the log and the chat beside the board (behind a button on narrow screens) with the turn's sound and alert
 * switches, and
 * the replay viewer's controls under it.
 */
import { mapOf, type Action } from '@isle-of-trains/ttr-rules';
import { ttrViewFromState, type TtrStateJSON } from '@isle-of-trains/client';
import { h, mount } from '../render/dom';
import { KeptRows } from '../render/kept-rows';
import { isFramed, type ShellFrame } from '../shell/frame';
import type { MountedTable, TableHost, TableModule } from '../shell/table-module';
import { logLines } from './room-log';
import { ttrTable } from './table';

export const ttrRoomTable: TableModule<TtrStateJSON, Action> = {
  mount(root: HTMLElement, host: TableHost<Action>): MountedTable<TtrStateJSON> {
    const bar = h('div', { class: 'ttr-room-bar-host' });
    const board = h('div', { class: 'ttr-room-board' });
    const side = h('div', { class: 'ttr-room-side-host' });
    // The log's lines from one render to the next (../render/kept-rows.ts).
    const logRows = new KeptRows();
    const bottom = h('div', { class: 'ttr-room-bottom' });
    const body = h('div', { class: 'ttr-room-body' }, board, side);
    const shell = h('div', { class: 'ttr-room' }, bar, body, bottom);
    root.replaceChildren(shell);
    const inner = ttrTable.mount(board, host);
    // On a narrow screen the log and chat open over the board, but never over its turn line (whose turn, what
    // to do, a refusal): the panel starts below it, however many lines the turn line wraps to.
    const turnBar = board.querySelector<HTMLElement>('.ttr-bar-host');
    const turnSize = typeof ResizeObserver !== 'undefined' && turnBar
      ? new ResizeObserver(() => shell.style.setProperty('--ttr-turn-h', `${turnBar.offsetHeight}px`)) : null;
    if (turnBar) turnSize?.observe(turnBar);
    let undoing = false;
    /** Narrow screens: the log and chat cover the board while open. */
    let panelOpen = false;
    /** Log lines not yet seen while the panel was closed (narrow screens). */
    let seenLog = -1;
    let lastLog = 0;
    /** The same for the chat's lines (counted in the chat panel the shell hands over). */
    let seenChat = -1;
    let lastChat = 0;
    let last: { room: TtrStateJSON; seat: number | null } | null = null;
    const redraw = () => { if (last) draw(last.room, last.seat); };

    function togglePanel(open: boolean): void {
      panelOpen = open;
      seenLog = lastLog;
      seenChat = lastChat;
      if (open) frameOf()?.log?.reveal();
      redraw();
      if (open) root.querySelector<HTMLElement>('#ttr-log-title')?.focus();
      else root.querySelector<HTMLElement>('#ttr-panel-toggle')?.focus();
    }

    function frameOf(): ShellFrame | null {
      return isFramed(host) ? host.frame() : null;
    }

    function drawBar(room: TtrStateJSON, seat: number | null, frame: ShellFrame | null): void {
      const over = room.phase === 'ended' || room.game?.gameOver === true;
      const session = frame?.session ?? null;
      const canUndo = !over && seat !== null && !!session && session.isMyDecision() && (room.undoable ?? 0) > 0;
      const status = frame && frame.statusKind !== 'connected' ? frame.statusText : frame && !frame.live ? frame.statusText : '';
      const watching = room.spectators ?? [];
      const deadline = !over && room.decisionDeadline > 0 ? Math.max(0, Math.ceil((room.decisionDeadline - Date.now()) / 1000)) : null;
      const unseen = !panelOpen && seenLog >= 0 ? Math.max(0, lastLog - seenLog) : 0;
      const unread = !panelOpen && seenChat >= 0 ? Math.max(0, lastChat - seenChat) : 0;
      mount(bar, h('nav', { class: 'ttr-room-bar', 'aria-label': 'Game' },
        h('span', { class: 'ttr-room-title' }, 'Northern Lights'),
        status ? h('span', { class: 'ttr-room-status', role: 'status' }, status) : null,
        room.turnTimeLimit > 0 && frame?.live ? h('span', { class: 'ttr-room-badge', 'data-fkey': 'ttr-timer' },
          `Timer ${room.turnTimeLimit} s${deadline !== null ? ` · ${deadline} s left` : ''}`) : null,
        watching.length > 0 && frame?.live ? h('span', { class: 'ttr-room-badge', 'data-fkey': 'ttr-watchers', title: `Watching: ${watching.join(', ')}` },
          `${watching.length} watching`, h('span', { class: 'ttr-sr' }, `: ${watching.join(', ')}`)) : null,
        frame?.live && seat === null ? h('span', { class: 'ttr-room-badge', 'data-fkey': 'ttr-spectating' }, 'You are watching') : null,
        frame?.refusal ? h('span', { class: 'ttr-room-note', role: 'status' }, frame.refusal, ' ',
          h('button', { type: 'button', class: 'ttr-link', 'data-fkey': 'ttr-dismiss', onclick: () => frame.onDismissRefusal() }, 'Dismiss')) : null,
        h('span', { class: 'ttr-room-gap' }),
        h('button', {
          type: 'button', class: 'ttr-btn ttr-panel-toggle', id: 'ttr-panel-toggle', 'data-fkey': 'ttr-panel-toggle',
          'aria-expanded': panelOpen ? 'true' : 'false', 'aria-controls': 'ttr-log-chat', onclick: () => togglePanel(!panelOpen),
        }, panelOpen ? 'Back to the map' : frame?.live ? 'Log & chat' : 'Log', unseen > 0 ? h('span', { class: 'ttr-unseen' }, ` (${unseen > 99 ? '99+' : unseen} new)`) : null,
        unread > 0 ? h('span', { class: 'ttr-unread', 'data-fkey': 'ttr-unread' }, ` · ${unread} ${unread === 1 ? 'message' : 'messages'}`) : null),
        canUndo ? h('button', {
          type: 'button', class: 'ttr-btn', id: 'ttr-undo', 'data-fkey': 'ttr-undo', disabled: undoing,
          onclick: () => {
            undoing = true;
            host.undo().catch((e: { message?: string }) => host.notify(e?.message ?? 'Nothing to take back.')).finally(() => { undoing = false; });
          },
        }, `Undo (${room.undoable})`) : null,
        // The replay viewer closes from here; a live table is left from here until it ends.
        (!over && frame?.live) || (frame && !frame.live) ? h('button', { type: 'button', class: 'ttr-btn', id: 'ttr-leave', 'data-fkey': 'ttr-leave', onclick: () => frame.onLeave() }, frame.leaveLabel ?? 'Leave') : null));
    }

    function drawSide(room: TtrStateJSON, seat: number | null, frame: ShellFrame | null): void {
      const log = room.log ?? [];
      const older = frame?.log;
      mount(side, h('aside', { class: 'ttr-room-side', id: 'ttr-log-chat', 'aria-label': frame?.live ? 'Log and chat' : 'Log' },
        h('section', { class: 'log ttr-log', 'data-fkey': 'log-panel', 'aria-labelledby': 'ttr-log-title' },
          h('h2', { id: 'ttr-log-title', tabindex: '-1' }, 'Game log'),
          frame?.logNote ? h('p', { class: 'muted log-note' }, frame.logNote) : null,
          logLines(log, seat, older, logRows)),
        frame?.side ?? null,
        // The "your turn" cues (the shell plays them for either game): a seated player's switches, while there are turns to come.
        frame?.cues && seat !== null && !(room.phase === 'ended' || room.game?.gameOver === true) ? h('p', { class: 'ttr-cues', 'data-fkey': 'ttr-cues' }, 'When it is your turn: ',
          h('button', { type: 'button', class: 'ttr-btn', 'aria-pressed': String(frame.cues.sound), 'data-fkey': 'ttr-sound', onclick: frame.cues.onSound, title: 'Play a sound when it becomes your turn' }, frame.cues.sound ? 'Sound on' : 'Sound off'),
          ' ',
          h('button', { type: 'button', class: 'ttr-btn', 'aria-pressed': String(frame.cues.notify), 'data-fkey': 'ttr-notify', onclick: frame.cues.onNotify, title: 'A browser notification when it becomes your turn and this tab is hidden' }, frame.cues.notify ? 'Alerts on' : 'Alerts off')) : null));
    }

    /** The end panel's buttons: play again, the replay, the lobby (the seed beside them, for anyone checking the deal). */
    function endActions(room: TtrStateJSON): HTMLElement[] | null {
      const end = frameOf()?.end;
      if (!end) return null;
      const all: (HTMLElement | null)[] = [
        end.onRematch ? h('button', { type: 'button', class: 'ttr-btn ttr-primary', id: 'ttr-rematch', 'data-fkey': 'ttr-rematch', onclick: () => end.onRematch!() }, end.rematchLabel ?? 'Play again (same seats, new seed)') : null,
        end.onReplay && end.gameId ? h('button', { type: 'button', class: 'ttr-btn', id: 'ttr-replay', 'data-fkey': 'ttr-replay', onclick: () => end.onReplay!() }, 'Watch the replay') : null,
        h('button', { type: 'button', class: 'ttr-btn', id: 'ttr-end-lobby', 'data-fkey': 'ttr-end-lobby', onclick: () => end.onLobby() }, 'Back to the lobby'),
        room.seed ? h('p', { class: 'ttr-small ttr-seed' }, `Seed: ${room.seed}`) : null,
      ];
      return all.filter((x): x is HTMLElement => x !== null);
    }

    function draw(room: TtrStateJSON, seat: number | null): void {
      const frame = frameOf();
      const log = room.log ?? [];
      lastLog = log.length > 0 ? log[log.length - 1].n : 0;
      if (seenLog < 0 || panelOpen) seenLog = lastLog;
      lastChat = frame?.side?.querySelectorAll('.chat-list li[data-fkey^="chat-"]').length ?? 0;
      if (seenChat < 0 || panelOpen) seenChat = lastChat;
      shell.toggleAttribute('data-panel-open', panelOpen);
      shell.toggleAttribute('data-replay', !!frame && !frame.live);
      drawBar(room, seat, frame);
      drawSide(room, seat, frame);
      if (frame?.bottom) mount(bottom, h('div', { class: 'ttr-room-bottom-inner' }, frame.bottom));
      else bottom.replaceChildren();
    }

    return {
      update(room: TtrStateJSON, seat: number | null) {
        last = { room, seat };
        draw(room, seat);
        const g = room.game;
        const view = ttrViewFromState(room, seat ?? 'spectator');
        // The board the game was played on, an earlier version of the map included (the view names it).
        const map = g && view ? mapOf(view.options.map) : undefined;
        if (!g || !view || !map) return;
        const over = room.phase === 'ended' || g.gameOver;
        const frame = frameOf();
        inner.update({
          view, seat, names: room.seats.map((s, i) => s.name || g.players[i]?.name || `Seat ${i + 1}`), map: map.data,
          ...(frame?.rating ? { rating: (s: number) => frame.rating!(s) } : {}),
          ...(over && frameOf()?.end ? { endActions: () => endActions(room) } : {}),
        }, seat);
      },
      destroy() {
        turnSize?.disconnect();
        inner.destroy();
        root.replaceChildren();
      },
    };
  },
};
