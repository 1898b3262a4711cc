/**
 * The players' database as the server uses it: opened in the background as the server starts (playing needs
 * none of it; the embedded PGlite opens in a thread of its own, see db/pglite-thread.ts), shared by the HTTP
 * routes and the rooms, closed with the server. A failure to open is retried on the next use, so a database that
 * comes back is used again; failures count in `health` (src/db/health.ts), which logs an outage once when it
 * starts and once when it ends. Requests wait for an opening database only a
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

export class PlayersService {
  private opening: Promise<{ db: PlayersDb; players: Players }> | null = null;
  private closed = false;
  /** Up or down, from the outcome of the queries; an outage is logged once (src/db/health.ts). */
  readonly health: DatabaseHealth;

  constructor(private readonly settings: { url?: string; dataDir?: string }, private readonly logger: Logger, private readonly hashing?: PasswordHashing) {
    this.health = new DatabaseHealth(logger);
  }

  /** From the server's settings: DATABASE_URL, else PGlite in DATA_DIR; in memory under tests without DATA_DIR. */
  static fromConfig(config: Config, logger: Logger, inMemory: boolean): PlayersService | null {
    if (config.PLAYERS_DB === 'off') return null;
    const hashing = { cost: config.PASSWORD_HASH_COST, testsOnly: config.PASSWORD_HASH_TESTS_ONLY === 'yes' };
    if (config.DATABASE_URL) return new PlayersService({ url: config.DATABASE_URL }, logger, hashing);
    return new PlayersService(inMemory || config.PLAYERS_DB === 'memory' ? {} : { dataDir: config.DATA_DIR }, logger, hashing);
  }

  /** Begin opening the database without waiting for it. */
  start(): void {
    this.get().catch(() => undefined);
  }

  /** The database's services; with `waitMs`, refused after that long if it is still opening. */
  get(waitMs?: number): Promise<Players> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    this.opening ??= openDatabase({ ...this.settings, health: this.health }).then((db) => {
      this.health.succeeded();
      this.logger.info({ type: 'players', db: db.kind }, 'players database ready');
      this.watch(db);
      return { db, players: { accounts: new Accounts(db.db, undefined, this.hashing), archive: new Archive(db.db), chat: new ChatLog(db.db), analyses: new CoachStore(db.db), kind: db.kind } };
    }).catch((e: Error) => {
      this.opening = null;
      this.health.failed(e);
      throw e;
    });
    const players = this.opening.then((o) => o.players);
    if (waitMs === undefined) return players;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the players\' database is still opening')), waitMs);
    });
    return Promise.race([players, late]).finally(() => clearTimeout(timer));
  }

  /** The embedded database's thread: its loss and its replacement are logged like any database outage. */
  private watch(db: PlayersDb): void {
    db.thread?.on('down', (e: Error) => this.health.failed(e));
    db.thread?.on('restart-failed', (e: Error) => this.health.failed(e));
    db.thread?.on('up', () => this.health.succeeded());
  }

  async close(): Promise<void> {
    this.closed = true;
    this.health.stop();
    const o = await this.opening?.catch(() => null);
    await o?.db.close();
  }
}
