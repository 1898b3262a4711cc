/**
 * createServer: express + Colyseus on one port. Used by main.ts and by the tests (port 0).
 *
 *   const srv = createServer({ PORT: 0, BOT_DELAY_MS: 0, LOG_LEVEL: 'silent' });
 *   await srv.listen();  ...  await srv.close();
 *
 * Only one server per process: Colyseus' matchMaker is a module singleton.
 */
import './polyfill';
import * as fs from 'fs';
import type { AddressInfo } from 'net';
import express from 'express';
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { loadConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { ReplayStore } from './replays';
import { defaultBotFactory, type BotFactory } from './bots';
import { bindIsleRoom, IsleRoom, ROOM_NAME, type RoomMetadata } from './room';
import { createStore, type GameStore } from './store';
import { Metrics, type RoomLike } from './metrics';
import { restoreGames, restoreOptions, replayFromLog, type RestoreReport } from './restore';
import { scaleOutOptions } from './scale';
import { SlowedAddresses } from './frame-gate';
import { guardMatchmaking } from './matchmake-guard';
import { findCode } from './join-codes';
import { AddressQuotas, CLOSE_TOO_MANY_CONNECTIONS, PEER_HEADER, clientAddress } from './address-quotas';
import type { IncomingMessage } from 'http';
import type { WebSocket } from 'ws';

/**
 * At most MAX_CONNECTIONS_PER_ADDRESS open WebSockets per address: Colyseus' connection handler is
 * wrapped, so a socket over the limit is closed (4030) before Colyseus looks at it.
 */
function limitConnections(transport: WebSocketTransport, quotas: AddressQuotas): void {
  const wss = (transport as unknown as { wss: { listeners(e: string): ((...a: unknown[]) => unknown)[]; removeListener(e: string, f: (...a: unknown[]) => unknown): void; on(e: string, f: (...a: unknown[]) => unknown): void } }).wss;
  const [colyseus] = wss.listeners('connection');
  if (!colyseus) throw new Error('WebSocketTransport has no connection handler: check limitConnections against @colyseus/ws-transport');
  wss.removeListener('connection', colyseus);
  wss.on('connection', function (this: unknown, ...args: unknown[]) {
    const [ws, req] = args as [WebSocket, IncomingMessage];
    const xff = req.headers['x-forwarded-for'];
    const address = clientAddress(req.socket.remoteAddress, Array.isArray(xff) ? xff.join(',') : xff, quotas.trusted);
    if (!quotas.connectionOpened(address)) {
      ws.close(CLOSE_TOO_MANY_CONNECTIONS, 'too many connections from your address');
      return;
    }
    ws.once('close', () => quotas.connectionClosed(address));
    return colyseus.apply(this, args);
  });
}
import { TokenBucket } from './frame-gate';

/** Token buckets per key (an address), at most `max` keys (the oldest is forgotten first). */
class BucketsByKey {
  private readonly buckets = new Map<string, TokenBucket>();
  constructor(private readonly rate: number, private readonly burst: number, private readonly max = 10_000) {}
  take(key: string): boolean {
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= this.max) this.buckets.delete(this.buckets.keys().next().value as string);
      b = new TokenBucket(this.rate, this.burst);
      this.buckets.set(key, b);
    }
    return b.take();
  }
}

export interface CreateServerOptions extends Partial<Config> {
  /** Defaults to a pino logger at LOG_LEVEL on stdout. */
  logger?: Logger;
  /** Defaults to the @isle-of-trains/bots package, or random legal play without it. */
  bots?: BotFactory;
  /** Environment to read settings from (default process.env); explicit options win. */
  env?: Record<string, string | undefined>;
  /** Game store (default: from STORE/REDIS_URL/DATA_DIR; under Jest without DATA_DIR, in memory). */
  store?: GameStore;
}

export interface IsleServer {
  /** Bind the port; resolves with the port actually bound (PORT 0 = any free port). */
  listen(): Promise<number>;
  /** Close every room and the port. */
  close(): Promise<void>;
  /** Send `restarting` { seconds } to every client of every room on this process. */
  notifyRestart(seconds: number): Promise<void>;
  readonly port: number;
  readonly config: Config;
  readonly logger: Logger;
  readonly replays: ReplayStore;
  readonly gameServer: Server;
  readonly store: GameStore;
  readonly metrics: Metrics;
  /** What listen() brought back from the store (null before listen). */
  readonly restoreReport: RestoreReport | null;
}

/** Public listing entry (GET /api/rooms). */
export interface RoomListing {
  roomId: string;
  clients: number;
  maxClients: number;
  metadata: Omit<RoomMetadata, 'code'>;
}

export function createServer(options: CreateServerOptions = {}): IsleServer {
  const { logger: givenLogger, bots: givenBots, env, store: givenStore, ...overrides } = options;
  const config = loadConfig(env ?? process.env, overrides);
  const logger = givenLogger ?? createLogger(config.LOG_LEVEL);
  const liveRooms = new Set<RoomLike>();
  const metrics = new Metrics(() => liveRooms);
  const inJestWithoutDataDir = !!process.env.JEST_WORKER_ID && config.STORE === 'auto' && !config.REDIS_URL && !overrides.DATA_DIR && !(env ?? process.env).DATA_DIR;
  const store = givenStore ?? createStore(inJestWithoutDataDir ? { ...config, STORE: 'memory' } : config, { logger, observer: metrics.storeObserver });
  let restoreReport: RestoreReport | null = null;
  const replays = new ReplayStore(config.REPLAY_LIMIT);
  const botSource = givenBots ? { factory: givenBots, source: 'custom' } : defaultBotFactory();
  const codeLookups = new BucketsByKey(2, 10);
  let port = 0;
  let listening = false;
  let closing = false;

  const transport = new WebSocketTransport({ maxPayload: config.MAX_PAYLOAD_BYTES, pingInterval: 3000, pingMaxRetries: 2 });
  const gameServer = new Server({
    transport,
    greet: false,
    gracefullyShutdown: false,
    devMode: false,
    logger: logger.child({ component: 'colyseus' }),
    ...scaleOutOptions(config, logger),
    express: (app) => {
      app.disable('x-powered-by');
      app.get('/healthz', (_req, res) => { res.json({ ok: true }); });
      app.get('/readyz', (_req, res) => {
        if (listening && !closing) res.json({ ready: true });
        else res.status(503).json({ ready: false });
      });
      app.get('/metrics', async (_req, res) => {
        res.set('Content-Type', metrics.contentType).send(await metrics.text());
      });
      app.get('/api/rooms', async (_req, res) => {
        const rooms = await matchMaker.query({ name: ROOM_NAME, private: false });
        const out: RoomListing[] = rooms.map((r) => {
          const { code: _code, ...metadata } = (r.metadata ?? {}) as RoomMetadata;
          // Seats plus the spectator gallery (Colyseus' own maxClients is unbounded, see room.ts).
          return { roomId: r.roomId, clients: r.clients, maxClients: (metadata.seats ?? 0) + config.MAX_SPECTATORS, metadata };
        });
        res.json(out);
      });
      app.get('/api/rooms/by-code/:code', async (req, res) => {
        // Guessing codes is the way into a private room: each address gets a few lookups a second.
        if (!codeLookups.take(req.socket.remoteAddress ?? '')) {
          res.status(429).json({ code: 'RATE_LIMITED', message: 'Too many code lookups; wait a moment.' });
          return;
        }
        const roomId = await findCode(matchMaker.presence, String(req.params.code));
        if (roomId) res.json({ roomId });
        else res.status(404).json({ code: 'NOT_FOUND', message: 'No open room has that code.' });
      });
      app.get('/api/games/:id/replay', async (req, res) => {
        const id = String(req.params.id);
        const stored = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await store.read(id).catch(() => null) : null;
        const replay = replays.get(id) ?? (stored ? replayFromLog(id, stored) : null);
        if (replay) {
          res.json(replay);
          return;
        }
        const live = matchMaker.getLocalRoomById(id);
        if (live) res.status(409).json({ code: 'NOT_ENDED', message: 'The game has not ended yet.' });
        else res.status(404).json({ code: 'NOT_FOUND', message: 'No ended game with that id.' });
      });
      if (fs.existsSync(config.CLIENT_DIST)) {
        app.use(express.static(config.CLIENT_DIST));
        logger.info({ dir: config.CLIENT_DIST }, 'serving the web client');
      }
    },
  });
  const quotas = new AddressQuotas(config);
  guardMatchmaking(ROOM_NAME, quotas);
  limitConnections(transport, quotas);
  const slowed = new SlowedAddresses();
  gameServer.define(ROOM_NAME, bindIsleRoom({ config, logger, replays, bots: botSource.factory, store, metrics, draining: () => closing, slowed, quotas }))
    .on('create', (room: RoomLike) => liveRooms.add(room))
    .on('dispose', (room: RoomLike) => liveRooms.delete(room));

  return {
    async listen() {
      await gameServer.listen(config.PORT, config.HOST);
      // Ahead of Colyseus' own request handler: tell the matchmaking route the TCP peer (quotas),
      // overwriting any value a client sent in that header.
      transport.server!.prependListener('request', (req) => {
        req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
      });
      port = (transport.server!.address() as AddressInfo).port;
      const t0 = Date.now();
      restoreReport = await restoreGames({
        store, logger,
        create: (game) => matchMaker.handleCreateRoom(ROOM_NAME, restoreOptions(game)),
      });
      metrics.restored.inc(restoreReport.restored.length);
      metrics.restoreSeconds.set((Date.now() - t0) / 1000);
      listening = true;
      logger.info({ port, bots: botSource.source }, 'listening');
      return port;
    },
    async close() {
      closing = true;
      metrics.draining.set(1);
      await gameServer.gracefullyShutdown(false);
      await store.close();
      listening = false;
    },
    async notifyRestart(seconds: number) {
      closing = true;
      metrics.draining.set(1);
      const rooms = await matchMaker.query({ name: ROOM_NAME });
      for (const r of rooms) {
        const room = matchMaker.getLocalRoomById(r.roomId) as IsleRoom | undefined;
        room?.notifyRestart(seconds);
      }
    },
    get port() { return port; },
    config,
    logger,
    replays,
    gameServer,
    store,
    metrics,
    get restoreReport() { return restoreReport; },
  };
}
