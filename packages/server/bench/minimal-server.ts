/**
 * The floor `npm run bench:server` measures the game server against: a Colyseus 0.18 server with one room
 * type and no game. Its state is one field, the seat whose turn it is; a client's `intent` flips it, the
 * patch goes out at once and the `ack` right after it (as the game room does with a move). Everything else
 * is Colyseus as it comes: its WebSocket transport, its patch timer (at the game server's PATCH_RATE_MS),
 * no StateViews, no rules, no store, no log.
 *
 * The load generator (bench/humans-gen.ts with GEN_ROOM=minimal) drives it with the same harness as the
 * game: two clients per room taking turns at human pace, timing intent → own patch. /metrics holds
 * prom-client's default process metrics under the same names as the game server's, so the generator reads
 * CPU, memory, GC and event-loop lag the same way.
 *
 *   PORT=… HOST=127.0.0.1 node <NODE_FLAGS> ts-node … bench/minimal-server.ts
 */
import { Room, Server, type Client } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { schema, t } from '../src/wire/colyseus-schema';
import { collectDefaultMetrics, Registry } from 'prom-client';

const MinimalState = schema({ turn: t.number().default(0) }, 'MinimalState');
type MinimalState = InstanceType<typeof MinimalState>;

export const MINIMAL_ROOM = 'minimal';

export class MinimalRoom extends Room<{ state: MinimalState }> {
  override onCreate(): void {
    this.setState(new MinimalState());
    this.setPatchRate(Number(process.env.PATCH_RATE_MS ?? 100));
    this.onMessage('intent', (client: Client, body: { id?: string } | undefined) => {
      this.state.turn = 1 - this.state.turn;
      client.send('ack', { id: body?.id }, { afterNextPatch: true });
      this.broadcastPatch();
    });
    this.onMessage('*', () => undefined);
  }

  override onJoin(client: Client): void {
    client.send('seat', { seat: this.clients.length - 1 });
  }
}

async function main(): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const server = new Server({
    transport: new WebSocketTransport(),
    greet: false,
    gracefullyShutdown: false,
    express: (app) => {
      app.get('/readyz', (_req, res) => { res.send('ok'); });
      app.get('/metrics', async (_req, res) => { res.set('Content-Type', registry.contentType).send(await registry.metrics()); });
    },
  });
  server.define(MINIMAL_ROOM, MinimalRoom);
  await server.listen(Number(process.env.PORT ?? 2567), process.env.HOST ?? '127.0.0.1');
}

if (require.main === module) main().catch((e) => { console.error(e); process.exit(1); });
