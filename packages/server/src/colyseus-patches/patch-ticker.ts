/**
 * One patch timer for the whole process instead of one per room.
 *
 * Colyseus gives every room its own setInterval at the patch rate. At 4,000 rooms and 100 ms that is
 * 40,000 timer callbacks a second, and nearly all of them find nothing to send (applied actions are
 * patched at once by the room itself; the timer only paces incidental changes): the profile put the
 * timers and their idle checks at ~40 % of the server's CPU. Here a room has no timer of its own. It
 * marks itself dirty when something may wait for a patch, and one shared interval, at the same rate,
 * sends the patch of the rooms marked since its last tick, and only those.
 *
 * What marks a room dirty (everything that can leave a patch waiting):
 * - a change to its state: every mutation reaches the encoder through `Root#enqueueChangeTree`
 *   (@colyseus/schema 5), which is wrapped on this room's root;
 * - a broadcast staged to follow the next patch (`afterNextPatch`);
 * - any message from a client: its handler may queue StateView ADDs or frames to follow the patch.
 * A spurious mark costs one cheap check (patch-flush.ts skips a tick that finds nothing).
 *
 * The room's clock (room.clock.setTimeout) only advances when ticked, which the room's own timer did.
 * A room with clock timers is ticked on every shared tick until it has none left; a clock without timers
 * is ticked once before a timer is added (a clock left still for minutes would otherwise count those
 * minutes against the new timer; with no timers, that tick can run nothing).
 *
 * What stays as it was: the patch of a room is still sent by its own broadcastPatch (the cheap one of
 * patch-flush.ts when installed first), so the order of a patch and the frames staged after it, and the
 * view hand-off at a join (view-handoff.ts), are unchanged; rooms are flushed in the order they were
 * marked; and the longest a change waits is still one patch interval.
 */
import type { Room } from '@colyseus/core';

interface Clock {
  tick(): void;
  delayed: unknown[];
  setTimeout: (...a: never[]) => unknown;
  setInterval: (...a: never[]) => unknown;
  duration: (...a: never[]) => unknown;
}

interface Internals {
  broadcastPatch(): boolean;
  broadcastMessageType(type: string | number, message: unknown, options?: { afterNextPatch?: boolean }): void;
  _onMessage(...a: unknown[]): unknown;
  _serializer?: { encoder?: { root?: { enqueueChangeTree(...a: unknown[]): unknown } } };
  _simulationInterval?: unknown;
  _events?: { once(event: 'dispose', f: () => void): void };
  clock: Clock;
  patchRate: number | null;
  setPatchRate(ms: number | null): void;
}

interface Entry {
  room: Internals;
  /** The ticker patching this room; null while its patches are stopped (setPatchRate(null)). */
  ticker: PatchTicker | null;
  /** In the ticker's dirty list since its last tick. */
  queued: boolean;
  /** Has clock timers: ticked on every tick. */
  timed: boolean;
}

class PatchTicker {
  private dirty: Entry[] = [];
  private spare: Entry[] = [];
  private timed = new Set<Entry>();
  private live = 0;
  private interval: NodeJS.Timeout | null = null;

  constructor(private readonly ms: number, private readonly onEmpty: () => void) {}

  add(): void {
    this.live++;
    this.interval ??= setInterval(() => this.tick(), this.ms);
  }

  remove(entry: Entry): void {
    entry.ticker = null;
    if (entry.timed) { entry.timed = false; this.timed.delete(entry); }
    if (--this.live > 0) return;
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    this.onEmpty();
  }

  mark(entry: Entry): void {
    if (entry.queued) return;
    entry.queued = true;
    this.dirty.push(entry);
  }

  markTimed(entry: Entry): void {
    if (entry.timed) return;
    entry.timed = true;
    this.timed.add(entry);
  }

  /** The rooms marked since the last tick, swapped out first: a mark made while flushing waits for the next tick. */
  tick(): void {
    let failure: unknown = null;
    // Clocks first, as each room's own timer did: what a timer changes goes out in this tick's patch.
    for (const e of this.timed) {
      try {
        e.room.clock.tick();
      } catch (err) {
        failure ??= err;
      }
      if (e.room.clock.delayed.length === 0) {
        e.timed = false;
        this.timed.delete(e);
      }
    }
    const rooms = this.dirty;
    this.dirty = this.spare;
    for (let i = 0; i < rooms.length; i++) {
      const e = rooms[i];
      e.queued = false;
      if (e.ticker !== this) continue;
      try {
        e.room.broadcastPatch();
      } catch (err) {
        // One room's failure must not hold back the others' patches; it still surfaces as before (uncaught).
        failure ??= err;
      }
    }
    rooms.length = 0;
    this.spare = rooms;
    if (failure !== null) throw failure;
  }
}

const tickers = new Map<number, PatchTicker>();

function tickerAt(ms: number): PatchTicker {
  let ticker = tickers.get(ms);
  if (!ticker) {
    ticker = new PatchTicker(ms, () => tickers.delete(ms));
    tickers.set(ms, ticker);
  }
  return ticker;
}

/** Moves `entry` to the ticker at `ms`, or stops its patches (null or 0, as Colyseus' setPatchRate does). */
function attach(entry: Entry, ms: number | null): void {
  const next = ms ? tickerAt(ms) : null;
  if (entry.ticker === next) return;
  const wasTimed = entry.timed;
  entry.ticker?.remove(entry);
  entry.queued = false;
  entry.ticker = next;
  if (!next) return;
  next.add();
  next.mark(entry);
  if (wasTimed || entry.room.clock.delayed.length > 0) next.markTimed(entry);
}

/** Used once, after setState: a room that has no timer of its own and is patched by the shared ticker. */
const NO_TIMER = Object.freeze({});

/**
 * Patch `room` from the process's shared ticker at `ms`, instead of from a timer of its own. Call after
 * setState (and after cheapPatches, so the ticker's patches take the cheap path), in place of setPatchRate.
 * The room's setPatchRate still works: null stops its patches and its clock (tests hold a change back that
 * way), a number moves it to the ticker at that rate.
 */
export function patchOnSharedTicker(room: Room, ms: number): void {
  const r = room as unknown as Internals;
  const root = r._serializer?.encoder?.root;
  const clock = r.clock;
  // Colyseus 0.18 / @colyseus/schema 5 names; fail loudly if they move (patches would silently stop).
  if (!root || typeof root.enqueueChangeTree !== 'function' || typeof r._onMessage !== 'function' || typeof r.broadcastMessageType !== 'function'
    || !r._events || typeof clock?.tick !== 'function' || !Array.isArray(clock.delayed) || typeof clock.setTimeout !== 'function') {
    throw new Error('Room internals not found: check patch-ticker.ts against this @colyseus/core and @colyseus/schema');
  }
  if (r._simulationInterval) throw new Error('patchOnSharedTicker: a room with a simulation interval keeps its own timers');

  const entry: Entry = { room: r, ticker: null, queued: false, timed: false };
  const mark = () => { entry.ticker?.mark(entry); };

  // No timer of the room's own: Colyseus' patchRate setter clears the room's interval and, with a rate of 0,
  // starts a clock-only one unless the room has a simulation interval; for this one call it seems to have one.
  r._simulationInterval = NO_TIMER;
  try {
    r.patchRate = 0;
  } finally {
    r._simulationInterval = undefined;
  }
  r.setPatchRate = (rate: number | null) => attach(entry, rate);

  const enqueue = root.enqueueChangeTree;
  root.enqueueChangeTree = function (this: unknown, ...a: unknown[]) {
    mark();
    return enqueue.apply(this, a);
  };
  const broadcastMessageType = r.broadcastMessageType;
  r.broadcastMessageType = function (this: Internals, type, message, options) {
    if (options?.afterNextPatch) mark();
    broadcastMessageType.call(this, type, message, options);
  };
  // Bound per client at its join (`this._onMessage.bind(this, client)`), so the instance's own is used.
  const onMessage = r._onMessage;
  r._onMessage = function (this: Internals, ...a: unknown[]) {
    try {
      return onMessage.apply(this, a);
    } finally {
      mark();
    }
  };
  for (const name of ['setTimeout', 'setInterval', 'duration'] as const) {
    const schedule = clock[name] as (...a: unknown[]) => unknown;
    if (typeof schedule !== 'function') continue;
    (clock as unknown as Record<string, unknown>)[name] = function (this: Clock, ...a: unknown[]) {
      // A clock with no timers is not ticked: bring its time up to now (nothing can fire).
      if (!entry.timed) clock.tick();
      const delayed = schedule.apply(this, a);
      entry.ticker?.markTimed(entry);
      return delayed;
    };
  }

  attach(entry, ms);
  r._events.once('dispose', () => attach(entry, null));
}

/** How many shared tickers run (one per patch rate in use; none once the last room is gone). */
export function sharedTickers(): number {
  return tickers.size;
}
