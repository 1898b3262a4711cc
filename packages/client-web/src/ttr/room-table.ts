/**
 * The second game's table in a live room (or a replay): the shell's table module for `ttr`. It turns the
 * decoded room state and the seat into the table's input (the seat's view rebuilt from the state, the names
 * from the seats, the board from ttr-rules' built-in map of the state's map id), and adds a slim bar of its
 * own above the board with what the shell's frame offers a table that draws only its board: the connection,
 * the last notice, undo while the room allows it, leaving, and, after the end, the lobby and the rematch.
 */
import { builtInMap, type Action } from '@isle-of-trains/ttr-rules';
import { ttrViewFromState, type TtrStateJSON } from '@isle-of-trains/client';
import { h, mount } from '../render/dom';
import { isFramed } from '../shell/frame';
import type { MountedTable, TableHost, TableModule } from '../shell/table-module';
import { ttrTable } from './table';

export const ttrRoomTable: TableModule<TtrStateJSON, Action> = {
  mount(root: HTMLElement, host: TableHost<Action>): MountedTable<TtrStateJSON> {
    const bar = h('div', { class: 'ttr-room-bar-host' });
    const board = h('div', { class: 'ttr-room-board' });
    root.replaceChildren(h('div', { class: 'ttr-room' }, bar, board));
    const inner = ttrTable.mount(board, host);
    let undoing = false;

    function drawBar(room: TtrStateJSON, seat: number | null): void {
      const frame = isFramed(host) ? host.frame() : null;
      const over = room.phase === 'ended' || room.game?.gameOver === true;
      const session = frame?.session ?? null;
      const canUndo = !over && seat !== null && !!session && session.isMyDecision() && (room.undoable ?? 0) > 0;
      const status = frame && frame.statusKind !== 'connected' ? frame.statusText : '';
      mount(bar, h('nav', { class: 'ttr-room-bar', 'aria-label': 'Game' },
        h('span', { class: 'ttr-room-title' }, 'Northern Lights'),
        status ? h('span', { class: 'ttr-room-status', role: 'status' }, status) : null,
        frame?.refusal ? h('span', { class: 'ttr-room-note', role: 'status' }, frame.refusal, ' ',
          h('button', { type: 'button', class: 'ttr-link', 'data-fkey': 'ttr-dismiss', onclick: () => frame.onDismissRefusal() }, 'Dismiss')) : null,
        h('span', { class: 'ttr-room-gap' }),
        canUndo ? h('button', {
          type: 'button', class: 'ttr-btn', id: 'ttr-undo', 'data-fkey': 'ttr-undo', disabled: undoing,
          onclick: () => {
            undoing = true;
            host.undo().catch((e: { message?: string }) => host.notify(e?.message ?? 'Nothing to take back.')).finally(() => { undoing = false; });
          },
        }, `Undo (${room.undoable})`) : null,
        over && frame?.end?.onRematch ? h('button', { type: 'button', class: 'ttr-btn', id: 'ttr-rematch', 'data-fkey': 'ttr-rematch', onclick: () => frame.end!.onRematch!() }, frame.end.rematchLabel ?? 'Rematch') : null,
        over && frame?.end ? h('button', { type: 'button', class: 'ttr-btn', id: 'ttr-lobby', 'data-fkey': 'ttr-lobby', onclick: () => frame.end!.onLobby() }, 'Back to the lobby') : null,
        !over && frame?.live ? h('button', { type: 'button', class: 'ttr-btn', id: 'ttr-leave', 'data-fkey': 'ttr-leave', onclick: () => frame.onLeave() }, frame.leaveLabel ?? 'Leave') : null));
    }

    return {
      update(room: TtrStateJSON, seat: number | null) {
        drawBar(room, seat);
        const g = room.game;
        const view = ttrViewFromState(room, seat ?? 'spectator');
        const map = g ? builtInMap(g.mapId) : undefined;
        if (!g || !view || !map) return;
        inner.update({ view, seat, names: room.seats.map((s, i) => s.name || g.players[i]?.name || `Seat ${i + 1}`), map: map.data }, seat);
      },
      destroy() {
        inner.destroy();
        root.replaceChildren();
      },
    };
  },
};
