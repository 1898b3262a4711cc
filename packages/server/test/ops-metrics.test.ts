/**
 * Metrics and health: GET /metrics in Prometheus text format with rooms and clients by
 * state, intents accepted and rejected by code, intent-to-patch latency, event-loop lag and store
 * write latency; draining turns /readyz to 503, tells clients `restarting` and refuses new rooms.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { Client, type Room } from '@colyseus/sdk';
import { legalActions } from '@isle-of-trains/rules';
import { createServer, type IsleServer } from '../src/app';
import { randomBot } from '../src/bots/bots';
import { stateFromWire, viewFromState, type IsleStateWire, type IsleStateJSON } from '@isle-of-trains/client';
import { waitFor } from './support/ops-proc';

jest.setTimeout(30_000);

let srv: IsleServer;
let http: string;
let ws: string;

beforeAll(async () => {
  srv = createServer({ PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_DELAY_MS: 0, STORE: 'memory', bots: () => randomBot });
  const port = await srv.listen();
  http = `http://127.0.0.1:${port}`;
  ws = `ws://127.0.0.1:${port}`;
});
const rooms: Room[] = [];
afterAll(async () => {
  await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));
  await srv.close();
});

function metricValue(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(name + ' '));
  return line ? Number(line.slice(name.length + 1)) : NaN;
}

interface Joined { room: Room; seat: number; msgs: { type: string; msg: any }[] }

async function join(roomId: string | null, name: string): Promise<Joined> {
  const c = new Client(ws);
  const room = roomId ? await c.joinById(roomId, { name }) : await c.create('isle', { seats: 2, name });
  (room as any).reconnection.enabled = false; // no retries after the server closes
  rooms.push(room);
  const j: Joined = { room, seat: -2, msgs: [] };
  room.onMessage('*', (type: string | number, msg: any) => {
    j.msgs.push({ type: String(type), msg });
    if (type === 'seat') j.seat = msg.seat;
  });
  await waitFor('seat', () => j.seat !== -2 && (room.state as any)?.phase);
  return j;
}

const reply = (j: Joined, id: string) => waitFor(`reply ${id}`, () => j.msgs.find((m) => (m.type === 'ack' || m.type === 'error') && m.msg?.id === id));

test('GET /metrics reports rooms, clients, intents, latencies and the event loop; draining flips /readyz', async () => {
  const a = await join(null, 'Ada');
  const b = await join(a.room.roomId, 'Brunel');
  a.room.send('start', {});
  await waitFor('playing', () => (b.room.state as any).phase === 'playing' && (a.room.state as any).game?.turn);

  const state = (j: Joined) => stateFromWire((j.room.state as any).toJSON() as IsleStateWire) as IsleStateJSON & { game: { decisionJson: string } };
  const d = JSON.parse(state(a).game.decisionJson) as { seat: number };
  const [actor, other] = d.seat === a.seat ? [a, b] : [b, a];
  // one refused (not this seat's turn), one accepted
  other.room.send('intent', { action: { type: 'take', from: 'deck' }, id: 'no' });
  expect((await reply(other, 'no')).msg.code).toBe('NOT_YOUR_TURN');
  const action = legalActions(viewFromState(state(actor), d.seat)!, d.seat)[0];
  actor.room.send('intent', { action, id: 'yes' });
  expect((await reply(actor, 'yes')).type).toBe('ack');

  const res = await fetch(`${http}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/plain/);
  const text = await res.text();
  expect(metricValue(text, 'isle_rooms{phase="playing"}')).toBe(1);
  expect(metricValue(text, 'isle_rooms{phase="lobby"}')).toBe(0);
  expect(metricValue(text, 'isle_clients{state="connected"}')).toBe(2);
  expect(metricValue(text, 'isle_clients{state="reconnecting"}')).toBe(0);
  expect(metricValue(text, 'isle_intents_total{result="accepted",code="ok"}')).toBe(1);
  expect(metricValue(text, 'isle_intents_total{result="rejected",code="NOT_YOUR_TURN"}')).toBe(1);
  expect(metricValue(text, 'isle_intent_to_patch_seconds_count')).toBe(1);
  expect(metricValue(text, 'isle_intent_to_patch_seconds_sum')).toBeGreaterThan(0);
  // create + 2 seats + start + 1 action
  expect(metricValue(text, 'isle_store_write_seconds_count{backend="memory"}')).toBe(5);
  expect(metricValue(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  expect(metricValue(text, 'isle_draining')).toBe(0);
  expect((await fetch(`${http}/readyz`)).status).toBe(200);

  // draining
  await srv.notifyRestart(7);
  for (const j of [a, b]) {
    const m = await waitFor('restarting', () => j.msgs.find((x) => x.type === 'restarting'));
    expect(m.msg).toEqual({ seconds: 7 });
  }
  expect((await fetch(`${http}/readyz`)).status).toBe(503);
  expect((await fetch(`${http}/healthz`)).status).toBe(200);
  expect(metricValue(await (await fetch(`${http}/metrics`)).text(), 'isle_draining')).toBe(1);
  await expect(new Client(ws).create('isle', { seats: 2, name: 'Late' })).rejects.toThrow(/SHUTTING_DOWN/);
});
