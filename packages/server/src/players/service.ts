/**
 * The players' database as the server uses it: opened on first use (playing needs none of it, and opening
 * PGlite takes a moment), shared by the HTTP routes and the rooms, closed with the server. A failure to
 * open is logged once per attempt and retried on the next use, so a database that comes back is used again.
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

  get(): Promise<Players> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    this.opening ??= openDatabase(this.settings).then((db) => {
      this.logger.info({ type: 'players', db: db.kind }, 'players database ready');
      return { db, players: { accounts: new Accounts(db.db), archive: new Archive(db.db), chat: new ChatLog(db.db), kind: db.kind } };
    }).catch((e: Error) => {
      this.opening = null;
      this.logger.error({ type: 'players', err: { message: e.message } }, 'players database unavailable');
      throw e;
    });
    return this.opening.then((o) => o.players);
  }

  async close(): Promise<void> {
    this.closed = true;
    const o = await this.opening?.catch(() => null);
    await o?.db.close();
  }
}
