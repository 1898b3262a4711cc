/**
 * The analysis route end to end: a solo game played through the network, refused while it runs, then
 * analysed in the coach's worker thread with progress to poll, the result computed once and read again.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import * as fs from 'fs';
import * as path from 'path';
import type { CoachAnalysis } from '@isle-of-trains/bots';
import { autoplay, bootServer, getJSON, until, watch, type TestServer } from './support/harness';

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ COACH_WORKERS: 1, COACH_WORLDS: 2 }); });
afterAll(async () => { await ts.close(); });

const post = async <T>(url: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(url, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as T };
};

type Status = { status: 'running'; done: number; total: number } | { status: 'done'; analysis: CoachAnalysis };

it('refuses a game in play, then analyses the ended game once, with progress', async () => {
  const room = await ts.client().create('isle', { seats: 1, name: 'Solo' });
  const seen = watch(room);
  await until(() => seen.seat === 0 && (room.state as { phase?: string })?.phase === 'playing', 10_000, 'solo game');
  const at = (seat: number | string) => `${ts.http}/api/games/${room.roomId}/analysis/${seat}`;
  expect(await post(at(0))).toMatchObject({ status: 409, body: { code: 'NOT_ENDED' } });

  // Drawing from the deck whenever possible runs the Challenge's deck out quickly.
  autoplay(room, seen, { choose: (pool) => pool.find((a) => a.type === 'take' && a.from === 'deck') ?? pool[0] });
  await until(() => (room.state as { phase?: string }).phase === 'ended', 90_000, 'end of the solo game');

  expect(await getJSON(at(0))).toMatchObject({ status: 404, body: { code: 'ANALYSIS_NOT_STARTED' } });
  expect(await post(at(1))).toMatchObject({ status: 400, body: { code: 'BAD_SEAT' } });
  expect(await post(at('x'))).toMatchObject({ status: 400, body: { code: 'BAD_SEAT' } });
  expect(await post(`${ts.http}/api/games/no-such-game/analysis/0`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });

  const first = await post<Status>(at(0));
  expect([200, 202]).toContain(first.status);
  const polls: Status[] = [first.body];
  let last = first;
  while (last.status !== 200) {
    await new Promise((r) => setTimeout(r, 50));
    last = await getJSON<Status>(at(0));
    expect([200, 202]).toContain(last.status);
    polls.push(last.body);
  }
  const running = polls.filter((p): p is Extract<Status, { status: 'running' }> => p.status === 'running');
  for (const p of running) expect(p.done).toBeLessThanOrEqual(p.total);
  const analysis = (last.body as Extract<Status, { status: 'done' }>).analysis;
  expect(analysis.seat).toBe(0);
  expect(analysis.unit).toBe('points');
  expect(analysis.decisions).toBeGreaterThan(0);
  expect(analysis.seed).toBe(`coach:${room.roomId}:0`);
  for (const m of analysis.marks) expect(m.text).toMatch(/cost you about/);

  // Asked again (by anyone): the same analysis, not computed a second time.
  expect(await post(at(0))).toEqual({ status: 200, body: { status: 'done', analysis } });
  await until(() => ts.logLines.some((l) => l.includes('"game analysed"')), 10_000, 'the analysis log line');
  expect(ts.logLines.filter((l) => l.includes('"game analysed"') && l.includes(room.roomId))).toHaveLength(1);
}, 480_000);

it('lists every refusal of the analysis route in docs/PROTOCOL.md', () => {
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'PROTOCOL.md'), 'utf8');
  const sources = ['coach-routes.ts', 'coach-service.ts'].map((f) => fs.readFileSync(path.join(__dirname, '..', 'src', 'coach', f), 'utf8')).join('\n');
  const codes = new Set([...sources.matchAll(/'([A-Z][A-Z_]{3,})'/g)].map((m) => m[1]));
  expect(codes.size).toBeGreaterThanOrEqual(8);
  for (const code of codes) expect(doc).toMatch(new RegExp(`\\| \\d{3} \\| \`${code}\` \\|`));
});
