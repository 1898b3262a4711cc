/**
 * Games and the players' database over the network: a join with an identity, the room saying
 * whether it is rated, every finished game archived with its players, ratings moving after a rated game,
 * and a wrong identity refused with BAD_IDENTITY.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());

import { autoplay, bootServer, until, watch, type TestServer } from './support/harness';
import { account as newAccount, twoSeats } from './support/players';

jest.setTimeout(180_000);

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ PLAYERS_DB: 'memory' }); });
afterAll(async () => { await ts.close(); });

async function post(path: string, body: unknown, auth?: string): Promise<any> {
  const res = await fetch(`${ts.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body: JSON.stringify(body) });
  return res.json();
}
async function get(path: string, auth?: string): Promise<any> {
  return (await fetch(`${ts.http}${path}`, { headers: auth ? { authorization: auth } : {} })).json();
}

const account = (name: string) => newAccount(ts.http, name);

test('a rated 2-player game between two accounts is archived and moves both ratings', async () => {
  const ada = await account('Ada');
  const bea = await account('Bea');
  const { a, sa, b, sb } = await twoSeats(ts, ada, bea);
  await until(() => sa.seat !== null && sb.seat !== null, 5000, 'seats');
  // The lobby says the table is rated before it starts.
  await until(() => (ts.room(a.roomId) as any).metadata?.rated === true, 5000, 'rated in the listing');
  const rooms = await get('/api/rooms');
  expect(rooms.find((r: any) => r.roomId === a.roomId).metadata.rated).toBe(true);
  // And so does the room state, with each seat's public player id (their page and rating) for the table.
  await until(() => (b.state as any)?.rated === true && (b.state as any).seats?.[1]?.playerId === bea.id, 5000, 'rated in the state');
  expect((b.state as any).seats.map((s: any) => [s.playerId, s.account])).toEqual([[ada.id, true], [bea.id, true]]);
  a.send('chat', { text: 'Good luck!' });
  autoplay(a, sa);
  autoplay(b, sb);
  a.send('start', {});
  await until(() => (a.state as any)?.phase === 'ended', 150_000, 'the end of the game');
  let page: any;
  for (let i = 0; i < 100; i++) {
    page = await get(`/api/players/${ada.id}`);
    if (page.games?.length === 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(page.games).toHaveLength(1);
  expect(page.games[0]).toMatchObject({ id: a.roomId, playerCount: 2, rated: true });
  expect(page.games[0].seats.map((s: any) => s.playerId)).toEqual([ada.id, bea.id]);
  const ra = (await get('/api/me', ada.auth)).ratings;
  const rb = (await get('/api/me', bea.auth)).ratings;
  expect(ra).toEqual([expect.objectContaining({ group: '2p', games: 1 })]);
  expect(rb).toEqual([expect.objectContaining({ group: '2p', games: 1 })]);
  const places = page.games[0].seats.map((s: any) => s.place);
  if (places[0] < places[1]) expect(ra[0].mu).toBeGreaterThan(rb[0].mu);
  if (places[1] < places[0]) expect(rb[0].mu).toBeGreaterThan(ra[0].mu);
  // The archive's replay has the shape of the live one: createGame's options with the seed, every action.
  const live = await get(`/api/games/${a.roomId}/replay`);
  const archived = await (await ts.srv.players!.get()).archive.replay(a.roomId);
  expect(archived).toMatchObject({ game: 'isle', roomId: a.roomId, options: live.options, seedHash: live.seedHash, actions: live.actions, finalScores: live.finalScores });
  expect(live.options.seed).toMatch(/^[0-9a-f]{64}$/);
  // Exactly the protocol's ReplayJSON, its chat lines the protocol's ChatLine (not the database's rows).
  expect(Object.keys(live).sort()).toEqual(['actions', 'chat', 'endedAt', 'finalScores', 'game', 'options', 'roomId', 'seedHash', 'startedAt']);
  expect(live.game).toBe('isle');
  expect(live.chat).toEqual([{ seat: 0, name: expect.any(String), text: 'Good luck!', at: expect.any(String) }]);
  await a.leave();
  await b.leave();
});

test('a guest\'s solo game is archived unrated on their page; a table with a bot is not rated', async () => {
  const g = await post('/api/players', { name: 'Cy' });
  const auth = `Guest ${g.player.id}:${g.secret}`;
  const r = await ts.client().create('isle', { seats: 1, identity: auth });
  const s = watch(r);
  await until(() => s.seat === 0, 5000, 'seat');
  autoplay(r, s);
  await until(() => (r.state as any)?.phase === 'ended', 60_000, 'the end of the solo game');
  let page: any;
  for (let i = 0; i < 100; i++) {
    page = await get(`/api/players/${g.player.id}`);
    if (page.games?.length === 1) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  expect(page.games[0]).toMatchObject({ id: r.roomId, playerCount: 1, rated: false, seats: [{ playerId: g.player.id, name: 'Cy' }] });
  expect(page.ratings).toEqual([]);
  await r.leave();

  const acc = await account('Dee');
  const withBot = await ts.client().create('isle', { seats: 2, bots: 1, identity: acc.auth });
  await until(() => (ts.room(withBot.roomId) as any).metadata?.seats === 2, 5000, 'metadata');
  expect((ts.room(withBot.roomId) as any).metadata.rated).toBe(false);
  await until(() => (withBot.state as any)?.seats?.[0]?.playerId === acc.id, 5000, 'the seat\'s player id');
  expect((withBot.state as any).rated).toBe(false);
  expect((withBot.state as any).seats.map((x: any) => [x.kind, x.playerId, x.account])).toEqual([['human', acc.id, true], ['bot', '', false]]);
  await withBot.leave();
});

test('a wrong identity is refused with BAD_IDENTITY; no identity is fine', async () => {
  await expect(ts.client().create('isle', { seats: 2, identity: 'Guest p_nobody:notthesecret' })).rejects.toThrow(/BAD_IDENTITY/);
  const ok = await ts.client().create('isle', { seats: 2 });
  expect(ok.roomId).toBeTruthy();
  await ok.leave();
});

test('chat: lines are cleaned, limited, sent to everyone in the room and kept with the game', async () => {
  const a = await ts.client().create('isle', { seats: 2, name: 'Ada' });
  const sa = watch(a);
  const spectatorJoin = async () => {
    const b = await ts.client().joinById(a.roomId, { name: 'Bea' });
    return b;
  };
  const b = await spectatorJoin();
  const heardA: any[] = [];
  const heardB: any[] = [];
  a.onMessage('chat', (m) => heardA.push(m));
  b.onMessage('chat', (m) => heardB.push(m));
  await until(() => sa.seat === 0, 5000, 'seat');
  a.send('chat', { text: '  <b>hello</b>\u0000  there ', id: 'c1' });
  await until(() => heardA.length === 1 && heardB.length === 1, 5000, 'the line to arrive');
  expect(heardB[0]).toEqual({ seat: 0, name: 'Ada', text: '<b>hello</b> there', at: expect.any(String) });
  await until(() => sa.acks.includes('c1'), 5000, 'the ack');
  // Too long, empty, badly shaped: typed refusals, nothing broadcast.
  a.send('chat', { text: 'x'.repeat(301), id: 'c2' });
  a.send('chat', { text: '   ', id: 'c3' });
  a.send('chat', { words: 'hi', id: 'c4' });
  await until(() => sa.errors.length >= 3, 5000, 'the refusals');
  expect(sa.errors.slice(0, 3).map((e: any) => e.code)).toEqual(['CHAT_TOO_LONG', 'BAD_CHAT', 'BAD_MESSAGE']);
  // A burst: five lines pass, the rest are refused.
  for (let i = 0; i < 8; i++) a.send('chat', { text: `line ${i}` });
  await until(() => sa.errors.filter((e: any) => e.code === 'RATE_LIMITED').length >= 3, 5000, 'the chat limit');
  expect(heardB.length).toBeLessThanOrEqual(1 + 5);
  // Kept in the players' database with the game, cleaned as it was sent.
  const kept = await (await ts.srv.players!.get()).chat.of(a.roomId);
  expect(kept[0]).toMatchObject({ seat: 0, name: 'Ada', text: '<b>hello</b> there' });
  expect(kept.length).toBe(heardB.length);
  await a.leave();
  await b.leave();
});
