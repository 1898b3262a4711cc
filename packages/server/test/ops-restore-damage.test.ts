/**
 * Torn and damaged game files, with the file store and restoreGames (no server):
 * a torn tail is cut before anything is appended; a damaged log is restored from its valid prefix
 * (replayed through the rules) and cut back to it; what cannot be restored is moved to the quarantine;
 * each case is logged once with the game id and what was kept; an ended game never comes back live.
 */
import * as fs from 'fs';
import * as path from 'path';
import { createLogger } from '../src/ops/logger';
import { restoreGames, type RestoredGame } from '../src/persistence/restore';
import { FileStore, type LogEntry } from '../src/persistence/store';
import { AT, gameLog, nextAction } from './support/game-log';
import { tempDir } from './support/ops-proc';

function setup() {
  const dir = tempDir('damage');
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (s: string) => { lines.push(JSON.parse(s) as Record<string, unknown>); } });
  const store = new FileStore(dir, { logger, syncIntervalMs: 0 });
  const file = (id: string, where = 'open') => path.join(dir, 'games', where, `${id}.jsonl`);
  const write = (id: string, text: string) => fs.writeFileSync(file(id), text);
  const jsonl = (log: LogEntry[]) => log.map((e) => JSON.stringify(e) + '\n').join('');
  const restore = async () => {
    const created: RestoredGame[] = [];
    const report = await restoreGames({ store: new FileStore(dir, { logger }), logger, create: async (g) => { created.push(g); } });
    return { report, created };
  };
  return { dir, store, file, write, jsonl, restore, lines };
}

test('a torn last line is cut before new lines go after it: the game survives the next restart too', async () => {
  const t = setup();
  const log = gameLog(12, 'torn', true);
  t.write('g', t.jsonl(log) + '{"t":"action","at":"x","se');
  const first = await t.restore();
  expect(first.created.map((g) => [g.roomId, g.match.actions.length, g.logLength])).toEqual([['g', 12, log.length]]);
  // the room goes on writing after the restart
  const more = nextAction(log);
  new FileStore(t.dir).append('g', { ...more, i: log.length });
  const second = await t.restore();
  expect(second.report.failed).toEqual([]);
  expect(second.created.map((g) => g.match.actions.length)).toEqual([13]);
  expect(t.lines.filter((l) => l.room === 'g' && l.msg === 'game log repaired: restored from its valid part')).toHaveLength(1);
});

test('the file store cuts a torn tail itself before its first append to a file', async () => {
  const t = setup();
  const log = gameLog(3, 'torn2');
  t.write('h', t.jsonl(log) + '{"t":"act');
  const more = nextAction(log);
  t.store.append('h', more);
  expect(fs.readFileSync(t.file('h'), 'utf8')).toBe(t.jsonl([...log, more]));
});

test('random bytes mid-file: restored from the valid prefix, the file cut back to it, logged once with what was kept', async () => {
  const t = setup();
  const log = gameLog(20, 'bytes', true);
  const text = t.jsonl(log);
  const cut = text.indexOf(JSON.stringify(log[15]));
  t.write('g', text.slice(0, cut) + '\u0000\u0017garbage{{' + text.slice(cut + 5));
  const { report, created } = await t.restore();
  expect(created.map((g) => g.match.actions.length)).toEqual([11]); // entries 4..14 are actions 1..11
  expect(report.salvaged).toEqual([{ roomId: 'g', kept: 15, dropped: 9, problem: 'line 16 is not JSON' }]);
  expect(fs.readFileSync(t.file('g'), 'utf8')).toBe(t.jsonl(log.slice(0, 15)));
  const said = t.lines.filter((l) => l.room === 'g');
  expect(said).toHaveLength(1);
  expect(said[0]).toMatchObject({ msg: 'game log repaired: restored from its valid part', keptEntries: 15, actionsKept: 11, droppedLines: 9 });
});

test('a line written twice is skipped, with entry indexes and in an old log without them', async () => {
  const t = setup();
  const indexed = gameLog(10, 'dup', true);
  t.write('a', t.jsonl([...indexed.slice(0, 8), indexed[7], ...indexed.slice(8)]));
  const old = gameLog(10, 'dup2');
  // pick an action that cannot be repeated (the rules refuse it the second time)
  t.write('b', t.jsonl([...old.slice(0, 6), old[5], ...old.slice(6)]));
  const { report, created } = await t.restore();
  expect(created.map((g) => [g.roomId, g.match.actions.length]).sort()).toEqual([['a', 10], ['b', 10]]);
  expect(report.quarantined).toEqual([]);
  expect(fs.readFileSync(t.file('a'), 'utf8')).toBe(t.jsonl(indexed));
});

test('an empty file, a log without its start, a log without its create: quarantined and logged, never silently dropped', async () => {
  const t = setup();
  const log = gameLog(5, 'q');
  t.write('empty', '');
  t.write('nostart', t.jsonl([...log.slice(0, 3), ...log.slice(4)]));
  t.write('nocreate', t.jsonl(log.slice(1)));
  const { report, created } = await t.restore();
  expect(created).toEqual([]);
  expect(report.quarantined.map((q) => q.roomId).sort()).toEqual(['empty', 'nocreate', 'nostart']);
  for (const id of ['empty', 'nostart', 'nocreate']) {
    expect(fs.existsSync(t.file(id))).toBe(false);
    expect(fs.existsSync(t.file(id, 'quarantine'))).toBe(true);
    expect(t.lines.filter((l) => l.room === id && l.msg === 'game log not restorable: moved to quarantine')).toHaveLength(1);
  }
  // the next start does not see them again
  expect((await t.restore()).report.quarantined).toEqual([]);
});

test('a finished game damaged before its end never comes back as a live game', async () => {
  const t = setup();
  const log = [...gameLog(10, 'ended', true)];
  log.push({ t: 'end', at: AT, finalScores: { winners: [0] }, i: log.length });
  const text = t.jsonl(log);
  const cut = text.indexOf(JSON.stringify(log[8]));
  t.write('done', text.slice(0, cut) + 'xx' + text.slice(cut + 2));
  // and one that ended cleanly but was never moved to closed/ (a crash between the end and the rename)
  t.write('clean', t.jsonl(log));
  const { report, created } = await t.restore();
  expect(created).toEqual([]);
  expect(report.quarantined).toEqual([{ roomId: 'done', reason: 'finished game damaged before its end (line 9 is not JSON)' }]);
});

test('a log deleted while its game runs is written back under its name, before and at the end', async () => {
  const t = setup();
  const store = new FileStore(t.dir, { logger: createLogger('info', { write: (s: string) => { t.lines.push(JSON.parse(s) as Record<string, unknown>); } }), syncIntervalMs: 1 });
  const log = gameLog(6, 'deleted');
  log.slice(0, 5).forEach((e) => store.append('d', e));
  fs.unlinkSync(t.file('d'));
  log.slice(5).forEach((e) => store.append('d', e));
  await new Promise((r) => setTimeout(r, 20));
  await store.flush();
  expect(fs.readFileSync(t.file('d'), 'utf8')).toBe(t.jsonl(log));
  // deleted again just before the game ends: the closed log is complete too
  fs.unlinkSync(t.file('d'));
  store.append('d', { t: 'end', at: AT });
  await store.flush();
  expect(fs.readFileSync(t.file('d', 'closed'), 'utf8')).toBe(t.jsonl([...log, { t: 'end', at: AT }]));
  expect(t.lines.filter((l) => l.room === 'd' && l.msg === 'store: a game log was deleted while in use; written back from the open file')).toHaveLength(2);
});
