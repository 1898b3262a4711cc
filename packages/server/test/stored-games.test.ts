/**
 * Stored games keep replaying: every recorded store log in test/fixtures/logs (whole games of both games
 * with steps taken back, turn timers, bots, a restart in the middle, solo and a chapter, the second game's
 * opening choice decided by a timer, and a log in the format written before the start entry named its
 * game) goes through the restart path and must end exactly as it ended when it was played. See
 * test/fixtures/README.md.
 */
import * as fs from 'fs';
import * as path from 'path';
import { serverGame } from '../src/games/registry';
import { replayLog, salvageLog } from '../src/persistence/restore';
import { finishedGameFromLog } from '../src/players/finished-from-log';
import { Match } from '../src/game/match';
import { builtInMap, DEFAULT_MAP_ID, mapRef, mapVersions } from '@isle-of-trains/ttr-rules';
import type { EndEntry, LogEntry, StartEntry } from '../src/persistence/store';

const DIR = path.join(__dirname, 'fixtures', 'logs');
const fixtures = fs.readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).sort();

test('the fixtures are all there', () => {
  expect(fixtures).toEqual([
    '2p-before-game-id.jsonl', '2p-undo-restart.jsonl', '3p-timeouts.jsonl', '4p-bots.jsonl', 'chapter-5.jsonl', 'solo-challenge.jsonl',
    'ttr-2p-undo-restart.jsonl', 'ttr-3p-timeout-bots.jsonl', 'ttr-5p-bots.jsonl',
  ]);
});

test.each(fixtures)('%s replays to the end it stored', (file) => {
  const lines = fs.readFileSync(path.join(DIR, file), 'utf8').split('\n').filter((l) => l !== '');
  // The whole log is valid: nothing damaged, nothing written twice, nothing refused by the rules.
  const sv = salvageLog(lines);
  expect(sv.problem).toBeNull();
  expect(sv.dropped).toBe(0);
  const entries = sv.entries;
  const end = entries[entries.length - 1] as EndEntry;
  expect(end.t).toBe('end');
  const start = entries.find((e): e is StartEntry => e.t === 'start')!;
  // A log from before the start entry named its game is Isle of Trains'.
  const expected = file.startsWith('ttr-') ? 'ttr' : 'isle';
  expect(start.game ?? 'isle').toBe(expected);
  const definition = serverGame(expected)!.definition;
  if (start.rulesVersion !== undefined) expect(start.rulesVersion).toBe(definition.rulesVersion);

  const replayed = replayLog(file, entries.slice(0, -1));
  if (replayed.kind !== 'game') throw new Error(`${file}: ${replayed.kind}`);
  const { match, game } = { match: replayed.game.match, game: replayed.game.game };
  expect(game).toBe(expected);
  expect(match.over).toBe(true);
  expect(definition.score(match.state).detail).toEqual(end.finalScores);
  // Each stored undo took one action back.
  const count = (t: LogEntry['t']) => entries.filter((e) => e.t === t).length;
  expect(match.actions).toHaveLength(count('action') - count('undo'));
  // And the archive reads the same game from it.
  const record = finishedGameFromLog(file, entries);
  expect(record.result).toEqual(end.finalScores);
  expect(record.actions).toEqual(match.actions);
});

test('what the fixtures hold: undo, timeouts, bots, a restart, solo, a chapter and the second game', () => {
  const all = Object.fromEntries(fixtures.map((f) => [f, fs.readFileSync(path.join(DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LogEntry)]));
  const has = (f: string, pred: (e: LogEntry) => boolean) => all[f].some(pred);
  // Every Isle fixture has steps taken back; in the second game only the opening choice can be (every later
  // step shows a hidden card or ticket, or passes the turn on), which bots at the table usually close at once.
  for (const f of fixtures.filter((x) => !x.startsWith('ttr-') || x === 'ttr-2p-undo-restart.jsonl')) expect(has(f, (e) => e.t === 'undo')).toBe(true);
  expect(has('3p-timeouts.jsonl', (e) => e.t === 'action' && e.by === 'timeout')).toBe(true);
  expect(has('4p-bots.jsonl', (e) => e.t === 'action' && e.by === 'bot')).toBe(true);
  expect(has('ttr-5p-bots.jsonl', (e) => e.t === 'action' && e.by === 'bot')).toBe(true);
  // The second game's opening choice, which every seat makes at once, decided for the player by the timer.
  const opening = all['ttr-3p-timeout-bots.jsonl'].filter((e) => e.t === 'action').slice(0, 3) as { seat: number; by?: string }[];
  expect(opening.some((e) => e.seat === 0 && e.by === 'timeout')).toBe(true);
  // A restored game writes no entry of its own: its log simply goes on. The restart shows as the gap in
  // time between two entries (the kill, then a new process starting and the players coming back).
  for (const f of ['2p-undo-restart.jsonl', 'ttr-2p-undo-restart.jsonl']) {
    const at = all[f].map((e) => Date.parse(e.at));
    expect(Math.max(...at.slice(1).map((t, i) => t - at[i]))).toBeGreaterThan(300);
  }
  const start = (f: string) => all[f].find((e): e is StartEntry => e.t === 'start')!;
  expect(start('solo-challenge.jsonl').options).toMatchObject({ players: 1, mode: 'challenge' });
  expect(start('chapter-5.jsonl').options).toMatchObject({ players: 1, mode: 'scenario', scenario: 5 });
  expect(start('ttr-5p-bots.jsonl').options).toMatchObject({ players: 5 });
  expect(start('2p-before-game-id.jsonl')).not.toHaveProperty('game');
  expect(all['2p-before-game-id.jsonl'].some((e) => 'i' in e)).toBe(false);
});

describe('the second game pins its board', () => {
  const ttr = serverGame('ttr')!;
  const current = mapRef(builtInMap(DEFAULT_MAP_ID)!);
  const archived = mapVersions().find((m) => m.id === DEFAULT_MAP_ID && m.version !== current.version)!;

  test('a new table\'s start record names the exact version and hash of its map', () => {
    const written: LogEntry[] = [];
    const options = ttr.setupOptions({ seats: 2 } as never, 'pin-seed', ['Ada', 'Bo']);
    Match.begin(ttr as never, options as never, { now: () => '2026-11-28T00:00:00.000Z', journal: { write: (e) => { written.push(e); return true; }, blocked: false } });
    const start = written.find((e): e is StartEntry => e.t === 'start')!;
    expect((start.options as unknown as { map: unknown }).map).toEqual(current);
  });

  test('a game stored on an archived map version restores, replays and is archived on that version', () => {
    expect(archived).toBeDefined();
    expect(archived.sha256).not.toBe(current.sha256);
    const file = 'ttr-2p-undo-restart.jsonl';
    const entries = salvageLog(fs.readFileSync(path.join(DIR, file), 'utf8').split('\n').filter((l) => l !== '')).entries
      .map((e) => (e.t === 'start' ? { ...e, options: { ...e.options, map: archived } } as unknown as LogEntry : e));
    const replayed = replayLog(file, entries.slice(0, -1));
    if (replayed.kind !== 'game') throw new Error(replayed.kind);
    expect((replayed.game.match.state as { options: { map: unknown } }).options.map).toEqual(archived);
    expect(replayed.game.match.over).toBe(true);
    const record = finishedGameFromLog(file, entries);
    expect((record.options as unknown as { map: unknown }).map).toEqual(archived);
    // A log that names the map by id alone (written before games pinned their board) plays on the current one.
    const byId = replayLog(file, salvageLog(fs.readFileSync(path.join(DIR, file), 'utf8').split('\n').filter((l) => l !== '')).entries.slice(0, -1));
    if (byId.kind !== 'game') throw new Error(byId.kind);
    expect((byId.game.match.state as { options: { map: unknown } }).options.map).toEqual(current);
  });
});
