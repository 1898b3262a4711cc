/**
 * A client's decoded hand must never drift from the server's.
 *
 * Hundreds of short games over the network (solo games cut after a few moves, multiplayer games
 * with bots at 0 delay and a seat retaken mid-game with its token), with the event loop held back
 * half the time, as late as on a busy machine. After EVERY frame a client decodes
 * (each patch, each ack), its rebuilt PlayerView must equal the server's own playerView for its seat
 * at some point of the game no earlier than the last one it matched; after an ack, at a point later
 * than the one it acted on.
 *
 * The cause this guards: a StateView filled (view.add) while its client was still joining kept the
 * ADDs of the owner's hand after the full state had already carried that hand, and they were
 * replayed on the next patch, where an ADD at an occupied slot of a string array inserts.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import type { Action, GameState } from '@isle-of-trains/rules';
import {
  autoplay, bootServer, kick, onFrame, stateJSON, until, viewOf, watch, type Player, type Seen, type TestServer,
} from './support/harness';
import { recordServerViews } from './support/view-history';
import { createLogger } from '../src/ops/logger';
import { inside } from './support/room-inside';

/** Every PlayerView the server had, per room: index = point of the game, entry = JSON per seat (then the spectator's). */
const history = recordServerViews();

let ts: TestServer;
let stopStalls = () => undefined as void;
beforeAll(async () => {
  // The event loop held back half the time: the server and the clients get their turns late and in bursts.
  stopStalls = stallTheLoop();
  ts = await bootServer({
    // Seats left by a player go to a bot at once, and a game with nobody left stops after 3 bot moves.
    MAX_UNATTENDED_MOVES: 3,
    RECONNECT_SECONDS: 0,
    // Actions are flushed at once whatever this is; a slower tick leaves a longer gap between a
    // client's full state and the next tick, the window in which the defect showed.
    PATCH_RATE_MS: 250,
    // Errors only: each of the file's 520 games ends as a game nobody attends any more, which the server notes at
    // the warning level, one line each, by design here.
    logger: createLogger('error'),
  });
});
afterAll(async () => {
  stopStalls();
  await ts.close();
});

/**
 * This process's event loop (the server's and the clients') as on a busy machine: it runs a few milliseconds,
 * then is held for a few (Atomics.wait sleeps without using the CPU), about half the time in all, so that frames
 * and timers pile up and are handled late and in bursts. A process burning a core beside this one did the same
 * by taking half of it, but that half was CPU taken from the test suite's other files; a held loop takes none.
 * With the hand-off fix of src/colyseus-patches/view-handoff.ts turned off, this test fails either way.
 */
function stallTheLoop(): () => void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  let timer: NodeJS.Timeout | undefined;
  const hold = () => {
    Atomics.wait(cell, 0, 0, 2 + Math.random() * 8);
    timer = setTimeout(hold, Math.random() * 8);
  };
  timer = setTimeout(hold, 0);
  return () => clearTimeout(timer);
}

interface Checked { room: SDKRoom; seen: Seen; roomId: string; matched: number; sentAt: number; frames: number; problems: string[] }

function describeDiff(h: string[], seat: number, decoded: string): string {
  const truth = JSON.parse(h[seat]) as { players: { hand: string[] | null }[] };
  const mine = JSON.parse(decoded) as { players: { hand: string[] | null }[] };
  return `server hand ${JSON.stringify(truth.players[seat].hand)}, decoded ${JSON.stringify(mine.players[seat].hand)}`;
}

/** Check a client's decoded view against the server's history after each frame it decodes. */
function checked(room: SDKRoom, seen: Seen): Checked {
  const c: Checked = { room, seen, roomId: room.roomId, matched: -1, sentAt: -1, frames: 0, problems: [] };
  const check = (when: string) => {
    const seat = seen.seat;
    if (seat === null || seat < 0 || c.problems.length > 0) return;
    const view = viewOf(room, seat);
    if (!view) return;
    const h = history.get(c.roomId) ?? [];
    const decoded = JSON.stringify(view);
    let j = Math.max(c.matched, 0);
    while (j < h.length && h[j][seat] !== decoded) j++;
    if (j === h.length) {
      const last = h[h.length - 1];
      c.problems.push(`${when}: seat ${seat} decoded a view the server never had (${last ? describeDiff(last, seat, decoded) : 'no history'})`);
      return;
    }
    c.matched = j;
    if (when === 'ack' && j <= c.sentAt) c.problems.push(`ack: seat ${seat} still sees point ${j}, the move was made at ${c.sentAt}`);
  };
  onFrame(room, () => { c.frames++; check('frame'); });
  seen.listeners.push((type) => { if (type === 'ack') check('ack'); });
  return c;
}

/** Leave if still connected (leave() on a closed connection never settles). */
function quit(room: SDKRoom): void {
  if (room.connection.isOpen) void room.leave().catch(() => undefined);
}

/** autoplay, noting the point of the game each move was chosen at. */
function play(c: Checked, cap: number, choose?: Player['choose']): Player {
  const p = autoplay(c.room, c.seen, { check: () => { c.sentAt = c.matched; }, choose });
  c.seen.listeners.push((type) => {
    // A client acts as soon as it knows its seat (the seat message can come after the first state).
    if (type === 'seat') kick(p);
    // Then leave: a bot takes the seat (no reconnection window in this test), and the game goes on.
    if (type === 'ack' && p.moves >= cap && !p.paused) {
      p.paused = true;
      quit(c.room);
    }
  });
  return p;
}

async function soloGame(cap: number): Promise<Checked[]> {
  const room = await ts.client().create('isle', { seats: 1, name: 'Solo' });
  const c = checked(room, watch(room));
  const p = play(c, cap);
  await until(() => p.paused || (room.state as { phase?: string })?.phase === 'ended' || c.problems.length > 0, 20_000, 'solo moves');
  return [c];
}

async function multiGame(seats: number, humans: number, cap: number, retake: boolean): Promise<Checked[]> {
  const first = await ts.client().create('isle', { seats, bots: seats - humans, botLevel: 'random', name: 'P0' });
  const conns = [checked(first, watch(first))];
  for (let i = 1; i < humans; i++) {
    const r = await ts.client().joinById(first.roomId, { name: `P${i}` });
    conns.push(checked(r, watch(r)));
  }
  await until(() => conns.every((c) => c.seen.seat !== null) && (first.state as { seats?: unknown[] })?.seats?.length === seats, 5000, 'seats');
  const players = conns.map((c) => play(c, cap));
  first.send('start', {});
  const done = () => conns.some((c) => c.problems.length > 0) || players.every((p) => p.paused) || (first.state as { phase?: string })?.phase === 'ended';
  if (retake) {
    // The last human comes back on a new connection with the seat token, mid-game.
    await until(() => players[humans - 1].moves >= 1 || done(), 20_000, 'first move').catch((e) => {
      throw new Error(`${e.message}: ${JSON.stringify(conns.map((c) => ({ seat: c.seen.seat, errors: c.seen.errors.slice(0, 3), problems: c.problems, phase: (c.room.state as any)?.phase, d: (c.room.state as any)?.game?.turn?.seat })))}`);
    });
    const old = conns[humans - 1];
    players[humans - 1].paused = true;
    const again = await ts.client().joinById(first.roomId, { seatToken: old.seen.token });
    const c = checked(again, watch(again));
    conns.push(c);
    players.push(play(c, cap));
  }
  await until(done, 20_000, 'multiplayer moves').catch((e) => {
    throw new Error(`${e.message}: ${JSON.stringify(conns.map((c) => ({ seat: c.seen.seat, errors: c.seen.errors.slice(0, 3), problems: c.problems, phase: (c.room.state as any)?.phase, d: (c.room.state as any)?.game?.turn?.seat })))}`);
  });
  for (const c of conns) quit(c.room);
  return conns;
}

const GAMES = { solo: 300, multi: 220 };

describe('decoded hands stay equal to the server', () => {
  it(`${GAMES.solo} solo and ${GAMES.multi} multiplayer games, every frame checked, with the event loop held back half the time`, async () => {
    const problems: string[] = [];
    let frames = 0;
    let games = 0;
    const collect = (cs: Checked[]) => {
      games++;
      for (const c of cs) {
        frames += c.frames;
        problems.push(...c.problems.map((p) => `${c.roomId}: ${p}`));
        history.delete(c.roomId);
      }
    };
    const jobs: (() => Promise<Checked[]>)[] = [];
    for (let i = 0; i < GAMES.solo; i++) jobs.push(() => soloGame(2 + (i % 5)));
    for (let i = 0; i < GAMES.multi; i++) jobs.push(() => multiGame(2 + (i % 3), 1 + (i % 2), 2 + (i % 4), i % 4 === 1));
    // A few games at once, as on a real server.
    const running = new Set<Promise<void>>();
    for (const job of jobs) {
      const run: Promise<void> = job().then(collect).finally(() => running.delete(run));
      running.add(run);
      if (running.size >= 16) await Promise.race(running);
    }
    await Promise.all(running);
    expect(games).toBe(GAMES.solo + GAMES.multi);
    expect(frames).toBeGreaterThan(games * 5);
    expect(problems.slice(0, 10)).toEqual([]);
  }, 240_000);
});

describe('face-down loads over the network', () => {
  /** Prefer loading face down on someone else's train, then face down anywhere, then anything. */
  const faceDownFirst = (seat: () => number) => (legal: Action[]): Action => {
    const pick = (xs: Action[]) => xs[Math.floor(Math.random() * xs.length)];
    const down = legal.filter((a) => a.type === 'loadCard' && a.faceDown === true);
    const others = down.filter((a) => a.type === 'loadCard' && a.seat !== seat());
    if (others.length > 0) return pick(others);
    if (down.length > 0 && Math.random() < 0.5) return pick(down);
    return pick(legal);
  };

  it('the id of a face-down card reaches only the client of the seat that loaded it', async () => {
    const first = await ts.client().create('isle', { seats: 3, bots: 0, name: 'P0' });
    const conns = [checked(first, watch(first))];
    for (let i = 1; i < 3; i++) {
      const r = await ts.client().joinById(first.roomId, { name: `P${i}` });
      conns.push(checked(r, watch(r)));
    }
    const spectatorRoom = await ts.client().joinById(first.roomId, { name: 'Watcher' });
    await until(() => conns.every((c) => c.seen.seat !== null) && (first.state as { seats?: unknown[] })?.seats?.length === 3, 5000, 'seats');
    // Raw decoded state: a client must never hold another seat's faceDownCards (nor a spectator any).
    const leaks: string[] = [];
    for (const r of [...conns.map((c) => c.room), spectatorRoom]) {
      r.onStateChange(() => {
        const own = conns.find((c) => c.room === r)?.seen.seat ?? -1;
        for (const p of stateJSON(r).game?.players ?? []) {
          if (p.seat !== own && (p.faceDownCards?.length ?? 0) > 0) leaks.push(`seat ${own} decoded the face-down ids of seat ${p.seat}`);
        }
      });
    }
    const players = conns.map((c) => play(c, 1_000_000, faceDownFirst(() => c.seen.seat!)));
    first.send('start', {});
    const server = inside(ts.room(first.roomId));
    const foreignLoads = () => (server.game?.players ?? []).flatMap((p) => p.train.flatMap((car, ci) => car.loads.flatMap((l, li) => (
      l.kind === 'card' && l.faceDown && l.by !== undefined && l.by !== p.seat ? [{ owner: p.seat, ci, li, by: l.by, card: l.card }] : []))));
    // Play until at least three cards lie face down on trains other than their loader's.
    await until(() => foreignLoads().length >= 3 || server.game?.gameOver === true || conns.some((c) => c.problems.length > 0), 60_000, 'face-down loads');
    for (const p of players) p.paused = true;
    const last = () => (history.get(first.roomId) ?? []).length - 1;
    await until(() => conns.every((c) => c.matched === last() || c.problems.length > 0), 5000, 'clients caught up');

    expect(conns.flatMap((c) => c.problems)).toEqual([]);
    expect(leaks).toEqual([]);
    const loads = foreignLoads();
    expect(loads.length).toBeGreaterThanOrEqual(3);
    // The spectator's patch can arrive a moment after the players' (the waits wake on each frame a player
    // receives): wait until the spectator has decoded every one of those loads before reading its view.
    await until(() => loads.every((l) => viewOf(spectatorRoom, 'spectator')?.players[l.owner]?.train[l.ci]?.loads[l.li] !== undefined), 5000, 'spectator caught up');
    const spectatorView = viewOf(spectatorRoom, 'spectator')!;
    for (const l of loads) {
      for (const c of conns) {
        // Each client's DECODED view: the loader sees the card, everyone else (the owner too) does not.
        const load = viewOf(c.room, c.seen.seat!)!.players[l.owner].train[l.ci].loads[l.li];
        expect(load).toMatchObject({ kind: 'card', faceDown: true, by: l.by, card: c.seen.seat === l.by ? l.card : null });
      }
      expect(spectatorView.players[l.owner].train[l.ci].loads[l.li]).toMatchObject({ faceDown: true, by: l.by, card: null });
    }
    for (const c of conns) quit(c.room);
    quit(spectatorRoom);
  }, 90_000);
});
