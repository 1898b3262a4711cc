/**
 * A private table stays private after its end: it is not in GET /api/games nor on its players' pages as
 * others see them, and its replay (table chat included) is served only to its players (their identity) and
 * to whoever has the share key the room gave its seated players. Anyone else gets the 404 of a game that
 * does not exist. Checked on the live replay, on the archived one (a second server on the same database,
 * whose memory has no replays), and on the archive record made from the stored log.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { autoplay, bootServer, until, watch, type Seen, type TestServer } from './support/harness';
import { account } from './support/players';
import type { SeatMessage } from '@isle-of-trains/client/protocol';

jest.setTimeout(180_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-private-'));
// A file store and the embedded players' database, both under DATA_DIR (games/ and players-db/).
const settings = { STORE: 'file' as const, DATA_DIR: dir };
let ts: TestServer;
beforeAll(async () => {
  ts = await bootServer(settings);
  await fetch(`${ts.http}/api/games`); // the embedded database opens on first use
});
afterAll(async () => {
  await ts?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = async (t: TestServer, p: string, auth?: string) => {
  const r = await fetch(`${t.http}${p}`, { headers: auth ? { authorization: auth } : {} });
  return { status: r.status, body: await r.json() as any };
};

/** A 2-seat table, one human with an identity and a bot, played to the end; with a chat line. */
async function playedGame(isPrivate: boolean, who: { auth: string }): Promise<{ roomId: string; seen: Seen }> {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, botLevel: 'random', private: isPrivate, identity: who.auth });
  const seen = watch(a);
  await until(() => seen.seat === 0, 5000, 'seat');
  a.send('chat', { text: 'secret plans', id: 1 });
  await until(() => seen.acks.includes(1), 5000, 'chat');
  a.send('start', {});
  autoplay(a, seen);
  await until(() => (a.state as { phase?: string }).phase === 'ended', 120_000, 'the end');
  await a.leave();
  return { roomId: a.roomId, seen };
}

let ada: { id: string; auth: string };
let bea: { id: string; auth: string };
let priv: { roomId: string; key: string };
let pub: string;

test('the seated player gets a share key in a private room; a spectator does not; a public room has none', async () => {
  ada = await account(ts.http, 'Ada');
  bea = await account(ts.http, 'Bea');
  const p = await playedGame(true, ada);
  const seatMsg = p.seen.messages.find((m) => m.type === 'seat')!.body as SeatMessage;
  expect(seatMsg.shareKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
  priv = { roomId: p.roomId, key: seatMsg.shareKey! };
  const q = await playedGame(false, ada);
  expect((q.seen.messages.find((m) => m.type === 'seat')!.body as SeatMessage).shareKey).toBeUndefined();
  pub = q.roomId;
  const lobby = await ts.client().create('isle', { seats: 3, private: true });
  const w = await ts.client().joinById(lobby.roomId, { spectate: true });
  const sw = watch(w);
  await until(() => sw.seat === -1, 5000, 'spectator seat');
  expect((sw.messages.find((m) => m.type === 'seat')!.body as SeatMessage).shareKey).toBeUndefined();
  await w.leave(); await lobby.leave();
});

/**
 * Who gets the private game's replay at `url`: nobody without the key or with a wrong one, and not another
 * player (404, as for a game that does not exist); whoever has the key, chat included, and its own players
 * (200). A public game's replay needs nothing.
 */
async function expectPrivateReplayRule(url: string): Promise<void> {
  expect((await get(ts, url)).status).toBe(404);
  expect((await get(ts, url)).body.code).toBe('NOT_FOUND');
  const wrong = priv.key.slice(0, -1) + (priv.key.endsWith('A') ? 'B' : 'A');
  expect((await get(ts, `${url}?key=${wrong}`)).status).toBe(404);
  expect((await get(ts, url, bea.auth)).status).toBe(404);
  const withKey = await get(ts, `${url}?key=${priv.key}`);
  expect(withKey.status).toBe(200);
  expect(withKey.body.chat.map((l: { text: string }) => l.text)).toEqual(['secret plans']);
  expect((await get(ts, url, ada.auth)).status).toBe(200);
  expect((await get(ts, `/api/games/${pub}/replay`)).status).toBe(200);
}

test('the live replay: 404 without the key or with a wrong one; 200 with the key or a player\'s identity', async () => {
  const url = `/api/games/${priv.roomId}/replay`;
  await expectPrivateReplayRule(url);
});

test('the public list and other people\'s view of a player page leave the private game out; the player sees it', async () => {
  // Both games reach the archive (the player's own page lists them once archived).
  let own: any = null;
  const t0 = Date.now();
  while (Date.now() - t0 < 30_000) {
    own = (await get(ts, `/api/players/${ada.id}`, ada.auth)).body;
    if (own.games.length === 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(own.games.map((g: { id: string }) => g.id).sort()).toEqual([priv.roomId, pub].sort());
  // The public list may be up to PLAYERS_READ_CACHE_MS old (a read cached before the archive had the game):
  // wait for it to show the public game, then the private one must not be there.
  let games: string[] = [];
  for (const t1 = Date.now(); Date.now() - t1 < 30_000; await new Promise((r) => setTimeout(r, 250))) {
    games = (await get(ts, '/api/games')).body.games.map((g: { id: string }) => g.id);
    if (games.includes(pub)) break;
  }
  expect(games).toContain(pub);
  expect(games).not.toContain(priv.roomId);
  for (const auth of [undefined, bea.auth]) {
    let page: any = null;
    for (const t1 = Date.now(); Date.now() - t1 < 30_000; await new Promise((r) => setTimeout(r, 250))) {
      page = (await get(ts, `/api/players/${ada.id}`, auth)).body;
      if (page.games.some((g: { id: string }) => g.id === pub)) break;
    }
    expect(page.games.map((g: { id: string }) => g.id)).toEqual([pub]);
  }
});

test('the archived replay (another server on the same database, no replay in memory, the live store emptied) keeps the same rule', async () => {
  await ts.close();
  // The live store's copies go: only the archive answers now.
  fs.rmSync(path.join(dir, 'games'), { recursive: true, force: true });
  ts = await bootServer(settings);
  await fetch(`${ts.http}/api/games`);
  await expectPrivateReplayRule(`/api/games/${priv.roomId}/replay`);
});

test('a restarted server gives a private game\'s seated player the same share key', async () => {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, private: true, identity: ada.auth });
  const seen = watch(a);
  await until(() => seen.seat === 0, 5000, 'seat');
  const first = seen.messages.find((m) => m.type === 'seat')!.body as SeatMessage;
  a.send('start', {});
  await until(() => (a.state as { phase?: string }).phase === 'playing', 5000, 'start');
  const roomId = a.roomId;
  await ts.close(); // a game in play stays open in the store and is restored on the next start
  ts = await bootServer(settings);
  const back = await ts.client().joinById(roomId, { seatToken: first.token });
  const seenBack = watch(back);
  await until(() => seenBack.seat === 0, 10_000, 'seat back');
  const again = seenBack.messages.find((m) => m.type === 'seat')!.body as SeatMessage;
  expect(again.shareKey).toBe(first.shareKey);
  await back.leave();
});
