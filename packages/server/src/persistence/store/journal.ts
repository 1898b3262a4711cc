/**
 * A room's journal: the one way a room writes its log, so that nothing is acknowledged that is not
 * stored and the room's state and its log never diverge.
 *
 *  - write(entry, 'refuse') is for what the room may still decline (an action, a start): when the
 *    store is down, or the write fails at once (FileStore), it returns false and nothing was stored;
 *    the room then does not apply the action and refuses it with STORE_UNAVAILABLE.
 *  - write(entry, 'keep') is for what has already happened (the end of a game, an abandon): when it
 *    cannot be stored now it is held, in order, and written when the store is back.
 *  - With RedisStore a write completes later: the entry is held until Redis confirms it; if Redis
 *    refuses it, it is retried (in order, with its index, so it is stored exactly once) when the store
 *    is back. afterWritten() runs a callback (the ack) only once everything written so far is stored.
 *
 * While anything is held or the store is down the journal is `blocked`: the room refuses actions
 * and tells its clients; when the last held entry is stored it is unblocked again (onChange).
 * Each entry is stamped with its index in the log (`i`) so restore can tell a duplicate from a gap.
 */
import type { StoreHealth } from './health';
import { isClosing, type GameStore, type LogEntry } from './types';

export type WriteMode = 'refuse' | 'keep';

interface Held { entry: LogEntry; index: number; inFlight: boolean }

export interface JournalOptions {
  /** Entries already in the log (a restored game); 0 for a new room. */
  length?: number;
  /** Called when the journal becomes blocked (true) or takes writes again (false). */
  onChange?: (blocked: boolean) => void;
  /** Called for each entry taken (stored or held): metrics count games started/finished/abandoned. */
  onEntry?: (entry: LogEntry, started: boolean) => void;
  /** The log already has a start (a restored game). */
  started?: boolean;
}

export class RoomJournal {
  private next: number;
  private readonly held: Held[] = [];
  private failed = false;
  private retrying = false;
  /** Callbacks waiting for every entry below `upTo` to be stored (acks). */
  private waiters: { upTo: number; fn: () => void }[] = [];
  private lastBlocked = false;
  private started: boolean;
  private stopListening: (() => void) | null;
  private onChange: ((blocked: boolean) => void) | undefined;
  private disposed = false;

  constructor(private readonly store: GameStore, private readonly roomId: string, private readonly health: StoreHealth, private readonly opts: JournalOptions = {}) {
    this.next = opts.length ?? 0;
    this.started = opts.started ?? false;
    this.onChange = opts.onChange;
    this.stopListening = health.onChange(() => { this.notify(); this.retry(); });
    this.lastBlocked = this.blocked;
  }

  /** True while the room must not take actions: the store is down, or entries wait to be stored. */
  get blocked(): boolean {
    return this.failed || !this.health.ok || this.held.some((h) => !h.inFlight);
  }

  /** Entries waiting to be stored (in flight to Redis, or held for a retry). */
  get pending(): number { return this.held.length; }

  /** Write an entry; false = it was NOT stored and the caller must not go ahead (only in 'refuse' mode). */
  write(entry: LogEntry, mode: WriteMode = 'refuse'): boolean {
    if (this.blocked) {
      if (mode === 'refuse') return false;
      this.hold(entry, false);
      this.notify();
      return true;
    }
    const index = this.next;
    const stamped = { ...entry, i: index } as LogEntry;
    let p: void | Promise<void>;
    try {
      p = this.store.append(this.roomId, stamped, index);
    } catch (e) {
      this.health.failed(e, { room: this.roomId, entry: entry.t });
      if (mode === 'refuse') {
        this.notify();
        return false;
      }
      this.failed = true;
      this.hold(entry, false);
      this.notify();
      return true;
    }
    this.next++;
    this.taken(stamped);
    if (p) {
      const h: Held = { entry: stamped, index, inFlight: true };
      this.held.push(h);
      p.then(() => this.stored(h), (e: unknown) => this.lost(h, e));
    }
    return true;
  }

  /** Run `fn` once every entry written so far is stored: at once (now = true) or later (now = false). */
  afterWritten(fn: (now: boolean) => void): void {
    if (this.held.length === 0) fn(true);
    else this.waiters.push({ upTo: this.next, fn: () => fn(false) });
  }

  /** The room is gone: no more callbacks to it; held entries are still written when the store is back. */
  dispose(): void {
    this.disposed = true;
    this.onChange = undefined;
    this.waiters = [];
    if (this.held.length === 0) this.release();
  }

  private hold(entry: LogEntry, inFlight: boolean): void {
    const index = this.next++;
    const stamped = { ...entry, i: index } as LogEntry;
    this.taken(stamped);
    this.held.push({ entry: stamped, index, inFlight });
  }

  private taken(entry: LogEntry): void {
    if (entry.t === 'start') this.started = true;
    this.opts.onEntry?.(entry, this.started);
    if (isClosing(entry)) this.started = false;
  }

  private stored(h: Held): void {
    const k = this.held.indexOf(h);
    if (k >= 0) this.held.splice(k, 1);
    this.settle();
  }

  /** Call the waiters whose entries are all stored (everything below the first entry still held). */
  private wake(): void {
    const first = this.held.length > 0 ? this.held[0].index : Infinity;
    const ready = this.waiters.filter((w) => w.upTo <= first);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.upTo > first);
    for (const w of ready) w.fn();
  }

  private lost(h: Held, e: unknown): void {
    h.inFlight = false;
    this.failed = true;
    this.health.failed(e, { room: this.roomId, entry: h.entry.t });
    this.notify();
    this.retry();
  }

  /** Store held entries in order once the store is up and nothing is in flight. */
  private retry(): void {
    if (this.retrying || !this.health.ok || this.held.some((h) => h.inFlight)) return;
    if (this.held.length === 0) {
      this.settle();
      return;
    }
    this.retrying = true;
    void (async () => {
      while (this.held.length > 0 && this.health.ok) {
        const h = this.held[0];
        h.inFlight = true;
        try {
          await this.store.append(this.roomId, h.entry, h.index);
        } catch (e) {
          h.inFlight = false;
          this.health.failed(e, { room: this.roomId, entry: h.entry.t });
          break;
        }
        this.held.shift();
        this.wake();
      }
      this.retrying = false;
      this.settle();
    })();
  }

  private settle(): void {
    if (this.held.length === 0) {
      this.failed = false;
      if (this.disposed) this.release();
    }
    this.wake();
    this.notify();
  }

  private notify(): void {
    const b = this.blocked;
    if (b === this.lastBlocked) return;
    this.lastBlocked = b;
    this.onChange?.(b);
  }

  private release(): void {
    this.stopListening?.();
    this.stopListening = null;
  }
}

/** The error code of an action or a room the store could not take (docs/PROTOCOL.md). */
export const STORE_UNAVAILABLE = 'STORE_UNAVAILABLE';

export function storeUnavailable(): { code: string; message: string } {
  return { code: STORE_UNAVAILABLE, message: 'The server cannot save moves right now; nothing was changed. Play resumes by itself when it can.' };
}
