/**
 * A rated game that outlives a server restart is still archived and rated as rated (the restored room takes
 * the rating flag from the seats it restores), with the players' database and the games on disk.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { autoplay, bootServer, until, watch, type TestServer } from './support/harness';
import { account, twoSeats } from './support/players';

jest.setTimeout(180_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-players-restart-'));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function boot(): Promise<TestServer> {
  const ts = await bootServer({ PLAYERS_DB: 'auto', DATA_DIR: dir, RECONNECT_SECONDS: 60 });
  servers.push(ts);
  return ts;
}

test('a rated game restored after a restart ends rated: archived as rated, both ratings moved', async () => {
  let ts = await boot();
  const ada = await account(ts.http, 'Ada');
  const bea = await account(ts.http, 'Bea');
  const { a, sa, b, sb } = await twoSeats(ts, ada, bea);
  await until(() => (a.state as any)?.rated === true, 5000, 'a rated table');
  a.send('start', {});
  const pa = autoplay(a, sa);
  const pb = autoplay(b, sb);
  await until(() => pa.moves + pb.moves >= 6, 30_000, 'a few moves');
  pa.paused = true;
  pb.paused = true;
  const roomId = a.roomId;
  const tokens = [sa.token, sb.token];
  await ts.close();

  ts = await boot();
  const a2 = await ts.client().joinById(roomId, { seatToken: tokens[0] });
  const sa2 = watch(a2);
  const b2 = await ts.client().joinById(roomId, { seatToken: tokens[1] });
  const sb2 = watch(b2);
  await until(() => sa2.seat !== null && sb2.seat !== null, 10_000, 'seats taken back');
  expect((a2.state as any).rated).toBe(true);
  autoplay(a2, sa2);
  autoplay(b2, sb2);
  await until(() => (a2.state as any)?.phase === 'ended', 150_000, 'the end of the game');
  const get = async (p: string, auth?: string): Promise<any> => (await fetch(`${ts.http}${p}`, { headers: auth ? { authorization: auth } : {} })).json();
  let page: any;
  for (let i = 0; i < 100; i++) {
    page = await get(`/api/players/${ada.id}`);
    if (page.games?.length === 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(page.games[0]).toMatchObject({ id: roomId, rated: true });
  expect((await get('/api/me', ada.auth)).ratings).toEqual([expect.objectContaining({ group: '2p', games: 1 })]);
  expect((await get('/api/me', bea.auth)).ratings).toEqual([expect.objectContaining({ group: '2p', games: 1 })]);
  await a2.leave();
  await b2.leave();
});
