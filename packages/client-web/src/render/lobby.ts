/** The lobby (name, new game, solo, open games, join by code) and the waiting room. */
import { scenarioObjective } from '../cards';
import type { CreateOptions, ListedGame } from '../shell/net';
import type { IsleStateJSON } from '@isle-of-trains/client';
import { GAME_NAMES } from '../shell/tables';
import { cx, h } from './dom';

export interface LobbyState {
  name: string;
  /** The game the create form makes: 'isle' or 'ttr'. */
  game: string;
  seats: number;
  bots: number;
  botLevel: string;
  isPrivate: boolean;
  turnTimeLimit: number;
  soloMode: string; // 'challenge' or '1'..'10'
  code: string;
  games: ListedGame[] | null;
  /** Listed games in play: anyone may watch them. */
  playing: ListedGame[];
  gamesError: string | null;
  message: string | null;
  busy: boolean;
  /** A link opened a specific game: offer to join it. */
  linkRoom: string | null;
  linkCode: string | null;
}

export interface LobbyActions {
  change(patch: Partial<LobbyState>): void;
  create(o: CreateOptions): void;
  join(roomId: string): void;
  joinCode(code: string): void;
  /** Watch a game in play without taking a seat. */
  watch(roomId: string): void;
  refresh(): void;
}

export const BOT_LEVELS = [
  { id: 'random', label: 'Beginner (plays at random)' },
  { id: 'greedy', label: 'Casual (greedy)' },
  { id: 'strong', label: 'Strong (plans ahead)' },
];

function field(label: string, control: HTMLElement, id: string): HTMLElement {
  control.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

function select(value: string, options: [string, string][], onchange: (v: string) => void, fkey: string): HTMLSelectElement {
  return h('select', { 'data-fkey': fkey, onchange: (e: Event) => onchange((e.target as HTMLSelectElement).value) },
    options.map(([v, l]) => h('option', { value: v, selected: v === value }, l)));
}

/** `account`: the account panel (render/account.ts), when the server keeps players. */
export function renderLobby(s: LobbyState, a: LobbyActions, account: HTMLElement | null = null): HTMLElement {
  const nameOk = s.name.trim().length > 0;
  const need = nameOk ? null : h('p', { class: 'hint-text' }, 'Enter your name first.');
  const nameInput = h('input', {
    type: 'text', value: s.name, maxlength: '24', autocomplete: 'nickname', placeholder: 'e.g. Ada', 'data-fkey': 'name',
    oninput: (e: Event) => a.change({ name: (e.target as HTMLInputElement).value }),
  });
  // A link to a game already in play (as the listing says) can only be watched: the page says so.
  const linkPlaying = !!s.linkRoom && s.playing.some((g) => g.roomId === s.linkRoom);
  const linkJoin = s.linkRoom || s.linkCode
    ? h('section', { class: 'panel invite' },
      h('h2', null, linkPlaying ? 'A game in play' : 'You were invited to a game'),
      h('p', null, linkPlaying ? 'Its seats are taken: you can watch it.' : s.linkCode && !s.linkRoom ? `Game code ${s.linkCode}` : 'Join it with your name (a game that has started, you watch).'),
      h('button', {
        type: 'button', class: 'primary', disabled: !nameOk || s.busy, 'data-fkey': 'join-link', id: 'join-link',
        onclick: () => (linkPlaying ? a.watch(s.linkRoom!) : s.linkRoom ? a.join(s.linkRoom) : a.joinCode(s.linkCode!)),
      }, linkPlaying ? 'Watch this game' : 'Join this game'), need)
    : null;

  // The second game seats 2–5; Isle of Trains 2–4 (and its solo games below). Both have the three bot levels.
  const ttr = s.game === 'ttr';
  const maxSeats = ttr ? 5 : 4;
  const seats = Math.min(s.seats, maxSeats);
  const maxBots = seats - 1;
  const levels = BOT_LEVELS;
  const botLevel = levels.some((b) => b.id === s.botLevel) ? s.botLevel : 'greedy';
  const create = h('section', { class: 'panel' },
    h('h2', null, 'New game'),
    h('div', { class: 'fields' },
      field('Game', select(ttr ? 'ttr' : 'isle', GAME_NAMES.map((g) => [g.id, g.name] as [string, string]), (v) => a.change({ game: v }), 'game'), 'f-game'),
      ttr ? h('p', { class: 'hint-text', id: 'game-hint' }, 'The Northern Lights rules on our own map of Northern Europe: claim routes, complete tickets. 2 to 5 players.') : null,
      field('Players', select(String(seats), Array.from({ length: maxSeats - 1 }, (_, i) => [String(i + 2), `${i + 2} players`] as [string, string]), (v) => a.change({ seats: Number(v), bots: Math.min(s.bots, Number(v) - 1) }), 'seats'), 'f-seats'),
      field('Bots', select(String(Math.min(s.bots, maxBots)), Array.from({ length: maxBots + 1 }, (_, i) => [String(i), i === 0 ? 'no bots' : `${i} bot${i === 1 ? '' : 's'}`] as [string, string]), (v) => a.change({ bots: Number(v) }), 'bots'), 'f-bots'),
      field('Bot level', select(botLevel, levels.map((b) => [b.id, b.label] as [string, string]), (v) => a.change({ botLevel: v }), 'botLevel'), 'f-botlevel'),
      field('Who can join', select(s.isPrivate ? 'private' : 'listed', [['listed', 'Listed: anyone can join'], ['private', 'Private: only with the link or code']], (v) => a.change({ isPrivate: v === 'private' }), 'privacy'), 'f-privacy'),
      field('Time per decision', select(String(s.turnTimeLimit), [['0', 'No limit'], ['30', '30 seconds'], ['60', '1 minute'], ['120', '2 minutes'], ['300', '5 minutes']], (v) => a.change({ turnTimeLimit: Number(v) }), 'timer'), 'f-timer')),
    h('button', {
      type: 'button', class: 'primary', id: 'create-game', 'data-fkey': 'create', disabled: !nameOk || s.busy,
      onclick: () => a.create({ game: ttr ? 'ttr' : 'isle', name: s.name.trim(), seats, bots: Math.min(s.bots, maxBots), botLevel, private: s.isPrivate, turnTimeLimit: s.turnTimeLimit, mode: 'multiplayer', scenario: 0 }),
    }, 'Create game'), need);

  const chapter = s.soloMode === 'challenge' ? 0 : Number(s.soloMode);
  const obj = chapter > 0 ? scenarioObjective(chapter) : null;
  const solo = h('section', { class: 'panel' },
    h('h2', null, 'Play Isle of Trains solo'),
    field('Game', select(s.soloMode, [['challenge', 'The Challenge (score as much as you can)'],
      ...Array.from({ length: 10 }, (_, i) => [String(i + 1), `Chapter ${i + 1}: ${scenarioObjective(i + 1)!.title}`] as [string, string])],
    (v) => a.change({ soloMode: v }), 'solo-mode'), 'f-solo'),
    h('p', { class: 'objective' }, h('b', null, 'Goal: '), obj ? obj.text : 'Score as many points as you can before the deck runs out; your total earns a rating.'),
    h('button', {
      type: 'button', class: 'primary', id: 'start-solo', 'data-fkey': 'solo', disabled: !nameOk || s.busy,
      onclick: () => a.create({ name: s.name.trim(), seats: 1, bots: 0, botLevel: s.botLevel, private: true, turnTimeLimit: 0, mode: chapter > 0 ? 'scenario' : 'challenge', scenario: chapter }),
    }, 'Start solo game'), need);

  const games = h('section', { class: 'panel' },
    h('h2', null, 'Open games'),
    h('button', { type: 'button', class: 'linkish', onclick: a.refresh, 'data-fkey': 'refresh' }, 'Refresh'),
    s.gamesError ? h('p', { class: 'error' }, s.gamesError) : null,
    s.games === null ? h('p', { class: 'muted' }, 'Loading…')
      : s.games.length === 0 ? h('p', { class: 'muted' }, 'No games are waiting for players right now.')
        : h('ul', { class: 'game-list' }, s.games.map((g) => {
          const m = g.metadata;
          const free = m.freeSeats;
          return h('li', null,
            h('span', null, `${GAME_NAMES.find((x) => x.id === (m.game ?? 'isle'))?.name ?? m.game} · ${m.creator ? `${m.creator}'s game` : 'A game'} · ${m.seats} players${m.bots ? ` (${m.bots} bot${m.bots === 1 ? '' : 's'})` : ''} · ${free} seat${free === 1 ? '' : 's'} free`,
              m.turnTimeLimit ? ` · ${m.turnTimeLimit}s per decision` : '',
              m.rated ? h('span', { class: 'badge rated' }, 'rated') : null),
            h('button', { type: 'button', disabled: !nameOk || s.busy, 'data-fkey': `join:${g.roomId}`, onclick: () => a.join(g.roomId) }, 'Join'));
        })),
    s.playing.length > 0 ? h('h3', { id: 'playing-head' }, 'Being played: watch') : null,
    s.playing.length > 0 ? h('ul', { class: 'game-list', id: 'playing-list', 'aria-labelledby': 'playing-head' }, s.playing.map((g) => {
      const m = g.metadata;
      const who = m.creator ? `${m.creator}'s game` : 'A game';
      return h('li', null,
        h('span', null, `${GAME_NAMES.find((x) => x.id === (m.game ?? 'isle'))?.name ?? m.game} · ${who} · ${m.seats} players${m.bots ? ` (${m.bots} bot${m.bots === 1 ? '' : 's'})` : ''}`,
          m.turnTimeLimit ? ` · ${m.turnTimeLimit}s per decision` : ''),
        h('button', { type: 'button', disabled: !nameOk || s.busy, 'data-fkey': `watch:${g.roomId}`, 'aria-label': `Watch ${who}`, onclick: () => a.watch(g.roomId) }, 'Watch'));
    })) : null,
    h('form', { class: 'code-join', onsubmit: (e: Event) => { e.preventDefault(); if (s.code.trim()) a.joinCode(s.code.trim()); } },
      field('Join with a code', h('input', { type: 'text', value: s.code, maxlength: '32', placeholder: 'code', 'data-fkey': 'code', oninput: (e: Event) => a.change({ code: (e.target as HTMLInputElement).value }) }), 'f-code'),
      h('button', { type: 'submit', disabled: !nameOk || s.busy || !s.code.trim(), 'data-fkey': 'join-code' }, 'Join')));

  return h('div', { class: 'lobby' },
    h('header', { class: 'lobby-head' }, h('h1', null, 'Isle of Trains'), h('p', null, 'Build trains, load goods and passengers, deliver them around the island.')),
    s.message ? h('p', { class: 'error', role: 'alert' }, s.message) : null,
    h('div', { class: 'lobby-top' }, h('section', { class: 'panel name-panel' }, field('Your name', nameInput, 'f-name')), account),
    linkJoin,
    h('div', { class: 'lobby-grid' }, create, solo, games));
}

export interface WaitingActions {
  start(): void;
  copy(link: string): void;
  leave(): void;
}

/** What the players' side adds to the waiting room: each seat's rating, the table chat. */
export interface WaitingPlayers {
  rating(seat: number): string | null;
  chat: HTMLElement | null;
}

/** Whether the table is rated, and if not, why (the server decides: `rated` in the room state). */
export function ratedText(room: IsleStateJSON): string {
  if (room.rated) return 'Rated game: the result moves every player\'s rating. Leaving it for good (on purpose, or not coming back before the reconnection time runs out) counts as a loss.';
  if (room.seatsTotal === 1) return 'Unrated: solo games are not rated.';
  if (room.seats.some((x) => x.kind === 'bot')) return 'Unrated: a bot is at the table.';
  if (room.seats.some((x) => x.kind === 'human' && !x.account)) return 'Unrated: a game is rated only when every player is signed in to an account.';
  return 'Unrated for now: it becomes rated when every seat is taken by a player signed in to an account.';
}

/** `title`: the game's name (the room's game: Isle of Trains or the second game). */
export function renderWaiting(room: IsleStateJSON, mySeat: number | null, link: string, copied: boolean, a: WaitingActions, refusal: string | null, players: WaitingPlayers | null = null, title = 'Isle of Trains'): HTMLElement {
  const me = mySeat !== null ? room.seats[mySeat] : null;
  const isCreator = !!me?.isCreator;
  const filled = room.seats.filter((s) => s.kind !== 'empty').length;
  return h('div', { class: 'waiting' },
    h('header', { class: 'lobby-head' }, h('h1', null, title), h('p', null, 'Waiting for players')),
    refusal ? h('p', { class: 'error', role: 'alert' }, refusal) : null,
    h('section', { class: 'panel' },
      h('h2', null, `Seats (${filled}/${room.seatsTotal})`),
      h('ol', { class: 'seats' }, room.seats.map((s, i) => h('li', { class: cx({ me: i === mySeat }) },
        s.kind === 'empty' ? h('span', { class: 'muted' }, 'open seat')
          : h('span', null, s.name || `Player ${i + 1}`,
            s.kind === 'bot' ? h('span', { class: 'badge' }, `bot${room.botLevel ? ` · ${room.botLevel}` : ''}`) : null,
            s.isCreator ? h('span', { class: 'badge' }, 'host') : null,
            i === mySeat ? h('span', { class: 'badge' }, 'you') : null,
            players?.rating(i) ? h('span', { class: 'badge', 'data-rating': players.rating(i)! }, `rating ${players.rating(i)}`) : null,
            s.kind === 'human' && !s.connected ? h('span', { class: 'badge warn' }, 'offline') : null)))),
      room.turnTimeLimit > 0 ? h('p', null, `Time per decision: ${room.turnTimeLimit} s`) : null,
      h('p', { id: 'rated-status', class: cx({ 'rated-yes': !!room.rated }) }, ratedText(room)),
      h('p', null, room.isPrivate ? 'Private game: only people with the link or code can join.' : 'Listed game: anyone in the lobby can join.')),
    h('section', { class: 'panel' },
      h('h2', null, 'Invite'),
      h('div', { class: 'invite-row' },
        h('input', { type: 'text', readonly: true, value: link, 'aria-label': 'Invitation link', id: 'invite-link', 'data-fkey': 'invite', onfocus: (e: Event) => (e.target as HTMLInputElement).select() }),
        h('button', { type: 'button', onclick: () => a.copy(link), 'data-fkey': 'copy' }, copied ? 'Copied!' : 'Copy link')),
      room.code ? h('p', null, 'Or share the code ', h('strong', { class: 'code', id: 'room-code' }, room.code)) : null),
    h('div', { class: 'waiting-actions' },
      isCreator
        ? h('button', { type: 'button', class: 'primary', id: 'start-game', onclick: a.start, 'data-fkey': 'start', disabled: filled < room.seatsTotal }, 'Start the game')
        : null,
      h('p', { class: 'muted' }, filled < room.seatsTotal
        ? `Waiting for ${room.seatsTotal - filled} more player${room.seatsTotal - filled === 1 ? '' : 's'}: share the link or the code.`
        : isCreator ? 'Everyone is here.' : 'Everyone is here: the host starts the game.'),
      h('button', { type: 'button', class: 'linkish', onclick: a.leave, 'data-fkey': 'leave' }, 'Leave')),
    players?.chat ?? null);
}
