/**
 * Points where docs/PROTOCOL.md and the server had drifted apart, each checked against the running server
 * (and, where the text names a value, against the text): `start` carries a request id like every other
 * message; message ids are strings or safe integers on every type; `log`/`undo` with no body count as `{}`;
 * chat's BAD_MESSAGE and cleaning; the room's line after the end is `seed` (the rules' `end` line is the
 * end being triggered); `reconnect` to a gone room; `/api/games?limit=`.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import * as fs from 'fs';
import * as path from 'path';
import { autoplay, bootServer, sleep, stateJSON, until, watch, type TestServer } from './support/harness';

jest.setTimeout(120_000);

const PROTOCOL = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'PROTOCOL.md'), 'utf8');

let ts: TestServer;
beforeAll(async () => {
  ts = await bootServer({ PLAYERS_DB: 'memory' });
  // The embedded players' database opens on first use and holds the event loop meanwhile: open it now.
  await fetch(`${ts.http}/api/games`);
});
afterAll(async () => { await ts.close(); });

test('start carries an id: its refusals name it, and ack { id } follows the start', async () => {
  const a = await ts.client().create('isle', { seats: 2, name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 5000, 'seat');
  a.send('start', { id: 7 });
  await until(() => sa.errors.length === 1, 5000, 'refusal');
  expect(sa.errors[0]).toMatchObject({ code: 'SEATS_NOT_FILLED', id: 7 });
  const b = await ts.client().joinById(a.roomId, { name: 'Bo' });
  const sb = watch(b);
  await until(() => sb.seat === 1, 5000, 'second seat');
  b.send('start', { id: 'b1' });
  await until(() => sb.errors.length === 1, 5000, 'not the creator');
  expect(sb.errors[0]).toMatchObject({ code: 'NOT_CREATOR', id: 'b1' });
  a.send('start', { id: 8 });
  await until(() => sa.acks.includes(8), 5000, 'ack of start');
  // The ack comes after the patch that starts the game.
  expect((a.state as { phase: string }).phase).toBe('playing');
  a.send('start', { id: 9 });
  await until(() => sa.errors.length === 2, 5000, 'already started');
  expect(sa.errors[1]).toMatchObject({ code: 'ALREADY_STARTED', id: 9 });
  // Old clients: an empty body still starts (checked in room.test.ts); another field is BAD_MESSAGE.
  a.send('start', { go: true, id: 10 });
  await until(() => sa.errors.length === 3, 5000, 'bad start');
  expect(sa.errors[2]).toMatchObject({ code: 'BAD_MESSAGE', id: 10 });
  await a.leave(); await b.leave();
});

test('ids are strings or safe integers on every type: 1.5 and 2^53 are BAD_MESSAGE and not echoed', async () => {
  const a = await ts.client().create('isle', { seats: 2, name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 5000, 'seat');
  for (const [type, body] of [['chat', { text: 'hi', id: 1.5 }], ['undo', { id: 1.5 }], ['log', { id: 2 ** 53 }], ['start', { id: 0.5 }], ['rematch', { id: 1.5 }]] as const) {
    const before = sa.errors.length;
    a.send(type, body);
    await until(() => sa.errors.length === before + 1, 5000, `${type} refusal`);
    expect(sa.errors[before]).toEqual({ code: 'BAD_MESSAGE', message: expect.any(String) });
  }
  expect(PROTOCOL).toMatch(/`MessageId` is a string of at most 64 characters or a safe integer/);
  await a.leave();
});

test('log and undo with no body count as {}; log before must be a safe integer', async () => {
  const a = await ts.client().create('isle', { seats: 2, name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 5000, 'seat');
  a.send('log', null);
  await until(() => sa.messages.some((m) => m.type === 'log'), 5000, 'log page');
  a.send('undo');
  await until(() => sa.errors.some((e) => e.code === 'NOT_STARTED'), 5000, 'undo refusal');
  a.send('log', { before: 2 ** 53, id: 3 });
  await until(() => sa.errors.some((e) => e.id === 3), 5000, 'log refusal');
  expect(sa.errors.find((e) => e.id === 3)?.code).toBe('BAD_MESSAGE');
  await a.leave();
});

test('chat: extra fields and non-string text are BAD_MESSAGE; format characters go, line breaks become a space', async () => {
  const a = await ts.client().create('isle', { seats: 2, name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 5000, 'seat');
  a.send('chat', { text: 'hi', colour: 'red', id: 1 });
  a.send('chat', { text: 5, id: 2 });
  await until(() => sa.errors.length === 2, 5000, 'refusals');
  expect(sa.errors.map((e) => [e.code, e.id])).toEqual([['BAD_MESSAGE', 1], ['BAD_MESSAGE', 2]]);
  a.send('chat', { text: 'a\u202Eb\u200Bc\r\nd', id: 3 });
  await until(() => sa.acks.includes(3) || sa.errors.length > 2, 5000, 'chat ack');
  expect(sa.errors.slice(2)).toEqual([]);
  const line = sa.messages.find((m) => m.type === 'chat')?.body as { text: string };
  expect(line.text).toBe('abc d');
  expect(PROTOCOL).toMatch(/`BAD_MESSAGE` when the body has another field, `text` is not a string/);
  await a.leave();
});

test('the room writes `seed` after the end, apart from the rules\' `end` line', async () => {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, botLevel: 'random', name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 5000, 'seat');
  a.send('start', {});
  autoplay(a, sa);
  await until(() => (a.state as { phase?: string })?.phase === 'ended', 90_000, 'the end');
  await sleep(100);
  const log = stateJSON(a).log;
  const seed = log.filter((l) => l.type === 'seed');
  expect(seed).toHaveLength(1);
  expect(seed[0].text).toContain((a.state as { seed: string }).seed);
  // Any `end` line is the rules' (the end triggered), never the seed.
  expect(log.filter((l) => l.type === 'end').every((l) => /final turn/.test(l.text))).toBe(true);
  expect(PROTOCOL).toMatch(/`seed` \(after\s+the end/);
  await a.leave();
});

test('reconnect to a room that is gone: 522 "has been disposed.", documented as a reason to stop', async () => {
  const r = await fetch(`${ts.http}/matchmake/reconnect/NoSuchRoom1`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reconnectionToken: 'x:y' }),
  });
  const body = await r.json() as { code: number; error: string };
  expect(r.status).toBe(522);
  expect(body.error).toBe('room "NoSuchRoom1" has been disposed.');
  expect(PROTOCOL).toContain('| 522 | `room "…" has been disposed.` |');
});

test('/api/games?limit= is a whole number 1–100; anything else is 400 BAD_REQUEST', async () => {
  for (const bad of ['-1', '0', 'abc', '1.5', '101', '1e2', '']) {
    const r = await fetch(`${ts.http}/api/games?limit=${bad}`);
    expect([bad, r.status]).toEqual([bad, 400]);
    expect((await r.json() as { code: string }).code).toBe('BAD_REQUEST');
  }
  for (const good of ['1', '100']) expect((await fetch(`${ts.http}/api/games?limit=${good}`)).status).toBe(200);
  expect((await fetch(`${ts.http}/api/games`)).status).toBe(200);
  expect(PROTOCOL).toMatch(/`limit` a whole number 1–100 \(default 50\)/);
});
