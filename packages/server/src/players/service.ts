/**
 * The players' database as the server uses it: opened on first use (playing needs none of it, and opening
 * PGlite takes a moment), shared by the HTTP routes and the rooms, closed with the server. A failure to
 * open is retried on the next use, so a database that comes back is used again. Failures count in
 * `health` (src/db/health.ts), which logs an outage once when it starts and once when it ends.
 */
import type { Config } from '../ops/config';
import { openDatabase, type PlayersDb } from '../db/connect';
import { DatabaseHealth } from '../db/health';
import type { Logger } from '../ops/logger';
import { Accounts } from './accounts';
import { Archive } from './archive';
import { ChatLog } from './chat';

export interface Players {
  accounts: Accounts;
  archive: Archive;
  chat: ChatLog;
  kind: PlayersDb['kind'];
}

export class PlayersService {
  private opening: Promise<{ db: PlayersDb; players: Players }> | null = null;
  private closed = false;
  /** Up or down, from the outcome of the queries; an outage is logged once (src/db/health.ts). */
  readonly health: DatabaseHealth;

  constructor(private readonly settings: { url?: string; dataDir?: string }, private readonly logger: Logger) {
    this.health = new DatabaseHealth(logger);
  }

  /** From the server's settings: DATABASE_URL, else PGlite in DATA_DIR; in memory under tests without DATA_DIR. */
  static fromConfig(config: Config, logger: Logger, inMemory: boolean): PlayersService | null {
    if (config.PLAYERS_DB === 'off') return null;
    if (config.DATABASE_URL) return new PlayersService({ url: config.DATABASE_URL }, logger);
    return new PlayersService(inMemory || config.PLAYERS_DB === 'memory' ? {} : { dataDir: config.DATA_DIR }, logger);
  }

  get(): Promise<Players> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    this.opening ??= openDatabase({ ...this.settings, health: this.health }).then((db) => {
      this.health.succeeded();
      this.logger.info({ type: 'players', db: db.kind }, 'players database ready');
      return { db, players: { accounts: new Accounts(db.db), archive: new Archive(db.db), chat: new ChatLog(db.db), kind: db.kind } };
    }).catch((e: Error) => {
      this.opening = null;
      this.health.failed(e);
      throw e;
    });
    return this.opening.then((o) => o.players);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.health.stop();
    const o = await this.opening?.catch(() => null);
    await o?.db.close();
  }
}
