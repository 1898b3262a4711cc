/**
 * The page: the shell (src/shell/: connection, page state, lobby, players' pages, chat, log; the replay viewer
 * in src/replay/) started with the page's address; each game's table (src/isle/, …) is loaded by game when a
 * room shows it.
 */
import { parseLink, SessionStore } from './shell/session-store';
import { Shell } from './shell/controller';
import { boot } from './shell/boot';
import './styles.css';

// In production the server serves this page: same origin. Under `vite` (dev) the game server runs on :2567;
// /api goes through Vite's proxy, the SDK talks to :2567 directly (Colyseus answers cross-origin requests).
const devServer = `${window.location.protocol}//${window.location.hostname}:2567`;
// (MODE, not DEV: DEV follows NODE_ENV, which a test runner may set while building for production.)
const dev = import.meta.env.MODE === 'development';
const endpoint: string = (import.meta.env.VITE_SERVER_URL as string | undefined) || (dev ? devServer : window.location.origin);
const apiBase: string = dev ? window.location.origin : endpoint;
const root = document.getElementById('app')!;
const link = parseLink(window.location.search, window.location.hash);

const shell = new Shell(root, new SessionStore(window.localStorage), endpoint, apiBase, link);

// A countdown needs a tick while a deadline is running; the lobby's list of open games refreshes itself.
window.setInterval(() => {
  const room = shell.net.session?.state;
  if (room?.decisionDeadline && room.decisionDeadline > 0 && room.phase === 'playing') shell.schedule();
}, 1000);
window.setInterval(() => {
  if (!shell.net.room && !shell.state.lobby.busy && document.visibilityState === 'visible') shell.refreshGames();
}, 8000);

void boot(shell, link);
