/**
 * One render of the page: the replay viewer, a players' page, the lobby, the waiting room, or the room's
 * table (drawn by its game's table module). Everything it shows comes from the page state and the session.
 */
import { mount } from '../render/dom';
import { renderLobby, renderWaiting } from '../render/lobby';
import { inviteLink } from './session-store';
import type { Shell } from './controller';
import type { CreateOptions } from './net';
import { GAME_NAMES, gameEntry } from './tables';

export function renderPage(shell: Shell): void {
  const { root, state: st, net, players, table } = shell;
  // Counted for the leak test (test/e2e.test.ts), which needs to know how many renders it measured over.
  root.dataset.renders = String(++st.renders);
  document.body.classList.toggle('my-turn', !!net.session?.isMyDecision());
  if (shell.replay.render()) return;
  const room = shell.room();
  // (a room's table stays mounted only while it is shown)
  if (st.page || !room || room.phase === 'lobby' || !room.game) table.clear();
  if (st.page) {
    mount(root, st.page);
    return;
  }
  if (!room) {
    document.title = 'Isle of Trains';
    mount(root, renderLobby(st.lobby, {
      change(patch) {
        const nameChanged = patch.name !== undefined;
        Object.assign(st.lobby, patch);
        if (nameChanged) {
          shell.store.name = st.lobby.name;
          players.nameChanged(st.lobby.name);
        }
        shell.schedule();
      },
      create: (o: CreateOptions) => void shell.withBusy(() => net.create(o)),
      join: (id: string) => void shell.withBusy(() => net.joinById(id, st.lobby.name.trim())),
      joinCode: (code: string) => void shell.withBusy(() => net.joinByCode(code, st.lobby.name.trim())),
      watch: (id: string) => void shell.withBusy(() => net.watch(id, st.lobby.name.trim())),
      refresh: () => shell.refreshGames(),
    }, players.accountPanel()));
    return;
  }
  const seat = net.seat;
  const game = net.game;
  const title = GAME_NAMES.find((g) => g.id === game)?.name ?? 'Isle of Trains';
  if (room.phase === 'lobby' || !room.game) {
    document.title = `Waiting · ${title}`;
    mount(root, renderWaiting(room, seat, inviteLink(window.location.origin, net.roomId ?? ''), st.copied, {
      start: () => net.start(),
      copy(l: string) {
        const done = () => {
          st.copied = true;
          shell.schedule();
        };
        if (navigator.clipboard) navigator.clipboard.writeText(l).then(done, done);
        else done();
      },
      leave: () => void net.leave().then(() => shell.resetToLobby()),
    }, st.refusal, { rating: (s) => players.seatRating(room, s, game), chat: players.chatPanel(net, room, seat) }, title));
    return;
  }
  document.title = `${shell.myTurn() ? '▶ Your move · ' : ''}${title}`;
  if (table.show(`${game}:${net.roomId}`, () => gameEntry(game).table(), shell.host, room, seat, () => shell.schedule())) shell.log.afterRender();
}
