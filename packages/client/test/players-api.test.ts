/**
 * PlayersApi against the real players' routes (an in-memory players' database): every call's path, method,
 * credential and answer, and refusals as typed errors.
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());

import { bootServer, type TestServer } from '../../server/test/support/harness';
import { PlayersApi, PlayersApiError, ratingGroup } from '@isle-of-trains/client';

jest.setTimeout(60_000);

let ts: TestServer;
let base = '';
beforeAll(async () => {
  ts = await bootServer({ PLAYERS_DB: 'memory' });
  base = ts.http;
});
afterAll(async () => { await ts.close(); });

test('a guest, renamed, claimed as an account, signed in elsewhere and out everywhere; public pages and lists', async () => {
  const anon = new PlayersApi(base);
  const { player, secret } = await anon.newGuest('Ada');
  expect(player).toEqual({ id: expect.stringMatching(/^p_/), name: 'Ada', username: null });
  let auth = `Guest ${player.id}:${secret}`;
  const api = new PlayersApi(base, { auth: () => auth });
  expect(await api.me()).toEqual({ player, ratings: [] });
  expect((await api.rename('Ada L')).player.name).toBe('Ada L');
  const claimed = await api.claim('ada_l', 'correct horse battery');
  expect(claimed.player.username).toBe('ada_l');
  expect(Date.parse(claimed.expiresAt)).toBeGreaterThan(Date.now());
  auth = `Bearer ${claimed.token}`;
  const other = await anon.signIn('ada_l', 'correct horse battery');
  expect(other.player.id).toBe(player.id);
  expect((await api.signOutEverywhere()).revoked).toBe(2);
  expect(await anon.player(player.id)).toEqual({ player: { id: player.id, name: 'Ada L', account: true }, ratings: [], games: [] });
  expect(await anon.games(5)).toEqual({ games: [] });
  expect(await anon.leaderboard(ratingGroup(2)!)).toEqual({ group: '2p', players: [] });
});

test('refusals reject with the code, the words and the status; no server is OFFLINE', async () => {
  const api = new PlayersApi(base, { auth: () => 'Guest p_nobody:nothing' });
  await expect(api.me()).rejects.toMatchObject({ name: 'PlayersApiError', code: 'BAD_CREDENTIALS', status: 401 });
  await expect(new PlayersApi(base).me()).rejects.toMatchObject({ code: 'NOT_SIGNED_IN', status: 401 });
  await expect(new PlayersApi(base).player('p_none')).rejects.toBeInstanceOf(PlayersApiError);
  await expect(new PlayersApi('http://127.0.0.1:1').games()).rejects.toMatchObject({ code: 'OFFLINE', status: 0 });
});
