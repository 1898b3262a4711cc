/**
 * Bot decisions in worker threads, off the event loop: the pool answers with the bot's action; a worker that
 * crashes or hangs is replaced and the seat gets a greedy move instead; and a room drops an answer that
 * comes back after the game moved on.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import os from 'os';
import path from 'path';
import { readdirSync, readFileSync } from 'fs';
import { greedyChoice } from '@isle-of-trains/bots';
import { createGame, legalActions, playerView, type Action, type GameState } from '@isle-of-trains/rules';
import { BotPool, type BotTask } from '../src/bots/bot-pool';
import { Metrics } from '../src/ops/metrics';
import type { BotPlayer } from '../src/bots/bots';
import { bootServer, until, watch, type TestServer } from './support/harness';
import { inside } from './support/room-inside';

jest.setTimeout(120_000);

const faulty = path.resolve(__dirname, 'support/faulty-bot-worker.ts');

function task(s: GameState, seed: number): BotTask {
  return { level: 'greedy', view: playerView(s, 0), seat: 0, history: [], seed };
}

describe('the bot worker pool', () => {
  const fallbacks: string[] = [];
  let pool: BotPool;
  beforeAll(() => { pool = new BotPool({ filename: faulty, threads: 1, timeoutMs: 60_000, onFallback: (why) => fallbacks.push(why) }); });
  afterAll(async () => { await pool.close(); });

  const s = createGame({ players: 2, seed: 'pool' });
  const greedyFallback = (seed: number) => greedyChoice({ view: { ...playerView(s, 0), kind: 'view' }, seat: 0, history: [] }, { seed });

  it('returns the bot\'s legal action, computed in the worker', async () => {
    const a = await pool.choose(task(s, 7));
    expect(legalActions(s, 0)).toContainEqual(a);
    expect(fallbacks).toEqual([]);
  });

  it('a crashed worker is replaced, and that decision falls back to a greedy move', async () => {
    const a = await pool.choose(task(s, 1));
    expect(fallbacks).toEqual(['error']);
    expect(a).toEqual(greedyFallback(1));
    // The pool still answers from a worker (a fresh thread): no further fallback.
    const b = await pool.choose(task(s, 8));
    expect(legalActions(s, 0)).toContainEqual(b);
    expect(fallbacks).toEqual(['error']);
    expect(pool.counts.errors).toBe(1);
  });

  it('/metrics reports the pool\'s fallbacks (isle_bot_fallbacks_total)', async () => {
    const text = await new Metrics(() => [], {}, () => pool.counts).text();
    expect(text).toMatch(/^isle_bot_fallbacks_total\{why="error"\} 1$/m);
    expect(text).toMatch(/^isle_bot_fallbacks_total\{why="timeout"\} 0$/m);
    // Without a pool (bots on the main thread) both read 0.
    expect(await new Metrics().text()).toMatch(/^isle_bot_fallbacks_total\{why="error"\} 0$/m);
  });

  it('a hung worker is stopped at the time limit and replaced; the seat gets a greedy move', async () => {
    const hung = new BotPool({ filename: faulty, threads: 1, timeoutMs: 1500, onFallback: (why) => fallbacks.push(why) });
    try {
      // Loading the worker from TypeScript takes seconds on a busy machine: warm the thread up first, with
      // room to spare, so that only the hang meets the 1.5 s limit.
      await hung.choose(task(s, 9), 60_000);
      const a = await hung.choose(task(s, 2));
      expect(fallbacks.slice(-1)).toEqual(['timeout']);
      expect(a).toEqual(greedyFallback(2));
      const b = await hung.choose(task(s, 10), 60_000);
      expect(legalActions(s, 0)).toContainEqual(b);
      expect(hung.counts).toEqual({ decisions: 3, timeouts: 1, errors: 0 });
    } finally {
      await hung.close();
    }
  });
});

/**
 * The nice value of one thread of this process (field 19 of /proc/<pid>/task/<tid>/stat), or null for a thread that
 * ended between the listing of the threads and this read (an earlier test's worker threads still closing).
 */
function threadNice(tid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('bot worker threads yield to the event loop', () => {
  it('searches at a higher nice value than the main thread, which keeps its own (Linux: nice is per thread)', async () => {
    const base = os.getPriority(process.pid);
    expect(base).toBeLessThan(19);
    const wanted = Math.min(19, base + 5);
    const before = new Set(readdirSync(`/proc/${process.pid}/task`).map(Number).filter((t) => threadNice(t) === wanted));
    process.env.BOT_WORKER_NICE = String(wanted);
    const real = new BotPool({ threads: 1, timeoutMs: 60_000 });
    try {
      // The real worker module (not the faulty one): it lowers its own thread's priority as it loads.
      const a = await real.choose(task(createGame({ players: 2, seed: 'nice' }), 4));
      expect(legalActions(createGame({ players: 2, seed: 'nice' }), 0)).toContainEqual(a);
      expect(real.counts).toEqual({ decisions: 1, timeouts: 0, errors: 0 });
      const niced = readdirSync(`/proc/${process.pid}/task`).map(Number).filter((t) => threadNice(t) === wanted && !before.has(t));
      expect(niced.length).toBeGreaterThanOrEqual(1);
      expect(niced).not.toContain(process.pid);
      expect(threadNice(process.pid)).toBe(base);
    } finally {
      delete process.env.BOT_WORKER_NICE;
      await real.close();
    }
  });
});

describe('a room and answers from elsewhere', () => {
  let ts: TestServer;
  /** A bot whose answers the test releases by hand. */
  const pending: { view: ReturnType<typeof playerView>; resolve: (a: Action) => void }[] = [];
  const slowBot: BotPlayer = {
    chooseAction: ({ view }) => new Promise<Action>((resolve) => { pending.push({ view, resolve }); }),
  };
  beforeAll(async () => { ts = await bootServer({ MIN_TURN_SECONDS: 1, bots: () => slowBot }); });
  afterAll(async () => { await ts.close(); });

  it('drops a bot answer that arrives after the game moved on', async () => {
    const r = await ts.client().create('isle', { seats: 1, name: 'Slow', turnTimeLimit: 1 });
    watch(r);
    const room = () => {
      const x = ts.room(r.roomId) as unknown as { disconnect(code?: number): Promise<unknown> };
      const m = inside(x);
      return { game: m.game as GameState, actionLog: m.actionLog, disconnect: (code?: number) => x.disconnect(code) };
    };
    // The turn timer runs out: a bot is asked to decide for the player, and has not answered yet.
    await until(() => pending.length === 1, 5000, 'the bot is asked');
    const old = pending[0];
    // Meanwhile the player moves.
    r.send('intent', { id: 1, action: { type: 'take', from: 'deck' } });
    await until(() => room().actionLog.length === 1, 3000, 'the player\'s move');
    const after = JSON.stringify(room().game);
    // The bot's answer for the old position arrives now: it must change nothing.
    old.resolve(legalActions(old.view, 0).find((a) => a.type === 'take' && a.from === 'display')!);
    await until(() => ts.logLines.some((l) => l.includes('after the game moved on')), 3000, 'the drop is logged');
    expect(room().actionLog).toHaveLength(1);
    expect(JSON.stringify(room().game)).toBe(after);
    await room().disconnect(4000);
  });
});
