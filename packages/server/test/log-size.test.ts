/**
 * The log's weight in the room state: the log was 66–73 % of a mid-game full state with 60 entries in the state. The
 * full state a player gets on a mid-game rejoin, with the old window (60) and the new default (20),
 * in the same kind of game (two greedy seats, 120 actions): printed, and the new one must be smaller.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { matchMaker } from '@colyseus/core';
import { randomBot } from '../src/bots/bots';
import { connect, play, twoSeatGame, type Player } from './support/ops-game';
import { startInProcess, stopInProcess } from './support/in-process';

jest.setTimeout(90_000);

const base = { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', RECONNECT_SECONDS: 300, BOT_DELAY_MS: 0, RATE_LIMIT: 10_000, RATE_LIMIT_BURST: 10_000, PATCH_RATE_MS: 10, SHUTDOWN_GRACE_SECONDS: 0, PLAYERS_DB: 'off', bots: () => randomBot, restoreInBackground: false } as const;

async function rejoinBytes(logEntries: number | undefined): Promise<{ full: number; log: number }> {
  const { srv, ws } = await startInProcess({ ...base, ...(logEntries ? { LOG_ENTRIES: logEntries } : {}) });
  const players: Player[] = [];
  try {
    const { ada, bea } = await twoSeatGame(ws, players);
    await play([ada, bea], [], 120);
    const back = await connect(ws, ada.room.roomId, { seatToken: ada.seat.token });
    players.splice(0, 1, back);
    const room = matchMaker.getLocalRoomById(ada.room.roomId) as unknown as { _serializer: { getFullState(c: unknown): Uint8Array }; clients: { sessionId: string }[]; state: { logJson: string[] } };
    const client = room.clients.find((c) => c.sessionId === back.room.sessionId)!;
    const full = room._serializer.getFullState(client).byteLength;
    const log = room.state.logJson.reduce((sum, line) => sum + Buffer.byteLength(line) + 2, 0);
    return { full, log };
  } finally {
    await stopInProcess(srv, players);
  }
}

test('a mid-game rejoin\'s full state is smaller with the 20-line window than with 60', async () => {
  const before = await rejoinBytes(60);
  const after = await rejoinBytes(undefined);
  console.log(`mid-game rejoin full state: LOG_ENTRIES 60 ${before.full} B (log ~${before.log} B, ${Math.round(100 * before.log / before.full)} %); default (20) ${after.full} B (log ~${after.log} B, ${Math.round(100 * after.log / after.full)} %)`);
  expect(after.full).toBeLessThan(before.full);
  expect(after.log / after.full).toBeLessThan(0.5);
});
