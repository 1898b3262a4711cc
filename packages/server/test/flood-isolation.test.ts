/**
 * Flood isolation, run with the tests: one connection floods the server in each of four ways (small
 * intents, 60 KB bodies, garbage frames, request frames), one after another, while a well-behaved
 * player plays a solo game in another room. Asserted: each flooder is closed with its documented code
 * (4029 for a rate flood; 1009 at once for a frame over MAX_PAYLOAD_BYTES), the player's every move is
 * answered, and the game finishes. The player's intent → ack latency per phase is printed (not
 * asserted: timing belongs to `npm run bench:flood`, whose figures are in BENCHMARKS.md).
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { currentDecision, legalActions } from '@isle-of-trains/rules';
import { bootServer, sleep, until, viewOf, watch, type Seen, type TestServer } from './support/harness';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ RATE_LIMIT: 10, RATE_LIMIT_BURST: 30 }); });
afterAll(async () => { await ts.close(); });

/** The steady player stays under its rate limit (RATE_LIMIT 10 a second). */
const PACE_MS = 110;
type Mode = 'intents' | 'big' | 'garbage' | 'requests';
const big = 'x'.repeat(60_000);
const garbage = new Uint8Array([99, 1, 2, 3, 4, 5, 6, 7]);

/** Flood from a fresh connection until the server closes it; resolves with the close code. */
async function flood(mode: Mode): Promise<number> {
  const r = await ts.client().create('isle', { seats: 2, name: 'Flood' });
  r.reconnection.enabled = false;
  r.onMessage('*', () => undefined);
  let code: number | null = null;
  r.onLeave((c) => { code = c; });
  const t0 = Date.now();
  while (code === null && Date.now() - t0 < 15_000) {
    for (let i = 0; i < 50 && r.connection.isOpen; i++) {
      if (mode === 'intents') r.send('intent', { action: { type: 'take', from: 'deck' } });
      else if (mode === 'big') r.send('intent', { action: { type: 'take' }, pad: big });
      else if (mode === 'garbage') r.connection.send(garbage);
      else r.request('intent', { action: { type: 'take', from: 'deck' } }).catch(() => undefined);
    }
    await sleep(2);
  }
  await until(() => code !== null, 3000, `flooder (${mode}) closed`);
  return code!;
}

interface Steady { room: SDKRoom; seen: Seen; n: number; ms: number[] }

/** One move of the steady player: a random legal action, timed until its ack. */
async function move(p: Steady): Promise<void> {
  const view = viewOf(p.room, p.seen.seat!);
  const d = view && currentDecision(view);
  if (!view || !d || d.seat !== p.seen.seat) { await sleep(5); return; }
  const legal = legalActions(view, p.seen.seat!);
  const pool = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
  const action = pool[Math.floor(Math.random() * pool.length)];
  const id = `s${++p.n}`;
  const acks = p.seen.acks.length;
  const errors = p.seen.errors.length;
  const t0 = performance.now();
  p.room.send('intent', { action, id });
  await until(() => p.seen.acks.length > acks || p.seen.errors.length > errors, 5000, `reply to ${id}`);
  p.ms.push(performance.now() - t0);
}

const q = (xs: number[], f: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(f * s.length))] ?? NaN;
};

test('four kinds of flood: each flooder is closed with its code, and another room plays on to the end', async () => {
  const room = await ts.client().create('isle', { seats: 1, name: 'Steady' });
  const seen = watch(room);
  await until(() => seen.seat === 0 && (room.state as { phase?: string })?.phase === 'playing', 5000, 'solo game');
  const p: Steady = { room, seen, n: 0, ms: [] };
  const rows: [string, number[]][] = [];
  let playing = true;
  let phase: number[] = [];
  const player = (async () => {
    while (playing && (room.state as { phase?: string }).phase !== 'ended') {
      await move(p);
      phase.push(...p.ms.splice(0));
      await sleep(PACE_MS);
    }
  })();

  const measure = async (label: string, during: () => Promise<unknown>) => {
    phase = [];
    await during();
    rows.push([label, phase]);
  };
  await measure('no flood', () => sleep(1500));
  const codes: Record<Mode, number> = { intents: 0, big: 0, garbage: 0, requests: 0 };
  for (const mode of ['intents', 'big', 'garbage', 'requests'] as Mode[]) {
    await measure(`flood: ${mode}`, async () => { codes[mode] = await flood(mode); });
  }
  expect(codes).toEqual({ intents: CLOSE_CODES.FLOODING, big: CLOSE_CODES.MESSAGE_TOO_BIG, garbage: CLOSE_CODES.FLOODING, requests: CLOSE_CODES.FLOODING });

  // The steady player was never refused, and its game plays on to the end.
  await until(() => (room.state as { phase?: string }).phase === 'ended', 90_000, 'solo game over');
  playing = false;
  await player;
  expect(seen.errors).toEqual([]);
  expect(seen.acks.length).toBe(p.n);
  const base = q(rows[0][1], 0.99);
  // eslint-disable-next-line no-console
  console.log(['flood isolation (in-process; timing is bench:flood\'s):', ...rows.map(([label, xs]) =>
    `${label}: ${xs.length} moves, p50 ${q(xs, 0.5).toFixed(1)} ms, p99 ${q(xs, 0.99).toFixed(1)} ms (${(q(xs, 0.99) / base).toFixed(2)}× no-flood p99)`)].join('\n'));
  await room.leave();
}, 150_000);
