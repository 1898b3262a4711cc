/** Players' test helpers: accounts made through the HTTP routes, and a 2-seat table of two of them. */
import type { Room as SDKRoom } from '@colyseus/sdk';
import { watch, type Seen, type TestServer } from './harness';
import { connect, stateOf, type Player } from './ops-game';
import { waitFor, type ServerProc } from './ops-proc';

// Here too for the files that already import it from this module.
export { playersReady } from './ops-proc';

/**
 * A POST as a client should make it: a server that has just started may still be opening its players'
 * database (an embedded PGlite's first start takes seconds) and answers 503 PLAYERS_UNAVAILABLE with
 * `retryAfter` meanwhile; this asks again until it answers otherwise (60 s at most).
 */
async function post(http: string, p: string, body: unknown, auth?: string): Promise<any> {
  for (const t0 = Date.now(); ;) {
    const res = await fetch(`${http}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body: JSON.stringify(body) });
    const json = await res.json() as { code?: string };
    if (res.status !== 503 || json?.code !== 'PLAYERS_UNAVAILABLE' || Date.now() - t0 > 60_000) return json;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A guest identity that claimed an account: its player id and its session as an Authorization value. */
export async function account(http: string, name: string): Promise<{ id: string; auth: string }> {
  // A refusal is said as such: read as an identity, it made the test fail later on a field it lacks.
  const g = await post(http, '/api/players', { name });
  if (typeof g?.player?.id !== 'string') throw new Error(`POST /api/players (${name}) was refused: ${JSON.stringify(g)}`);
  const c = await post(http, '/api/account/claim', { username: name.toLowerCase(), password: `${name} plays trains` }, `Guest ${g.player.id}:${g.secret}`);
  if (typeof c?.token !== 'string') throw new Error(`POST /api/account/claim (${name}) was refused: ${JSON.stringify(c)}`);
  return { id: g.player.id, auth: `Bearer ${c.token}` };
}

/** `first` creates a 2-seat room with their identity, `second` joins it; each connection watched from the start. */
export async function twoSeats(ts: TestServer, first: { auth: string }, second: { auth: string }): Promise<{ a: SDKRoom; sa: Seen; b: SDKRoom; sb: Seen }> {
  const a = await ts.client().create('isle', { seats: 2, identity: first.auth });
  const sa = watch(a);
  const b = await ts.client().joinById(a.roomId, { identity: second.auth });
  const sb = watch(b);
  return { a, sa, b, sb };
}

/**
 * A rated 2-seat table of two accounts on a server process (ops-game clients), started: Ada creates it,
 * Bea joins, both with their identities (joined while the players' database is up: rated seats need them).
 */
export async function ratedTable(url: string, ada: { auth: string }, bea: { auth: string }): Promise<Player[]> {
  const a = await connect(url, null, { seats: 2, name: 'Ada', identity: ada.auth });
  const b = await connect(url, a.room.roomId, { name: 'Bea', identity: bea.auth });
  await waitFor('a rated table', () => stateOf(a).rated === true, 5000);
  a.room.send('start', {});
  await waitFor('started', () => stateOf(a).phase === 'playing' && stateOf(b).phase === 'playing');
  return [a, b];
}
