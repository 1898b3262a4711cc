/** Players' test helpers: accounts made through the HTTP routes, and a 2-seat table of two of them. */
import type { Room as SDKRoom } from '@colyseus/sdk';
import { watch, type Seen, type TestServer } from './harness';

async function post(http: string, p: string, body: unknown, auth?: string): Promise<any> {
  const res = await fetch(`${http}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body: JSON.stringify(body) });
  return res.json();
}

/** A guest identity that claimed an account: its player id and its session as an Authorization value. */
export async function account(http: string, name: string): Promise<{ id: string; auth: string }> {
  const g = await post(http, '/api/players', { name });
  const c = await post(http, '/api/account/claim', { username: name.toLowerCase(), password: `${name} plays trains` }, `Guest ${g.player.id}:${g.secret}`);
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
