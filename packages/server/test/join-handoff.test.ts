/**
 * A client that joins between two patches decodes exactly the server's state (src/colyseus-patches/view-handoff.ts).
 * A rejoin writes to the state (the log's "Ada joined." line) and the new client's full state holds
 * that change; without the hand-off the next patch replayed it on that client too: a push into the
 * log's string list inserted a second copy and the window's shift dropped one line more. The room's
 * patch timer is stopped, so the change waits exactly as it may between two ticks, and a 3-line
 * window makes the join shift it.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { matchMaker } from '@colyseus/core';
import { randomBot } from '../src/bots/bots';
import { connect, play, twoSeatGame, type Player } from './support/ops-game';
import { startInProcess, stopInProcess } from './support/in-process';
import { waitFor } from './support/ops-proc';

jest.setTimeout(60_000);

const options = {
  PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', LOG_ENTRIES: 3, RATE_LIMIT: 10_000, RATE_LIMIT_BURST: 10_000,
  SHUTDOWN_GRACE_SECONDS: 0, PLAYERS_DB: 'off', bots: () => randomBot, restoreInBackground: false,
} as const;

const decodedLog = (p: Player): string[] => [...(p.room.state as unknown as { logJson: string[] }).logJson];

test('a player back mid-game on a new connection decodes the same log window as the server', async () => {
  const { srv, ws } = await startInProcess(options);
  const players: Player[] = [];
  try {
    const { ada, bea } = await twoSeatGame(ws, players);
    await play([ada, bea], [], 12);
    const room = matchMaker.getLocalRoomById(ada.room.roomId) as unknown as { state: { logJson: string[] }; setPatchRate(ms: number | null): void; broadcastPatch(): boolean };
    room.setPatchRate(null);
    // Ada reloads: a new connection with her seat token (the old one is closed); the rejoin writes its line.
    const back = await connect(ws, ada.room.roomId, { seatToken: ada.seat.token });
    players.splice(0, 1, back);
    room.broadcastPatch();
    const server = [...room.state.logJson];
    await waitFor('Bea has the last line', () => decodedLog(bea).at(-1) === server.at(-1));
    await new Promise((r) => setTimeout(r, 200));
    expect(decodedLog(back)).toEqual(server);
    expect(decodedLog(bea)).toEqual(server);
  } finally {
    await stopInProcess(srv, players);
  }
});
