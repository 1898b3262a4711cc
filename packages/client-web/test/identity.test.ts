import { ApiError, Identity, ratingGroup } from '../src/players/identity';
import type { KeyValueStore } from '../src/shell/session-store';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

type Route = (body: any, auth: string | undefined) => { status: number; json: unknown };

/** A fetch that answers from `routes` ("POST /api/players" → handler) and records what was asked. */
function fakeFetch(routes: Record<string, Route>) {
  const calls: { route: string; auth?: string; body?: any }[] = [];
  const f = (async (url: string, init: RequestInit) => {
    const route = `${init.method} ${new URL(url).pathname}`;
    const auth = (init.headers as Record<string, string>).authorization;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ route, auth, body });
    const h = routes[route];
    const r = h ? h(body, auth) : { status: 404, json: { code: 'NOT_FOUND', message: 'no route' } };
    return { ok: r.status < 300, status: r.status, json: async () => r.json } as Response;
  }) as unknown as typeof fetch;
  return { f, calls };
}

const guest = (id: string, name = 'Guest ab12') => ({ status: 200, json: { player: { id, name, username: null }, secret: `secret-${id}` } });

test('a first visit gets a guest identity, kept by the browser and sent as Guest id:secret', async () => {
  const kv = memory();
  const { f, calls } = fakeFetch({ 'POST /api/players': () => guest('p_1', 'Ada'), 'GET /api/me': () => ({ status: 200, json: { player: { id: 'p_1', name: 'Ada', username: null }, ratings: [] } }) });
  const id = new Identity('http://x', kv, f);
  expect(id.auth).toBeNull();
  expect(await id.ensure('Ada')).toEqual({ id: 'p_1', name: 'Ada', username: null });
  expect(calls[0]).toEqual({ route: 'POST /api/players', auth: undefined, body: { name: 'Ada' } });
  expect(id.auth).toBe('Guest p_1:secret-p_1');
  // A reload: the kept identity is checked, not replaced.
  const again = new Identity('http://x', kv, f);
  await again.ensure('Ada');
  expect(calls.map((c) => c.route)).toEqual(['POST /api/players', 'GET /api/me']);
  expect(calls[1].auth).toBe('Guest p_1:secret-p_1');
  expect(again.player?.id).toBe('p_1');
});

test('a kept identity the server refuses is replaced by a new guest; a name it refuses does not cost the identity', async () => {
  const kv = memory();
  kv.setItem('iot.identity', JSON.stringify({ id: 'p_old', name: 'Old', username: null, secret: 's' }));
  const { f, calls } = fakeFetch({
    'GET /api/me': () => ({ status: 401, json: { code: 'BAD_CREDENTIALS', message: 'no' } }),
    'POST /api/players': (body) => (body.name ? { status: 400, json: { code: 'BAD_NAME', message: 'bad' } } : guest('p_new')),
  });
  const id = new Identity('http://x', kv, f);
  await id.ensure('<b>');
  expect(id.player?.id).toBe('p_new');
  expect(calls.map((c) => c.route)).toEqual(['GET /api/me', 'POST /api/players', 'POST /api/players']);
  expect(JSON.parse(kv.getItem('iot.identity')!).id).toBe('p_new');
});

test('a server without the players\' database: no identity, games go on', async () => {
  const { f } = fakeFetch({});
  const id = new Identity('http://x', memory(), f);
  expect(await id.ensure()).toBeNull();
  expect(id.auth).toBeNull();
  expect(id.unavailable).toMatch(/not available/);
});

test('a players\' database still opening (503 PLAYERS_UNAVAILABLE): asked again until it answers; a server without one is not', async () => {
  let open = false;
  const { f, calls } = fakeFetch({
    'POST /api/players': () => (open ? guest('p_1') : { status: 503, json: { code: 'PLAYERS_UNAVAILABLE', message: 'Player accounts are unavailable right now.', retryAfter: 5 } }),
  });
  const id = new Identity('http://x', memory(), f);
  const waited: number[] = [];
  let shown = 0;
  const sleep = async (ms: number) => { waited.push(ms); if (waited.length === 2) open = true; };
  expect(await id.ensurePatiently('Ada', () => shown++, [10, 20, 30, 40], sleep)).toEqual({ id: 'p_1', name: 'Guest ab12', username: null });
  expect(waited).toEqual([10, 20]);
  expect(shown).toBe(2);
  expect(calls).toHaveLength(3);
  expect(id.unavailable).toBeNull();
  expect(id.retryable).toBe(false);
  // A server with no players' routes (404) is not asked again.
  const none = fakeFetch({});
  const off = new Identity('http://x', memory(), none.f);
  expect(await off.ensurePatiently('Ada', () => undefined, [10, 20], sleep)).toBeNull();
  expect(none.calls).toHaveLength(1);
  expect(off.unavailable).toMatch(/not available/);
});

test('claiming an account keeps only the session token; signing out forgets it and starts a new guest', async () => {
  const kv = memory();
  let n = 0;
  const { f, calls } = fakeFetch({
    'POST /api/players': () => guest(`p_${++n}`),
    'POST /api/account/claim': () => ({ status: 200, json: { player: { id: 'p_1', name: 'Guest ab12', username: 'ada' }, token: 'T'.repeat(40) } }),
    'POST /api/account/signout': () => ({ status: 200, json: { ok: true } }),
  });
  const id = new Identity('http://x', kv, f);
  await id.ensure();
  await id.claim('ada', 'a long password');
  expect(calls[1].auth).toBe('Guest p_1:secret-p_1');
  expect(id.signedIn).toBe(true);
  expect(id.auth).toBe(`Bearer ${'T'.repeat(40)}`);
  expect(JSON.parse(kv.getItem('iot.identity')!)).toEqual({ id: 'p_1', name: 'Guest ab12', username: 'ada', token: 'T'.repeat(40) });
  await id.signOut();
  expect(calls[2]).toMatchObject({ route: 'POST /api/account/signout', auth: `Bearer ${'T'.repeat(40)}` });
  expect(id.signedIn).toBe(false);
  expect(id.player?.id).toBe('p_2');
});

test('refusals carry the server\'s code and words', async () => {
  const { f } = fakeFetch({ 'POST /api/account/signin': () => ({ status: 401, json: { code: 'BAD_CREDENTIALS', message: 'Wrong username or password.' } }) });
  const id = new Identity('http://x', memory(), f);
  const e = await id.signIn('ada', 'nope nope nope').catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ApiError);
  expect(e).toMatchObject({ code: 'BAD_CREDENTIALS', status: 401, message: 'Wrong username or password.' });
  expect(id.signedIn).toBe(false);
});

test('rating groups: 2 players, 3–4 players, none for solo', () => {
  expect([1, 2, 3, 4].map((n) => ratingGroup(n))).toEqual([null, '2p', '3-4p', '3-4p']);
});
