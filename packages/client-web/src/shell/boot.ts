/**
 * The page's start: the sprite, the identity (a guest one on a first visit), then what the address asks for:
 * a players' page, a replay, the room this browser holds a seat in (after a reload), or the lobby.
 */
import { installSprite } from '../render/art';
import { buildPage, parsePage } from '../players/pages';
import type { Shell } from './controller';
import { markEntry, replayRoute, setUrl } from './history';
import { followAddress } from './navigation';

export async function boot(shell: Shell, link: { roomId: string | null; code: string | null }): Promise<void> {
  const { state: st, players, net, replay: viewer } = shell;
  installSprite();
  markEntry();
  followAddress(shell);
  const route = parsePage(window.location.search);
  const who = players.boot(st.lobby.name).then((name) => {
    // A first visit plays under the guest name the server gave, until the player types their own.
    if (name && !st.lobby.name.trim()) {
      st.lobby.name = name;
      shell.store.name = name;
      shell.schedule();
    }
  });
  if (route) {
    await who;
    st.page = await buildPage(route, players.identity);
    shell.schedule();
    return;
  }
  const replay = replayRoute(window.location.search);
  if (replay) {
    await viewer.open(replay.id, replay.key, replay.analyse, true);
    if (viewer.showing) return;
  }
  shell.schedule();
  if (link.roomId && (await net.resume(link.roomId, st.lobby.name).catch(() => false))) {
    st.lobby.linkRoom = null;
    shell.schedule();
    return;
  }
  if (!link.roomId && !link.code) setUrl(null, true);
  shell.refreshGames();
}
