/**
 * The players' routes as the real server mounts them, and the replay endpoint reading the archive.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());

import { createServer, type IsleServer } from '../src/app';
import { createLogger } from '../src/ops/logger';
import { PlayersService } from '../src/players/service';

jest.setTimeout(60_000);

let srv: IsleServer;
let base = '';
beforeAll(async () => {
  srv = createServer({ PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_DELAY_MS: 0, PLAYERS_DB: 'memory' });
  base = `http://127.0.0.1:${await srv.listen()}`;
  // Requests wait for an opening database only a moment (PLAYERS_UNAVAILABLE after): start once it is open.
  await srv.players!.get();
});
afterAll(async () => { await srv.close(); });

test('a guest identity is created and read back through the running server', async () => {
  const created = await (await fetch(`${base}/api/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' })).json() as { player: { id: string }; secret: string };
  const me = await fetch(`${base}/api/me`, { headers: { authorization: `Guest ${created.player.id}:${created.secret}` } });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { player: { name: string } }).player.name).toBe('Ada');
});

test('PLAYERS_DB=off: no players routes, the rest of the server unaffected', () => {
  const logger = createLogger('silent');
  expect(PlayersService.fromConfig({ PLAYERS_DB: 'off' } as never, logger, true)).toBeNull();
  expect(PlayersService.fromConfig({ PLAYERS_DB: 'auto', DATABASE_URL: 'postgres://x@127.0.0.1/db' } as never, logger, true)).not.toBeNull();
});

test('CLIENT_ORIGINS: a client served from a listed site may make the players\' requests; other sites are refused', async () => {
  const other = createServer({ PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_DELAY_MS: 0, PLAYERS_DB: 'memory', CLIENT_ORIGINS: 'https://play.example, http://localhost:5173' });
  const url = `http://127.0.0.1:${await other.listen()}`;
  await other.players!.get();
  const make = (u: string, origin: string) => fetch(`${u}/api/players`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: '{"name":"Ada"}' });
  try {
    for (const origin of ['https://play.example', 'http://localhost:5173']) {
      const made = await make(url, origin);
      expect(made.status).toBe(200);
      // The browser may read the answer (Colyseus answers CORS for every route).
      expect(made.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const evil = await make(url, 'https://evil.example');
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { code: string }).code).toBe('CROSS_SITE');
  } finally {
    await other.close();
  }
  // Not listed on a server without the setting: refused.
  expect((await make(base, 'https://play.example')).status).toBe(403);
});
