/**
 * Whether the players' database answers, tracked from the outcome of every query, so that an outage is
 * logged once when it starts and once when it ends instead of once per request:
 *
 *  - a query that fails because the database cannot be reached (no connection, connection lost, the
 *    server shutting down or starting, out of connections, a statement timeout) marks it down; the first
 *    such failure of an outage logs one error line naming the cause;
 *  - the database is back once a query has succeeded and none has failed for `settleMs`, so connections
 *    killed one after another (an idle-connection killer, a failover) make one outage, not one per kill;
 *    the return logs one info line with how long it lasted and how many queries failed;
 *  - an error the database itself answered (a unique violation, a bad value) means it is up.
 *
 * Callers ask `reported(err)` whether an error was such a fault, already counted here, so they answer
 * PLAYERS_UNAVAILABLE without a log line of their own. `ok` feeds the isle_players_db_up metric.
 */
import type { Logger } from '../ops/logger';

/**
 * SQLSTATE classes and codes that mean "cannot use the database now" rather than "the database refused this
 * query": connection exceptions (08), insufficient resources (53, e.g. too many connections), operator
 * intervention (57: shutdown, crash, starting up, statement timeout), system errors (58).
 */
const FAULT_STATES = /^(08|53|57|58)/;

/** An error from reaching the database rather than from what was asked of it. */
export function isConnectionFault(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  // A server answer carries a five-character SQLSTATE; a network or driver error (ECONNREFUSED,
  // "Connection terminated unexpectedly", a connection timeout) carries none or a longer errno name.
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return FAULT_STATES.test(code);
  return true;
}

export class DatabaseHealth {
  private downSince: number | null = null;
  /** When the last failure happened (ms), for the quiet time. */
  private lastFailure = 0;
  /** Which came last, a success or a failure: event numbers, as two can share a millisecond. */
  private event = 0;
  private failureEvent = 0;
  private successEvent = 0;
  private failures = 0;
  private settleTimer: NodeJS.Timeout | null = null;
  private readonly seen = new WeakSet<object>();

  constructor(private readonly logger: Logger, private readonly settleMs = 1000) {}

  /** The database answers (as far as the last queries tell). */
  get ok(): boolean {
    return this.downSince === null;
  }

  /** A query (or a connection attempt) failed: a fault marks the database down, logged if it was up. */
  failed(e: unknown): void {
    if (!isConnectionFault(e)) {
      this.succeeded();
      return;
    }
    if (e !== null && typeof e === 'object') this.seen.add(e);
    this.lastFailure = Date.now();
    this.failureEvent = ++this.event;
    this.failures++;
    if (this.downSince !== null) return;
    this.downSince = this.lastFailure;
    this.failures = 1;
    this.logger.error({ type: 'players', err: { message: describe(e) } },
      'players database unavailable');
  }

  /** A query succeeded: the database is back once nothing has failed for settleMs. */
  succeeded(): void {
    this.successEvent = ++this.event;
    if (this.downSince === null) return;
    this.settle();
  }

  /** This error was a database fault counted here (its outage is logged already). */
  reported(e: unknown): boolean {
    return e !== null && typeof e === 'object' && this.seen.has(e);
  }

  /** Shutting down: no timer left behind. */
  stop(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
  }

  private settle(): void {
    if (this.downSince === null || this.settleTimer) return;
    const quietFor = Date.now() - this.lastFailure;
    if (this.successEvent > this.failureEvent && quietFor >= this.settleMs) {
      this.logger.info({ type: 'players', downMs: Date.now() - this.downSince, failed: this.failures }, 'players database available again');
      this.downSince = null;
      return;
    }
    // Look again once the quiet time would be over; a success after the last failure is needed then too.
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      if (this.successEvent > this.failureEvent) this.settle();
    }, Math.max(10, this.settleMs - quietFor));
    this.settleTimer.unref?.();
  }
}

/** An error for a log line: its message and code, never more (no stack, no query text, no values). */
function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  // A refused connection to a name with several addresses is an AggregateError with an empty message.
  const message = e.message || e.name;
  return typeof code === 'string' ? `${message} (${code})` : message;
}
