/**
 * The players' pages (a player's games and ratings, the leaderboards, recent games): each is its own address
 * (`/?player=<id>`, `/?leaderboard=2p|3-4p`, `/?games=recent`). Few visits need them, so their code loads only
 * when one is opened (render/players.ts, a separate chunk).
 */
import type { Identity, RatingGroup } from './identity';

export type PageRoute = { kind: 'player'; id: string } | { kind: 'leaderboard'; group: RatingGroup } | { kind: 'games' };

export function parsePage(search: string): PageRoute | null {
  const q = new URLSearchParams(search);
  const player = q.get('player');
  if (player !== null) return /^p_[\w-]{1,40}$/.test(player) ? { kind: 'player', id: player } : { kind: 'player', id: '' };
  const board = q.get('leaderboard');
  if (board !== null) return { kind: 'leaderboard', group: board === '3-4p' ? '3-4p' : '2p' };
  if (q.get('games') !== null) return { kind: 'games' };
  return null;
}

/** Fetch what the page shows and build it. */
export async function buildPage(route: PageRoute, identity: Identity): Promise<HTMLElement> {
  const view = await import('../render/players');
  return view.loadPage(route, identity);
}
