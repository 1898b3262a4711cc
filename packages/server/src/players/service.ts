/**
 * The players' database as the server uses it: opened in the background as the server starts (playing needs
 * none of it; the embedded PGlite opens in a thread of its own, see db/pglite-thread.ts), shared by the HTTP
 * routes and the rooms, closed with the server. A failure to open is retried in the background, after 1 s and
 * then twice as long each time up to a minute, and on any use meanwhile, so a database that comes back (a
 * PostgreSQL started after the server) is used again without waiting for a player to ask; failures count in
 * `health` (src/db/health.ts), which logs an outage once when it starts and once when it ends. Requests wait for an opening database only a
 * moment (`get(waitMs)`): a first start of PGlite (initdb) can take many seconds, and a request or a join
 * is better answered "unavailable, try again" than held that long.
 */
import type { Config } from '../ops/config';
import { openDatabase, type PlayersDb } from '../db/connect';
import { DatabaseHealth } from '../db/health';
import type { Logger } from '../ops/logger';
import { Accounts, type PasswordHashing } from './accounts';
import { Archive } from './archive';
import { ChatLog } from './chat';
import { CoachStore } from '../coach/coach-store';

export interface Players {
  accounts: Accounts;
  archive: Archive;
  chat: ChatLog;
  /** The coach's stored analyses. */
  analyses: CoachStore;
  kind: PlayersDb['kind'];
}

/** How long a players' request waits for a database still opening before it is told to come back. */
export const OPEN_WAIT_MS = 5000;
/** How long a join with an identity waits for it (then the player joins without one): a join is not held long. */
export const JOIN_OPEN_WAIT_MS = 2000;

/** The first background retry of a failed opening waits this long; each later one twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 60_000;

/** A request that gave up waiting for a database still opening (expected while a server starts: not logged per request). */
export class DatabaseOpening extends Error {
  constructor() {
    super('the players\' database is still opening');
  }
}

export class PlayersService {
  private opening: Promise<{ db: PlayersDb; players: Players }> | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs: number;
  /** Up or down, from the outcome of the queries; an outage is logged once (src/db/health.ts). */
  readonly health: DatabaseHealth;

  constructor(
    private readonly settings: { url?: string; dataDir?: string; template?: string },
    private readonly logger: Logger,
    private readonly hashing?: PasswordHashing,
    private readonly retry = { firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS },
  ) {
    this.health = new DatabaseHealth(logger);
    this.retryMs = retry.firstMs;
  }

  /** From the server's settings: DATABASE_URL, else PGlite in DATA_DIR; in memory under tests without DATA_DIR. */
  static fromConfig(config: Config, logger: Logger, inMemory: boolean): PlayersService | null {
    if (config.PLAYERS_DB === 'off') return null;
    const hashing = { cost: config.PASSWORD_HASH_COST, testsOnly: config.PASSWORD_HASH_TESTS_ONLY === 'yes' };
    if (config.DATABASE_URL) return new PlayersService({ url: config.DATABASE_URL }, logger, hashing);
    const template = config.PLAYERS_DB_TEMPLATE ? { template: config.PLAYERS_DB_TEMPLATE } : {};
    return new PlayersService(inMemory || config.PLAYERS_DB === 'memory' ? template : { dataDir: config.DATA_DIR, ...template }, logger, hashing);
  }

  /** Begin opening the database without waiting for it. */
  start(): void {
    this.get().catch(() => undefined);
  }

  /** The database's services; with `waitMs`, refused after that long if it is still opening. */
  get(waitMs?: number): Promise<Players> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    this.opening ??= openDatabase({ ...this.settings, health: this.health }).then((db) => {
      this.retryMs = this.retry.firstMs;
      this.health.succeeded();
      this.logger.info({ type: 'players', db: db.kind }, 'players database ready');
      this.watch(db);
      return { db, players: { accounts: new Accounts(db.db, undefined, this.hashing), archive: new Archive(db.db), chat: new ChatLog(db.db), analyses: new CoachStore(db.db), kind: db.kind } };
    }).catch((e: Error) => {
      this.opening = null;
      this.health.failed(e);
      this.retryLater();
      throw e;
    });
    const players = this.opening.then((o) => o.players);
    if (waitMs === undefined) return players;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DatabaseOpening()), waitMs);
    });
    return Promise.race([players, late]).finally(() => clearTimeout(timer));
  }

  /** Open again in a while (one retry waits at a time; it does not keep the process alive). */
  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.retry.maxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed && !this.opening) this.start();
    }, wait);
    this.retryTimer.unref();
  }

  /** The embedded database's thread: its loss and its replacement are logged like any database outage. */
  private watch(db: PlayersDb): void {
    db.thread?.on('down', (e: Error) => this.health.failed(e));
    db.thread?.on('restart-failed', (e: Error) => this.health.failed(e));
    db.thread?.on('up', () => this.health.succeeded());
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.health.stop();
    const o = await this.opening?.catch(() => null);
    await o?.db.close();
  }
}
