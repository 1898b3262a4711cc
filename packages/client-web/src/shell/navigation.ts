/**
 * Back and Forward: the page shows what the new address asks for (src/shell/history.ts), leaving the room it
 * was in when the address is elsewhere, as the room's Leave would (a game in play asks first).
 */
import { parsePage } from '../players/pages';
import type { Shell } from './controller';
import { routeOf } from './history';

export function followAddress(shell: Shell): () => void {
  let turn = 0;
  const follow = async (): Promise<void> => {
    const mine = ++turn;
    const { state: st, net, replay } = shell;
    // A players' page is a document of its own.
    if (parsePage(window.location.search)) {
      window.location.reload();
      return;
    }
    st.page = null;
    const r = routeOf(window.location.search, window.location.hash);
    if (r.kind === 'replay') {
      // The room stays joined behind the replay: Back returns to its end screen, the rematch still on offer.
      if (st.replay?.id !== r.id) await replay.open(r.id, r.key, r.analyse, true);
      return;
    }
    replay.shut();
    if (r.kind === 'room' && net.roomId === r.roomId) {
      shell.schedule();
      return;
    }
    if (!(await shell.leaveForAddress()) || mine !== turn) return;
    st.lobby.linkRoom = r.kind === 'room' ? r.roomId : null;
    st.lobby.linkCode = r.kind === 'code' ? r.code : null;
    shell.schedule();
    if (r.kind === 'room' && (await net.resume(r.roomId, st.lobby.name).catch(() => false))) {
      st.lobby.linkRoom = null;
      shell.schedule();
      return;
    }
    shell.refreshGames();
  };
  const listener = () => void follow();
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}
