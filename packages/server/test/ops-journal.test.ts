/**
 * The room journal with a store whose writes complete later (as Redis's do): acks wait for their
 * own entry only; a refused write blocks the room, is retried in order with its index when the store
 * is back, and the acks follow; nothing is stored twice or out of order.
 */
import { StoreHealth } from '../src/persistence/store/health';
import { RoomJournal } from '../src/persistence/store/journal';
import { MemoryStore, type LogEntry } from '../src/persistence/store';
import { AT } from './support/game-log';

/** A store whose appends wait until the test settles them; `down` makes them (and probes) fail. */
class SlowStore extends MemoryStore {
  down = false;
  readonly log: { index: number; t: string }[] = [];
  readonly queue: { index: number; entry: LogEntry; resolve: () => void; reject: (e: Error) => void }[] = [];
  override append(_roomId: string, entry: LogEntry, index = -1): Promise<void> {
    return new Promise((resolve, reject) => this.queue.push({ index, entry, resolve, reject }));
  }
  /** Answer every queued write, in order, as Redis would (checking the index). */
  settleAll(): void {
    for (const q of this.queue.splice(0)) {
      if (this.down) q.reject(new Error('connection is closed'));
      else if (q.index !== this.log.length) q.reject(new Error(`ISLE_ORDER ${this.log.length} vs ${q.index}`));
      else { this.log.push({ index: q.index, t: q.entry.t }); q.resolve(); }
    }
  }
  override async probe(): Promise<void> { if (this.down) throw new Error('down'); }
}

const tick = () => new Promise((r) => setTimeout(r, 5));
const act = (n: number): LogEntry => ({ t: 'action', at: AT, seat: 0, action: { n } });

test('acks wait for their own entry; a refused write is retried in order when the store is back, then acked', async () => {
  const store = new SlowStore();
  const health = new StoreHealth(store, undefined, { minDelayMs: 2, maxDelayMs: 5 });
  const changes: boolean[] = [];
  const j = new RoomJournal(store, 'r', health, { onChange: (b) => changes.push(b) });
  const acks: string[] = [];
  expect(j.write(act(0))).toBe(true);
  j.afterWritten((now) => acks.push(`a0 ${now}`));
  store.settleAll();
  await tick();
  expect(acks).toEqual(['a0 false']);

  expect(j.write(act(1))).toBe(true);
  j.afterWritten(() => acks.push('a1'));
  store.settleAll(); // entry 1 stored...
  expect(j.write(act(2))).toBe(true); // ...while 2 is in flight
  await tick();
  expect(acks).toEqual(['a0 false', 'a1']); // a1 does not wait for entry 2
  j.afterWritten(() => acks.push('a2'));

  store.down = true;
  store.settleAll(); // entry 2 refused
  await tick();
  expect(j.blocked).toBe(true);
  expect(changes).toEqual([true]);
  expect(j.write(act(3))).toBe(false); // refused: the caller does not apply it
  expect(j.write({ t: 'end', at: AT }, 'keep')).toBe(true); // held
  expect(acks).not.toContain('a2');

  store.down = false;
  for (let i = 0; i < 50 && store.queue.length === 0; i++) await tick();
  store.settleAll(); // the retry: entry 2
  await tick();
  store.settleAll(); // then the end
  await tick();
  expect(store.log).toEqual([{ index: 0, t: 'action' }, { index: 1, t: 'action' }, { index: 2, t: 'action' }, { index: 3, t: 'end' }]);
  expect(acks).toEqual(['a0 false', 'a1', 'a2']);
  expect(j.blocked).toBe(false);
  expect(changes).toEqual([true, false]);
  health.stop();
});
