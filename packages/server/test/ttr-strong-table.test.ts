/**
 * The second game's strong bot at a table: a `ttr` room created with `botLevel: 'strong'` gets its bot from
 * the server's bot worker pool (the decisions run in a worker thread, not on the event loop), and the game
 * is played to its end, every bot move an answer of the pool.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { ttrGame } from '@isle-of-trains/ttr-rules';
import { ttrChooseAction } from '@isle-of-trains/bots';
import { ttrGameFromWire, ttrViewFromGame, TTR_ROOM_NAME, type TtrGameWire } from '@isle-of-trains/client/protocol';
import { BotPool } from '../src/bots/bot-pool';
import { workerBots, type BotFactory, type BotLevel } from '../src/bots/bots';
import { createGame, playerView } from '@isle-of-trains/rules';
import { bootServer, until, watch, type Seen, type TestServer } from './support/harness';

jest.setTimeout(600_000);

let ts: TestServer;
let pool: BotPool;
const fallbacks: string[] = [];
/** The levels the room asked the pool's second-game source for. */
const asked: BotLevel[] = [];

beforeAll(async () => {
  pool = new BotPool({ threads: 1, timeoutMs: 60_000, onFallback: (why) => fallbacks.push(why) });
  // Loading the worker from TypeScript takes seconds on a busy machine: one Isle decision warms it up.
  const warm = createGame({ players: 2, seed: 'warm' });
  await pool.choose({ level: 'greedy', view: playerView(warm, 0), seat: 0, history: [], seed: 1 });
  const base = workerBots(pool);
  const bots: BotFactory = Object.assign((level: BotLevel) => base(level), {
    ttr: (level: BotLevel) => { asked.push(level); return base.ttr!(level); },
  });
  ts = await bootServer({ BOT_DELAY_MS: 0, PLAYERS_DB: 'off', bots });
});
afterAll(async () => {
  await ts.close();
  await pool.close();
});

type Decoded = { phase: string; game?: TtrGameWire | null; scoresJson: string };
const decoded = (room: SDKRoom): Decoded => (room.state as { toJSON(): Decoded }).toJSON();
const viewOf = (room: SDKRoom, seat: number) => {
  const g = decoded(room).game;
  return g ? ttrViewFromGame(ttrGameFromWire(g), seat) : null;
};

let n = 0;
async function send(room: SDKRoom, seen: Seen, type: 'intent' | 'start', body: Record<string, unknown> = {}): Promise<{ ok: boolean; code?: string }> {
  const id = `s${++n}`;
  room.send(type, { ...body, id });
  await until(() => seen.acks.includes(id) || seen.errors.some((e) => e.id === id), 60_000, `reply to ${type} ${id}`);
  const error = seen.errors.find((e) => e.id === id);
  return error ? { ok: false, code: error.code } : { ok: true };
}

test('a 2-seat table with the strong bot plays to the end, the bot deciding in the worker pool', async () => {
  const a = await ts.client().create(TTR_ROOM_NAME, { seats: 2, bots: 1, botLevel: 'strong', name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 10_000, 'seat');
  expect(await send(a, sa, 'start')).toEqual({ ok: true });
  const before = pool.counts.decisions;

  let moves = 0;
  const refused: string[] = [];
  while (decoded(a).phase !== 'ended') {
    const view = viewOf(a, 0);
    if (view && ttrGame.pending(view).some((d) => d.seat === 0)) {
      const action = ttrChooseAction({ view, seat: 0, history: [] }, { level: 'greedy', seed: moves });
      const r = await send(a, sa, 'intent', { action });
      if (!r.ok) refused.push(r.code ?? '?');
      moves++;
      expect(moves).toBeLessThan(2_000);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  expect(refused).toEqual([]);
  await until(() => decoded(a).scoresJson !== '', 10_000, 'the scores');
  const scores = JSON.parse(decoded(a).scoresJson) as { players: { seat: number }[]; winners: number[] };
  expect(scores.players.map((p) => p.seat)).toEqual([0, 1]);
  expect(scores.winners.length).toBeGreaterThan(0);

  // The room asked the pool for the strong bot, and the bot's moves were the pool's answers: from a worker,
  // or, should one overrun the pool's limit on a loaded machine (seen once at load 35), its greedy fallback.
  expect(asked).toContain('strong');
  const botMoves = (await ts.srv.store.read(a.roomId))!.filter((e) => e.t === 'action' && e.seat === 1).length;
  expect(botMoves).toBeGreaterThan(10);
  expect(pool.counts.decisions - before).toBeGreaterThanOrEqual(botMoves);
  expect(fallbacks.length).toBeLessThan(botMoves / 2);
  await a.leave();
});
