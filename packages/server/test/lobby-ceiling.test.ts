/**
 * The whole server's ceilings on matchmaking, over every address: open lobbies (MAX_OPEN_LOBBIES) and seat
 * reservations not yet connected (MAX_PENDING_JOINS), each refused with 503 `SERVER_BUSY: …`; and a lobby
 * nobody joins is closed after LOBBY_IDLE_SECONDS with close code 4040.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { matchMaker } from '@colyseus/core';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';
import { bootServer, until, watch, type TestServer } from './support/harness';

jest.setTimeout(60_000);

async function post(ts: TestServer, path: string, body: unknown): Promise<{ status: number; error?: string; room?: { roomId: string } }> {
  const r = await fetch(ts.http + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, ...(await r.json() as object) };
}

describe('MAX_OPEN_LOBBIES and MAX_PENDING_JOINS', () => {
  let ts: TestServer;
  beforeAll(async () => { ts = await bootServer({ MAX_OPEN_LOBBIES: 3, MAX_PENDING_JOINS: 2 }); });
  afterAll(async () => { await ts.close(); });

  test('at the ceiling a create is refused SERVER_BUSY, joining a lobby still works, and a start frees a place', async () => {
    const rooms: { r: Awaited<ReturnType<ReturnType<TestServer['client']>['create']>>; seen: ReturnType<typeof watch> }[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await ts.client().create('isle', { seats: 2, bots: 1, name: `A${i}` });
      const seen = watch(r);
      await until(() => seen.seat === 0, 5000, 'seat');
      rooms.push({ r, seen });
    }
    // Another address changes nothing: the ceiling is the server's.
    const refused = await post(ts, '/matchmake/create/isle', { seats: 2 });
    expect(refused).toMatchObject({ status: 503, error: expect.stringMatching(/^SERVER_BUSY: this server already has 3 games waiting to start/) });
    await expect(ts.client().create('isle', { seats: 2 })).rejects.toMatchObject({ code: 503, message: expect.stringMatching(/^SERVER_BUSY:/) });
    // Joining an open lobby is not a new lobby.
    const spectator = await ts.client().joinById(rooms[0].r.roomId, { spectate: true });
    await spectator.leave();
    // One lobby starts its game: a place is free again.
    rooms[0].r.send('start', {});
    await until(() => (rooms[0].r.state as { phase?: string }).phase === 'playing', 5000, 'start');
    const next = await ts.client().create('isle', { seats: 2 });
    await next.leave();
    for (const { r } of rooms) await r.leave();
  });

  test('seat reservations not yet connected, over every address: the third waits for a place', async () => {
    const lobby = await ts.client().create('isle', { seats: 4 });
    const a = await post(ts, `/matchmake/joinById/${lobby.roomId}`, {});
    const b = await post(ts, `/matchmake/joinById/${lobby.roomId}`, {});
    expect([a.status, b.status]).toEqual([200, 200]);
    const c = await post(ts, `/matchmake/joinById/${lobby.roomId}`, {});
    expect(c).toMatchObject({ status: 503, error: expect.stringMatching(/^SERVER_BUSY: too many players are joining/) });
    await lobby.leave();
  });
});

describe('LOBBY_IDLE_SECONDS', () => {
  let ts: TestServer;
  beforeAll(async () => { ts = await bootServer({ LOBBY_IDLE_SECONDS: 1 }); });
  afterAll(async () => { await ts.close(); });

  test('a lobby nobody joins is closed with 4040 and disposed; a game under way is not', async () => {
    const idle = await ts.client().create('isle', { seats: 3, name: 'Ada' });
    const closed = new Promise<number>((resolve) => idle.onLeave((code) => resolve(code)));
    const playing = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Bo' });
    const seen = watch(playing);
    await until(() => seen.seat === 0, 5000, 'seat');
    playing.send('start', {});
    expect(await closed).toBe(CLOSE_CODES.LOBBY_IDLE);
    await until(() => matchMaker.getLocalRoomById(idle.roomId) === undefined, 5000, 'idle lobby disposed');
    expect(matchMaker.getLocalRoomById(playing.roomId)).toBeDefined();
    await playing.leave();
  });
});
