/**
 * The players' database, on PGlite and on PostgreSQL alike: migrations from an empty database,
 * guest identities, accounts and sessions, the archive of finished games, ratings and chat.
 */
import { createHash } from 'crypto';
import { Migrator } from 'kysely';
import { migrationProvider } from '../src/db/migrations';
import { Accounts, PlayerError } from '../src/players/accounts';
import { Archive, isRatedTable, type FinishedGame } from '../src/players/archive';
import { ChatLog, CHAT_MAX_CHARS } from '../src/players/chat';
import { rating } from 'openskill';
import { NEW_SKILL, displayRating, ratingGroup } from '../src/players/ratings';
import { DATABASES, freshDatabase } from './support/databases';

jest.setTimeout(60_000);

async function refused(p: Promise<unknown>, code: string): Promise<void> {
  await expect(p).rejects.toBeInstanceOf(PlayerError);
  await expect(p).rejects.toMatchObject({ code });
}

function game(id: string, seats: FinishedGame['seats'], rated: boolean, at = new Date('2026-11-20T10:00:00Z')): FinishedGame {
  return { id, game: 'isle', finishedAt: at, options: { players: seats.length }, seed: `seed-${id}`, actions: [{ seat: 0, action: { type: 'take', from: 'deck' } }], result: { winners: [0] }, seats, rated };
}

describe.each(DATABASES)('players database on %s', (kind) => {
  // One database per kind (opening PGlite takes a second); every test starts from empty tables.
  let d: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => { d = await freshDatabase(kind); });
  afterAll(async () => { await d.drop(); });
  afterEach(async () => {
    for (const t of ['chat', 'ratings', 'game_players', 'games', 'sessions', 'players'] as const) await d.db.deleteFrom(t).execute();
  });

  test('migrations run from an empty database, once, and are all recorded', async () => {
    const empty = await freshDatabase(kind);
    try {
      const migrations = await new Migrator({ db: empty.db, provider: migrationProvider }).getMigrations();
      expect(migrations.length).toBeGreaterThan(0);
      expect(migrations.every((m) => m.executedAt !== undefined)).toBe(true);
      // Running again changes nothing.
      const again = await new Migrator({ db: empty.db, provider: migrationProvider }).migrateToLatest();
      expect(again.error).toBeUndefined();
      expect(again.results).toEqual([]);
      expect(await empty.db.selectFrom('players').selectAll().execute()).toEqual([]);
    } finally {
      await empty.drop();
    }
  });

  test('a guest gets an id and a secret; only the secret proves the identity; the secret is not stored', async () => {
    const a = new Accounts(d.db);
    const { player, secret } = await a.createGuest('Ada');
    expect(player).toEqual({ id: expect.stringMatching(/^p_/), name: 'Ada', username: null });
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await a.authenticateGuest(player.id, secret)).toEqual(player);
    await refused(a.authenticateGuest(player.id, secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A')), 'BAD_CREDENTIALS');
    await refused(a.authenticateGuest('p_nobody', secret), 'BAD_CREDENTIALS');
    const row = await d.db.selectFrom('players').selectAll().where('id', '=', player.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  test('display names: changed at will, checked', async () => {
    const a = new Accounts(d.db);
    const { player } = await a.createGuest();
    expect(player.name).toMatch(/^Guest /);
    expect((await a.rename(player.id, '  Brunel  ')).name).toBe('Brunel');
    await refused(a.rename(player.id, '<b>x</b>'), 'BAD_NAME');
    await refused(a.rename(player.id, ''), 'BAD_NAME');
  });

  test('a guest claims an account, then signs in elsewhere; unknown user and wrong password answer alike', async () => {
    const a = new Accounts(d.db);
    const { player } = await a.createGuest('Ada');
    const claimed = await a.claim(player.id, 'Ada_L', 'correct horse battery');
    expect(claimed).toEqual({ id: player.id, name: 'Ada', username: 'ada_l' });
    await refused(a.claim(player.id, 'other', 'correct horse battery'), 'ALREADY_CLAIMED');
    // A guest that never chose a name plays as its username once it has an account, not as "Guest xxxx".
    const unnamed = await a.createGuest();
    expect((await a.claim(unnamed.player.id, 'grace_h', 'correct horse battery')).name).toBe('grace_h');
    const other = await a.createGuest('Eve');
    await refused(a.claim(other.player.id, 'ada_l', 'another long password'), 'USERNAME_TAKEN');
    await refused(a.claim(other.player.id, 'x', 'another long password'), 'BAD_USERNAME');
    await refused(a.claim(other.player.id, 'eve', 'short'), 'BAD_PASSWORD');

    const s = await a.signIn('ADA_L', 'correct horse battery');
    expect(s.player.id).toBe(player.id);
    expect(Buffer.from(s.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await a.session(s.token)).toEqual(claimed);
    const wrong = a.signIn('ada_l', 'wrong password!!').catch((e: PlayerError) => e);
    const unknown = a.signIn('nobody', 'wrong password!!').catch((e: PlayerError) => e);
    const [w, u] = await Promise.all([wrong, unknown]);
    expect(w).toBeInstanceOf(PlayerError);
    expect(u).toBeInstanceOf(PlayerError);
    expect({ code: (w as PlayerError).code, message: (w as PlayerError).message }).toEqual({ code: (u as PlayerError).code, message: (u as PlayerError).message });
    const sessionRows = await d.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(sessionRows)).not.toContain(s.token);
    const playerRow = await d.db.selectFrom('players').selectAll().where('id', '=', player.id).executeTakeFirstOrThrow();
    expect(playerRow.password_hash).toMatch(/^scrypt\$/);
    expect(playerRow.password_hash).not.toContain('correct horse');
  });

  test('sessions expire, and sign-out everywhere revokes every one of them', async () => {
    let now = new Date('2026-11-01T00:00:00Z');
    const a = new Accounts(d.db, () => now);
    const { player } = await a.createGuest('Ada');
    await a.claim(player.id, 'ada', 'correct horse battery');
    const s1 = await a.signIn('ada', 'correct horse battery');
    const s2 = await a.signIn('ada', 'correct horse battery');
    expect((await a.session(s1.token)).id).toBe(player.id);
    expect(await a.signOutEverywhere(player.id)).toBe(2);
    await refused(a.session(s1.token), 'BAD_SESSION');
    await refused(a.session(s2.token), 'BAD_SESSION');
    const s3 = await a.signIn('ada', 'correct horse battery');
    now = new Date(s3.expiresAt.getTime() + 1);
    await refused(a.session(s3.token), 'BAD_SESSION');
    await refused(a.session('not a token'), 'BAD_SESSION');
  });

  test('a finished game is archived once, with its replay and players; the player\'s page and the public list show it', async () => {
    const a = new Accounts(d.db);
    const ada = (await a.createGuest('Ada')).player;
    const arch = new Archive(d.db);
    const g = game('g1', [
      { seat: 0, playerId: ada.id, name: 'Ada', botLevel: null, score: 61, place: 1 },
      { seat: 1, playerId: null, name: 'Bot', botLevel: 'greedy', score: 55, place: 2 },
    ], false);
    expect(await arch.archive(g)).toBe(true);
    expect(await arch.archive(g)).toBe(false);
    // The same shape as the live replay endpoint: createGame's options with the seed, its hash, moves, scores.
    expect(await arch.replay('g1')).toEqual({
      game: 'isle', roomId: 'g1', options: { players: 2, seed: 'seed-g1' }, seedHash: createHash('sha256').update('seed-g1').digest('hex'),
      actions: g.actions, finalScores: g.result, startedAt: null, endedAt: g.finishedAt.toISOString(),
    });
    expect(await arch.replay('nope')).toBeNull();
    const mine = await arch.gamesOf(ada.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: 'g1', playerCount: 2, rated: false, seats: [{ name: 'Ada', score: 61, place: 1 }, { botLevel: 'greedy', place: 2 }] });
    expect((await arch.recent()).map((x) => x.id)).toEqual(['g1']);
    // Unrated: no rating appears.
    expect(await arch.ratingsOf(ada.id)).toEqual([]);
  });

  test('ratings: a rated 2-player game moves the winner up and the loser down, once', async () => {
    const a = new Accounts(d.db);
    const ada = (await a.createGuest('Ada')).player;
    const bea = (await a.createGuest('Bea')).player;
    const arch = new Archive(d.db);
    const g = game('r2', [
      { seat: 0, playerId: ada.id, name: 'Ada', botLevel: null, score: 70, place: 1 },
      { seat: 1, playerId: bea.id, name: 'Bea', botLevel: null, score: 50, place: 2 },
    ], true);
    await arch.archive(g);
    await arch.archive(g);
    const [ra] = await arch.ratingsOf(ada.id);
    const [rb] = await arch.ratingsOf(bea.id);
    expect(ra).toMatchObject({ group: '2p', games: 1 });
    expect(rb).toMatchObject({ group: '2p', games: 1 });
    expect(ra.mu).toBeGreaterThan(NEW_SKILL.mu);
    expect(rb.mu).toBeLessThan(NEW_SKILL.mu);
    expect(ra.rating).toBeGreaterThan(rb.rating);
    expect((await arch.leaderboard('2p')).map((r) => r.name)).toEqual(['Ada', 'Bea']);
  });

  test('ratings: a 4-player game ranks everyone, ties share, and lands in the 3–4 player group', async () => {
    const a = new Accounts(d.db);
    const ps = await Promise.all(['A', 'B', 'C', 'D'].map(async (n) => (await a.createGuest(n)).player));
    const arch = new Archive(d.db);
    await arch.archive(game('r4', ps.map((p, i) => ({ seat: i, playerId: p.id, name: p.name, botLevel: null, score: [80, 60, 60, 40][i], place: [1, 2, 2, 4][i] })), true));
    const rs = await Promise.all(ps.map(async (p) => (await arch.ratingsOf(p.id))[0]));
    expect(rs.every((r) => r.group === '3-4p' && r.games === 1)).toBe(true);
    expect(rs[0].mu).toBeGreaterThan(rs[1].mu);
    expect(Math.abs(rs[1].mu - rs[2].mu)).toBeLessThan(1e-9);
    expect(rs[2].mu).toBeGreaterThan(rs[3].mu);
    expect(displayRating(rs[0])).toBe(rs[0].rating);
  });

  test('the leaderboard: a group\'s best displayed ratings first, more games first among equals, cut to the limit', async () => {
    const a = new Accounts(d.db);
    const ps = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await a.createGuest(`L${i}`)).player));
    // Ratings written as the archive writes them: various mu and sigma, so mu alone would order them wrongly.
    await d.db.insertInto('ratings').values(ps.map((p, i) => ({ player_id: p.id, grp: '3-4p', mu: 20 + (i * 7) % 11, sigma: 2 + (i * 5) % 7, games: 1 + (i % 4), updated_at: new Date() }))).execute();
    const board = await new Archive(d.db).leaderboard('3-4p', 5);
    expect(board).toHaveLength(5);
    const all = await Promise.all(ps.map(async (p) => (await new Archive(d.db).ratingsOf(p.id))[0]));
    const want = all.sort((x, y) => (y.mu - 3 * y.sigma) - (x.mu - 3 * x.sigma) || y.games - x.games).slice(0, 5);
    expect(board.map((r) => r.playerId)).toEqual(want.map((r) => r.playerId));
    expect(board.map((r) => r.rating)).toEqual([...board.map((r) => r.rating)].sort((x, y) => y - x));
  });

  test('each game has its own rating groups and leaderboards; the lists say which game was played', async () => {
    const a = new Accounts(d.db);
    const ada = (await a.createGuest('Ada')).player;
    const bea = (await a.createGuest('Bea')).player;
    const arch = new Archive(d.db);
    const seats = [
      { seat: 0, playerId: ada.id, name: 'Ada', botLevel: null, score: 70, place: 1 },
      { seat: 1, playerId: bea.id, name: 'Bea', botLevel: null, score: 50, place: 2 },
    ];
    await arch.archive(game('isle-1', seats, true, new Date('2026-11-20T10:00:00Z')));
    await arch.archive({ ...game('ttr-1', seats.map((s) => ({ ...s, place: 3 - s.place })), true, new Date('2026-11-20T11:00:00Z')), game: 'ttr' });
    // The same two players, one game each: Ada leads Isle's board and trails the second game's.
    expect((await arch.leaderboard('2p')).map((r) => r.name)).toEqual(['Ada', 'Bea']);
    expect((await arch.leaderboard('ttr:2p')).map((r) => r.name)).toEqual(['Bea', 'Ada']);
    expect((await arch.ratingsOf(ada.id)).map((r) => [r.group, r.games])).toEqual([['2p', 1], ['ttr:2p', 1]]);
    expect((await arch.recent()).map((g) => [g.id, g.game])).toEqual([['ttr-1', 'ttr'], ['isle-1', 'isle']]);
    // A row written before the column existed reads as Isle of Trains.
    const row = await d.db.selectFrom('games').select('game').where('id', '=', 'isle-1').executeTakeFirstOrThrow();
    expect(row.game).toBe('isle');
  });

  test('the rating groups by game and table size; solo and oversized tables are never rated', () => {
    expect([1, 2, 3, 4, 5].map((n) => ratingGroup(n))).toEqual([null, '2p', '3-4p', '3-4p', null]);
    expect([1, 2, 3, 4, 5, 6].map((n) => ratingGroup(n, 'ttr'))).toEqual([null, 'ttr:2p', 'ttr:3-5p', 'ttr:3-5p', 'ttr:3-5p', null]);
    const human = (id: string) => ({ playerId: id, botLevel: null, hasAccount: true });
    expect(isRatedTable(['a', 'b', 'c', 'd', 'e'].map(human), 'ttr')).toBe(true);
    expect(isRatedTable(['a', 'b', 'c', 'd', 'e'].map(human))).toBe(false);
  });

  test('which tables are rated: only signed-in accounts, no bots, 2–4 seats', () => {
    const human = { playerId: 'p1', botLevel: null, hasAccount: true };
    expect(isRatedTable([human, { ...human, playerId: 'p2' }])).toBe(true);
    expect(isRatedTable([human, { playerId: null, botLevel: 'greedy', hasAccount: false }])).toBe(false);
    expect(isRatedTable([human, { playerId: 'p2', botLevel: null, hasAccount: false }])).toBe(false);
    expect(isRatedTable([human])).toBe(false);
    // One account in two seats would play itself.
    expect(isRatedTable([human, { ...human }])).toBe(false);
  });

  test('chat: plain text, trimmed, limited, stored with the game in order', async () => {
    const chat = new ChatLog(d.db);
    await chat.add('g1', { seat: 0, playerId: null, name: 'Ada', text: '  <script>alert(1)</script>  hi\u0000 ' });
    await chat.add('g1', { seat: null, playerId: null, name: 'Spectator', text: 'gg' });
    await refused(chat.add('g1', { seat: 0, playerId: null, name: 'Ada', text: 'x'.repeat(CHAT_MAX_CHARS + 1) }), 'CHAT_TOO_LONG');
    await refused(chat.add('g1', { seat: 0, playerId: null, name: 'Ada', text: '   ' }), 'BAD_CHAT');
    const lines = await chat.of('g1');
    // Stored as typed (the client renders it as text); control characters are gone.
    expect(lines.map((l) => l.text)).toEqual(['<script>alert(1)</script> hi', 'gg']);
    expect(await chat.of('g2')).toEqual([]);
  });
});

test('a new player\'s skill is openskill\'s own starting rating', () => {
  const r = rating();
  expect(NEW_SKILL).toEqual({ mu: r.mu, sigma: r.sigma });
});
