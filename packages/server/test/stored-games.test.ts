/**
 * Stored games keep replaying: every recorded store log in test/fixtures/logs (whole games with steps
 * taken back, turn timers, bots, a restart in the middle, solo and a chapter, and a log in the format
 * written before the start entry named its game) goes through the restart path and must end exactly
 * as it ended when it was played. See test/fixtures/README.md.
 */
import * as fs from 'fs';
import * as path from 'path';
import { RULES_VERSION, scoreBreakdown } from '@isle-of-trains/rules';
import { replayLog, salvageLog } from '../src/persistence/restore';
import { finishedGameFromLog } from '../src/players/finished-from-log';
import type { EndEntry, LogEntry, StartEntry } from '../src/persistence/store';

const DIR = path.join(__dirname, 'fixtures', 'logs');
const fixtures = fs.readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).sort();

test('the fixtures are all there', () => {
  expect(fixtures).toEqual([
    '2p-before-game-id.jsonl', '2p-undo-restart.jsonl', '3p-timeouts.jsonl', '4p-bots.jsonl', 'chapter-5.jsonl', 'solo-challenge.jsonl',
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
  if (start.rulesVersion !== undefined) expect(start.rulesVersion).toBe(RULES_VERSION);

  const replayed = replayLog(file, entries.slice(0, -1));
  if (replayed.kind !== 'game') throw new Error(`${file}: ${replayed.kind}`);
  const { match, game } = { match: replayed.game.match, game: replayed.game.game };
  expect(game).toBe('isle');
  expect(match.over).toBe(true);
  expect(scoreBreakdown(match.state)).toEqual(end.finalScores);
  // Each stored undo took one action back.
  const count = (t: LogEntry['t']) => entries.filter((e) => e.t === t).length;
  expect(match.actions).toHaveLength(count('action') - count('undo'));
  // And the archive reads the same game from it.
  const record = finishedGameFromLog(file, entries);
  expect(record.result).toEqual(end.finalScores);
  expect(record.actions).toEqual(match.actions);
});

test('what the fixtures hold: undo, timeouts, bots, a restart, solo and a chapter', () => {
  const all = Object.fromEntries(fixtures.map((f) => [f, fs.readFileSync(path.join(DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LogEntry)]));
  const has = (f: string, pred: (e: LogEntry) => boolean) => all[f].some(pred);
  for (const f of fixtures) expect(has(f, (e) => e.t === 'undo')).toBe(true);
  expect(has('3p-timeouts.jsonl', (e) => e.t === 'action' && e.by === 'timeout')).toBe(true);
  expect(has('4p-bots.jsonl', (e) => e.t === 'action' && e.by === 'bot')).toBe(true);
  // A restored game writes no entry of its own: its log simply goes on. The restart shows as the gap in
  // time between two entries (the kill, then a new process starting and the players coming back).
  const at = all['2p-undo-restart.jsonl'].map((e) => Date.parse(e.at));
  expect(Math.max(...at.slice(1).map((t, i) => t - at[i]))).toBeGreaterThan(300);
  const start = (f: string) => all[f].find((e): e is StartEntry => e.t === 'start')!;
  expect(start('solo-challenge.jsonl').options).toMatchObject({ players: 1, mode: 'challenge' });
  expect(start('chapter-5.jsonl').options).toMatchObject({ players: 1, mode: 'scenario', scenario: 5 });
  expect(start('2p-before-game-id.jsonl')).not.toHaveProperty('game');
  expect(all['2p-before-game-id.jsonl'].some((e) => 'i' in e)).toBe(false);
});
