/**
 * Dropped players: they get seat and hand back when they return; a bot plays for those who stay
 * away so the game finishes; the seat token takes a seat back later; the turn time limit lets a bot
 * make one decision.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { playerView, type GameState } from '@isle-of-trains/rules';
import { autoplay, bootServer, getJSON, sleep, until, viewOf, watch, type Seen, type TestServer } from './support/harness';
import { stateFromWire } from '@isle-of-trains/client';
import { inside } from './support/room-inside';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ RECONNECT_SECONDS: 1, MIN_TURN_SECONDS: 1 }); });
afterAll(async () => { await ts.close(); });

const state = (r: SDKRoom) => r.state as any;
const server = (roomId: string) => inside(ts.room(roomId));
const handOf = (r: SDKRoom, seat: number): string[] | undefined => {
  const h = state(r)?.game?.players?.[seat]?.hand;
  return h ? Array.from(h as Iterable<string>) : undefined;
};
const dropSocket = (r: SDKRoom) => (r.connection.transport as unknown as { ws: { terminate(): void } }).ws.terminate();

async function twoPlayers(extra: Record<string, unknown> = {}) {
  const a = await ts.client().create('isle', { seats: 2, name: 'Ada', ...extra });
  const sa = watch(a);
  const b = await ts.client().joinById(a.roomId, { name: 'Brunel' });
  const sb = watch(b);
  await until(() => sa.seat === 0 && sb.seat === 1 && state(a)?.seats?.[1]?.kind === 'human', 3000, 'seats');
  a.send('start', {});
  await until(() => state(a)?.phase === 'playing' && state(b)?.phase === 'playing' && !!handOf(a, 0), 3000, 'start');
  return { a, sa, b, sb };
}

describe('reconnection', () => {
  it('a dropped client reconnects by itself and gets its seat and hand back', async () => {
    const { a, sa, b, sb } = await twoPlayers();
    a.reconnection.minUptime = 0;
    a.reconnection.minDelay = 20;
    a.reconnection.delay = 20;
    const pa = autoplay(a, sa);
    const pb = autoplay(b, sb);
    await until(() => pa.moves + pb.moves > 6, 5000, 'some moves');
    let dropped = 0;
    let back = 0;
    a.onDrop(() => dropped++);
    a.onReconnect(() => back++);
    // B learns of the drop from its seat's flag or from the log's line. A reconnects 20 ms after the drop, so
    // the flag can go false and true again between two patches (a busy machine delays a tick past that); the
    // line stays in the log window, so every patch that carried the drop shows it.
    let sawAway = false;
    b.onStateChange(() => {
      const st = state(b);
      if (st.seats[0].connected === false) sawAway = true;
      for (const l of st.logJson as Iterable<string>) {
        const [, seat, type] = JSON.parse(l) as [number, number, string];
        if (seat === 0 && type === 'drop') sawAway = true;
      }
    });
    pa.paused = true;
    dropSocket(a);
    await until(() => sawAway, 3000, 'B sees A away');
    await until(() => back === 1, 5000, 'auto reconnect');
    expect(dropped).toBe(1);
    await until(() => state(b).seats[0].connected === true, 3000, 'B sees A back');
    expect(state(b).seats[0].botPlaying).toBe(false);
    // (a move A sent just before the drop may be applied after it: wait for the patches to settle)
    const handBack = () => JSON.stringify(handOf(a, 0)) === JSON.stringify(server(a.roomId).game!.players[0].hand);
    await until(handBack, 3000, 'the hand after the reconnection').catch(() => undefined);
    expect(handOf(a, 0)).toEqual(server(a.roomId).game!.players[0].hand);
    pa.paused = false;
    const movesBefore = pa.moves;
    await until(() => pa.moves > movesBefore + 2, 5000, 'A plays again');
    // A fresh connection (page reload) with the reconnection token decodes the full view again.
    // Both players hold still meanwhile, so the view it decodes can be compared with the server's.
    pa.paused = true;
    pb.paused = true;
    a.reconnection.enabled = false;
    const token = a.reconnectionToken;
    const left = new Promise<number>((res) => a.onLeave((code) => res(code)));
    dropSocket(a);
    await left;
    const a2 = await ts.client().reconnect(token);
    const sa2 = watch(a2);
    await until(() => !!handOf(a2, 0) && sa2.seat === 0, 3000, 'hand and seat message in the new decoder');
    expect(sa2.token).toBe(sa.token);
    expect(handOf(a2, 0)).toEqual(server(a.roomId).game!.players[0].hand);
    expect(handOf(a2, 1)).toBeUndefined();
    // (a move B sent just before pausing may still be on its way: wait for the patches to settle)
    const same = () => JSON.stringify(viewOf(a2, 0)) === JSON.stringify(playerView(server(a.roomId).game!, 0));
    await until(same, 3000, 'the reloaded view to match the server').catch(() => undefined);
    expect(viewOf(a2, 0)).toEqual(playerView(server(a.roomId).game!, 0));
    pb.paused = false;
    const pa2 = autoplay(a2, sa2);
    await until(() => pa2.moves > 3, 10_000, 'A plays after the reload');
    expect([...sa.errors, ...sa2.errors, ...sb.errors]).toEqual([]);
    await (ts.room(a.roomId) as unknown as { disconnect(code?: number): Promise<unknown> }).disconnect(4000);
  }, 90_000);

  it('a bot plays for a player who stays away; the game finishes, and the seat token takes the seat back', async () => {
    // Game 1: A leaves for good. Game 2: A comes back with the seat token while the bot plays for it.
    const g1 = await twoPlayers({ botLevel: 'random' });
    const g2 = await twoPlayers({ botLevel: 'random' });
    for (const g of [g1, g2]) {
      g.a.reconnection.enabled = false;
      autoplay(g.b, g.sb);
      dropSocket(g.a);
    }
    await until(() => state(g1.b).seats[0].botPlaying && state(g2.b).seats[0].botPlaying, 5000, 'bots take over');
    expect(state(g1.b).seats[0].kind).toBe('human');
    const seat0Moves = () => server(g2.a.roomId).actionLog.filter((x) => x.seat === 0).length;
    const before = seat0Moves();
    await until(() => seat0Moves() > before, 5000, 'bot moves for seat 0');

    const back = await ts.client().joinById(g2.a.roomId, { seatToken: g2.sa.token });
    const sback = watch(back);
    await until(() => sback.seat === 0 && !!handOf(back, 0), 3000, 'seat retaken');
    expect(sback.token).toBe(g2.sa.token);
    await until(() => state(back).seats[0].botPlaying === false && state(back).seats[0].connected === true, 3000, 'seat info');
    const pback = autoplay(back, sback);
    await until(() => pback.moves > 3, 10_000, 'the returning player plays');
    expect(server(g2.a.roomId).actionLog.length).toBeGreaterThan(0);
    await (ts.room(g2.a.roomId) as unknown as { disconnect(code?: number): Promise<unknown> }).disconnect(4000);
    await until(() => state(g1.b).phase === 'ended', 60_000, 'game 1 ends');
    // and the replay of game 1 is complete and valid
    const { status, body } = await getJSON<{ actions: unknown[] }>(`${ts.http}/api/games/${g1.a.roomId}/replay`);
    expect(status).toBe(200);
    expect(body.actions.length).toBeGreaterThan(10);
    expect([...g1.sb.errors, ...g2.sb.errors, ...sback.errors]).toEqual([]);
    await g1.b.leave();
  }, 90_000);

  it('the seat token moves the seat to a new connection and closes the old one', async () => {
    const { a, sa, b } = await twoPlayers();
    a.reconnection.enabled = false;
    const oldLeft = new Promise<number>((res) => a.onLeave((code) => res(code)));
    const a2 = await ts.client().joinById(a.roomId, { seatToken: sa.token });
    const sa2 = watch(a2);
    expect(await oldLeft).toBe(4100);
    await until(() => sa2.seat === 0 && !!handOf(a2, 0), 3000, 'new connection seated');
    await sleep(100);
    expect(state(a2).seats[0]).toMatchObject({ kind: 'human', connected: true, botPlaying: false, isCreator: true });
    const p = autoplay(a2, sa2);
    // Only A plays here (nobody plays B), so A gets one turn: two actions, sometimes more decisions.
    await until(() => p.moves >= 2, 5000, 'new connection plays');
    await (ts.room(a.roomId) as unknown as { disconnect(code?: number): Promise<unknown> }).disconnect(4000);
    void b;
  });

  it('a player who dropped in the lobby and returns after the start gets the hand', async () => {
    const a = await ts.client().create('isle', { seats: 2, name: 'Ada' });
    const sa = watch(a);
    const b = await ts.client().joinById(a.roomId, { name: 'Brunel' });
    const sb = watch(b);
    await until(() => sa.seat === 0 && sb.seat === 1 && state(a)?.seats?.[1]?.kind === 'human', 3000, 'seats');
    b.reconnection.enabled = false;
    const token = b.reconnectionToken;
    const left = new Promise<number>((res) => b.onLeave((code) => res(code)));
    dropSocket(b);
    await left;
    await until(() => state(a).seats[1].connected === false, 3000, 'A sees B away');
    a.send('start', {});
    await until(() => state(a)?.phase === 'playing', 3000, 'start');
    const b2 = await ts.client().reconnect(token);
    await until(() => !!handOf(b2, 1), 3000, 'the hand reaches the returning player');
    expect(handOf(b2, 1)).toEqual(server(a.roomId).game!.players[1].hand);
    expect(handOf(b2, 0)).toBeUndefined();
    await (ts.room(a.roomId) as unknown as { disconnect(code?: number): Promise<unknown> }).disconnect(4000);
  });

  it('an internal error in a bot move stops that game, not the process', async () => {
    const r = await ts.client().create('isle', { seats: 1, name: 'Slow', turnTimeLimit: 1 });
    const seen = watch(r);
    await until(() => state(r)?.phase === 'playing' && state(r).decisionDeadline > 0, 3000, 'deadline');
    // The rules fail inside the bot's move: reading the seat's view throws.
    const match = (ts.room(r.roomId) as unknown as { table: { match: { view(): unknown } } }).table.match;
    match.view = () => { throw new Error('simulated rules failure'); };
    await until(() => stateFromWire(state(r).toJSON()).log.some((e) => e.type === 'error'), 3000, 'error log entry');
    r.send('intent', { id: 1, action: { type: 'pass' } });
    await until(() => seen.errors.length > 0, 3000, 'the refusal');
    expect(seen.errors[0]).toMatchObject({ code: 'GAME_STOPPED' });
    expect(server(r.roomId).actionLog).toHaveLength(0);
    // the process still serves other rooms
    const other = await ts.client().create('isle', { seats: 1, name: 'Next' });
    await until(() => state(other)?.phase === 'playing', 3000, 'another game starts');
    await other.leave();
    await (ts.room(r.roomId) as unknown as { disconnect(code?: number): Promise<unknown> }).disconnect(4000);
  });

  it('a player leaving the lobby frees the seat and passes on the creator role', async () => {
    const a = await ts.client().create('isle', { seats: 3, name: 'Ada' });
    const sa = watch(a);
    const b = await ts.client().joinById(a.roomId, { name: 'Brunel' });
    const sb = watch(b);
    await until(() => sa.seat === 0 && sb.seat === 1);
    await a.leave();
    await until(() => state(b).seats[0].kind === 'empty', 3000, 'seat freed');
    expect(state(b).seats[1].isCreator).toBe(true);
    const c = await ts.client().joinById(b.roomId, { name: 'Cugnot' });
    const sc = watch(c);
    await until(() => sc.seat === 0, 3000, 'lowest empty seat');
    await b.leave();
    await c.leave();
  });

  it('when the turn time runs out a bot makes that one decision', async () => {
    const r = await ts.client().create('isle', { seats: 1, name: 'Slow', turnTimeLimit: 1 });
    const seen = watch(r);
    await until(() => state(r)?.phase === 'playing' && state(r).decisionDeadline > 0, 3000, 'deadline');
    const deadline = state(r).decisionDeadline;
    expect(deadline).toBeGreaterThan(Date.now() - 100);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 1100);
    await until(() => server(r.roomId).actionLog.length === 1, 3000, 'timeout move');
    await until(() => stateFromWire(state(r).toJSON()).log.some((e) => e.type === 'timeout'), 2000, 'timeout log entry');
    expect(state(r).seats[0].botPlaying).toBe(false);
    expect(state(r).decisionDeadline).toBeGreaterThan(deadline);
    expect(seen.errors).toEqual([]);
    await expect(ts.client().create('isle', { seats: 1, turnTimeLimit: 0.5 })).rejects.toThrow(/BAD_OPTIONS/);
    await (ts.room(r.roomId) as unknown as { disconnect(code?: number): Promise<unknown> }).disconnect(4000);
  });
});
