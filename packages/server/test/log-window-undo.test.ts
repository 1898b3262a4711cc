/**
 * An undo once the state's log window is full, as real SDK clients decode it (the player who takes the
 * step back and a spectator): each client's decoded `logJson` equals the server's window after every
 * undo, so the undone line is gone and no number is shown twice. The window used to be spliced and
 * filled back from the front in the same patch, which the SDK's decoder got wrong: clients kept the
 * undone line beside the `undo` line under the same number (`21:build 21:undo`), while a fresh join
 * (a full state) was right.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { matchMaker } from '@colyseus/core';
import { currentDecision, legalActions, type Action } from '@isle-of-trains/rules';
import { randomBot } from '../src/bots/bots';
import { connect, stateOf, type Player } from './support/ops-game';
import { startInProcess, stopInProcess } from './support/in-process';
import { waitFor } from './support/ops-proc';
import { view } from './support/quiet-build';

jest.setTimeout(90_000);

const WINDOW = 20;
const base = { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_DELAY_MS: 0, RATE_LIMIT: 10_000, RATE_LIMIT_BURST: 10_000, SHUTDOWN_GRACE_SECONDS: 0, PLAYERS_DB: 'off', LOG_ENTRIES: WINDOW, bots: () => randomBot, restoreInBackground: false } as const;

let n = 0;
async function send(p: Player, type: 'intent' | 'undo', body: Record<string, unknown> = {}): Promise<'ack' | 'error'> {
  const id = `w${++n}`;
  p.room.send(type, { ...body, id });
  return (await waitFor(`reply to ${type} ${id}`, () => p.replies.get(id), 20_000)).type;
}

const decoded = (p: Player): string[] => [...(p.room.state as unknown as { logJson: string[] }).logJson];
const numbers = (window: string[]): number[] => window.map((l) => (JSON.parse(l) as [number])[0]);

test('after each undo with a full log window, the player and a spectator decode exactly the server\'s window', async () => {
  const { srv, ws } = await startInProcess(base);
  const players: Player[] = [];
  try {
    const ada = await connect(ws, null, { seats: 2, bots: 1, name: 'Ada' });
    players.push(ada);
    const spy = await connect(ws, ada.room.roomId, { spectate: true, name: 'Sy' });
    players.push(spy);
    const server = () => (matchMaker.getLocalRoomById(ada.room.roomId) as unknown as { state: { logJson: string[]; phase: string } }).state;
    ada.room.send('start', {});
    let undos = 0;
    let shortLines = 0;
    let games = 1;
    let player = ada;
    while (undos < 8) {
      await waitFor('my decision or the end', () => stateOf(player).phase === 'ended' || (stateOf(player).phase === 'playing' && currentDecision(view(player))?.seat === 0), 30_000);
      if (stateOf(player).phase === 'ended') {
        // A long run of blocked steps may end the game first: another table, same checks.
        expect(++games).toBeLessThan(6);
        player = await connect(ws, null, { seats: 2, bots: 1, name: 'Ada' });
        players.push(player);
        player.room.send('start', {});
        continue;
      }
      const full = server().logJson.length === WINDOW;
      if (full && Number(stateOf(player).undoable) > 0) {
        expect(await send(player, 'undo')).toBe('ack');
        undos++;
        const want = [...server().logJson];
        const watchers = player === ada ? [ada, spy] : [player];
        // Generous wait for the patch (no timing asserted); then the decoded windows must be the server's.
        await waitFor('the clients in step', () => watchers.every((p) => decoded(p).at(-1) === want.at(-1)), 10_000).catch(() => undefined);
        for (const p of watchers) {
          expect(decoded(p)).toEqual(want);
          expect(new Set(numbers(decoded(p))).size).toBe(decoded(p).length);
          // Every line of the window reads as words through the client package, short lines too.
          const log = stateOf(p).log;
          expect(log.map((l) => l.n)).toEqual(numbers(want));
          expect(log.every((l) => l.text !== '')).toBe(true);
        }
        shortLines += want.filter((l) => typeof (JSON.parse(l) as unknown[])[2] === 'number').length;
        continue;
      }
      const legal = legalActions(view(player), 0);
      const pick: Action = legal[Math.floor(Math.random() * legal.length)];
      await send(player, 'intent', { action: pick });
    }
    expect(undos).toBe(8);
    // The rules' lines travelled short (a template and its words), the room's notices whole.
    expect(shortLines).toBeGreaterThan(8 * 10);
  } finally {
    await stopInProcess(srv, players);
  }
});
