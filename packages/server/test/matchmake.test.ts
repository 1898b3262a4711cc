/**
 * Matchmaking refusals in the documented `CODE: message` form, before any room
 * exists: a `constructor`/`__proto__` key, a deep or large options body, an unknown room type.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { matchMaker } from '@colyseus/core';
import { bootServer, sleep, type TestServer } from './support/harness';
import { optionsProblem } from '../src/admission/matchmake-guard';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer(); });
afterAll(async () => { await ts.close(); });

async function post(path: string, body: string, contentType = 'application/json'): Promise<{ status: number; body: { code?: number; error?: string } }> {
  const r = await fetch(ts.http + path, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: r.status, body: await r.json() as { code?: number; error?: string } };
}
const rooms = async () => (await matchMaker.query({})).length;

test.each([
  ['a constructor key', '{"name":"A","constructor":{"a":1}}', /^BAD_OPTIONS: the key "constructor" is not allowed/],
  ['a __proto__ key', '{"name":"A","__proto__":{"a":1}}', /^BAD_OPTIONS: the key "__proto__" is not allowed/],
  ['a 100,000-deep body', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), /^BAD_OPTIONS: options nest deeper/],
  ['a large body', JSON.stringify({ name: 'A', pad: 'x'.repeat(5000) }), /^BAD_OPTIONS: options over/],
  ['an array', '[1,2]', /^BAD_OPTIONS: options must be a JSON object/],
])('create with %s: 526 BAD_OPTIONS and no room', async (_what, body, message) => {
  const before = await rooms();
  const r = await post('/matchmake/create/isle', body);
  expect(r.status).toBe(526);
  expect(r.body.error).toMatch(message);
  await sleep(50);
  expect(await rooms()).toBe(before);
});

test('an unknown room type: 520 NO_SUCH_ROOM', async () => {
  const r = await post('/matchmake/create/nope', '{}');
  expect(r.status).toBe(520);
  expect(r.body.error).toBe('NO_SUCH_ROOM: the room types are "isle", "ttr"');
});

test('ordinary options pass', async () => {
  expect(optionsProblem({ seats: 2, bots: 1, name: 'Ada', private: false })).toBeNull();
  expect(optionsProblem({ seatToken: 'x', code: 'ABCDEF' })).toBeNull();
  expect(optionsProblem(undefined)).toBeNull();
  const r = await post('/matchmake/create/isle', '{"seats":2,"name":"Ada"}');
  expect(r.status).toBe(200);
});

describe('unknown option keys are refused, naming the key', () => {
  test('create {bot: 1} (a typo of bots): 526 BAD_OPTIONS naming "bot", no room', async () => {
    const before = await rooms();
    const r = await post('/matchmake/create/isle', '{"seats":2,"bot":1}');
    expect(r.status).toBe(526);
    expect(r.body.error).toMatch(/^BAD_OPTIONS: unknown option "bot"/);
    expect(await rooms()).toBe(before);
  });

  test('joinById {seat: 0}: 526 BAD_OPTIONS naming "seat", not a spectator seat', async () => {
    const created = await post('/matchmake/create/isle', '{"seats":2,"name":"Ada"}');
    const roomId = (created.body as { room?: { roomId?: string }; roomId?: string }).room?.roomId
      ?? (created.body as { roomId?: string }).roomId;
    expect(typeof roomId).toBe('string');
    const r = await post(`/matchmake/joinById/${roomId}`, '{"seat":0}');
    expect(r.status).toBe(526);
    expect(r.body.error).toMatch(/^BAD_OPTIONS: unknown option "seat"/);
  });

  test('a create key in a join, and an internal stash key in a create, are refused too', async () => {
    const created = await post('/matchmake/create/isle', '{"seats":2}');
    const roomId = (created.body as { room?: { roomId?: string } }).room?.roomId;
    expect((await post(`/matchmake/joinById/${roomId}`, '{"seats":3}')).body.error).toMatch(/^BAD_OPTIONS: unknown option "seats"/);
    expect((await post('/matchmake/create/isle', '{"__rematch":"x"}')).body.error).toMatch(/^BAD_OPTIONS: unknown option "__rematch"/);
  });

  test('the SDK: create with a typo rejects; every documented key still passes', async () => {
    const c = ts.client();
    await expect(c.create('isle', { seats: 2, bot: 1 })).rejects.toThrow(/BAD_OPTIONS: unknown option "bot"/);
    const room = await c.create('isle', { seats: 2, bots: 1, botLevel: 'random', private: true, turnTimeLimit: 0, name: 'Ada' });
    const other = await ts.client().joinById(room.roomId, { name: 'Bo', spectate: true, code: undefined });
    await other.leave();
    await room.leave();
  });
});

describe('every body the server does not take gets {code, error}, and no room', () => {
  test.each([
    ['[object Object] (the SDK, options with a constructor key)', '[object Object]', 'application/json', /^BAD_OPTIONS: the request body is not JSON \(@colyseus\/sdk sends/],
    ['invalid JSON', '{"seats":2', 'application/json', /^BAD_OPTIONS: the request body is not JSON$/],
    ['JSON null', 'null', 'application/json', /^BAD_OPTIONS: options must be a JSON object/],
    ['a JSON number', '42', 'application/json', /^BAD_OPTIONS: options must be a JSON object/],
    ['a JSON string', '"seats"', 'application/json', /^BAD_OPTIONS: options must be a JSON object/],
    ['text that is not JSON', 'hello', 'text/plain', /^BAD_OPTIONS: the request body is not JSON$/],
    ['a form body', 'seats=3', 'application/x-www-form-urlencoded', /^BAD_OPTIONS: the request body is not JSON$/],
  ])('create with %s: 526 BAD_OPTIONS', async (_what, body, type, message) => {
    const before = await rooms();
    const r = await post('/matchmake/create/isle', body, type);
    expect(r.status).toBe(526);
    expect(r.body).toEqual({ code: 526, error: expect.stringMatching(message) });
    await sleep(50);
    expect(await rooms()).toBe(before);
  });

  test('the SDK with a constructor key gets the typed refusal', async () => {
    await expect(ts.client().create('isle', { seats: 2, constructor: 1 } as Record<string, unknown>)).rejects.toThrow(/^BAD_OPTIONS:/);
  });

  test('JSON options sent as text/plain are read as JSON; an empty body is no options', async () => {
    expect((await post('/matchmake/create/isle', '{"seats":3}', 'text/plain')).status).toBe(200);
    const r = await fetch(ts.http + '/matchmake/create/isle', { method: 'POST' });
    expect(r.status).toBe(200);
  });

  test('a joinById body that is not JSON: 526 BAD_OPTIONS', async () => {
    const created = await post('/matchmake/create/isle', '{"seats":2}');
    const roomId = (created.body as { room?: { roomId?: string } }).room?.roomId;
    const r = await post(`/matchmake/joinById/${roomId}`, '{seat:0}');
    expect(r).toEqual({ status: 526, body: { code: 526, error: 'BAD_OPTIONS: the request body is not JSON' } });
  });
});
