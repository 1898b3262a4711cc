/** The app: screens, the local selection, and the connection glued together. */
import { legalActions, type Action, type Decision, type PlayerView } from '@isle-of-trains/rules';
import { NONE, normalise, offer, pick, selectedKey, type Offer, type Selection } from './intents';
import { failureText, listGames, Net, type CreateOptions, type Status } from './net';
import type { RoomStateJson } from './room-types';
import { inviteLink, parseLink, SessionStore } from './session-store';
import { decisionOf, endModel, tableModel, toPlayerView } from './view-model';
import { mount } from './render/dom';
import { renderEnd } from './render/end';
import { renderLobby, renderWaiting, type LobbyState } from './render/lobby';
import { renderTable, updateDetails } from './render/table';
import './styles.css';

// In production the server serves this page: same origin. Under `vite` (dev) the game server runs on :2567;
// /api goes through Vite's proxy, the SDK talks to :2567 directly (Colyseus answers cross-origin requests).
const devServer = `${window.location.protocol}//${window.location.hostname}:2567`;
// (MODE, not DEV: DEV follows NODE_ENV, which a test runner may set while building for production.)
const dev = import.meta.env.MODE === 'development';
const endpoint: string = (import.meta.env.VITE_SERVER_URL as string | undefined) || (dev ? devServer : window.location.origin);
const apiBase: string = dev ? window.location.origin : endpoint;
const store = new SessionStore(window.localStorage);
const root = document.getElementById('app')!;
const link = parseLink(window.location.search, window.location.hash);

const lobby: LobbyState = {
  name: store.name,
  seats: 2,
  bots: 0,
  botLevel: 'greedy',
  isPrivate: false,
  turnTimeLimit: 0,
  soloMode: 'challenge',
  code: '',
  games: null,
  gamesError: null,
  message: null,
  busy: false,
  linkRoom: link.roomId,
  linkCode: link.code,
};

let room: RoomStateJson | null = null;
let mySeat: number | null = null;
let view: PlayerView | null = null;
let decision: Decision | null = null;
let legal: Action[] = [];
let selection: Selection = NONE;
let pending = false;
let pendingTimer: number | undefined;
let refusal: string | null = null;
let detailsCard: string | null = null;
let detailsPinned = false;
let status: Status = 'offline';
let statusText = '';
let copied = false;

const net = new Net(endpoint, store, {
  state(s) {
    room = s;
    if (mySeat === null) mySeat = guessSeat(s);
    recompute();
    schedule();
  },
  acked() {
    // One intent at a time: the next choice is offered once the server has applied this one.
    pending = false;
    window.clearTimeout(pendingTimer);
    schedule();
  },
  status(s, detail) {
    status = s;
    if (s === 'connected') pending = false;
    statusText = detail || (s === 'connected' ? '' : s);
    if (s === 'lost' && room && net.roomId && !/You left|taken over/.test(detail)) void rejoin(net.roomId, 1);
    if (s === 'connected' && detail === 'Reconnected.') {
      window.setTimeout(() => {
        if (statusText === 'Reconnected.') {
          statusText = '';
          schedule();
        }
      }, 4000);
    }
    schedule();
  },
  refused(_code, message) {
    refusal = message;
    pending = false;
    lobby.busy = false;
    schedule();
  },
  seat(seat) {
    mySeat = seat >= 0 ? seat : null;
    recompute();
    schedule();
  },
  restarting(seconds) {
    statusText = `The server is restarting${seconds ? ` in ${seconds} s` : ''}: you will be reconnected.`;
    schedule();
  },
}, apiBase);

/** The connection is gone for good (the SDK gave up, or the server restarted): rejoin with the seat token. */
async function rejoin(roomId: string, attempt: number): Promise<void> {
  if (attempt > 4) {
    statusText = 'The connection to this game is lost. Reload the page to try again, or leave.';
    schedule();
    return;
  }
  await new Promise((r) => window.setTimeout(r, 1000 * attempt));
  if (status !== 'lost' || net.roomId !== roomId) return;
  statusText = `Reconnecting (attempt ${attempt})…`;
  schedule();
  const ok = await net.resume(roomId, lobby.name).catch(() => false);
  if (ok) {
    status = 'connected';
    statusText = 'Reconnected.';
    schedule();
  } else {
    status = 'lost';
    await rejoin(roomId, attempt + 1);
  }
}

/** Before the server's `seat` message: the seat whose hand we can see. */
function guessSeat(s: RoomStateJson): number | null {
  const ps = s.game?.players ?? [];
  const mine = ps.filter((p) => Array.isArray(p.hand) && p.hand.length > 0 && p.hand.length === p.handCount);
  return mine.length === 1 ? mine[0].seat : null;
}

function recompute(): void {
  if (!room) return;
  view = toPlayerView(room, mySeat);
  decision = decisionOf(room, view);
  legal = view && mySeat !== null && decision && decision.seat === mySeat ? legalActions(view, mySeat) : [];
  selection = normalise(legal, selection, view, mySeat, decision);
}

function currentOffer(): Offer {
  if (pending) return { prompt: 'Sending…', targets: {}, buttons: [], canCancel: false };
  return offer(legal, selection, view, mySeat, decision);
}

function onPick(key: string): void {
  const o = currentOffer();
  const r = pick(o, key, selection);
  selection = r.selection;
  if (r.send) {
    refusal = null;
    pending = true;
    window.clearTimeout(pendingTimer);
    pendingTimer = window.setTimeout(() => {
      pending = false;
      schedule();
    }, 5000);
    net.send(r.send);
  }
  schedule();
}

let frame = 0;
function schedule(): void {
  if (frame) return;
  frame = window.requestAnimationFrame(() => {
    frame = 0;
    render();
  });
}

function setUrl(roomId: string | null): void {
  const url = roomId ? `/?room=${encodeURIComponent(roomId)}` : '/';
  if (window.location.pathname + window.location.search + window.location.hash !== url) window.history.replaceState(null, '', url);
}

async function withBusy(fn: () => Promise<void>): Promise<void> {
  lobby.busy = true;
  lobby.message = null;
  store.name = lobby.name;
  schedule();
  try {
    await fn();
    lobby.linkRoom = null;
    lobby.linkCode = null;
    setUrl(net.roomId);
  } catch (e) {
    lobby.message = failureText(e);
  } finally {
    lobby.busy = false;
    schedule();
  }
}

function resetToLobby(): void {
  room = null;
  view = null;
  mySeat = null;
  decision = null;
  legal = [];
  selection = NONE;
  refusal = null;
  setUrl(null);
  refreshGames();
  schedule();
}

function refreshGames(): void {
  listGames(apiBase)
    .then((g) => {
      lobby.games = g;
      lobby.gamesError = null;
    })
    .catch((e: unknown) => {
      lobby.games = [];
      lobby.gamesError = failureText(e);
    })
    .finally(schedule);
}

function render(): void {
  document.body.classList.toggle('my-turn', !!decision && decision.seat === mySeat);
  if (!room || !net.room) {
    document.title = 'Isle of Trains';
    mount(root, renderLobby(lobby, {
      change(patch) {
        const nameChanged = patch.name !== undefined;
        Object.assign(lobby, patch);
        if (nameChanged) store.name = lobby.name;
        schedule();
      },
      create: (o: CreateOptions) => void withBusy(() => net.create(o)),
      join: (id: string) => void withBusy(() => net.joinById(id, lobby.name.trim())),
      joinCode: (code: string) => void withBusy(() => net.joinByCode(code, lobby.name.trim())),
      refresh: refreshGames,
    }));
    return;
  }
  if (room.phase === 'lobby' || !room.game || !room.game.players || room.game.players.length === 0) {
    document.title = 'Waiting · Isle of Trains';
    mount(root, renderWaiting(room, mySeat, inviteLink(window.location.origin, net.roomId ?? ''), copied, {
      start: () => net.start(),
      copy(l: string) {
        const done = () => {
          copied = true;
          schedule();
        };
        if (navigator.clipboard) navigator.clipboard.writeText(l).then(done, done);
        else done();
      },
      leave: () => void net.leave().then(resetToLobby),
    }, refusal));
    return;
  }
  const m = tableModel(room, mySeat);
  if (!m) return;
  const isMine = decision !== null && decision.seat === mySeat;
  document.title = `${isMine ? '▶ Your move · ' : ''}Isle of Trains`;
  const o = currentOffer();
  const ctx = { offer: o, selected: selectedKey(selection), ui: { pick: onPick, details: showDetails } };
  const gameOver = !!room.game.gameOver;
  const gameId = net.roomId;
  const endPanel = gameOver && m.scores
    ? renderEnd(endModel(room, m.scores, m.solo), m.scores, gameId ? `/api/games/${encodeURIComponent(gameId)}/replay` : null, room.seed, () => void net.leave().then(resetToLobby))
    : null;
  mount(root, renderTable(m, ctx, {
    statusText: status === 'connected' ? statusText : statusText || status,
    statusKind: status,
    refusal,
    detailsCard,
    detailsPinned,
    turnTimeLimit: room.turnTimeLimit,
    deadline: room.decisionDeadline && room.decisionDeadline > 0 ? room.decisionDeadline : null,
    chapter: room.scenario,
    endPanel,
    onDismissRefusal() {
      refusal = null;
      schedule();
    },
    onLeave() {
      if (gameOver) void net.leave().then(resetToLobby);
      else if (window.confirm('Leave this game? A bot plays your seat until you open the game\'s link again.')) void net.leave(true).then(resetToLobby);
    },
  }));
  const log = root.querySelector<HTMLElement>('.log-list');
  if (log) log.scrollTop = log.scrollHeight;
}

function showDetails(id: string | null, pinned = false): void {
  if (detailsCard === id && detailsPinned === pinned) return;
  detailsCard = id;
  detailsPinned = pinned && id !== null;
  updateDetails(root, id, detailsPinned, () => showDetails(null));
}

document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  if (detailsPinned) showDetails(null);
  else if (selection.kind !== 'none') onPick('cancel');
});

// A countdown needs a tick while a deadline is running; the lobby's list of open games refreshes itself.
window.setInterval(() => {
  if (room?.decisionDeadline && room.decisionDeadline > 0 && room.phase === 'playing') schedule();
}, 1000);
window.setInterval(() => {
  if (!net.room && !lobby.busy && document.visibilityState === 'visible') refreshGames();
}, 8000);

async function boot(): Promise<void> {
  schedule();
  if (link.roomId && (await net.resume(link.roomId, lobby.name).catch(() => false))) {
    lobby.linkRoom = null;
    schedule();
    return;
  }
  if (!link.roomId && !link.code) setUrl(null);
  refreshGames();
}

void boot();
