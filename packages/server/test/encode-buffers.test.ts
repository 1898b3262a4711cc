/**
 * Rooms share one pair of encoding buffers (src/colyseus-patches/encode-buffers.ts). What must hold: the
 * buffers really are shared, and with several rooms patching and clients joining in between, every client
 * still decodes exactly its own room's state (a room that sent a view of the shared buffer, or reused a
 * full encode another room had overwritten, would show another room's table or garbage).
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { currentDecision, playerView, type GameState } from '@isle-of-trains/rules';
import type { Room } from '@colyseus/sdk';
import { autoplay, bootServer, until, viewOf, watch, type Player, type Seen, type TestServer } from './support/harness';
import { inside } from './support/room-inside';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer(); });
afterAll(async () => { await ts.close(); });

type Internals = { _serializer: { encoder: { sharedBuffer: Uint8Array }; fullEncodeBuffer: Uint8Array } };

test('two rooms use the same patch and full-state buffers', async () => {
  const a = await ts.client().create('isle', { seats: 2, bots: 1, name: 'Ada' });
  const b = await ts.client().create('isle', { seats: 3, bots: 2, name: 'Bea' });
  const [ra, rb] = [ts.room(a.roomId) as unknown as Internals, ts.room(b.roomId) as unknown as Internals];
  expect(ra._serializer.encoder.sharedBuffer).toBe(rb._serializer.encoder.sharedBuffer);
  expect(ra._serializer.fullEncodeBuffer).toBe(rb._serializer.fullEncodeBuffer);
  await a.leave();
  await b.leave();
});

test('rooms patching in turn, spectators joining between their patches: each client decodes its own room', async () => {
  const tables: { r: Room; seen: Seen; p: Player; server: { readonly game: GameState } }[] = [];
  for (const [seats, name] of [[2, 'Ada'], [3, 'Bea'], [4, 'Cy']] as const) {
    const r = await ts.client().create('isle', { seats, bots: seats - 1, name });
    const seen = watch(r);
    await until(() => seen.seat === 0, 3000, 'seat');
    r.send('start', {});
    await until(() => (r.state as { phase?: string }).phase === 'playing', 3000, 'start');
    tables.push({ r, seen, p: autoplay(r, seen), server: { get game() { return inside(ts.room(r.roomId)).game!; } } });
  }
  const problems: string[] = [];
  const check = (label: string, got: unknown, game: GameState, seat: number | 'spectator') => {
    const want = playerView(game, seat);
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${label} (seat ${seat}) differs from its room's view`);
  };
  // Each round the rooms play a little, then rest on their human's decision (the bots move at once, the
  // human is paused); a spectator then joins each room, so its full state is encoded after the other rooms
  // have encoded their patches into the same buffers, and it must equal its own room's view.
  for (let round = 0; round < 10 && problems.length === 0; round++) {
    for (const t of tables) t.p.paused = false;
    await new Promise((r) => setTimeout(r, 150));
    for (const t of tables) t.p.paused = true;
    for (const t of tables) {
      await until(() => t.server.game.gameOver || (currentDecision(t.server.game)?.seat === 0 && t.seen.acks.length >= t.p.moves), 5000, 'rest on the human');
    }
    await new Promise((r) => setTimeout(r, 60)); // the rooms' patch ticks (20 ms here) flush what is left
    for (const t of tables) {
      const w = await ts.client().joinById(t.r.roomId, { name: `W${round}` });
      await until(() => viewOf(w, 'spectator') !== null, 3000, 'spectator state');
      check(`spectator of ${t.r.roomId} in round ${round}`, viewOf(w, 'spectator'), t.server.game, 'spectator');
      check(`player of ${t.r.roomId} in round ${round}`, viewOf(t.r, 0), t.server.game, 0);
      await w.leave();
    }
  }
  expect(problems).toEqual([]);
  expect(tables.reduce((n, t) => n + t.p.moves, 0)).toBeGreaterThan(10);
  for (const t of tables) await t.r.leave();
});
