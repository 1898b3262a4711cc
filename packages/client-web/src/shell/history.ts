/** The page's address: the room it shows, a replay, or nothing (the lobby); read once at boot. */
export function setUrl(roomId: string | null): void {
  const url = roomId ? `/?room=${encodeURIComponent(roomId)}` : '/';
  if (window.location.pathname + window.location.search + window.location.hash !== url) window.history.replaceState(null, '', url);
}

/** A replay's address; a private game's carries its share key, so the link can be passed on; `analyse`: the seat the coach analyses. */
export function setReplayUrl(id: string, key?: string, analyse?: number): void {
  window.history.replaceState(null, '', `/?replay=${encodeURIComponent(id)}${key ? `&key=${encodeURIComponent(key)}` : ''}${analyse !== undefined ? `&analyse=${analyse}` : ''}`);
}

/** The replay the address asks for, if any (ids and keys of word characters only). */
export function replayRoute(search: string): { id: string; key?: string; analyse?: number } | null {
  const q = new URLSearchParams(search);
  const id = q.get('replay');
  if (!id || !/^[\w-]{1,64}$/.test(id)) return null;
  const key = q.get('key');
  const seat = q.get('analyse');
  const analyse = seat !== null && /^\d$/.test(seat) ? { analyse: Number(seat) } : {};
  return key && /^[\w-]{1,64}$/.test(key) ? { id, key, ...analyse } : { id, ...analyse };
}
