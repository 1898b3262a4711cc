/**
 * The match (src/game/match.ts) plays whole games with no socket and no Colyseus: greedy bots decide from
 * each seat's view, some quiet steps are taken back, and every record goes through a real room journal
 * into a store. What was stored then replays (the restart path) to the same game, events and log lines,
 * and a store that refuses a write leaves the match unchanged.
 */
import { createBot } from '@isle-of-trains/bots';
import { scoreBreakdown, type Action, type GameOptions } from '@isle-of-trains/rules';
import pino from 'pino';
import { Match } from '../src/game/match';
import { isleServerGame } from '../src/games/isle';
import { replayLog } from '../src/persistence/restore';
import { MemoryStore, RoomJournal, StoreHealth, StoreWriteError, type LogEntry } from '../src/persistence/store';
import type { LogLine } from '../src/game/log-lines';

jest.setTimeout(120_000);

const quiet = pino({ level: 'silent' });
let clock = Date.parse('2026-03-01T10:00:00.000Z');
const now = () => new Date(clock++).toISOString();

const header = (options: GameOptions): LogEntry[] => [
  { t: 'create', at: now(), options: { seats: options.players } },
  ...Array.from({ length: options.players }, (_, seat): LogEntry => ({ t: 'seat', at: now(), seat, name: `P${seat}`, kind: 'bot', botLevel: 'greedy' })),
];

/** Play `options` to the end through a match on a journal; returns the match, the store and every line written. */
function playThrough(options: GameOptions, undoEvery: number, readLogEvery = 0) {
  const store = new MemoryStore();
  const journal = new RoomJournal(store, 'm1', new StoreHealth(store, quiet));
  for (const e of header(options)) journal.write(e, 'keep');
  const m = Match.begin(isleServerGame, options, { journal, now });
  const bots = Array.from({ length: options.players }, (_, seat) => createBot('greedy', { seed: 7 + seat }));
  const written: LogLine[] = [];
  let undos = 0;
  for (let n = 0; !m.over; n++) {
    if (n > 5000) throw new Error('the game does not end');
    const d = m.pending()[0];
    const action = bots[d.seat].chooseAction({ view: m.view(d.seat), seat: d.seat, history: m.recentEvents() as never }) as Action;
    const r = m.apply(d.seat, action, 'human');
    if (!r.ok) throw new Error(`${action.type} refused: ${r.error.code}`);
    written.push(...r.lines);
    // Now and then the seat takes the step back (when the rules allow it) and decides again.
    if (n % undoEvery === 0 && !m.over && m.undoable(d.seat) > 0) {
      const u = m.undo(d.seat);
      if (!u.ok) throw new Error(u.code);
      undos++;
      for (let i = written.length - 1; i >= 0; i--) if (u.dropped.has(written[i].n)) written.splice(i, 1);
    }
    // The whole log read back as the `log` message reads it: old lines derived from the actions (and
    // kept from then on), recent ones from the events at hand.
    if (readLogEvery > 0 && n % readLogEvery === 0) expect(m.lines.tail(100_000)).toEqual(written);
  }
  const scores = m.end(now()).detail;
  return { m, store, scores, written, undos };
}

const games: [string, GameOptions][] = [
  ['the solo Challenge', { players: 1, seed: 'match-solo', names: ['P0'], mode: 'challenge' }],
  ['chapter 3', { players: 1, seed: 'match-ch3', names: ['P0'], mode: 'scenario', scenario: 3 }],
  ['2 players', { players: 2, seed: 'match-2', names: ['P0', 'P1'] }],
  ['3 players', { players: 3, seed: 'match-3', names: ['P0', 'P1', 'P2'] }],
  ['4 players', { players: 4, seed: 'match-4', names: ['P0', 'P1', 'P2', 'P3'] }],
];

test.each(games)('%s: a whole game through the match, stored, replays to the same game and log', async (_name, options) => {
  const { m, store, scores, written, undos } = playThrough(options, 5);
  expect(undos).toBeGreaterThan(0);
  expect(scores).toEqual(scoreBreakdown(m.state));
  const log = (await store.read('m1'))!;
  expect(log[log.length - 1]).toMatchObject({ t: 'end', finalScores: scores });
  expect(log.filter((e) => e.t === 'undo')).toHaveLength(undos);
  // The restart path: the stored records played forward by a match of their own.
  const replayed = replayLog('m1', log.slice(0, -1));
  if (replayed.kind !== 'game') throw new Error(replayed.kind);
  const r = replayed.game.match;
  expect(r.state).toEqual(m.state);
  expect(r.actions).toEqual(m.actions);
  expect(r.allEvents()).toEqual(m.allEvents());
  // The whole log as the live match wrote it (undone lines gone) is the log the replay rebuilds.
  expect(r.lines.tail(100_000)).toEqual(m.lines.tail(100_000));
  expect(m.lines.tail(100_000)).toEqual(written);
});

test('the log read back while the game goes on, with steps taken back, is the log as written', () => {
  // Read every 7 actions, so lines derived once are read again after later steps and undos.
  const { m, written } = playThrough({ players: 2, seed: 'match-log-read', names: ['P0', 'P1'] }, 3, 7);
  expect(m.eventCount).toBeGreaterThan(100);
  expect(m.lines.tail(100_000)).toEqual(written);
});

test('a store that refuses the record leaves the match as it was, and the action is not applied', () => {
  const store = new MemoryStore();
  let refuse = false;
  const append = store.append.bind(store);
  store.append = (roomId: string, entry: LogEntry) => {
    if (refuse) throw new StoreWriteError('disk full', 'ENOSPC');
    append(roomId, entry);
  };
  const options: GameOptions = { players: 2, seed: 'match-refused', names: ['P0', 'P1'] };
  const journal = new RoomJournal(store, 'm2', new StoreHealth(store, quiet));
  const m = Match.begin(isleServerGame, options, { journal, now });
  const before = JSON.stringify(m.state);
  const d = m.pending()[0];
  const action = createBot('greedy', { seed: 1 }).chooseAction({ view: m.view(d.seat), seat: d.seat, history: [] }) as Action;
  refuse = true;
  const r = m.apply(d.seat, action, 'human');
  expect(r).toMatchObject({ ok: false, error: { code: 'STORE_UNAVAILABLE' } });
  expect(JSON.stringify(m.state)).toBe(before);
  expect(m.actions).toEqual([]);
  expect(m.eventCount).toBe(0);
  expect(m.allEvents()).toEqual([]);
  // While the journal is blocked, nothing is even tried.
  refuse = false;
  expect(m.apply(d.seat, action, 'human')).toMatchObject({ ok: false, error: { code: 'STORE_UNAVAILABLE' } });
  expect(m.actions).toEqual([]);
});
