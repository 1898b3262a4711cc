/**
 * The page's copy of the whole log (src/game-log.ts): the state's newest lines, the older ones fetched
 * page by page down to line 1, an undo's lines dropped, a new connection starting afresh, and a failed
 * fetch not retried by itself.
 */
import { GameLog, type LogLine } from '../src/shell/game-log';

const line = (n: number, text = `line ${n}`): LogLine => ({ n, seat: -1, type: 't', text });
const range = (a: number, b: number): LogLine[] => Array.from({ length: b - a + 1 }, (_, i) => line(a + i));

/** A server's whole log, answering as the `log` message does (100 a page, lines below `before`). */
function server(all: LogLine[]) {
  const asked: number[] = [];
  const fetch = async (before: number) => {
    asked.push(before);
    const below = all.filter((l) => l.n < before);
    const lines = below.slice(-100);
    return { lines, more: below.length > lines.length };
  };
  return { asked, fetch };
}

test('the window, then older pages down to line 1, in order', async () => {
  const all = range(1, 250);
  const log = new GameLog();
  const src = {};
  log.update(all.slice(-20), src);
  expect(log.list().map((l) => l.n)).toEqual(range(231, 250).map((l) => l.n));
  expect(log.neverAsked).toBe(true);
  expect(log.hasOlder).toBe(true);
  const s = server(all);
  expect(await log.loadOlder(s.fetch)).toBe(true);
  expect(log.lowest()).toBe(131);
  expect(log.neverAsked).toBe(false);
  await log.loadOlder(s.fetch);
  await log.loadOlder(s.fetch);
  expect(s.asked).toEqual([231, 131, 31]);
  expect(log.list()).toEqual(all);
  expect(log.hasOlder).toBe(false);
  expect(await log.loadOlder(s.fetch)).toBe(false);
  // New lines in the window are added at the end; the old ones stay.
  log.update([...all.slice(-19), line(251)], src);
  expect(log.list()).toEqual([...all, line(251)]);
});

test('an undo: the lines gone from within the window go (the server refills its window, so every undone line is within it)', async () => {
  const log = new GameLog();
  const src = {};
  log.update(range(81, 100), src);
  await log.loadOlder(server(range(1, 100)).fetch);
  // Lines 96–100 undone, an undo line takes number 96: all within the window.
  log.update([...range(77, 95), line(96, 'took a step back')], src);
  expect(log.list().map((l) => l.n)).toEqual(range(1, 96).map((l) => l.n));
  expect(log.list().at(-1)!.text).toBe('took a step back');
  expect(log.neverAsked).toBe(false);
  // A long step undone (lines 60–96, more than the window): the refilled window reaches below it.
  const after = [...range(1, 59), line(60, 'took a step back')];
  log.update(after.slice(-20), src);
  expect(log.list()).toEqual(after);
  expect(log.hasOlder).toBe(false);
});

test('another connection (a room joined again after a restart renumbers) starts afresh; a failed fetch waits for a scroll', async () => {
  const log = new GameLog();
  log.update(range(1, 20), 'first');
  expect(log.hasOlder).toBe(false);
  log.update(range(41, 60), 'second');
  expect(log.list().map((l) => l.n)).toEqual(range(41, 60).map((l) => l.n));
  expect(log.neverAsked).toBe(true);
  expect(await log.loadOlder(() => Promise.reject(new Error('UNKNOWN_MESSAGE')))).toBe(false);
  expect(log.neverAsked).toBe(false);
  expect(log.hasOlder).toBe(true);
  // An answer for the old connection is dropped.
  const slow = log.loadOlder(async () => ({ lines: range(1, 40), more: false }));
  log.update(range(1, 20), 'third');
  expect(await slow).toBe(false);
  expect(log.list().map((l) => l.n)).toEqual(range(1, 20).map((l) => l.n));
});
