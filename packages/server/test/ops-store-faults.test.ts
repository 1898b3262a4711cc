/**
 * A store that cannot write, on a real server in this process with the file
 * store, faults injected through its file-system seam (`io`): while writes fail, actions are refused
 * with STORE_UNAVAILABLE and not applied, every client hears `storage { ok: false }`, /readyz answers
 * 503, isle_store_up is 0 and the condition is logged once; when writes succeed again the server
 * recovers by itself and play goes on. What was acknowledged is exactly what the log holds.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import * as fs from 'fs';
import { Client } from '@colyseus/sdk';
import { legalActions, type Action } from '@isle-of-trains/rules';
import type { IsleServer } from '../src/app';
import { randomBot } from '../src/bots/bots';
import { viewFromState } from '@isle-of-trains/client';
import { createLogger } from '../src/ops/logger';
import { replayLog } from '../src/persistence/restore';
import { FileStore, RoomJournal, StoreHealth, type FileIo, type LogEntry } from '../src/persistence/store';
import { gameLog } from './support/game-log';
import { connect, stateOf, type Player } from './support/ops-game';
import { startInProcess, stopInProcess } from './support/in-process';
import { tempDir, waitFor } from './support/ops-proc';

jest.setTimeout(30_000);

/** The disk: `full` makes every write come back short (ENOSPC mid-line), as a full disk does. */
const disk = { full: false, refusedWrites: 0 };
const io: FileIo = {
  ...fs,
  writeSync: ((fd: number, buf: Buffer) => {
    if (!disk.full) return fs.writeSync(fd, buf);
    disk.refusedWrites++;
    // a real partial write: the first bytes reach the file, the rest does not
    return fs.writeSync(fd, buf.subarray(0, Math.min(7, buf.length)));
  }) as FileIo['writeSync'],
};

const logLines: Record<string, unknown>[] = [];
let srv: IsleServer;
let http: string;
let ws: string;
let dir: string;
const players: Player[] = [];

beforeAll(async () => {
  dir = tempDir('faults');
  const logger = createLogger('info', { write: (s: string) => { logLines.push(JSON.parse(s) as Record<string, unknown>); } });
  ({ srv, http, ws } = await startInProcess({
    PORT: 0, HOST: '127.0.0.1', BOT_DELAY_MS: 0, RECONNECT_SECONDS: 300, RATE_LIMIT: 1000, RATE_LIMIT_BURST: 1000,
    logger, bots: () => randomBot, store: new FileStore(dir, { io, syncIntervalMs: 5 }),
  }));
});
afterAll(() => stopInProcess(srv, players));

let nextId = 0;
/** The solo player sends its first legal action; resolves with the reply. */
async function step(p: Player): Promise<{ type: string; msg: { code?: string }; action: Action }> {
  const view = viewFromState(stateOf(p), 0)!;
  const action = legalActions(view, 0)[0];
  const id = `f${++nextId}`;
  p.room.send('intent', { action, id });
  const reply = await waitFor(`reply ${id}`, () => p.replies.get(id));
  return { ...reply, action };
}

const metric = async (name: string) => {
  const text = await (await fetch(`${http}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(name + ' '));
  return line ? Number(line.slice(name.length + 1)) : NaN;
};

test('writes failing: actions refused (STORE_UNAVAILABLE) and not applied, clients told, not ready, logged once; recovers by itself', async () => {
  const p = await connect(ws, null, { seats: 1, name: 'Ada' });
  players.push(p);
  const roomId = p.seat.roomId;
  await waitFor('solo game', () => (stateOf(p) as { game?: { decisionJson?: string } }).game?.decisionJson);
  const acked: Action[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await step(p);
    expect(r.type).toBe('ack');
    acked.push(r.action);
  }
  expect((await fetch(`${http}/readyz`)).status).toBe(200);
  expect(await metric('isle_store_up')).toBe(1);

  disk.full = true;
  const before = JSON.stringify(stateOf(p).game);
  for (let i = 0; i < 3; i++) {
    const r = await step(p);
    expect(r).toMatchObject({ type: 'error', msg: { code: 'STORE_UNAVAILABLE' } });
  }
  expect(JSON.stringify(stateOf(p).game)).toBe(before); // nothing applied
  expect(p.messages.filter((m) => m.type === 'storage')).toEqual([{ type: 'storage', msg: { ok: false } }]);
  const ready = await fetch(`${http}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ ready: false, store: false });
  expect(await metric('isle_store_up')).toBe(0);
  // a new game is not started unstored either
  await expect(new Client(ws).create('isle', { seats: 2, name: 'Late' })).rejects.toThrow(/STORE_UNAVAILABLE/);
  // the background probe keeps failing for a while (it writes too)
  await waitFor('probes', () => disk.refusedWrites >= 3, 10_000, 20);

  disk.full = false;
  await waitFor('storage ok', () => p.messages.some((m) => m.type === 'storage' && (m.msg as { ok: boolean }).ok), 10_000, 10);
  expect((await fetch(`${http}/readyz`)).status).toBe(200);
  expect(await metric('isle_store_up')).toBe(1);
  for (let i = 0; i < 5; i++) {
    const r = await step(p);
    expect(r.type).toBe('ack');
    acked.push(r.action);
  }

  const down = logLines.filter((l) => String(l.msg).startsWith('store unavailable'));
  const back = logLines.filter((l) => String(l.msg).startsWith('store writable again'));
  expect(down).toHaveLength(1);
  expect(down[0]).toMatchObject({ backend: 'file', code: 'EIO' });
  expect(back).toHaveLength(1);

  // The log holds exactly the acknowledged actions, and no fragment of a refused line.
  await srv.store.flush();
  const text = fs.readFileSync(`${dir}/games/open/${roomId}.jsonl`, 'utf8');
  const entries = text.trimEnd().split('\n').map((l) => JSON.parse(l) as LogEntry);
  expect(entries.filter((e) => e.t === 'action').map((e) => (e as { action: Action }).action)).toEqual(acked);
  expect(entries.map((e) => e.i)).toEqual(entries.map((_, i) => i));
  const r = replayLog(roomId, entries);
  expect(r.kind).toBe('game');
});

test('a failing background fdatasync also stops the journal from taking actions until a probe (which syncs) succeeds', async () => {
  const bad = { on: false };
  const eio = () => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
  const syncIo: FileIo = {
    ...fs,
    fdatasync: ((fd: number, cb: (e: Error | null) => void) => (bad.on ? process.nextTick(cb, eio()) : fs.fdatasync(fd, cb))) as FileIo['fdatasync'],
    fdatasyncSync: ((fd: number) => { if (bad.on) throw eio(); fs.fdatasyncSync(fd); }) as FileIo['fdatasyncSync'],
  };
  const store = new FileStore(tempDir('sync'), { io: syncIo, syncIntervalMs: 1 });
  const health = new StoreHealth(store, undefined, { minDelayMs: 5, maxDelayMs: 20 });
  store.onBackgroundError = (e) => health.failed(e);
  const changes: boolean[] = [];
  const journal = new RoomJournal(store, 'syncroom', health, { onChange: (b) => changes.push(b) });
  const log = gameLog(3, 'sync');
  log.slice(0, 5).forEach((e) => expect(journal.write(e)).toBe(true));
  await store.flush();
  bad.on = true;
  expect(journal.write(log[5])).toBe(true); // written; its sync fails in the background
  await waitFor('store down', () => !health.ok, 5000, 2);
  expect(journal.blocked).toBe(true);
  expect(journal.write(log[6])).toBe(false);
  bad.on = false;
  await waitFor('store up', () => health.ok, 5000, 2);
  expect(journal.blocked).toBe(false);
  expect(journal.write(log[6])).toBe(true);
  expect(changes).toEqual([true, false]);
  health.stop();
  await store.close();
});
