/**
 * The session API against a real server in this process: games played to the end through `act`,
 * every view `onView` gives checked against the server's own `playerView`, the typed refusals, chat,
 * spectating, taking a seat back with its token, and rejoining after the connection ends.
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());
import { playerView, type Action, type GameState, type PlayerView } from '@isle-of-trains/rules';
import { recordServerViews } from '../../server/test/support/view-history';
import { bootServer, until, type TestServer } from '../../server/test/support/harness';
import { IsleClient, IsleError, fetchReplay, memorySeatStore, verifyReplay, type ClientOptions, type Session } from '../src';
import { inside } from '../../server/test/support/room-inside';

/** Every view the server had, per room: entry i = point i of the game, JSON per seat and the spectator's. */
const history = recordServerViews();

let ts: TestServer;
/** The test server has no rate limit (harness): the sessions need not pace themselves. */
const client = (options: ClientOptions = {}) => new IsleClient(ts.url, { pace: { perSecond: 10_000, burst: 10_000 }, ...options });
beforeAll(async () => { ts = await bootServer({ BOT_DELAY_MS: 0 }); });
afterAll(async () => { await ts.close(); });

/**
 * Checks that every view a session is given is exactly a view the server had for that seat, never
 * an older one than the last it matched (one view per patch, whole patches only).
 */
function truthful(s: Session): { problems: string[]; views: number } {
  const out = { problems: [] as string[], views: 0 };
  let matched = 0;
  s.onView((view) => {
    if (!view) return;
    out.views++;
    const h = history.get(s.roomId) ?? [];
    const col = s.seat! >= 0 ? s.seat! : h[0].length - 1;
    const json = JSON.stringify(view);
    let j = matched;
    while (j < h.length && h[j][col] !== json) j++;
    if (j === h.length) out.problems.push(`view ${out.views} of seat ${s.seat} matches no server view from point ${matched} on`);
    else matched = j;
  });
  return out;
}

const pick = (legal: Action[]): Action => {
  const pool = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
  return pool[Math.floor(Math.random() * pool.length)];
};

/** Play this seat with random legal actions, one at a time, each waiting for its ack. */
function autoplay(s: Session): { moves: number; refusals: string[] } {
  const out = { moves: 0, refusals: [] as string[] };
  let busy = false;
  const step = (): void => {
    if (busy || !s.isMyDecision()) return;
    busy = true;
    s.act(pick(s.legalActions())).then(
      () => { out.moves++; busy = false; step(); },
      (e: IsleError) => { out.refusals.push(e.code); busy = false; step(); },
    );
  };
  s.onView(() => step());
  return out;
}

describe('session', () => {
  it('olderLog pages back to line 1 from the state\'s short window; a spectator gets the same lines; bad arguments are refused typed', async () => {
    const s = await client({ name: 'Ada' }).create({ seats: 2, bots: 1, botLevel: 'random' });
    const play = autoplay(s);
    await s.start();
    // Until the state's window (20 lines) has moved well past the start of the game.
    await until(() => (s.state?.log[0]?.n ?? 0) > 130 || s.state?.phase === 'ended', 60_000, 'a long log');
    const win = s.state!.log.map(({ n, seat, type, text }) => ({ n, seat, type, text }));
    expect(win.length).toBe(20);
    const older: typeof win = [];
    let before = win[0].n;
    for (;;) {
      const page = await s.olderLog(before);
      expect(page.before).toBe(before);
      expect(page.lines.length).toBeLessThanOrEqual(100);
      older.unshift(...page.lines);
      if (!page.more) break;
      before = page.lines[0].n;
    }
    const all = [...older, ...win];
    expect(all.map((l) => l.n)).toEqual(all.map((_, i) => i + 1));
    expect(all[0]).toMatchObject({ n: 1, type: 'join', text: 'Ada joined.' });
    const w = await client().spectate(s.roomId);
    await until(() => w.state !== null, 5000, 'spectator state');
    expect((await w.olderLog(win[0].n, 50)).lines).toEqual(older.slice(-50));
    await expect(s.olderLog(0)).rejects.toMatchObject({ name: 'IsleError', code: 'BAD_MESSAGE' });
    await expect(s.olderLog(undefined, 101)).rejects.toMatchObject({ code: 'BAD_MESSAGE' });
    expect(play.refusals).toEqual([]);
    await w.leave();
    await s.leave();
  }, 120_000);

  it('plays a game against a bot to the end; every view is the server\'s view of that seat', async () => {
    const s = await client({ name: 'Ada' }).create({ seats: 2, bots: 1, botLevel: 'random' });
    const check = truthful(s);
    const play = autoplay(s);
    await s.start();
    const end = await s.finished();
    expect(end.phase).toBe('ended');
    expect(s.seat).toBe(0);
    expect(s.view?.gameOver).toBe(true);
    expect(s.decision()).toBeNull();
    expect(s.legalActions()).toEqual([]);
    expect(s.scores()?.players).toHaveLength(2);
    expect(play.moves).toBeGreaterThan(10);
    expect(play.refusals).toEqual([]);
    expect(check.problems).toEqual([]);
    expect(check.views).toBeGreaterThan(play.moves);
    await s.leave();
    expect(s.status).toBe('closed');
  }, 120_000);

  it('seats players by id and by code, watches as a spectator, starts, and plays three humans to the end', async () => {
    const ada = await client({ name: 'Ada' }).create({ seats: 3, private: true });
    await until(() => ada.state !== null && ada.seat !== null, 5000, 'first state');
    const brunel = await client({ name: 'Brunel' }).join(ada.roomId);
    // A spectator in the lobby does not take the free seat.
    const watcher = await client({ name: 'Watcher' }).spectate(ada.roomId);
    await until(() => watcher.seat !== null, 5000, 'spectator seat message');
    expect(watcher.seat).toBe(-1);
    const cy = await client({ name: 'Cy' }).joinByCode(ada.state!.code.toLowerCase());
    await until(() => brunel.seat !== null && cy.seat !== null, 5000, 'seats');
    expect([ada.seat, brunel.seat, cy.seat]).toEqual([0, 1, 2]);

    // Only the creator may start; the refusal is typed.
    await expect(brunel.start()).rejects.toMatchObject({ name: 'IsleError', code: 'NOT_CREATOR' });
    const players = [ada, brunel, cy];
    const checks = [...players, watcher].map(truthful);
    await ada.start();
    expect(ada.state!.phase).toBe('playing');

    // Acting out of turn, and as a spectator, is refused with a typed error; nothing changes.
    const d = ada.decision()!;
    const other = players.find((p) => p.seat !== d.seat)!;
    await expect(other.act({ type: 'take', from: 'deck' })).rejects.toMatchObject({ code: 'NOT_YOUR_TURN' });
    await expect(watcher.act({ type: 'take', from: 'deck' })).rejects.toMatchObject({ code: 'NOT_SEATED' });
    const mover = players.find((p) => p.seat === d.seat)!;
    await expect(mover.act({ type: 'build', card: 'no-such-card' } as unknown as Action)).rejects.toBeInstanceOf(IsleError);

    // Chat reaches everyone, spectators too.
    const heard: string[] = [];
    watcher.onChat((line) => heard.push(`${line.name}: ${line.text}`));
    await brunel.chat('  hello   table ');
    await until(() => heard.length === 1, 5000, 'chat line');
    expect(heard).toEqual(['Brunel: hello table']);
    await expect(brunel.chat('')).rejects.toMatchObject({ code: 'BAD_CHAT' });

    const plays = players.map(autoplay);
    await Promise.all([...players, watcher].map((p) => p.finished()));
    expect(plays.map((p) => p.refusals)).toEqual([[], [], []]);
    for (const c of checks) expect(c.problems).toEqual([]);
    expect(watcher.view!.players.every((p) => p.hand === null)).toBe(true);
    await Promise.all([...players, watcher].map((p) => p.leave()));
  }, 180_000);

  it('undo: takes a step back and resolves on its ack; with nothing to take back, the typed refusal', async () => {
    const s = await client().create({ seats: 2, bots: 1 });
    await s.start();
    await until(() => s.isMyDecision(), 5000, 'my decision');
    expect(s.canUndo()).toBe(false);
    await expect(s.undo()).rejects.toMatchObject({ name: 'IsleError', code: 'NOTHING_TO_UNDO' });
    // A build with cards to pay reveals nothing, nor does a first card taken from the display (the display
    // refills only when the turn ends): either can be taken back (docs/PROTOCOL.md, "Undo"). About 2 % of
    // deals leave no build at the first decision, so the display take stands in then.
    const before = JSON.stringify(s.view);
    const legal = s.legalActions();
    const step = legal.find((a) => a.type === 'build') ?? legal.find((a) => a.type === 'take' && a.from === 'display');
    expect(step).toBeDefined();
    // The session counts the move from its sending to its answer (the page offers the next one after).
    expect(s.movesInFlight).toBe(0);
    const acted = s.act(step!);
    expect(s.movesInFlight).toBe(1);
    await acted;
    expect(s.movesInFlight).toBe(0);
    await until(() => s.canUndo(), 5000, 'undoable');
    const undone = s.undo();
    expect(s.movesInFlight).toBe(1);
    await undone;
    expect(s.movesInFlight).toBe(0);
    expect(JSON.stringify(s.view)).toBe(before);
    await s.leave();
  });

  it('takes a seat back with its token from another client; the old session closes as SEAT_TAKEN', async () => {
    const seats = memorySeatStore();
    const first = await client({ name: 'Ada', seats }).create({ seats: 2, bots: 1 });
    await first.start();
    await until(() => first.view !== null, 5000, 'the game');
    const hand = first.view!.players[0].hand;
    const saved = seats.load(first.roomId)!;
    expect(saved).toMatchObject({ seat: 0, roomId: first.roomId });

    const second = await client().rejoin(first.roomId, saved.token);
    await until(() => second.view !== null && first.status === 'closed', 5000, 'retake');
    expect(second.seat).toBe(0);
    expect(second.view!.players[0].hand).toEqual(hand);
    expect(first.closed).toMatchObject({ code: 4100 });
    // The same client's join() uses the stored token, and resume() after a "reload" too.
    const third = await client({ seats }).join(first.roomId);
    await until(() => third.seat !== null && second.status === 'closed', 5000, 'retake by join');
    expect(third.seat).toBe(0);
    const bad = client();
    await expect(bad.rejoin(first.roomId, 'not-a-token')).rejects.toMatchObject({ code: 'BAD_SEAT_TOKEN' });
    await expect(bad.create({ seats: 2, bots: 2 })).rejects.toMatchObject({ code: 'BAD_OPTIONS' });
    await third.leave();
  });

  it('rejoins with the seat token when the connection ends, and the act it was waiting for rejects with CONNECTION_LOST', async () => {
    const client = new IsleClient(ts.url, { name: 'Ada', rejoin: { delays: [50, 100], attempts: 5 } });
    const s = await client.create({ seats: 2, bots: 1 });
    await s.start();
    await until(() => s.isMyDecision(), 5000, 'my decision');
    const statuses: string[] = [];
    s.onStatus((st) => statuses.push(st));
    const before = s.sdkRoom;
    // A connection younger than the SDK's minimum uptime is not reconnected by the SDK: the session rejoins.
    const waiting = s.act(s.legalActions()[0]);
    (before as unknown as { connection: { transport: { ws: { terminate(): void } } } }).connection.transport.ws.terminate();
    expect(s.movesInFlight).toBe(1);
    await expect(waiting).rejects.toMatchObject({ code: 'CONNECTION_LOST' });
    // A lost answer is no longer counted as on its way.
    expect(s.movesInFlight).toBe(0);
    await until(() => s.status === 'connected' && s.sdkRoom !== before, 10_000, 'rejoined');
    expect(statuses).toEqual(['reconnecting', 'connected']);
    expect(s.seat).toBe(0);
    await until(() => s.view !== null && s.isMyDecision(), 5000, 'my decision again');
    await s.act(s.legalActions()[0]);
    await s.leave();
  });

  it('a spectator view equals the server\'s spectator view', async () => {
    const s = await client().create({ seats: 2, bots: 1 });
    await s.start();
    await until(() => s.view !== null, 5000, 'the game');
    const w = await client().spectate(s.roomId);
    await until(() => w.view !== null, 5000, 'spectator view');
    const game = inside(ts.room(s.roomId)).game!;
    expect(w.view).toEqual(playerView(game, 'spectator') as PlayerView);
    await Promise.all([s.leave(), w.leave()]);
  });
});

describe('ready sessions and replays', () => {
  it('create, joinByCode and spectate resolve with the state decoded and the seat known', async () => {
    const s = await client({ name: 'Ada' }).create({ seats: 2 });
    expect(s.state?.phase).toBe('lobby');
    expect(s.seat).toBe(0);
    const b = await client({ name: 'Bo' }).joinByCode(s.state!.code);
    expect([b.seat, b.state?.seats[1].name]).toEqual([1, 'Bo']);
    const w = await client().spectate(s.roomId);
    expect([w.seat, w.state?.phase]).toEqual([-1, 'lobby']);
    await expect(s.ready).resolves.toBeUndefined();
    await Promise.all([s.leave(), b.leave(), w.leave()]);
  });

  it('fetchReplay and verifyReplay: a private game\'s replay with its share key, checked move by move; a tampered one is caught', async () => {
    const s = await client({ name: 'Ada' }).create({ seats: 2, bots: 1, botLevel: 'random', private: true });
    const key = s.shareKey!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await s.start();
    const seedHash = s.state!.seedHash;
    autoplay(s);
    await s.finished();
    await expect(fetchReplay(ts.url, s.roomId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const replay = await fetchReplay(ts.url, s.roomId, { key });
    // An Isle game's replay names its game.
    if (replay.game !== 'isle') throw new Error(`not an Isle replay: ${String(replay.game)}`);
    const checked = await verifyReplay(replay, seedHash);
    expect(checked.ok).toBe(true);
    const tampered = { ...replay, actions: replay.actions.slice(0, -1) };
    expect(await verifyReplay(tampered)).toMatchObject({ ok: false, problem: expect.stringMatching(/not over after/) });
    const rescored = { ...replay, finalScores: { ...replay.finalScores, winners: [9] } };
    expect(await verifyReplay(rescored)).toMatchObject({ ok: false, problem: expect.stringMatching(/final scores differ/) });
    expect(await verifyReplay({ ...replay, options: { ...replay.options, seed: 'x' + replay.options.seed.slice(1) } })).toMatchObject({ ok: false, problem: expect.stringMatching(/does not hash/) });
    expect(await verifyReplay(replay, '0'.repeat(64))).toMatchObject({ ok: false, problem: expect.stringMatching(/not the one published/) });
    await s.leave();
  });
});
