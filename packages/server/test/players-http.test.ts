/**
 * The players' HTTP routes: guest identity, names, claiming an account, signing in elsewhere,
 * sign-in limits per account+address and per address (never per account alone: no one can lock an owner out),
 * claims limited like sign-ins, cross-site refusal, sign-out everywhere, and no password or secret in the logs. Every test runs twice: on embedded PGlite and on a real PostgreSQL (TEST_DATABASE_URL).
 * The routes hash passwords at the lowest test-only cost: the limits tests hash about fifty passwords per
 * database, which at the production cost was most of the file's time. One test hashes at the production cost
 * and checks that either cost's hashes verify under the other setting.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import { Writable } from 'stream';
import express from 'express';
import { createLogger } from '../src/ops/logger';
import { DATABASES, freshDatabase } from './support/databases';
import { Accounts, type PasswordHashing } from '../src/players/accounts';
import { PASSWORD_COST_DEFAULT, PASSWORD_COST_TEST_FLOOR } from '../src/players/secrets';
import { Archive } from '../src/players/archive';
import { PlayerLimits } from '../src/players/limits';
import { playerRoutes } from '../src/players/routes';

jest.setTimeout(60_000);

const CHEAP: PasswordHashing = { cost: PASSWORD_COST_TEST_FLOOR, testsOnly: true };

describe.each(DATABASES)('on %s', (kind) => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let server: http.Server;
  let base = '';
  const logLines: string[] = [];
  let address = '10.0.0.1';
  let services: { accounts: Accounts; archive: Archive };
  /** The set-up below: one that outlives its hook's timeout (a loaded machine) goes on opening the database and the port. */
  let setup: Promise<void> | undefined;

  beforeAll(() => (setup = (async () => {
    db = await freshDatabase(kind);
    const sink = new Writable({ write(chunk, _enc, cb) { logLines.push(String(chunk)); cb(); } });
    const logger = createLogger('debug', sink);
    services = { accounts: new Accounts(db.db, undefined, CHEAP), archive: new Archive(db.db) };
    const app = express();
    app.use('/api', playerRoutes({
      services: async () => services, logger,
      limits: new PlayerLimits({ failuresPerAccountAndAddress: 3, failuresPerAddressPerDay: 6, passwordAttemptsPerAddress: 8, guestsPerAddress: 6 }),
      address: () => address,
    }));
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  })()));
  // Whatever the set-up opened is closed once it is done, even when it finished after its hook's timeout: an
  // embedded database's thread and a listening port left open kept the jest worker from exiting.
  afterAll(async () => {
    await setup?.catch(() => undefined);
    if (server?.listening) await new Promise((r) => server.close(r));
    await db?.drop();
  });

  /** Every guest secret and session token the routes handed out (none may reach the log). */
  const issued: string[] = [];

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, any>; retryAfter: number | null }> {
    const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json() as Record<string, any>;
    for (const k of ['secret', 'token']) if (typeof json[k] === 'string') issued.push(json[k]);
    const retry = res.headers.get('retry-after');
    return { status: res.status, json, retryAfter: retry === null ? null : Number(retry) };
  }
  const signIn = async (username: string, password: string) => call('POST', '/account/signin', { username, password });
  /** A guest made at `at` that claims `username`. */
  async function claimed(at: string, username: string, password: string): Promise<void> {
    address = at;
    const g = await call('POST', '/players', { name: username });
    expect((await call('POST', '/account/claim', { username, password }, guestAuth(g.json as any))).status).toBe(200);
  }

  const guestAuth = (g: { player: { id: string }; secret: string }) => ({ authorization: `Guest ${g.player.id}:${g.secret}` });

  test('a first visit gets a guest identity; it can rename itself and read itself back', async () => {
    const g = await call('POST', '/players', {});
    expect(g.status).toBe(200);
    expect(g.json.player.id).toMatch(/^p_/);
    expect(g.json.secret.length).toBeGreaterThanOrEqual(22);
    const me = await call('GET', '/me', undefined, guestAuth(g.json as any));
    expect(me.json).toEqual({ player: g.json.player, ratings: [] });
    const renamed = await call('POST', '/me/name', { name: 'Ada' }, guestAuth(g.json as any));
    expect(renamed.json.player.name).toBe('Ada');
    expect((await call('GET', '/me', undefined, { authorization: `Guest ${g.json.player.id}:wrongsecret` })).json.code).toBe('BAD_CREDENTIALS');
    expect((await call('GET', '/me')).json.code).toBe('NOT_SIGNED_IN');
  });

  test('claim an account, sign in from another browser, sign out everywhere', async () => {
    const g = await call('POST', '/players', { name: 'Bea' });
    const claim = await call('POST', '/account/claim', { username: 'bea', password: 'a long enough secret' }, guestAuth(g.json as any));
    expect(claim.status).toBe(200);
    expect(claim.json.player).toEqual({ id: g.json.player.id, name: 'Bea', username: 'bea' });
    const other = await call('POST', '/account/signin', { username: 'bea', password: 'a long enough secret' });
    expect(other.status).toBe(200);
    const bearer = { authorization: `Bearer ${other.json.token}` };
    expect((await call('GET', '/me', undefined, bearer)).json.player.id).toBe(g.json.player.id);
    const out = await call('POST', '/account/signout-everywhere', {}, bearer);
    expect(out.json.revoked).toBe(2);
    expect((await call('GET', '/me', undefined, bearer)).json.code).toBe('BAD_SESSION');
    expect((await call('GET', '/me', undefined, { authorization: `Bearer ${claim.json.token}` })).json.code).toBe('BAD_SESSION');
    // The guest secret stopped acting for the identity when it became an account: nothing outlives sign-out-everywhere.
    const guest = await call('GET', '/me', undefined, guestAuth(g.json as any));
    expect(guest.status).toBe(401);
    expect(guest.json.code).toBe('BAD_CREDENTIALS');
  });

  test('a password hashed at the production cost signs in under the test cost, and the other way round', async () => {
    const production = new Accounts(db.db);
    const stored = async (id: string) => (await db.db.selectFrom('players').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
    const g = await production.createGuest('Costly');
    await production.claim(g.player.id, 'costly', 'costly has a long password');
    expect(await stored(g.player.id)).toMatch(new RegExp(`^scrypt\\$${2 ** PASSWORD_COST_DEFAULT}\\$8\\$1\\$`));
    address = '10.0.9.1';
    expect((await signIn('costly', 'costly has a long password')).status).toBe(200);
    expect((await signIn('costly', 'not the password of costly')).status).toBe(401);
    // Claimed through the routes, at the test cost: the production setting verifies it from the stored parameters.
    await claimed('10.0.9.2', 'cheap', 'cheap has a long password');
    const cheap = await production.signIn('cheap', 'cheap has a long password');
    expect(await stored(cheap.player.id)).toMatch(new RegExp(`^scrypt\\$${2 ** PASSWORD_COST_TEST_FLOOR}\\$8\\$1\\$`));
    await expect(production.signIn('cheap', 'not the password of cheap')).rejects.toThrow(/Wrong username or password/);
  });

  test('unknown user and wrong password get the same answer', async () => {
    const g = await call('POST', '/players', { name: 'Cy' });
    await call('POST', '/account/claim', { username: 'cyd', password: 'cy has a long password' }, guestAuth(g.json as any));
    address = '10.0.0.2';
    const unknown = await signIn('nobody', 'whatever it is here');
    const wrong = await signIn('cyd', 'not the right one!');
    expect(unknown).toEqual(wrong);
    expect(wrong.status).toBe(401);
  });

  test('wrong passwords from other addresses never lock the owner out', async () => {
    await claimed('10.0.4.1', 'dan', 'dan has a long password');
    // An attacker hammers the account from four addresses: each address is held after its third failure.
    for (const at of ['10.0.5.1', '10.0.5.2', '10.0.5.3', '10.0.5.4']) {
      address = at;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await signIn('dan', `guess number ${i} here`)).status);
      expect({ at, statuses }).toEqual({ at, statuses: [401, 401, 401, 429, 429] });
    }
    // The owner, at their own address, with the right password: in.
    address = '10.0.4.1';
    const owner = await signIn('dan', 'dan has a long password');
    expect(owner.status).toBe(200);
    expect(owner.json.player.username).toBe('dan');
  });

  test('a run of wrong passwords holds that account from that address only, and a success ends the run', async () => {
    await claimed('10.0.6.1', 'eli', 'eli has a long password');
    address = '10.0.6.2';
    const run = async (passwords: string[]) => { const out: number[] = []; for (const p of passwords) out.push((await signIn('eli', p)).status); return out; };
    // Two typos, then the right password: the count starts again, so three more typos are still answered.
    expect(await run(['typo one here', 'typo two here', 'eli has a long password'])).toEqual([401, 401, 200]);
    expect(await run(['typo three here', 'typo four here', 'typo five here'])).toEqual([401, 401, 401]);
    // Three in a row: this address waits, right password or not, and is told for how long.
    const held = await signIn('eli', 'eli has a long password');
    expect(held.status).toBe(429);
    expect(held.json).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/wrong passwords for this account from your address; try again in \d+ s/), retryAfter: held.retryAfter });
    expect(held.retryAfter).toBeGreaterThan(60);
    expect(held.retryAfter).toBeLessThanOrEqual(15 * 60);
    // The same account from another address is not held.
    address = '10.0.6.3';
    expect((await signIn('eli', 'eli has a long password')).status).toBe(200);
  });

  test('failed sign-ins are limited per address, whatever the account', async () => {
    address = '10.0.0.9';
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await signIn(`user${i}`, 'wrong password here'));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect(answers[7].json.message).toMatch(/failed sign-ins from your address today/);
  });

  test('sign-ins per address are limited, successes included (each is a password hash)', async () => {
    await claimed('10.0.7.1', 'fay', 'fay has a long password');
    address = '10.0.7.2';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn('fay', 'fay has a long password')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
  });

  test('a claim that finds a username taken costs what a failed sign-in costs: enumeration is limited', async () => {
    await claimed('10.0.8.1', 'gia', 'gia has a long password');
    await claimed('10.0.8.1', 'hal', 'hal has a long password');
    address = '10.0.8.2';
    const g = await call('POST', '/players', {});
    const answers = [];
    for (const u of ['gia', 'hal', 'gia', 'hal', 'gia', 'hal', 'gia', 'hal']) {
      answers.push(await call('POST', '/account/claim', { username: u, password: 'probing the usernames' }, guestAuth(g.json as any)));
    }
    expect(answers.map((a) => a.json.code)).toEqual([...Array(6).fill('USERNAME_TAKEN'), 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(answers[7].status).toBe(429);
    // The same day's count: sign-in from that address is refused too.
    expect((await signIn('gia', 'gia has a long password')).status).toBe(429);
  });

  test('new identities are limited per address', async () => {
    address = '10.0.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call('POST', '/players', {})).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  test('state-changing requests from another site are refused', async () => {
    address = '10.0.2.1';
    const r = await call('POST', '/players', {}, { origin: 'https://evil.example' });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('CROSS_SITE');
    const same = await call('POST', '/players', {}, { origin: base.replace('/api', '') });
    expect(same.status).toBe(200);
  });

  test('bad bodies get typed refusals', async () => {
    const res = await fetch(`${base}/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
    const big = await fetch(`${base}/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(5000) }) });
    expect(big.status).toBe(413);
    expect((await call('POST', '/players', { name: '<script>' })).json.code).toBe('BAD_NAME');
  });

  test('names follow the one name rule: marks and NFC accepted, direction controls and non-text refused (400, no error line)', async () => {
    address = '10.0.9.1';
    const hindi = await call('POST', '/players', { name: 'नमस्ते' });
    expect(hindi.status).toBe(200);
    expect(hindi.json.player.name).toBe('नमस्ते');
    const zoe = await call('POST', '/players', { name: 'Zoe\u0308' });
    expect(zoe.json.player.name).toBe('Zoë');
    expect((await call('GET', `/players/${zoe.json.player.id}`)).json.player.name).toBe('Zoë');
    const errorsBefore = logLines.filter((l) => l.includes('"level":50')).length;
    const refusals = [];
    for (const name of ['Ada\u202Eevil', null, { toString: 'x' }, 42, ['Ada']]) {
      const r = await call('POST', '/players', { name });
      refusals.push({ status: r.status, code: r.json.code, message: r.json.message });
    }
    expect(refusals).toEqual([
      { status: 400, code: 'BAD_NAME', message: 'A name cannot contain U+202E, an invisible control or formatting character (such as one that reverses the text direction).' },
      { status: 400, code: 'BAD_NAME', message: 'A name must be text, not null.' },
      { status: 400, code: 'BAD_NAME', message: 'A name must be text, not an object.' },
      { status: 400, code: 'BAD_NAME', message: 'A name must be text, not a number.' },
      { status: 400, code: 'BAD_NAME', message: 'A name must be text, not a list.' },
    ]);
    expect(logLines.filter((l) => l.includes('"level":50')).length).toBe(errorsBefore);
    // Refused names used none of the address's new identities (6): four more can still be made.
    for (let i = 0; i < 4; i++) expect((await call('POST', '/players', {})).status).toBe(200);
    // Renaming follows the same rule.
    expect((await call('POST', '/me/name', { name: 'Zoe\u0308 Ng' }, guestAuth(hindi.json as any))).json.player.name).toBe('Zoë Ng');
    expect((await call('POST', '/me/name', { name: null }, guestAuth(hindi.json as any))).json.code).toBe('BAD_NAME');
    expect((await call('GET', '/me', undefined, guestAuth(hindi.json as any))).json.player.name).toBe('Zoë Ng');
  });

  test('players\' pages, the public games list and leaderboards answer', async () => {
    address = '10.0.10.1';
    const g = await call('POST', '/players', { name: 'Dee' });
    const page = await call('GET', `/players/${g.json.player.id}`);
    expect(page.json).toEqual({ player: { id: g.json.player.id, name: 'Dee', account: false }, ratings: [], games: [] });
    expect((await call('GET', '/players/p_unknown')).status).toBe(404);
    expect((await call('GET', '/games')).json).toEqual({ games: [] });
    expect((await call('GET', '/leaderboard/2p')).json).toEqual({ group: '2p', players: [] });
    expect((await call('GET', '/leaderboard/9p')).status).toBe(404);
  });

  test('no password, secret or session token ever reaches the log', async () => {
    // A route that fails inside logs at error level: make the database fail under a request that carries
    // every kind of secret (password in the body, bearer token in the header).
    address = '10.0.3.1';
    const g = await call('POST', '/players', { name: 'Eve' });
    const claim = await call('POST', '/account/claim', { username: 'eve', password: 'eve\'s long password' }, guestAuth(g.json as any));
    expect(claim.status).toBe(200);
    jest.spyOn(services.accounts, 'signIn').mockRejectedValueOnce(new Error('connection to the database lost'));
    const failed = await call('POST', '/account/signin', { username: 'eve', password: 'eve\'s long password' }, { authorization: `Bearer ${claim.json.token}` });
    expect(failed.json.code).toBe('PLAYERS_UNAVAILABLE');
    expect(logLines.filter((l) => l.includes('players route failed'))).toHaveLength(1);
    expect(issued.length).toBeGreaterThanOrEqual(10);
    const all = logLines.join('\n');
    for (const secret of ['a long enough secret', 'cy has a long password', 'not the right one!', 'eve\'s long password', ...issued]) {
      expect({ secret, logged: all.includes(secret) }).toEqual({ secret, logged: false });
    }
  });
});

test('the logger hides secrets a careless line might carry: passwords, guest secrets, tokens, identities, auth headers', () => {
  const lines: string[] = [];
  const logger = createLogger('info', new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } }));
  logger.info({
    password: 'pw-1', secret: 'sec-2', token: 'tok-3', identity: { id: 'p_x', secret: 'sec-4' },
    body: { password: 'pw-5', username: 'ada' }, req: { headers: { authorization: 'Bearer tok-6', cookie: 'sid=tok-7' } },
    options: { identity: { id: 'p_y', token: 'tok-8' } },
  }, 'careless');
  const line = lines.join('');
  for (const s of ['pw-1', 'sec-2', 'tok-3', 'sec-4', 'pw-5', 'tok-6', 'tok-7', 'tok-8']) expect({ s, logged: line.includes(s) }).toEqual({ s, logged: false });
  expect(line).toContain('ada'); // what is not secret still shows
});
