/**
 * The server's HTTP routes beside the game rooms: health and readiness, metrics, the open rooms' list and
 * the join-code lookup, the players' routes (src/players/routes.ts), a finished game's replay (live,
 * from the store, or from the archive) and the built web client. The errors handler comes after them
 * (src/http/errors.ts, installed by app.ts).
 */
import * as fs from 'fs';
import type { Application } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { matchMaker } from '@colyseus/core';
import type { ChatLine, ReplayJSON, RoomListing, RoomMetadata } from '@isle-of-trains/client/protocol';
import type { Config } from '../ops/config';
import type { Logger } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import type { ReplayStore } from '../persistence/replays';
import type { GameStore } from '../persistence/store';
import { TokenBucket } from '../admission/frame-gate';
import { clientAddress } from '../admission/address-quotas';
import { findCode } from '../admission/join-codes';
import { OPEN_WAIT_MS, type PlayersService } from '../players/service';
import type { PlayerLimits } from '../players/limits';
import { playerRoutes } from '../players/routes';
import type { GameAccess } from '../players/private-games';
import { replayAllowed } from './replay-access';
import { findEndedGame } from './ended-games';
import { coachRoutes } from '../coach/coach-routes';
import type { CoachService } from '../coach/coach-service';

/** What the routes read of the server (app.ts): its parts, and a few of its states read at each request. */
export interface RoutesContext {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  store: GameStore;
  replays: ReplayStore;
  players: PlayersService | null;
  playerLimits: PlayerLimits;
  /** The room types of the games hosted (the rooms' list covers them all). */
  roomNames: readonly string[];
  storeOk(): boolean;
  /** Whether Redis is up (none without Redis). */
  redisOk?: () => boolean;
  /** Listening, and not shutting down. */
  ready(): boolean;
  draining(): boolean;
  /** The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES). */
  trusted(): Parameters<typeof clientAddress>[2];
  /** Whether a game not restored yet will come back under this id (the lazy restore). */
  restoring(id: string): boolean;
  /** The post-game coach (its routes are served when it is given). */
  coach?: CoachService;
}

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

export function httpRoutes(app: Application, c: RoutesContext): void {
  const codeLookups = new BucketsByKey(2, 10);
  const players = c.players;
  app.get('/healthz', (_req, res) => { res.json({ ok: true }); });
  app.get('/readyz', (_req, res) => {
    const store = c.storeOk();
    const redisUp = c.redisOk ? c.redisOk() : undefined;
    if (c.ready() && store && redisUp !== false) res.json({ ready: true });
    else res.status(503).json({ ready: false, store, redis: redisUp, draining: c.draining() });
  });
  app.get('/metrics', async (_req, res) => {
    res.set('Content-Type', c.metrics.contentType).send(await c.metrics.text());
  });
  // A web client served from another site (CLIENT_ORIGINS) may make the players' state-changing requests.
  // (Colyseus answers CORS for every route, reflecting the origin; the origin check is what keeps others out.)
  const clientOrigins = c.config.CLIENT_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  app.get('/api/rooms', async (_req, res) => {
    const rooms = (await Promise.all(c.roomNames.map((name) => matchMaker.query({ name, private: false })))).flat();
    const out: RoomListing[] = rooms.map((r) => {
      const { code: _code, ...metadata } = (r.metadata ?? {}) as RoomMetadata;
      // Seats plus the spectator gallery (Colyseus' own maxClients is unbounded, see room.ts).
      return { roomId: r.roomId, clients: r.clients, maxClients: (metadata.seats ?? 0) + c.config.MAX_SPECTATORS, metadata };
    });
    res.json(out);
  });
  app.get('/api/rooms/by-code/:code', async (req, res) => {
    // Guessing codes is the way into a private room: each client address gets a few lookups a second
    // (X-Forwarded-For from TRUSTED_PROXIES, as for the quotas: behind the front every peer is the proxy).
    if (!codeLookups.take(clientAddress(req.socket.remoteAddress, req.get('x-forwarded-for'), c.trusted()))) {
      res.status(429).json({ code: 'RATE_LIMITED', error: 'Too many code lookups; wait a moment.', message: 'Too many code lookups; wait a moment.' });
      return;
    }
    const roomId = await findCode(matchMaker.presence, String(req.params.code));
    if (roomId) res.json({ roomId });
    else res.status(404).json({ code: 'NOT_FOUND', error: 'No open room has that code.', message: 'No open room has that code.' });
  });
  if (players) {
    app.use('/api', playerRoutes({
      // A request waits a moment at most for a database still opening (PLAYERS_UNAVAILABLE after that).
      services: () => players.get(OPEN_WAIT_MS),
      limits: c.playerLimits,
      readCacheMs: c.config.PLAYERS_READ_CACHE_MS,
      readsPerSecond: c.config.PLAYERS_READS_PER_SECOND,
      logger: c.logger,
      health: players.health,
      // X-Forwarded-For only from TRUSTED_PROXIES, as for the matchmaking quotas.
      address: (req) => clientAddress(req.socket.remoteAddress, req.get('x-forwarded-for'), c.trusted()),
      allowedOrigins: clientOrigins,
    }));
  }
  app.get('/api/games/:id/replay', async (req, res) => {
    const id = String(req.params.id);
    const valid = /^[A-Za-z0-9_-]{1,64}$/.test(id);
    // The chat kept with the game, when the players' database has it (an empty list otherwise).
    const chatOf = async (): Promise<ChatLine[]> => {
      const kept = players && valid ? await players.get().then((p) => p.chat.of(id)).catch(() => []) : [];
      // The protocol's chat line, as the room sent it live (not the database row: no row id, no player id).
      return kept.map((l) => ({ seat: l.seat, name: l.name, text: l.text, at: l.at.toISOString() }));
    };
    // A private table's replay only for its players and whoever has its share key (src/players/private-games.ts);
    // anyone else gets the 404 of a game that does not exist.
    const allowed = (access: GameAccess) => replayAllowed(access, req.query.key, req.get('authorization'), players);
    const found = await findEndedGame(c, id);
    if (found.kind === 'ended' && await allowed(found.access)) {
      res.json({ ...found.replay, chat: await chatOf() } satisfies ReplayJSON);
      return;
    }
    if (found.kind === 'live') res.status(409).json({ code: 'NOT_ENDED', error: 'The game has not ended yet.', message: 'The game has not ended yet.' });
    else res.status(404).json({ code: 'NOT_FOUND', error: 'No ended game with that id.', message: 'No ended game with that id.' });
  });
  if (c.coach) coachRoutes(app, c, c.coach);
  if (fs.existsSync(c.config.CLIENT_DIST)) {
    // Source maps stay on the server's disk, not on the public site.
    app.use((req, res, next) => (req.path.endsWith('.map') ? res.status(404).end() : next()));
    // The build writes .br and .gz beside each asset; hashed names under /assets never change, so they are
    // cached for a year; index.html is revalidated so a new build is picked up at once.
    app.use(expressStaticGzip(c.config.CLIENT_DIST, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      serveStatic: {
        setHeaders(res, file) {
          res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      },
    }));
    c.logger.info({ dir: c.config.CLIENT_DIST }, 'serving the web client');
  }
}
