/**
 * Whole games through the network: 2-, 3- and 4-player games and a solo game, played to the end by
 * SDK clients choosing legal actions from the state they decoded (bots fill some seats). Checks the
 * final scores against a replay with the rules package, the seed against its published hash, the
 * mirror against the server's own PlayerView, and that nothing hidden ever reached a client.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { playerView, scoreBreakdown, CARDS, PASSENGERS, type GameState, type PlayerView } from '@isle-of-trains/rules';
import {
  autoplay, bootServer, getJSON, onFrame, rawFrames, until, viewOf, watch, type Seen, type TestServer,
} from './support/harness';
import type { ReplayJSON } from '@isle-of-trains/client';
import { findIds, neverVisible, replayStates, sha256 } from './support/leaks';
import { runHeadless } from '../examples/headless-client';
import { inside } from './support/room-inside';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer(); });
afterAll(async () => { await ts.close(); });

interface Conn { room: SDKRoom; seen: Seen; decodedLeaks: string[]; seedEarly: boolean }

/** Watch one connection: decoded hands of others, and the seed arriving before the end. */
function connect(room: SDKRoom): Conn {
  const conn: Conn = { room, seen: watch(room), decodedLeaks: [], seedEarly: false };
  // Seats whose hand or face-down ids this connection decoded (its own seat is allowed; the seat
  // message can arrive just after the first state, so the own seat is filtered out at the end).
  room.onStateChange((state: any) => {
    state.game?.players?.forEach((p: any, i: number) => {
      if (p.hand && p.hand.length > 0) conn.decodedLeaks.push(`hand of seat ${i}`);
      if (typeof p.faceDownJson === 'string' && (JSON.parse(p.faceDownJson || '[]') as unknown[]).length > 0) conn.decodedLeaks.push(`face-down cards of seat ${i}`);
    });
  });
  onFrame(room, (frame) => {
    const state = room.state as { phase?: string; seed?: string } | undefined;
    const seed = serverSeed(room.roomId);
    if (seed && frame.includes(seed) && state?.phase !== 'ended') conn.seedEarly = true;
  });
  return conn;
}

/** The room's match (private to the room: these tests check the server's own state against the clients'). */
function serverRoom(roomId: string): { game: GameState | null; seed: string } {
  const m = inside(ts.room(roomId));
  return { game: m.game, seed: m.seed };
}
function serverSeed(roomId: string): string {
  try { return serverRoom(roomId)?.seed ?? ''; } catch { return ''; }
}

/** The client's rebuilt view must equal the server's own PlayerView whenever it decides. */
function mirrorCheck(roomId: string, seat: number, mismatches: string[]) {
  return (view: PlayerView) => {
    const game = serverRoom(roomId).game;
    if (!game) return;
    const truth = playerView(game, seat);
    if (JSON.stringify(truth) !== JSON.stringify(view)) mismatches.push(`seat ${seat} turn ${truth.turn.number}`);
  };
}

async function playGame(seats: number, humans: number, extra: Record<string, unknown> = {}) {
  const first = await ts.client().create('isle', { seats, bots: seats - humans, botLevel: 'random', name: 'P0', ...extra });
  const conns = [connect(first)];
  for (let i = 1; i < humans; i++) conns.push(connect(await ts.client().joinById(first.roomId, { name: `P${i}` })));
  const spectator = connect(await ts.client().joinById(first.roomId, { name: 'Watcher' }));
  await until(() => conns.every((c) => c.seen.seat !== null) && spectator.seen.seat === -1, 5000, 'seat messages');
  const mismatches: string[] = [];
  const players = conns.map((c) => autoplay(c.room, c.seen, { check: mirrorCheck(first.roomId, c.seen.seat!, mismatches) }));
  if (seats > 1) {
    await until(() => (first.state as any)?.seats?.length === seats, 5000, 'lobby state');
    first.send('start', {});
  }
  const all = [...conns, spectator];
  await until(() => all.every((c) => (c.room.state as any)?.phase === 'ended'), 120_000, `end of the ${seats}-seat game`);
  return { roomId: first.roomId, conns, spectator, players, mismatches };
}

async function verify(seats: number, g: Awaited<ReturnType<typeof playGame>>) {
  const { roomId, conns, spectator, players, mismatches } = g;
  for (const c of [...conns, spectator]) {
    expect(c.seen.errors).toEqual([]);
    const own = c.seen.seat!;
    expect([...new Set(c.decodedLeaks)].filter((l) => !l.endsWith(`seat ${own}`))).toEqual([]);
    if (own >= 0) expect(c.decodedLeaks).toContain(`hand of seat ${own}`);
    expect(c.seedEarly).toBe(false);
  }
  expect(mismatches).toEqual([]);
  for (const p of players) expect(p.moves).toBeGreaterThan(0);

  // Replay endpoint → the rules package gives the same final state and scores.
  const { status, body: replay } = await getJSON<ReplayJSON>(`${ts.http}/api/games/${roomId}/replay`);
  expect(status).toBe(200);
  expect(replay.options.players).toBe(seats);
  const state = conns[0].room.state as any;
  expect(sha256(replay.options.seed)).toBe(state.seedHash);
  expect(state.seed).toBe(replay.options.seed);
  const states = replayStates(replay);
  const final = states[states.length - 1];
  expect(final.gameOver).toBe(true);
  expect(final).toEqual(serverRoom(roomId).game);
  expect(scoreBreakdown(final)).toEqual(replay.finalScores);
  expect(JSON.parse(state.scoresJson)).toEqual(replay.finalScores);
  // Every client decoded the same final public view as the replay gives.
  for (const c of conns) expect(viewOf(c.room, c.seen.seat!)).toEqual(playerView(final, c.seen.seat!));
  expect(viewOf(spectator.room, 'spectator')).toEqual(playerView(final, 'spectator'));

  // Raw bytes: no id that viewer could never see; the seed only at the end.
  for (const c of [...conns, spectator]) {
    const viewer = c.seen.seat! >= 0 ? c.seen.seat! : 'spectator';
    const hidden = neverVisible(states, viewer);
    const bytes = Buffer.concat(rawFrames(c.room));
    expect(findIds(bytes, hidden)).toEqual([]);
  }
  // A sanity check that the byte search works: public ids are found.
  const bytes0 = Buffer.concat(rawFrames(conns[0].room));
  expect(findIds(bytes0, final.display).length).toBe(final.display.length);
  for (const c of [...conns, spectator]) await c.room.leave();
  return { actions: states.length - 1, seed: replay.options.seed };
}

describe('whole games over the network', () => {
  it('the id pattern covers every card and passenger', () => {
    const re = /^([a-z0-9]+(?:-[a-z0-9]+)*\.[0-9]+|p-[a-z]+-[0-9]+)$/;
    for (const id of [...CARDS.map((c) => c.id), ...PASSENGERS.map((p) => p.id)]) expect(id).toMatch(re);
  });

  it('plays solo, 2-, 3- and 4-player games to the end with matching scores and no leaks', async () => {
    const t0 = Date.now();
    const results = await Promise.all([
      playGame(1, 1, { mode: 'challenge' }),
      playGame(2, 2),
      playGame(3, 2),
      playGame(4, 2),
    ]);
    const seconds = (Date.now() - t0) / 1000;
    const counts: number[] = [];
    const logs = ts.logLines.join('');
    for (const [i, seats] of [1, 2, 3, 4].entries()) {
      const { actions, seed } = await verify(seats, results[i]);
      counts.push(actions);
      // Logs never carry the seed or a seat token.
      expect(logs.includes(seed)).toBe(false);
      for (const c of results[i].conns) expect(logs.includes(c.seen.token)).toBe(false);
    }
    expect(logs).toContain('"action":"');
    // log lines name the action type only: never a card, a hand, a deck or a whole action
    expect(logs).not.toMatch(/"(card|hand|deck|bag|cards|items|passenger)":/);
    console.log(`games played in ${seconds.toFixed(1)} s; actions: ${counts.join(', ')}`);
  }, 150_000);

  it('plays a solo scenario to the end', async () => {
    const g = await playGame(1, 1, { mode: 'scenario', scenario: 3 });
    await verify(1, g);
  }, 60_000);
});

describe('the example headless client', () => {
  it('creates a room, plays to the end and verifies the replay', async () => {
    const lines: string[] = [];
    const r = await runHeadless({ url: ts.url, seats: 1, name: 'Headless', log: (l) => lines.push(l) });
    expect(r.verified).toBe(true);
    expect(r.seat).toBe(0);
    expect(r.moves).toBeGreaterThan(0);
    expect(r.scores.players).toHaveLength(1);
    expect(lines.some((l) => l.includes('replay gives the same scores: true'))).toBe(true);
  }, 60_000);
});
