/**
 * The page's address and its history entries. Each place a person goes to is an entry of its own (the lobby
 * `/`, a room `/?room=<id>` — its waiting room, table and end screen —, a replay `/?replay=<id>&key=…`; the
 * players' pages are documents of their own), so Back and Forward walk them and each address can be shared
 * or opened in another tab. Entries the page made carry `{ depth }`: how many of the page's own entries lie
 * before it, so the page knows when a step back stays on the site.
 */

/** What an address asks for. */
export type Route =
  | { kind: 'lobby' }
  | { kind: 'room'; roomId: string }
  | { kind: 'code'; code: string }
  | { kind: 'replay'; id: string; key?: string; analyse?: number };

const WORD = /^[\w-]{1,64}$/;

export function roomUrl(roomId: string): string {
  return `/?room=${encodeURIComponent(roomId)}`;
}

/** A replay's address; a private game's carries its share key, so the link can be passed on; `analyse`: the seat the coach analyses. */
export function replayUrl(id: string, key?: string, analyse?: number): string {
  return `/?replay=${encodeURIComponent(id)}${key ? `&key=${encodeURIComponent(key)}` : ''}${analyse !== undefined ? `&analyse=${analyse}` : ''}`;
}

/** The replay the address asks for, if any (ids and keys of word characters only). */
export function replayRoute(search: string): { id: string; key?: string; analyse?: number } | null {
  const q = new URLSearchParams(search);
  const id = q.get('replay');
  if (!id || !WORD.test(id)) return null;
  const key = q.get('key');
  const seat = q.get('analyse');
  const analyse = seat !== null && /^\d$/.test(seat) ? { analyse: Number(seat) } : {};
  return key && WORD.test(key) ? { id, key, ...analyse } : { id, ...analyse };
}

/** Where an address points (the players' pages are read by src/players/pages.ts). */
export function routeOf(search: string, hash: string): Route {
  const replay = replayRoute(search);
  if (replay) return { kind: 'replay', ...replay };
  const q = new URLSearchParams(search);
  const room = q.get('room');
  if (room && WORD.test(room)) return { kind: 'room', roomId: room };
  const h = hash.replace(/^#/, '').trim();
  const code = q.get('code') ?? (h.length > 0 ? h : null);
  if (code && /^[\w-]{1,32}$/.test(code)) return { kind: 'code', code };
  return { kind: 'lobby' };
}

interface Entry {
  depth: number;
}

function here(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

function depth(): number {
  const s = window.history.state as Partial<Entry> | null;
  return typeof s?.depth === 'number' ? s.depth : 0;
}

/** The first entry of this document: marked as the page's own (a reload keeps the mark and its depth). */
export function markEntry(): void {
  if (typeof (window.history.state as Partial<Entry> | null)?.depth !== 'number') window.history.replaceState({ depth: 0 } satisfies Entry, '');
}

/**
 * Go to `url`: a new entry (Back returns here), or `replace` this one (the same place under a better address,
 * as an invitation's link once joined). Nothing when the page is there already.
 */
export function go(url: string, replace = false): void {
  if (here() === url) return;
  if (replace) window.history.replaceState({ depth: depth() } satisfies Entry, '', url);
  else window.history.pushState({ depth: depth() + 1 } satisfies Entry, '', url);
}

/**
 * True when the entry before this one is on this site: one the page made, or the page a link here was
 * followed from (a player's page opening a replay). A step back then stays on the site.
 */
export function canGoBack(): boolean {
  if (depth() > 0) return true;
  const from = document.referrer;
  return window.history.length > 1 && from.startsWith(`${window.location.origin}/`) && from !== window.location.href;
}

/** The lobby's address, or the room's: what the page shows outside a replay. */
export function setUrl(roomId: string | null, replace = false): void {
  go(roomId ? roomUrl(roomId) : '/', replace);
}
