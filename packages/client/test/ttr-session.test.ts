/**
 * A session on the second game's room (`ttr`) against a real server in this process: created with
 * `{ game: 'ttr' }`, its state, view, decisions and legal actions are that game's (not Isle's); a game
 * against a bot played to the end through `act`, its replay fetched and checked with the second game's
 * rules (and a tampered one caught); a spectator joining by id gets a ttr session with no hand.
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());
import { NORTHERN_EUROPE, type Action } from '@isle-of-trains/ttr-rules';
import { bootServer, until, type TestServer } from '../../server/test/support/harness';
import { IsleClient, IsleError, fetchReplay, verifyReplay, type ClientOptions, type Session } from '../src';

let ts: TestServer;
const client = (options: ClientOptions = {}) => new IsleClient(ts.url, { pace: { perSecond: 10_000, burst: 10_000 }, ...options });
beforeAll(async () => { ts = await bootServer({ BOT_DELAY_MS: 0 }); });
afterAll(async () => { await ts.close(); });

/** Play this seat with random legal actions (a claim when one is offered), one at a time, each waiting for its ack. */
function autoplay(s: Session<'ttr'>): { moves: number; claims: number; refusals: string[] } {
  const out = { moves: 0, claims: 0, refusals: [] as string[] };
  let busy = false;
  const step = (): void => {
    if (busy || !s.isMyDecision()) return;
    const legal = s.legalActions();
    const claims = legal.filter((a) => a.type === 'claim');
    const pool = claims.length > 0 ? claims : legal;
    const action: Action = pool[Math.floor(Math.random() * pool.length)];
    busy = true;
    s.act(action).then(
      () => { out.moves++; if (action.type === 'claim') out.claims++; busy = false; step(); },
      (e: IsleError) => { out.refusals.push(e.code); busy = false; step(); },
    );
  };
  s.onView(() => step());
  return out;
}

describe('a ttr session', () => {
  it('creates a ttr room, reads its state and view as the second game, and plays a game against a bot to the end', async () => {
    const s = await client({ name: 'Ada' }).create({ seats: 2, bots: 1, botLevel: 'random' }, { game: 'ttr' });
    expect(s.game).toBe('ttr');
    expect(s.asGame('ttr')).toBe(s);
    expect(s.asGame('isle')).toBeNull();
    expect(s.sdkRoom.roomId).toBe(s.roomId);
    expect(s.state!.phase).toBe('lobby');
    expect(s.view).toBeNull();

    const w = (await client({ name: 'Watcher' }).spectate(s.roomId)).asGame('ttr')!;
    expect(w.game).toBe('ttr');
    await until(() => w.seat === -1, 5000, 'spectator seat');

    const play = autoplay(s);
    await s.start();
    // The opening ticket choice: every seat decides at once; the session's decision is this seat's own.
    await until(() => s.view !== null, 5000, 'first view');
    expect(s.state!.game!.mapId).toBe(NORTHERN_EUROPE.id);
    expect(s.view!.options.map.sha256).toBe(NORTHERN_EUROPE.sha256);

    const end = await s.finished();
    expect(end.phase).toBe('ended');
    expect(end.game!.gameOver).toBe(true);
    expect(s.decision()).toBeNull();
    expect(s.legalActions()).toEqual([]);
    expect(s.scores()?.winners.length).toBeGreaterThan(0);
    expect(play.claims).toBeGreaterThan(0);
    expect(play.refusals).toEqual([]);
    // Once over, every seat's hand and tickets are shown, to the spectator too.
    await until(() => w.view?.gameOver === true, 5000, 'spectator sees the end');
    expect(w.view!.players[0].tickets!.length).toBeGreaterThan(0);

    // Its replay names the game and is checked with the second game's rules: the same moves, the same final count.
    const replay = await fetchReplay(ts.url, s.roomId);
    expect(replay.game).toBe('ttr');
    const checked = await verifyReplay(replay, end.seedHash);
    expect(checked).toMatchObject({ ok: true, state: { gameOver: true } });
    if (replay.game !== 'ttr') throw new Error('not a ttr replay');
    expect(await verifyReplay({ ...replay, actions: replay.actions.slice(0, -1) })).toMatchObject({ ok: false, problem: expect.stringMatching(/not over after/) });
    expect(await verifyReplay({ ...replay, finalScores: { ...replay.finalScores, winners: [9] } })).toMatchObject({ ok: false, problem: expect.stringMatching(/final scores differ/) });
    const bad = replay.actions.findIndex((a) => a.action.type === 'claim');
    const moved = replay.actions.map((a, i) => (i === bad ? { ...a, seat: 1 - a.seat } : a));
    expect(await verifyReplay({ ...replay, actions: moved })).toMatchObject({ ok: false, problem: expect.stringMatching(new RegExp(`move ${bad + 1} `)) });
    await w.leave();
    await s.leave();
  }, 120_000);

  it('joins a ttr room by id as a ttr session: its own hand only, a spectator none; the decision and legal moves are the second game\'s', async () => {
    const ada = await client({ name: 'Ada' }).create({ seats: 2 }, { game: 'ttr' });
    const joined = await client({ name: 'Bo' }).join(ada.roomId);
    expect(joined.game).toBe('ttr');
    const bo = joined.asGame('ttr')!;
    const w = (await client({ name: 'Watcher' }).spectate(ada.roomId)).asGame('ttr')!;
    await ada.start();
    await until(() => bo.view !== null && w.view !== null && ada.view !== null, 5000, 'views');
    expect(bo.seat).toBe(1);
    expect(bo.view!.players[1].hand).toBeDefined();
    expect(bo.view!.players[0].hand).toBeUndefined();
    expect(w.view!.players.every((p) => p.hand === undefined && p.offer === undefined)).toBe(true);
    // Both seats choose their opening tickets at once: each session's decision is its own.
    expect(ada.decision()).toMatchObject({ seat: 0, kind: 'keepTickets' });
    expect(bo.decision()).toMatchObject({ seat: 1, kind: 'keepTickets' });
    expect(bo.legalActions().every((a) => a.type === 'keepTickets')).toBe(true);
    // A move of the second game's schema goes through; Isle's is refused by its rules.
    await expect(bo.act({ type: 'take', from: 'deck' } as unknown as Action)).rejects.toMatchObject({ code: 'BAD_ACTION' });
    await bo.act(bo.legalActions()[0]);
    await until(() => !bo.isMyDecision(), 5000, 'choice taken');
    expect(bo.state!.game!.players[1].offerCount).toBe(0);
    await Promise.all([w.leave(), bo.leave(), ada.leave()]);
  }, 60_000);
});
