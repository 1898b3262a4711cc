/** The app: screens, the local selection, and the connection glued together. */
import { legalActions, type Action, type Decision, type PlayerView } from '@isle-of-trains/rules';
import { NONE, normalise, offer, pick, selectedKey, type Offer, type Selection } from './intents';
import { failureText, listGames, Net, type CreateOptions, type Status } from './net';
import type { RoomStateJson } from './room-types';
import { inviteLink, parseLink, SessionStore } from './session-store';
import { decisionOf, endModel, tableModel, toPlayerView } from './view-model';
import { mount } from './render/dom';
import { installSprite } from './render/art';
import { renderEnd } from './render/end';
import { renderLobby, renderWaiting, type LobbyState } from './render/lobby';
import { replayBar } from './render/replay-bar';
import { renderTable, updateDetails, type PhoneTab } from './render/table';
import type { ReplayJson, ReplayModel } from './replay';
import { beep, notifyTurn } from './cues';
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
const logKept = new Map<number, RoomStateJson['log'][number]>();
let logRoom: string | null = null;
let tab: PhoneTab = 'table';
/** After the next render, focus this element (data-fkey): the Confirm button, or the target acted on. */
let focusNext: string | null = null;
let wasMine = false;
const cues = {
  sound: window.localStorage.getItem('iot.sound') === 'on',
  notify: window.localStorage.getItem('iot.notify') !== 'off' && typeof Notification !== 'undefined' && Notification.permission === 'granted',
};
/** The replay viewer's code (it plays the whole rules engine again) loads only when a replay is opened. */
type ReplayModule = typeof import('./replay');
let replay: { id: string; model: ReplayModel; mod: ReplayModule; index: number; playing: boolean; timer: number | undefined } | null = null;

const net = new Net(endpoint, store, {
  state(s) {
    if (logRoom !== net.roomId) {
      logRoom = net.roomId;
      logKept.clear();
    }
    // The room keeps only its latest log entries; the page keeps every one it has seen (numbers are the server's).
    for (const e of s.log ?? []) logKept.set(e.n, e);
    room = { ...s, log: [...logKept.values()].sort((x, y) => x.n - y.n) };
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
  const mine = !!decision && decision.seat === mySeat && room.phase === 'playing';
  if (mine && !wasMine) {
    if (cues.sound) beep();
    if (cues.notify && document.hidden) notifyTurn();
  }
  wasMine = mine;
  // The end panel sits on the table tab: show it when the game ends (phones).
  const over = !!room.game?.gameOver;
  if (over && !wasOver) tab = 'table';
  wasOver = over;
}
let wasOver = false;

function currentOffer(): Offer {
  if (pending) return { prompt: 'Sending…', targets: {}, buttons: [], canCancel: false };
  return offer(legal, selection, view, mySeat, decision);
}

function onPick(key: string): void {
  const o = currentOffer();
  const before = selection;
  const r = pick(o, key, selection);
  selection = r.selection;
  // Keyboard flow: Enter on a target opens the confirm tray with focus on Confirm; after sending, focus
  // goes back to the thing acted on (when it is still there).
  if (selection.kind === 'confirm') focusNext = 'btn:confirm';
  else if (r.send && before.kind === 'confirm' && before.at) focusNext = before.at;
  else if (key === 'cancel' && before.kind === 'confirm' && before.at) focusNext = before.at;
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

/** Forget the table this page was showing (before the lobby, or before a rematch's new room). */
function clearTable(): void {
  room = null;
  view = null;
  mySeat = null;
  decision = null;
  legal = [];
  selection = NONE;
}

function resetToLobby(): void {
  clearTable();
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

let renders = 0;
function render(): void {
  // Counted for the leak test (test/e2e.test.ts), which needs to know how many renders it measured over.
  root.dataset.renders = String(++renders);
  document.body.classList.toggle('my-turn', !!decision && decision.seat === mySeat);
  if (replay) {
    renderReplay();
    return;
  }
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
    ? renderEnd(endModel(room, m.scores, m.solo), m.scores, room.seed, {
      gameId,
      onLobby: () => void net.leave().then(resetToLobby),
      onRematch: mySeat !== null ? () => void rematch() : undefined,
      onReplay: gameId ? () => void openReplay(gameId) : undefined,
    })
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
    tab,
    onTab(t) {
      tab = t;
      // The log was hidden on a phone: bring its newest line into view when it shows.
      lastLogSeen = -1;
      schedule();
    },
    cues: {
      sound: cues.sound,
      notify: cues.notify,
      onSound() {
        cues.sound = !cues.sound;
        window.localStorage.setItem('iot.sound', cues.sound ? 'on' : 'off');
        if (cues.sound) beep();
        schedule();
      },
      onNotify() {
        if (cues.notify) {
          cues.notify = false;
          window.localStorage.setItem('iot.notify', 'off');
          schedule();
        } else if (typeof Notification !== 'undefined') {
          void Notification.requestPermission().then((p) => {
            cues.notify = p === 'granted';
            window.localStorage.setItem('iot.notify', cues.notify ? 'on' : 'off');
            schedule();
          });
        }
      },
    },
    onDismissRefusal() {
      refusal = null;
      schedule();
    },
    onLeave() {
      if (gameOver) void net.leave().then(resetToLobby);
      else if (window.confirm('Leave this game? A bot plays your seat until you open the game\'s link again.')) void net.leave(true).then(resetToLobby);
    },
  }));
  afterRender();
}

let lastLogSeen = -1;
/** Keep the newest log line in view when one arrives; move focus where the last action asked. */
function afterRender(): void {
  const log = root.querySelector<HTMLElement>('.log-list');
  const last = log ? Number(log.dataset.last) : -1;
  if (log && last !== lastLogSeen) {
    log.scrollTop = log.scrollHeight;
    lastLogSeen = last;
  }
  if (focusNext) {
    const el = root.querySelector<HTMLElement>(`[data-fkey="${CSS.escape(focusNext)}"]`);
    if (el) {
      el.focus({ preventScroll: false });
      focusNext = null;
    }
  }
}

/** A new game with this one's seats, bots and settings; the server deals it from a new seed. */
async function rematch(): Promise<void> {
  if (!room) return;
  const bots = room.seats.filter((x) => x.kind === 'bot').length;
  const mode = room.mode === 'scenario' ? 'scenario' : room.mode === 'challenge' ? 'challenge' : 'multiplayer';
  const o: CreateOptions = {
    name: lobby.name.trim() || 'Player', seats: room.seatsTotal, bots, botLevel: room.botLevel || lobby.botLevel,
    private: room.isPrivate, turnTimeLimit: room.turnTimeLimit, mode, scenario: room.scenario,
  };
  await net.leave().catch(() => undefined);
  clearTable();
  await withBusy(() => net.create(o));
}

/** The replay viewer: fetch the replay, play it again through the rules, step through it. */
async function openReplay(id: string): Promise<void> {
  try {
    const res = await fetch(`${apiBase}/api/games/${encodeURIComponent(id)}/replay`);
    if (!res.ok) throw new Error(`The replay is not available (${res.status}).`);
    const data = (await res.json()) as ReplayJson;
    const mod = await import('./replay');
    replay = { id, model: mod.buildReplay(data), mod, index: 0, playing: false, timer: undefined };
    window.history.replaceState(null, '', `/?replay=${encodeURIComponent(id)}`);
  } catch (e) {
    refusal = failureText(e);
    lobby.message = refusal;
  }
  schedule();
}

function replayGo(i: number): void {
  if (!replay) return;
  replay.index = Math.max(0, Math.min(replay.model.states.length - 1, i));
  if (replay.index >= replay.model.states.length - 1) replayPlay(false);
  schedule();
}

function replayPlay(on: boolean): void {
  if (!replay) return;
  replay.playing = on;
  window.clearInterval(replay.timer);
  replay.timer = on ? window.setInterval(() => replay && replayGo(replay.index + 1), 700) : undefined;
  schedule();
}

function renderReplay(): void {
  const r = replay!;
  const state = r.model.states[r.index];
  const rm = r.mod.roomFromState(state, null, { log: r.model.log[r.index] });
  const m = tableModel(rm, null);
  if (!m) return;
  document.title = 'Replay · Isle of Trains';
  const empty = { prompt: '', targets: {}, buttons: [], canCancel: false };
  mount(root, renderTable(m, { offer: empty, selected: null, ui: { pick: () => undefined, details: showDetails } }, {
    statusText: 'Replay', statusKind: 'connected', refusal: null, detailsCard, detailsPinned, turnTimeLimit: 0, deadline: null,
    chapter: rm.scenario, endPanel: null, tab, onTab(t) { tab = t; schedule(); }, onDismissRefusal: () => undefined,
    leaveLabel: 'Close the replay',
    onLeave() {
      replayPlay(false);
      replay = null;
      resetToLobby();
    },
    bottom: replayBar({
      index: r.index, last: r.model.states.length - 1, playing: r.playing, turn: state.turn.number,
      turns: r.mod.turnStarts(r.model), moveText: r.model.moves[r.index], broken: r.model.brokenAt,
    }, { go: replayGo, play: replayPlay }),
  }));
  afterRender();
}

function showDetails(id: string | null, pinned = false): void {
  if (detailsCard === id && detailsPinned === pinned) return;
  detailsCard = id;
  detailsPinned = pinned && id !== null;
  updateDetails(root, id, detailsPinned, () => showDetails(null));
}

document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  if (replay) return;
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
  installSprite();
  const replayId = new URLSearchParams(window.location.search).get('replay');
  if (replayId && /^[\w-]{1,64}$/.test(replayId)) {
    await openReplay(replayId);
    if (replay) return;
  }
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
