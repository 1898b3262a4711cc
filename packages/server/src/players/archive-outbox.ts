/**
 * The outbox of finished games: every game that ended is owed to the players' archive until the archive
 * holds it, exactly once, however long the database is away and whatever happens to this process.
 *
 *  - Owed is durable: the store files a game as owed in the same write that ends it (GameStore.listOwed),
 *    so a process killed a moment after a game's end still owes it when it, or another replica, starts.
 *  - Archived once: Archive.archive() inserts the game and applies its ratings in one transaction, and
 *    does nothing for a game it already holds. A crash between that commit and settleOwed() only means
 *    the game is offered again and found already there; two replicas draining one outbox are as safe.
 *  - Never given up: a failure (database down, disk full, a store that cannot be read) keeps every game
 *    owed and retries with a delay that doubles up to `maxDelayMs`. It is logged once when archiving
 *    stops and once when it works again, not per attempt.
 *  - The store's outbox is scanned at start and every `scanMs`, so games owed by another replica that
 *    died, or whose end reached the store after its room was gone, are archived too.
 *
 * A log that cannot be turned into a record (it does not replay) is a defect, not an outage: it is
 * logged as an error once and stays owed, so a fixed server archives it later, and the others go on.
 */
import type { Logger } from '../ops/logger';
import type { GameStore } from '../persistence/store/types';
import { finishedGameFromLog, NotArchivable } from './finished-from-log';
import type { PlayersService } from './service';

export interface ArchiveOutboxOptions {
  /** How often the store's outbox is read for games this process was not told about. */
  scanMs?: number;
  /** First retry delay after a failure; doubles up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Each game the archive takes: `fresh` is false when it held the game already. */
  onArchived?: (fresh: boolean, rated: boolean) => void;
}

export class ArchiveOutbox {
  private readonly queue = new Set<string>();
  /** Logs that do not replay: kept owed, not retried until the next start. */
  private readonly unreadable = new Set<string>();
  private draining: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private scanTimer: NodeJS.Timeout | null = null;
  private delay: number;
  private failingSince = 0;
  private stopped = false;
  private archivedCount = 0;

  constructor(
    private readonly store: GameStore,
    private readonly players: PlayersService,
    private readonly logger: Logger,
    private readonly opts: ArchiveOutboxOptions = {},
  ) {
    this.delay = opts.minDelayMs ?? 500;
  }

  /** Games this process knows to be owed and not yet archived. */
  get waiting(): number {
    return this.queue.size;
  }

  /** Games archived by this process since it started (fresh or found there already). */
  get archived(): number {
    return this.archivedCount;
  }

  /** Read the store's outbox now and then every scanMs. */
  start(): void {
    void this.scan();
    this.scanTimer = setInterval(() => void this.scan(), this.opts.scanMs ?? 60_000);
    this.scanTimer.unref();
  }

  /** A game's end is stored: archive it now (it is in the store's outbox already). */
  owe(roomId: string): void {
    if (this.stopped) return;
    this.queue.add(roomId);
    this.kick();
  }

  /** Every owed game in the store joins the queue. */
  async scan(): Promise<void> {
    let ids: string[];
    try {
      ids = await this.store.listOwed();
    } catch (e) {
      this.failed(e as Error, 'reading the outbox of finished games');
      return;
    }
    for (const id of ids) if (!this.unreadable.has(id)) this.queue.add(id);
    this.kick();
  }

  /** Resolves once the queue is empty or an attempt failed (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.scanTimer) clearInterval(this.scanTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.idle();
  }

  private kick(): void {
    if (this.stopped || this.draining || this.retryTimer || this.queue.size === 0) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      // Games owed while the last pass ran (and not waiting for a retry) go now.
      if (this.queue.size > 0 && !this.retryTimer) this.kick();
    });
  }

  private async drain(): Promise<void> {
    for (const id of [...this.queue]) {
      if (this.stopped) return;
      try {
        await this.archiveOne(id);
        this.queue.delete(id);
      } catch (e) {
        this.failed(e as Error, 'archiving a finished game', id);
        return;
      }
    }
    this.recovered();
  }

  private async archiveOne(roomId: string): Promise<void> {
    const entries = await this.store.read(roomId);
    // Not in the store, or not ended yet (its end is still on its way to the store): nothing owed now;
    // if it becomes owed, the store's outbox lists it at the next scan.
    if (!entries || entries[entries.length - 1]?.t !== 'end') return;
    let record;
    try {
      record = finishedGameFromLog(roomId, entries);
    } catch (e) {
      if (!(e instanceof NotArchivable)) throw e;
      this.unreadable.add(roomId);
      this.logger.error({ room: roomId, err: e.message }, 'a finished game cannot be archived: its log does not replay; it stays owed in the store');
      return;
    }
    const players = await this.players.get();
    const fresh = await players.archive.archive(record);
    await this.store.settleOwed(roomId);
    this.archivedCount++;
    this.opts.onArchived?.(fresh, record.rated);
    this.logger.info({ room: roomId, event: 'archived', rated: record.rated, fresh }, 'game archived');
  }

  private failed(e: Error, during: string, roomId?: string): void {
    if (this.stopped) return;
    if (this.failingSince === 0) {
      this.failingSince = Date.now();
      this.logger.error({ err: e.message, during, room: roomId, owed: this.queue.size },
        'finished games cannot be archived now; they stay owed in the store and are retried until the archive takes them');
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.scan();
    }, this.delay);
    this.retryTimer.unref();
    this.delay = Math.min(this.delay * 2, this.opts.maxDelayMs ?? 30_000);
  }

  private recovered(): void {
    this.delay = this.opts.minDelayMs ?? 500;
    if (this.failingSince === 0) return;
    this.logger.warn({ downMs: Date.now() - this.failingSince, archivedSoFar: this.archivedCount },
      'finished games are archived again');
    this.failingSince = 0;
  }
}
