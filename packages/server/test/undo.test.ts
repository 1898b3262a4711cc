/**
 * Undo (docs/PROTOCOL.md "Undo"), over the network with real SDK clients:
 *  - a build and the cards paid for it, taken back step by step, leave the decoded client view exactly
 *    as it was before the build (hand, train, discard pile, decision);
 *  - after a card drawn from the deck nothing before it can be taken back (UNDO_BLOCKED), and the
 *    refusal changes nothing;
 *  - the finished game's replay (live, and rebuilt from the store) holds only the actions in force and
 *    replays to the published result;
 *  - a server restarted after an undo brings back the game without the undone steps, and the steps
 *    still in force can be taken back after the restart.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { applyAction, card, createGame, currentDecision, legalActions, scoreBreakdown, type Action, type GameOptions } from '@isle-of-trains/rules';
import { randomBot } from '../src/bots/bots';
import { replayFromLog } from '../src/persistence/restore';
import type { IsleServer } from '../src/app';
import { connect, stateOf, type Player } from './support/ops-game';
import { startInProcess, stopInProcess } from './support/in-process';
import { tempDir, waitFor } from './support/ops-proc';
import { quietBuild, tableWithBuild, view } from './support/quiet-build';

jest.setTimeout(60_000);

const base = { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', RECONNECT_SECONDS: 300, BOT_DELAY_MS: 0, RATE_LIMIT: 10_000, RATE_LIMIT_BURST: 10_000, PATCH_RATE_MS: 10, SHUTDOWN_GRACE_SECONDS: 0, PLAYERS_DB: 'off', bots: () => randomBot, restoreInBackground: false } as const;

let n = 0;
/** Send a message with a fresh id and wait for its ack or error. */
async function send(p: Player, type: 'intent' | 'undo', body: Record<string, unknown> = {}): Promise<{ type: 'ack' | 'error'; msg: { code?: string } }> {
  const id = `u${++n}`;
  p.room.send(type, { ...body, id });
  return waitFor(`reply to ${type} ${id}`, () => p.replies.get(id));
}
async function act(p: Player, action: Action): Promise<void> {
  const r = await send(p, 'intent', { action });
  if (r.type !== 'ack') throw new Error(`${action.type} refused: ${r.msg.code}`);
}
const undoable = (p: Player): number => Number(stateOf(p).undoable);


/** Build, then pay card by card; returns how many steps that was. */
async function buildAndPay(p: Player, build: Action): Promise<number> {
  await act(p, build);
  let steps = 1;
  expect(undoable(p)).toBe(1);
  while (currentDecision(view(p))?.kind === 'pay') {
    await act(p, { type: 'discard', card: view(p).players[0].hand![0] });
    steps++;
    expect(undoable(p)).toBe(steps);
  }
  return steps;
}

describe('over the network', () => {
  let srv: IsleServer;
  let ws: string;
  let http: string;
  const players: Player[] = [];
  beforeAll(async () => { ({ srv, ws, http } = await startInProcess({ ...base })); });
  afterAll(() => stopInProcess(srv, players));

  test('a build with its payment taken back restores hand, train and table exactly', async () => {
    const { p, build } = await tableWithBuild(ws, 2, players);
    const before = view(p);
    expect(undoable(p)).toBe(0);
    const steps = await buildAndPay(p, build);
    expect(steps).toBeGreaterThan(1);
    const built = view(p);
    expect(built.players[0].train.map((c) => c.card)).toContain((build as { card: string }).card);
    expect(built.players[0].hand).not.toEqual(before.players[0].hand);
    for (let k = steps; k > 0; k--) {
      expect((await send(p, 'undo')).type).toBe('ack');
      expect(undoable(p)).toBe(k - 1);
    }
    expect(view(p)).toEqual(before);
    const again = await send(p, 'undo');
    expect(again).toMatchObject({ type: 'error', msg: { code: 'NOTHING_TO_UNDO' } });
    // The log shows neither the undone build nor a notice per step taken back.
    const log = stateOf(p).log as { type: string; text: string }[];
    expect(log.filter((e) => e.type === 'undo')).toHaveLength(0);
    expect(log.some((e) => e.type === 'build')).toBe(false);
  });

  test('after a card drawn from the deck nothing before it can be taken back, and the refusal changes nothing', async () => {
    const { p, build } = await tableWithBuild(ws, 2, players);
    await act(p, { type: 'take', from: 'deck' });
    const drawn = JSON.stringify(stateOf(p));
    const r = await send(p, 'undo');
    expect(r).toMatchObject({ type: 'error', msg: { code: 'UNDO_BLOCKED' } });
    expect(JSON.stringify(stateOf(p))).toEqual(drawn);
    expect(undoable(p)).toBe(0);
    // A quiet step after the draw may be taken back, but only as far as the draw.
    if (legalActions(view(p), 0).some((a) => JSON.stringify(a) === JSON.stringify(build))) {
      await act(p, build);
      expect(undoable(p)).toBe(1);
      expect((await send(p, 'undo')).type).toBe('ack');
      expect((await send(p, 'undo')).msg.code).toBe('UNDO_BLOCKED');
    }
  });

  test('a step taken back gives no extra time: the decision returned to keeps the deadline it had', async () => {
    const { p, build } = await tableWithBuild(ws, 2, players, { turnTimeLimit: 60 });
    const before = Number(stateOf(p).decisionDeadline);
    expect(before).toBeGreaterThan(Date.now());
    await new Promise((r) => setTimeout(r, 30));
    await act(p, build);
    // The next decision (the payment) has a full time of its own ...
    expect(Number(stateOf(p).decisionDeadline)).toBeGreaterThan(before);
    expect((await send(p, 'undo')).type).toBe('ack');
    // ... but taking the build back returns to the build's deadline, not the payment's fresh one.
    expect(Number(stateOf(p).decisionDeadline)).toBe(before);
  });

  test('spectators cannot undo; malformed bodies are refused', async () => {
    const { p } = await tableWithBuild(ws, 2, players);
    const spectator = await connect(ws, p.room.roomId, { name: 'Watcher' });
    players.push(spectator);
    expect((await send(spectator, 'undo')).msg.code).toBe('NOT_YOUR_SEAT');
    p.room.send('undo', { id: 'bad', steps: 3 });
    expect((await waitFor('reply', () => p.replies.get('bad'))).msg.code).toBe('BAD_MESSAGE');
  });

  test('the replay of a finished game after an undo holds only the actions in force and replays to its result', async () => {
    const { p, build } = await tableWithBuild(ws, 1, players);
    const inForce: { seat: number; action: Action }[] = [];
    const steps = await buildAndPay(p, build);
    expect((await send(p, 'undo')).type).toBe('ack'); // the last payment back; the build and earlier payments stay
    // Record what stands: the build and the payments but the last.
    const store = await srv.store.read(p.room.roomId);
    const standing = store!.filter((e) => e.t === 'action').slice(0, steps - 1).map((e) => ({ seat: 0, action: (e as { action: Action }).action }));
    inForce.push(...standing);
    expect(store!.filter((e) => e.t === 'undo')).toHaveLength(1);
    // Play to the end, one legal action at a time (solo games end when the deck runs out).
    for (let i = 0; i < 2000 && stateOf(p).phase !== 'ended'; i++) {
      const v = view(p);
      const legal = legalActions(v, 0).filter((a) => a.type !== 'returnCard');
      if (legal.length === 0) { await new Promise((r) => setTimeout(r, 5)); continue; }
      const a = legal[i % legal.length];
      await act(p, a);
      inForce.push({ seat: 0, action: a });
    }
    await waitFor('the end', () => stateOf(p).phase === 'ended');
    const res = await fetch(`${http}/api/games/${p.room.roomId}/replay`);
    const replay = await res.json() as { options: GameOptions; actions: { seat: number; action: Action }[]; finalScores: unknown };
    expect(replay.actions).toEqual(inForce);
    let s = createGame(replay.options);
    for (const { seat, action } of replay.actions) {
      const r = applyAction(s, seat, action);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
    expect(s.gameOver).toBe(true);
    expect(scoreBreakdown(s)).toEqual(replay.finalScores);
    // The same from the stored log (the replay a restarted server serves).
    const fromStore = replayFromLog(p.room.roomId, (await srv.store.read(p.room.roomId))!);
    expect(fromStore!.actions).toEqual(inForce);
  });
});

test('a restart after an undo brings back the game without the undone step, and the steps in force can still be taken back', async () => {
  const dir = tempDir('undo');
  const players: Player[] = [];
  let { srv, ws } = await startInProcess({ ...base, DATA_DIR: dir });
  const { p, build } = await tableWithBuild(ws, 2, players);
  const before = view(p);
  const steps = await buildAndPay(p, build);
  expect((await send(p, 'undo')).type).toBe('ack');
  const expected = view(p);
  expect(currentDecision(expected)?.kind).toBe('pay');
  const roomId = p.room.roomId;
  const token = p.seat.token;
  await srv.close(); // the player is still seated: the game stays open in the store
  ({ srv, ws } = await startInProcess({ ...base, DATA_DIR: dir }));
  try {
    const back = await connect(ws, roomId, { seatToken: token });
    players.push(back);
    await waitFor('the restored table', () => stateOf(back).game && undoable(back) === steps - 1);
    expect(view(back)).toEqual(expected);
    expect((stateOf(back).log as { type: string }[]).some((e) => e.type === 'build')).toBe(true);
    for (let k = steps - 1; k > 0; k--) expect((await send(back, 'undo')).type).toBe('ack');
    expect(view(back)).toEqual(before);
    // The restored log loses the undone steps' lines too.
    expect((stateOf(back).log as { type: string }[]).some((e) => e.type === 'build' || e.type === 'discard')).toBe(false);
  } finally {
    await stopInProcess(srv, players.slice(-1));
  }
});
