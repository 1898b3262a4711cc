/** The players' pages: a player's ratings and games, a leaderboard, the public list of recent games. */
import { ApiError, type GameSummary, type Identity, type RatingRow } from '../players/identity';
import type { PageRoute } from '../players/pages';
import { GROUP_LABEL } from './account';
import { cx, h } from './dom';

const when = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

const ordinal = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

const playerLink = (id: string | null, name: string): HTMLElement =>
  id ? h('a', { href: `/?player=${encodeURIComponent(id)}` }, name) : h('span', null, name);

/** "Won", "Shared 1st", "2nd of 3" for the player in seat `seat`. */
export function resultText(g: GameSummary, seat: number): string {
  const me = g.seats.find((s) => s.seat === seat);
  if (!me) return '';
  if (g.playerCount === 1) return `${me.score} points`;
  const shared = g.seats.filter((s) => s.place === me.place).length > 1;
  if (me.place === 1) return shared ? 'Shared 1st' : 'Won';
  return `${shared ? 'Shared ' : ''}${ordinal(me.place)} of ${g.playerCount}`;
}

function modeText(g: GameSummary): string {
  if (g.playerCount === 1) return g.mode === 'scenario' ? 'Solo chapter' : 'Solo challenge';
  return `${g.playerCount} players`;
}

function seatsCell(g: GameSummary): HTMLElement {
  return h('ul', { class: 'seat-list' }, [...g.seats].sort((a, b) => a.place - b.place || a.seat - b.seat).map((s) =>
    h('li', null, playerLink(s.playerId, s.name), s.botLevel ? h('span', { class: 'badge' }, `bot · ${s.botLevel}`) : null, ` ${s.score} pts`)));
}

function gamesTable(games: GameSummary[], caption: string, forPlayer: string | null): HTMLElement {
  if (games.length === 0) return h('p', { class: 'muted', id: 'no-games' }, 'No finished games yet.');
  return h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': caption },
    h('table', { class: 'games-table', id: 'games-table' },
      h('caption', { class: 'sr' }, caption),
      h('thead', null, h('tr', null,
        h('th', { scope: 'col' }, 'Date'), h('th', { scope: 'col' }, 'Game'), h('th', { scope: 'col' }, 'Players and scores'),
        forPlayer ? h('th', { scope: 'col' }, 'Result') : null, h('th', { scope: 'col' }, 'Replay'))),
      h('tbody', null, games.map((g) => {
        const mine = forPlayer ? g.seats.find((s) => s.playerId === forPlayer) : undefined;
        return h('tr', { 'data-game': g.id },
          h('td', null, when(g.finishedAt)),
          h('td', null, modeText(g), g.rated ? h('span', { class: 'badge rated' }, 'rated') : null),
          h('td', null, seatsCell(g)),
          forPlayer ? h('td', { class: 'result', 'data-label': 'Result: ' }, mine ? resultText(g, mine.seat) : '') : null,
          h('td', null, h('a', { href: `/?replay=${encodeURIComponent(g.id)}`, class: 'replay-link', 'aria-label': `Replay the game of ${when(g.finishedAt)}` }, 'Replay')));
      }))));
}

function ratingsTable(rows: RatingRow[]): HTMLElement {
  if (rows.length === 0) return h('p', { class: 'muted', id: 'player-ratings' }, 'Not rated yet: rated games are between signed-in players, with no bots.');
  return h('table', { class: 'ratings-table', id: 'player-ratings' },
    h('caption', { class: 'sr' }, 'Ratings'),
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Group'), h('th', { scope: 'col' }, 'Rating'), h('th', { scope: 'col' }, 'Rated games'))),
    h('tbody', null, rows.map((r) => h('tr', { 'data-group': r.group },
      h('td', null, GROUP_LABEL[r.group] ?? r.group), h('td', { class: 'rating' }, String(Math.round(r.rating))), h('td', null, String(r.games))))));
}

function frame(title: string, ...body: (HTMLElement | null)[]): HTMLElement {
  return h('div', { class: 'players-page' },
    h('header', { class: 'lobby-head' },
      h('p', null, h('a', { href: '/', id: 'back-lobby' }, '← Back to the lobby')),
      h('h1', null, title)),
    h('nav', { class: 'page-links', 'aria-label': 'Players and games' },
      h('a', { href: '/?leaderboard=2p' }, 'Leaderboard: 2 players'),
      h('a', { href: '/?leaderboard=3-4p' }, 'Leaderboard: 3–4 players'),
      h('a', { href: '/?games=recent' }, 'Recent games')),
    ...body);
}

export async function loadPage(route: PageRoute, identity: Identity): Promise<HTMLElement> {
  try {
    if (route.kind === 'player') {
      if (!route.id) throw new ApiError('NOT_FOUND', 'No such player.', 404);
      const p = await identity.playerPage(route.id);
      const you = identity.player?.id === p.player.id;
      document.title = `${p.player.name} · Isle of Trains`;
      return frame(`${p.player.name}${you ? ' (you)' : ''}`,
        h('p', { class: 'muted' }, p.player.account ? 'Has an account.' : 'Guest.'),
        h('section', { class: 'panel', 'aria-label': 'Ratings' }, h('h2', null, 'Ratings'), ratingsTable(p.ratings)),
        h('section', { class: 'panel', 'aria-label': 'Games' }, h('h2', null, `Games (${p.games.length})`), gamesTable(p.games, `${p.player.name}'s games`, p.player.id)));
    }
    if (route.kind === 'leaderboard') {
      const b = await identity.leaderboard(route.group);
      document.title = 'Leaderboard · Isle of Trains';
      const label = GROUP_LABEL[route.group];
      return frame(`Leaderboard: ${label}`,
        h('section', { class: 'panel', 'aria-label': `Leaderboard, ${label}` },
          b.players.length === 0 ? h('p', { class: 'muted' }, 'Nobody is rated in this group yet.')
            : h('table', { class: 'ratings-table', id: 'leaderboard' },
              h('caption', { class: 'sr' }, `Leaderboard, ${label}`),
              h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Rank'), h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Rating'), h('th', { scope: 'col' }, 'Rated games'))),
              h('tbody', null, b.players.map((r, i) => h('tr', { class: cx({ me: r.playerId === identity.player?.id }) },
                h('td', null, String(i + 1)), h('td', null, playerLink(r.playerId, r.name)), h('td', { class: 'rating' }, String(Math.round(r.rating))), h('td', null, String(r.games))))))));
    }
    const g = await identity.recentGames();
    document.title = 'Recent games · Isle of Trains';
    return frame('Recent games', h('section', { class: 'panel', 'aria-label': 'Recent finished games' }, gamesTable(g.games, 'Recent finished games', null)));
  } catch (e) {
    return frame('Not available', h('p', { class: 'error', role: 'alert' }, e instanceof ApiError ? e.message : 'This page could not be loaded.'));
  }
}
