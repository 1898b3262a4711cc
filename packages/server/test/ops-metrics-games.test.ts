/**
 * Metrics an operator needs: games started, finished and abandoned, bot moves,
 * restores that needed repair, store health, on /metrics of a real server in this process.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { legalActions } from '@isle-of-trains/rules';
import type { IsleServer } from '../src/app';
import { randomBot } from '../src/bots/bots';
import { viewFromState } from '@isle-of-trains/client';
import { MemoryStore } from '../src/persistence/store';
import { connect, stateOf, type Player } from './support/ops-game';
import { startInProcess, stopInProcess } from './support/in-process';
import { gameLog } from './support/game-log';
import { waitFor } from './support/ops-proc';

jest.setTimeout(60_000);

let srv: IsleServer;
let http: string;
let ws: string;
const players: Player[] = [];

beforeAll(async () => {
  const store = new MemoryStore();
  // one damaged log to restore: its last action is one the rules refuse
  const log = gameLog(3, 'metrics');
  [...log, { ...log[log.length - 1] }, { ...log[4] }].forEach((e) => store.append('damaged1', e));
  ({ srv, http, ws } = await startInProcess({
    PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_DELAY_MS: 0, MAX_UNATTENDED_MOVES: 3, RATE_LIMIT: 1000, RATE_LIMIT_BURST: 1000,
    RECONNECT_SECONDS: 300, bots: () => randomBot, store,
  }));
});
afterAll(() => stopInProcess(srv, players));

async function metrics(): Promise<(name: string) => number> {
  const text = await (await fetch(`${http}/metrics`)).text();
  return (name) => {
    const line = text.split('\n').find((l) => l.startsWith(name + ' '));
    return line ? Number(line.slice(name.length + 1)) : NaN;
  };
}

test('games started, finished and abandoned; bot moves; repaired restores; store up', async () => {
  let m = await metrics();
  expect(m('isle_games_total{event="started"}')).toBe(0);
  expect(m('isle_restore_problems_total{outcome="salvaged"}')).toBe(1);
  expect(m('isle_restore_problems_total{outcome="quarantined"}')).toBe(0);
  expect(m('isle_store_up')).toBe(1);
  expect(m('isle_games_restored_total')).toBe(1);

  // A solo game played to its end.
  const solo = await connect(ws, null, { seats: 1, name: 'Ada' });
  players.push(solo);
  for (let n = 0; n < 3000 && stateOf(solo).phase !== 'ended'; n++) {
    await waitFor('decision', () => stateOf(solo).phase === 'ended' || JSON.parse((stateOf(solo) as { game: { decisionJson: string } }).game.decisionJson)?.seat === 0);
    if (stateOf(solo).phase === 'ended') break;
    const view = viewFromState(stateOf(solo), 0)!;
    const actions = legalActions(view, 0);
    const id = `s${n}`;
    solo.room.send('intent', { action: actions[n % actions.length], id });
    await waitFor(`reply ${id}`, () => solo.replies.get(id));
  }
  expect(stateOf(solo).phase).toBe('ended');

  // A game with a bot whose only human leaves: bots play on, then stop it unattended (abandoned).
  const human = await connect(ws, null, { seats: 2, bots: 1, name: 'Brunel' });
  human.room.send('start', {});
  await waitFor('started', () => stateOf(human).phase === 'playing');
  await human.room.leave();
  for (let i = 0; i < 200; i++) {
    m = await metrics();
    if (m('isle_games_total{event="abandoned"}') === 1) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(m('isle_games_total{event="started"}')).toBe(2);
  expect(m('isle_games_total{event="finished"}')).toBe(1);
  expect(m('isle_games_total{event="abandoned"}')).toBe(1);
  expect(m('isle_bot_moves_total{by="bot"}')).toBeGreaterThanOrEqual(3);
  expect(m('isle_bot_moves_total{by="timeout"}')).toBe(0);
});
