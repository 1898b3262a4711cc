/**
 * The table with several seats deciding at once, over real sockets (a test adapter over Ticket to Ride's
 * rules, whose opening ticket choice every seat makes at the same time: test/support/group-game.ts):
 *  - a seat takes its own choice back while another still chooses; the other has nothing to take back;
 *  - every pending bot seat gets its move, the pending human keeps one deadline for the whole group, and
 *    when it runs out a bot decides for them.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { ttrGame, type GameState } from '@isle-of-trains/ttr-rules';
import { bootServer, until, watch, type Seen, type TestServer } from './support/harness';
import { groupTestGame } from './support/group-game';
import { isleServerGame } from '../src/games/isle';
import { Table } from '../src/table/table';
import type { Match } from '../src/game/match';
import type { AnyServerGame } from '../src/game/server-game';

jest.setTimeout(60_000);

let ts: TestServer;
beforeAll(async () => {
  ts = await bootServer({ MIN_TURN_SECONDS: 1, BOT_DELAY_MS: 50, PLAYERS_DB: 'off', games: { isle: isleServerGame as unknown as AnyServerGame, ttr: groupTestGame as unknown as AnyServerGame } });
});
afterAll(() => ts.close());

const tableOf = (roomId: string): Table => (ts.room(roomId) as unknown as { table: Table }).table;
const matchOf = (roomId: string): Match => tableOf(roomId).match!;
const stateOf = (roomId: string): GameState => matchOf(roomId).state as GameState;
const pendingOf = (roomId: string): number[] => matchOf(roomId).pending().map((d) => d.seat);

let n = 0;
/** Send and wait for the ack or the error that answers it. */
async function send(room: SDKRoom, seen: Seen, type: 'intent' | 'undo' | 'start', body: Record<string, unknown> = {}): Promise<{ ok: boolean; code?: string }> {
  const id = `g${++n}`;
  room.send(type, { ...body, id });
  await until(() => seen.acks.includes(id) || seen.errors.some((e) => e.id === id), 20_000, `reply to ${type} ${id}`);
  const error = seen.errors.find((e) => e.id === id);
  return error ? { ok: false, code: error.code } : { ok: true };
}

test('a seat takes its opening choice back while the other still chooses', async () => {
  const a = await ts.client().create('group-test', { seats: 2, name: 'Ada' });
  const sa = watch(a);
  const b = await ts.client().joinById(a.roomId, { name: 'Bea' });
  const sb = watch(b);
  await until(() => sa.seat === 0 && sb.seat === 1, 10_000, 'seats');
  expect(await send(a, sa, 'start')).toEqual({ ok: true });
  const id = a.roomId;
  await until(() => tableOf(id).match !== null, 10_000, 'the start');
  expect(pendingOf(id)).toEqual([0, 1]);

  const keep = ttrGame.legal(stateOf(id), 0)[0];
  expect(await send(a, sa, 'intent', { action: keep })).toEqual({ ok: true });
  expect(pendingOf(id)).toEqual([1]);
  await until(() => (a.state as { undoable?: number }).undoable === 1, 10_000, 'undoable 1 on the client');
  expect(await send(b, sb, 'undo')).toEqual({ ok: false, code: 'NOTHING_TO_UNDO' });
  expect(await send(a, sa, 'undo')).toEqual({ ok: true });
  expect(pendingOf(id)).toEqual([0, 1]);
  expect(matchOf(id).actions).toEqual([]);
  await until(() => (a.state as { undoable?: number }).undoable === 0, 10_000, 'undoable 0 on the client');

  // Once both have chosen, the opening is over and nothing of it can be taken back.
  expect(await send(a, sa, 'intent', { action: keep })).toEqual({ ok: true });
  expect(await send(b, sb, 'intent', { action: ttrGame.legal(stateOf(id), 1)[0] })).toEqual({ ok: true });
  expect(stateOf(id).turn.step).not.toBe('setup');
  expect((await send(a, sa, 'undo')).ok).toBe(false);
  await a.leave();
  await b.leave();
});

test('the bots of a group each choose, the human keeps one deadline, and a bot decides for them when it runs out', async () => {
  // What the table publishes after each move: the pending seats, the rules' step and the deadline.
  const published: { pending: number[]; step: string; deadline: number }[] = [];
  const proto = Table.prototype;
  const original = proto.broadcastPatch;
  proto.broadcastPatch = function (this: Table) {
    if (this.match) published.push({ pending: this.match.pending().map((d) => d.seat), step: (this.match.state as GameState).turn.step, deadline: this.state.decisionDeadline });
    original.call(this);
  };
  try {
    const a = await ts.client().create('group-test', { seats: 3, bots: 2, turnTimeLimit: 1, name: 'Ada' });
    const sa = watch(a);
    await until(() => sa.seat === 0, 10_000, 'seat');
    expect(await send(a, sa, 'start')).toEqual({ ok: true });
    const id = a.roomId;
    await until(() => tableOf(id).match !== null && stateOf(id).turn.step !== 'setup', 30_000, 'the end of the opening');

    const opening = published.filter((p) => p.step === 'setup');
    // The start, then each bot's choice: the human stays pending throughout, under one deadline.
    expect(opening.map((p) => p.pending)).toEqual([[0, 1, 2], [0, 2], [0]]);
    expect(new Set(opening.map((p) => p.deadline)).size).toBe(1);
    expect(opening[0].deadline).toBeGreaterThan(0);

    const log = (await ts.srv.store.read(id))!;
    const choices = log.filter((e) => e.t === 'action').slice(0, 3) as { seat: number; by?: string }[];
    expect(choices.map((e) => [e.seat, e.by]).sort()).toEqual([[0, 'timeout'], [1, 'bot'], [2, 'bot']]);
    expect(tableOf(id).lines.tail(1000).some((l) => l.type === 'timeout' && l.seat === 0)).toBe(true);
    await a.leave();
  } finally {
    proto.broadcastPatch = original;
  }
});
