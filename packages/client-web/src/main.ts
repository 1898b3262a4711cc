/** The app: screens, the local selection, and the connection glued together. */
import { legalActions, type Action, type Decision, type PlayerView } from '@isle-of-trains/rules';
import { NONE, nextQueued, normalise, offer, pick, selectedKey, type Offer, type Selection } from './intents';
import { failureText, listGames, Net, type CreateOptions, type Status } from './net';
import type { IsleStateJSON, ReplayJSON } from '@isle-of-trains/client';
import { inviteLink, parseLink, SessionStore } from './session-store';
import { decisionOf, endModel, tableModel } from './view-model';
import { viewFromState } from '@isle-of-trains/client';
import { mount } from './render/dom';
import { installSprite } from './render/art';
import { renderEnd } from './render/end';
import { renderLobby, renderWaiting, type LobbyState } from './render/lobby';
import { replayBar } from './render/replay-bar';
import { markDockOverflow } from './render/dock-cue';
import { renderTable, updateDetails, type PhoneTab } from './render/table';
import type { ReplayModel } from './replay';
import { beep, notifyTurn } from './cues';
import { PlayersUi } from './players-ui';
import { buildPage, parsePage } from './pages';
import { chatRecord } from './render/chat';
import { GameLog } from './game-log';
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
const players = new PlayersUi(apiBase, window.localStorage, schedule);
/** A players' page (render/players.ts) shown instead of the lobby, once loaded. */
let page: HTMLElement | null = null;

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

let room: IsleStateJSON | null = null;
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
/** The whole game's log: the state's newest lines and the older ones fetched (src/game-log.ts). */
const gameLog = new GameLog();
let tab: PhoneTab = 'table';
/** After the next render, focus this element (data-fkey): the Confirm button, or the target acted on. */
let focusNext: string | null = null;
let wasMine = false;
/** The ended game's rematch room once someone asked for it, and whether this page asked (then it moves there at once). */
let rematchRoom: string | null = null;
let rematchWanted = false;
const cues = {
  sound: window.localStorage.getItem('iot.sound') === 'on',
  notify: window.localStorage.getItem('iot.notify') !== 'off' && typeof Notification !== 'undefined' && Notification.permission === 'granted',
};
/** The replay viewer's code (it plays the whole rules engine again) loads only when a replay is opened. */
type ReplayModule = typeof import('./replay');
let replay: { id: string; model: ReplayModel; mod: ReplayModule; index: number; playing: boolean; timer: number | undefined; chat: ReplayJSON['chat'] } | null = null;

const net = new Net(endpoint, store, {
  state(s) {
    // The room state has only the newest log lines; the page keeps them all and fetches the older ones.
    // Keyed by the SDK room: a room joined again (after a server restart, which renumbers) starts afresh.
    gameLog.update(s.log ?? [], net.room);
    room = { ...s, log: gameLog.list() };
    recompute();
    if (gameLog.neverAsked) loadOlderLog();
    schedule();
  },
  acked() {
    // One intent at a time: the next choice is offered once the server has applied this one.
    pending = false;
    window.clearTimeout(pendingTimer);
    // (The ack may come before the new state: the queue moves on only with the state its next move needs.)
    if (stateSeen > sentAt) sendQueued();
    schedule();
  },
  status(s, detail) {
    status = s;
    if (s === 'connected') pending = false;
    statusText = detail || (s === 'connected' ? '' : s);
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
    queued = [];
    lobby.busy = false;
    schedule();
  },
  seat(seat) {
    mySeat = seat >= 0 ? seat : null;
    recompute();
    schedule();
  },
  chat(line) {
    // (a line may arrive before this room's first render: the conversation switches rooms here too)
    players.chat.room(net.roomId);
    players.chat.add(line);
    schedule();
  },
  chatRefused(code, message) {
    players.chat.refused(code, message);
    schedule();
  },
  rematch(roomId) {
    rematchRoom = roomId;
    if (rematchWanted) void joinRematch(roomId);
    schedule();
  },
  restarting(seconds) {
    statusText = `The server is restarting${seconds ? ` in ${seconds} s` : ''}: you will be reconnected.`;
    schedule();
  },
}, apiBase);
net.identity = () => players.identity.auth;

function recompute(): void {
  if (!room) return;
  view = viewFromState(room, mySeat ?? 'spectator');
  decision = decisionOf(room, view);
  legal = view && mySeat !== null && decision && decision.seat === mySeat ? legalActions(view, mySeat) : [];
  selection = normalise(legal, selection, view, mySeat, decision);
  stateSeen++;
  if (!pending) sendQueued();
  const mine = !!decision && decision.seat === mySeat && room.phase === 'playing';
  if (mine && !wasMine) {
    if (cues.sound) beep();
    if (cues.notify && document.hidden) notifyTurn();
  }
  wasMine = mine;
  // The end panel sits on the table tab: show it when the game ends (phones).
  const over = !!room.game?.gameOver;
  if (over && !wasOver) {
    tab = 'table';
    players.refreshRatings();
  }
  wasOver = over;
}
let wasOver = false;

/** A one-choice delivery's next steps (intents.ts nextQueued): sent once the server applied the step before. */
let queued: Action[] = [];
let stateSeen = 0;
let sentAt = 0;
function sendQueued(): void {
  const n = nextQueued(queued, legal);
  queued = n.send ? n.rest : [];
  if (n.send) {
    awaitAnswer();
    sentAt = stateSeen;
    net.send(n.send);
  }
}

function currentOffer(): Offer {
  if (pending) return { prompt: 'Sending…', targets: {}, buttons: [], canCancel: false };
  return offer(legal, selection, view, mySeat, decision);
}

/** Take back the last step of this turn (the server says how many may be: `undoable`). */
function undo(): void {
  if (pending || !room || !((room.undoable ?? 0) > 0) || !decision || decision.seat !== mySeat) return;
  selection = NONE;
  queued = [];
  refusal = null;
  awaitAnswer();
  focusNext = 'btn:undo';
  net.undo();
  schedule();
}

/** One message at a time: the next choice is offered once the server answered (or after 5 s without an answer). */
function awaitAnswer(): void {
  pending = true;
  window.clearTimeout(pendingTimer);
  pendingTimer = window.setTimeout(() => {
    pending = false;
    schedule();
  }, 5000);
}

/** What the confirm tray's move acts on (its target, or the card selected before a button): focus goes back there. */
let confirmFrom: string | null = null;

function onPick(key: string): void {
  const o = currentOffer();
  const before = selection;
  const r = pick(o, key, selection);
  selection = r.selection;
  // Keyboard flow: Enter on a target opens the confirm tray with focus on Confirm; after sending, focus
  // goes back to the thing acted on (when it is still there).
  // (Or, when the move took it away, its neighbour: a card built from the hand leaves the hand, and the
  // payment that follows goes on from the next hand card.)
  if (selection.kind === 'confirm') {
    focusNext = 'btn:confirm';
    // A move chosen with a button (Build) has no target of its own: it acts on the card selected before it.
    confirmFrom = selection.at ?? selectedKey(before);
  } else if ((r.send || key === 'cancel') && before.kind === 'confirm') {
    focusNear = confirmFrom ? keysBeside(confirmFrom, false) : null;
  } else if (r.send) focusNear = keysBeside(key);
  if (r.send) {
    queued = r.then;
    sentAt = stateSeen;
    refusal = null;
    awaitAnswer();
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
  if (page) {
    mount(root, page);
    return;
  }
  if (!room || !net.room) {
    document.title = 'Isle of Trains';
    mount(root, renderLobby(lobby, {
      change(patch) {
        const nameChanged = patch.name !== undefined;
        Object.assign(lobby, patch);
        if (nameChanged) {
          store.name = lobby.name;
          players.nameChanged(lobby.name);
        }
        schedule();
      },
      create: (o: CreateOptions) => void withBusy(() => net.create(o)),
      join: (id: string) => void withBusy(() => net.joinById(id, lobby.name.trim())),
      joinCode: (code: string) => void withBusy(() => net.joinByCode(code, lobby.name.trim())),
      refresh: refreshGames,
    }, players.accountPanel()));
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
    }, refusal, { rating: (seat) => players.seatRating(room!, seat), chat: players.chatPanel(net, room, mySeat) }));
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
      onRematch: mySeat !== null || rematchRoom ? () => void rematch() : undefined,
      rematchLabel: rematchRoom && !rematchWanted ? (mySeat !== null ? 'Join the rematch (same seats, new seed)' : 'Watch the rematch') : undefined,
      // A private table's replay needs its share key, which the seated players got.
      onReplay: gameId ? () => void openReplay(gameId, net.session?.shareKey ?? undefined) : undefined,
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
    rated: !!room.rated,
    rating: (seat) => players.seatRating(room!, seat),
    side: players.chatPanel(net, room, mySeat),
    undo: isMine && room.phase === 'playing' && (room.undoable ?? 0) > 0 ? { count: room.undoable ?? 0, onUndo: undo } : null,
    spectators: room.spectators ?? [],
    log: { loading: gameLog.loading, more: gameLog.hasOlder, onOlder: loadOlderLog },
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
      else if (window.confirm(room?.rated && mySeat !== null
        ? 'Leave this rated game? It counts as a loss for your rating, even if you come back later. A bot plays your seat until you open the game\'s link again.'
        : room?.seatsTotal === 1
          ? 'Leave this solo game? A bot plays on in your place, to the end unless you open the game\'s link again to take over.'
          : 'Leave this game? A bot plays your seat until you open the game\'s link again.')) void net.leave(true).then(resetToLobby);
    },
  }));
  afterRender();
}

let lastLogSeen = -1;
/** The log list's height before older lines went in above: the view is moved down by what was added. */
let logAnchor: { height: number; top: number } | null = null;

/** Fetch the page of log lines before the oldest one kept; the panel keeps the lines in view where they were. */
function loadOlderLog(): void {
  const session = net.session;
  if (!session) return;
  void gameLog.loadOlder((before) => session.olderLog(before)).then((added) => {
    if (!added || !room) return;
    const list = root.querySelector<HTMLElement>('.log-list');
    logAnchor = list ? { height: list.scrollHeight, top: list.scrollTop } : null;
    room = { ...room, log: gameLog.list() };
    schedule();
  });
  schedule();
}

// Scrolling to the top of the log fetches the page before (scroll does not bubble: one capturing listener).
document.addEventListener('scroll', (e) => {
  const t = e.target;
  if (t instanceof HTMLElement && t.classList.contains('log-list') && t.scrollTop < 40 && gameLog.hasOlder && !gameLog.loading) loadOlderLog();
}, { capture: true, passive: true });
/**
 * A move sent straight from a focused target (a card paid, a discard) may take that target away: focus then
 * goes to its nearest neighbour in the same row, so the next key press carries on from there (a payment of
 * several cards is one Enter each). Nothing when the keyboard was elsewhere.
 */
let focusNear: string[] | null = null;
/**
 * `key` and the keys of its row's elements of the same kind (hand cards, cars, …), nearest first. `focused`:
 * only when the keyboard is on that element (a move sent from the confirm tray names its target instead).
 */
function keysBeside(key: string, focused = true): string[] | null {
  const el = focused ? document.activeElement : root.querySelector(`[data-fkey="${CSS.escape(key)}"]`);
  if (!(el instanceof HTMLElement) || (focused && el.getAttribute('data-key') !== key)) return null;
  // Element keys (data-fkey): a target's is its data-key, a move button's is "btn:" and its key.
  const own = el.getAttribute('data-fkey');
  if (!own) return null;
  const row = el.closest('.hand, .display-cards, .choices, .player');
  if (!row) return [own];
  const kind = `${own.split(':')[0]}:`;
  const keys = [...row.querySelectorAll('[data-fkey]')].map((e) => e.getAttribute('data-fkey')!).filter((k) => k.startsWith(kind));
  const at = keys.indexOf(own);
  return [own, ...keys.slice(at + 1), ...keys.slice(0, at).reverse()];
}

/** Keep the newest log line in view when one arrives; move focus where the last action asked. */
function afterRender(): void {
  markDockOverflow(root);
  const log = root.querySelector<HTMLElement>('.log-list');
  const last = log ? Number(log.dataset.last) : -1;
  if (log && last !== lastLogSeen) {
    log.scrollTop = log.scrollHeight;
    lastLogSeen = last;
  } else if (log && logAnchor) {
    // Older lines went in above what the player was reading: keep those lines where they were.
    log.scrollTop = logAnchor.top + (log.scrollHeight - logAnchor.height);
  }
  logAnchor = null;
  if (focusNext) {
    const el = root.querySelector<HTMLElement>(`[data-fkey="${CSS.escape(focusNext)}"]`);
    if (el) {
      el.focus({ preventScroll: false });
      focusNext = null;
    }
  }
  // Once the move's answer is drawn (the target gone or still there): the target, else its nearest neighbour.
  if (focusNear && !pending) {
    const near = focusNear;
    focusNear = null;
    if (!document.activeElement || document.activeElement === document.body) {
      for (const k of near) {
        const el = root.querySelector<HTMLElement>(`[data-fkey="${CSS.escape(k)}"]`);
        if (el) { el.focus({ preventScroll: false }); break; }
      }
    }
  }
}

/**
 * A new game at this table (same seats, bots and settings, a new seed): the server sets it up and tells
 * everyone its room (docs/PROTOCOL.md "Rematch"); this page then moves there with its seat token.
 */
async function rematch(): Promise<void> {
  if (!room) return;
  rematchWanted = true;
  if (rematchRoom) await joinRematch(rematchRoom);
  else net.askRematch();
  schedule();
}

async function joinRematch(roomId: string): Promise<void> {
  rematchRoom = null;
  rematchWanted = false;
  clearTable();
  await withBusy(() => net.joinRematch(roomId, lobby.name.trim()));
}

/**
 * The replay viewer: fetch the replay, play it again through the rules, step through it. A private table's
 * replay is served to its players (this browser's identity) or with its share key (`key`), which the page's
 * address then carries, so the link can be shared.
 */
async function openReplay(id: string, key?: string): Promise<void> {
  try {
    const auth = net.identity();
    const query = key ? `?key=${encodeURIComponent(key)}` : '';
    const res = await fetch(`${apiBase}/api/games/${encodeURIComponent(id)}/replay${query}`, auth ? { headers: { authorization: auth } } : undefined);
    if (!res.ok) throw new Error(`The replay is not available (${res.status}).`);
    const data = (await res.json()) as ReplayJSON;
    const mod = await import('./replay');
    replay = { id, model: mod.buildReplay(data), mod, index: 0, playing: false, timer: undefined, chat: Array.isArray(data.chat) ? data.chat : [] };
    window.history.replaceState(null, '', `/?replay=${encodeURIComponent(id)}${key ? `&key=${encodeURIComponent(key)}` : ''}`);
  } catch (e) {
    refusal = failureText(e);
    lobby.message = refusal;
  }
  schedule();
}

function replayGo(i: number): void {
  if (!replay) return;
  const to = Math.max(0, Math.min(replay.model.states.length - 1, i));
  // A jump (first, last, a turn, the slider) changes much of the table at once: it shows the new position
  // without cards fading out of and sliding into a table that no longer matches them.
  replayJumped = Math.abs(to - replay.index) > 1;
  replay.index = to;
  if (replay.index >= replay.model.states.length - 1) replayPlay(false);
  schedule();
}

let replayJumped = false;

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
  const motion = !replayJumped;
  replayJumped = false;
  mount(root, renderTable(m, { offer: empty, selected: null, ui: { pick: () => undefined, details: showDetails } }, {
    statusText: 'Replay', statusKind: 'connected', refusal: null, detailsCard, detailsPinned, turnTimeLimit: 0, deadline: null,
    chapter: rm.scenario, endPanel: null, tab, onTab(t) { tab = t; schedule(); }, onDismissRefusal: () => undefined,
    leaveLabel: 'Close the replay',
    logNote: r.mod.REPLAY_LOG_NOTE,
    side: chatRecord(r.chat),
    onLeave() {
      replayPlay(false);
      replay = null;
      resetToLobby();
    },
    bottom: replayBar({
      index: r.index, last: r.model.states.length - 1, playing: r.playing, turn: state.turn.number,
      turns: r.mod.turnStarts(r.model), moveText: r.model.moves[r.index], broken: r.model.brokenAt,
    }, { go: replayGo, play: replayPlay }),
  }), { motion });
  afterRender();
}

function showDetails(id: string | null, pinned = false): void {
  if (detailsCard === id && detailsPinned === pinned) return;
  detailsCard = id;
  detailsPinned = pinned && id !== null;
  updateDetails(root, id, detailsPinned, () => showDetails(null));
}

/**
 * Table keys (help panel "Keys"), so a turn takes a few presses rather than a long walk with Tab:
 * D the display's first card on offer, H the hand's first card on offer, B the next hand card that can be
 * built, arrows along a row of cards, 1–9 the move buttons by the prompt, U or Ctrl+Z undo, Escape cancel.
 */
function tableKey(e: KeyboardEvent): boolean {
  if (replay || !room || room.phase !== 'playing') return false;
  const t = e.target as HTMLElement | null;
  if (t && (/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.isContentEditable)) return false;
  const focus = (el: Element | null | undefined) => {
    if (!el) return false;
    (el as HTMLElement).focus();
    return true;
  };
  const k = e.key;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && k.toLowerCase() === 'z') { undo(); return true; }
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (k === 'u' || k === 'U') { undo(); return true; }
  if (k === 'd' || k === 'D') return focus(root.querySelector('.display-cards [data-key]') ?? root.querySelector('.display-cards .card'));
  if (k === 'h' || k === 'H') return focus(root.querySelector('.hand [data-key]') ?? root.querySelector('.hand .card'));
  if (k === 'b' || k === 'B') {
    const buildable = new Set(legal.filter((a) => a.type === 'build').map((a) => `hand:${(a as { card: string }).card}`));
    const cards = [...root.querySelectorAll<HTMLElement>('.hand [data-key]')].filter((el) => buildable.has(el.dataset.key ?? ''));
    const at = cards.indexOf(document.activeElement as HTMLElement);
    return focus(cards[(at + 1) % Math.max(1, cards.length)]);
  }
  if (/^[1-9]$/.test(k)) {
    const btn = root.querySelectorAll<HTMLElement>('.dock .choices button')[Number(k) - 1];
    if (!btn) return false;
    btn.click();
    return true;
  }
  if ((k === 'ArrowRight' || k === 'ArrowLeft') && t) {
    const row = t.closest('.hand, .display-cards');
    if (!row) return false;
    const cards = [...row.querySelectorAll<HTMLElement>('.card')];
    const i = cards.indexOf(t);
    return i >= 0 && focus(cards[i + (k === 'ArrowRight' ? 1 : -1)]);
  }
  return false;
}

document.addEventListener('keydown', (e) => {
  if (tableKey(e)) {
    e.preventDefault();
    return;
  }
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

// A typed name stays; the guest name the lobby was prefilled with gives way to the account's.
players.onAccountName = (name, previous) => {
  if (lobby.name.trim() && lobby.name.trim() !== previous) return;
  lobby.name = name;
  store.name = name;
  schedule();
};

async function boot(): Promise<void> {
  installSprite();
  const route = parsePage(window.location.search);
  const who = players.boot(lobby.name).then((name) => {
    // A first visit plays under the guest name the server gave, until the player types their own.
    if (name && !lobby.name.trim()) {
      lobby.name = name;
      store.name = name;
      schedule();
    }
  });
  if (route) {
    await who;
    page = await buildPage(route, players.identity);
    schedule();
    return;
  }
  const search = new URLSearchParams(window.location.search);
  const replayId = search.get('replay');
  if (replayId && /^[\w-]{1,64}$/.test(replayId)) {
    const key = search.get('key');
    await openReplay(replayId, key && /^[\w-]{1,64}$/.test(key) ? key : undefined);
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
