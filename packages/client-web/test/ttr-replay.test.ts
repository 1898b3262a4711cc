/** The second game's replays in the viewer: a recorded game played again one room state per move, worded like the server's log. */
import * as fs from 'fs';
import * as path from 'path';
import { loadMap, mapOf, mapRef, mapVersions, type GameOptions } from '@isle-of-trains/ttr-rules';
import { ttrViewFromState } from '@isle-of-trains/client';
import { buildTtrReplay, loadTtrReplay, ttrGameReplay } from '../src/ttr/replay';
import { loadArchivedMap } from '../src/ttr/archived-map';
import { recordTtrGame, type TtrRules } from './ttr-record';

// The web client's tests see ttr-rules as the page bundles it (jest.config.js): its core, without the archive.
const ARCHIVE = path.resolve(__dirname, '..', '..', 'ttr-rules', 'data', 'maps', 'archive');
const ARCHIVED_FILE = fs.readdirSync(ARCHIVE).filter((f) => f.endsWith('.json')).sort()[0];
const ARCHIVED = loadMap(JSON.parse(fs.readFileSync(path.join(ARCHIVE, ARCHIVED_FILE), 'utf8')));

/** A whole 3-player game (see ./ttr-record.ts). */
const recordGame = (seed: string, rules?: TtrRules, map?: GameOptions['map']) => recordTtrGame({ seed, names: ['Ada', 'Bo', 'Cy'], rules, map });

test('a recorded game plays again to the same end, one spectator room per move, its log the moves in words', () => {
  const g = recordGame('replay-viewer');
  expect(g.final.gameOver).toBe(true);
  const m = buildTtrReplay(g);
  expect(m.brokenAt).toBeNull();
  expect(m.states).toHaveLength(g.actions.length + 1);
  expect(m.states[m.states.length - 1]).toEqual(g.final);
  // Every move says something, in the server's words (names, cities), and the log grows with the moves.
  expect(m.moves.every((t) => t.length > 0)).toBe(true);
  expect(m.lines.some((l) => /^Ada claimed .+ – .+ with .+ for \d+ points?\.$/.test(l.text))).toBe(true);
  expect(m.lines.map((l) => l.n)).toEqual(m.lines.map((_, i) => i + 1));
  expect(m.logLength).toEqual([...m.logLength].sort((a, b) => a - b));

  const r = ttrGameReplay(g);
  expect(r.length).toBe(g.actions.length + 1);
  const start = r.room(0);
  expect(start.phase).toBe('playing');
  expect(start.log).toEqual([]);
  // A spectator's room: no hand is shown while the game runs, every hand and ticket once it is over.
  const mid = ttrViewFromState(r.room(10), 'spectator')!;
  expect(mid.players.every((p) => p.hand === null || p.hand === undefined)).toBe(true);
  const end = r.room(r.length - 1);
  expect(end.phase).toBe('ended');
  expect(end.seed).toBe('replay-viewer');
  const last = ttrViewFromState(end, 'spectator')!;
  expect(last.gameOver).toBe(true);
  expect(last.players.every((p) => (p.tickets ?? []).length > 0)).toBe(true);
  expect(r.turns[0]).toEqual({ turn: 0, index: 0 });
  expect(r.turns.map((t) => t.turn)).toEqual(r.turns.map((_, i) => i));
});

test('a move the rules refuse stops the replay there', () => {
  const g = recordGame('replay-broken');
  const bad = g.actions.findIndex((a) => a.action.type === 'claim');
  const actions = g.actions.map((a, i) => (i === bad ? { ...a, seat: (a.seat + 1) % 3 } : a));
  const m = buildTtrReplay({ options: g.options, actions });
  expect(m.brokenAt).toBe(bad + 1);
  expect(m.states).toHaveLength(bad + 1);
});

test('a game stored on an archived map version replays: its map file is loaded when the replay opens, not before', async () => {
  // Recorded as the server would play it: the package's Node entry, every archived map registered.
  let node: TtrRules | undefined;
  jest.isolateModules(() => {
    node = jest.requireActual<TtrRules>('../../ttr-rules/src/index');
  });
  const g = recordGame('archived-replay', node, mapRef(ARCHIVED));
  expect(g.final.gameOver).toBe(true);
  expect(g.final.options.map).toEqual(mapRef(ARCHIVED));

  // The page holds the current map only: the archived board is refused until loaded, with the typed error.
  expect(mapVersions().map((m) => m.version)).not.toContain(ARCHIVED.version);
  let refused: unknown;
  try {
    mapOf(mapRef(ARCHIVED));
  } catch (e) {
    refused = e;
  }
  expect(refused).toMatchObject({ name: 'MapError', code: 'BAD_MAP' });
  expect(() => buildTtrReplay(g)).toThrow(/keeps in its archive but has not loaded/);

  // The viewer's entry loads it (the dynamic import), then plays the game again to the same end on that board.
  const r = await loadTtrReplay(g);
  expect(mapOf(mapRef(ARCHIVED)).sha256).toBe(ARCHIVED.sha256);
  expect(r.length).toBe(g.actions.length + 1);
  const end = r.room(r.length - 1);
  expect(end.phase).toBe('ended');
  expect(end.game?.mapVersion).toBe(ARCHIVED.version);
  expect(end.game?.mapHash).toBe(ARCHIVED.sha256);
  expect(buildTtrReplay(g).states.at(-1)).toEqual(g.final);
  // Loaded once: asking again loads nothing.
  expect(await loadArchivedMap(mapRef(ARCHIVED))).toBe(false);
});

test('a replay on the current map, or on a version the build does not keep, loads no archived file', async () => {
  expect(await loadArchivedMap(undefined)).toBe(false);
  expect(await loadArchivedMap('northern-europe-original')).toBe(false);
  const unknown = { id: ARCHIVED.id, version: '0.0.1', sha256: '0'.repeat(64) };
  expect(await loadArchivedMap(unknown)).toBe(false);
  // Such a replay is refused by the rules' own MapError, not played on another board.
  const g = recordGame('current-replay');
  await expect(loadTtrReplay({ ...g, options: { ...g.options, map: unknown } })).rejects.toMatchObject({ name: 'MapError', code: 'BAD_MAP' });
});
