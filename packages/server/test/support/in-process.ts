/**
 * A server in this process, for tests that reach into it (store, metrics, rooms). It loads
 * @colyseus/core, so a test importing this must mock rou3 first (see ./rou3.ts).
 */
import { createServer, type CreateServerOptions, type IsleServer } from '../../src/app';
import type { Player } from './ops-game';

/** A server in this process on a free port, for tests that reach into it (store, metrics, rooms). */
export async function startInProcess(options: CreateServerOptions): Promise<{ srv: IsleServer; http: string; ws: string }> {
  const srv = createServer(options);
  const port = await srv.listen();
  return { srv, http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}` };
}

/** Every player leaves, then the server closes. */
export async function stopInProcess(srv: IsleServer, players: Player[]): Promise<void> {
  await Promise.all(players.map((p) => p.room.leave().catch(() => undefined)));
  await srv.close();
}
