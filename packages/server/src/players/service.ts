/**
 * The players' database as the server uses it: opened in the background as the server starts (playing needs
 * none of it; the embedded PGlite opens in a thread of its own, see db/pglite-thread.ts), shared by the HTTP
 * routes and the rooms, closed with the server. A failure to open is logged once per attempt and retried on
 * the next use, so a database that comes back is used again. Requests wait for an opening database only a
 * moment (`get(waitMs)`): a first start of PGlite (initdb) can take many seconds, and a request or a join
 * is better answered "unavailable, try again" than held that long.
 */
import type { Config } from '../config';
import { openDatabase, type PlayersDb } from '../db/connect';
import type { Logger } from '../logger';
import { Accounts } from './accounts';
import { Archive } from './archive';
import { ChatLog } from './chat';

export interface Players {
  accounts: Accounts;
  archive: Archive;
  chat: ChatLog;
  kind: PlayersDb['kind'];
}

/** How long a players' request waits for a database still opening before it is told to come back. */
export const OPEN_WAIT_MS = 5000;
/** How long a join with an identity waits for it (then the player joins without one): a join is not held long. */
export const JOIN_OPEN_WAIT_MS = 2000;

export class PlayersService {
  private opening: Promise<{ db: PlayersDb; players: Players }> | null = null;
  private closed = false;

  constructor(private readonly settings: { url?: string; dataDir?: string }, private readonly logger: Logger) {}

  /** From the server's settings: DATABASE_URL, else PGlite in DATA_DIR; in memory under tests without DATA_DIR. */
  static fromConfig(config: Config, logger: Logger, inMemory: boolean): PlayersService | null {
    if (config.PLAYERS_DB === 'off') return null;
    if (config.DATABASE_URL) return new PlayersService({ url: config.DATABASE_URL }, logger);
    return new PlayersService(inMemory || config.PLAYERS_DB === 'memory' ? {} : { dataDir: config.DATA_DIR }, logger);
  }

  /** Begin opening the database without waiting for it. */
  start(): void {
    this.get().catch(() => undefined);
  }

  /** The database's services; with `waitMs`, refused after that long if it is still opening. */
  get(waitMs?: number): Promise<Players> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    this.opening ??= openDatabase(this.settings).then((db) => {
      this.logger.info({ type: 'players', db: db.kind }, 'players database ready');
      this.watch(db);
      return { db, players: { accounts: new Accounts(db.db), archive: new Archive(db.db), chat: new ChatLog(db.db), kind: db.kind } };
    }).catch((e: Error) => {
      this.opening = null;
      this.logger.error({ type: 'players', err: { message: e.message } }, 'players database unavailable');
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
    db.thread?.on('down', (e: Error) => this.logger.error({ type: 'players', err: { message: e.message } }, 'players database unavailable: its thread stopped; starting another'));
    db.thread?.on('restart-failed', (e: Error) => this.logger.error({ type: 'players', err: { message: e.message } }, 'players database unavailable: a new thread could not open it; trying again'));
    db.thread?.on('up', () => this.logger.info({ type: 'players', db: db.kind, restarts: db.thread?.restarts }, 'players database back'));
  }

  async close(): Promise<void> {
    this.closed = true;
    const o = await this.opening?.catch(() => null);
    await o?.db.close();
  }
}
