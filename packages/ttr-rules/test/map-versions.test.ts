/**
 * Earlier versions of the map stay playable: every file in data/maps/archive/ (kept there unchanged by the map
 * build when the version was raised) is listed by mapVersions() and found by mapOf(), so a game stored on it
 * still replays on its own board, while new games get the current version.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createGame, loadMap, mapOf, mapRef, mapVersions, NORTHERN_EUROPE, scoreBreakdown, type GameState } from '../src';
import { playRandom } from './helpers';

const ARCHIVE = path.resolve(__dirname, '..', 'data', 'maps', 'archive');
const archived = readdirSync(ARCHIVE).filter((f) => f.endsWith('.json')).sort()
  .map((f) => ({ file: f, map: loadMap(JSON.parse(readFileSync(path.join(ARCHIVE, f), 'utf8'))) }));

test('the archive holds at least the first version, each file named for its id and version', () => {
  expect(archived.map((a) => a.map.version)).toContain('0.1.0-draft');
  for (const a of archived) expect(a.file).toBe(`${a.map.id}-${a.map.version}.json`);
});

test('every archived version is listed and found by id, version and hash; the current one is not archived', () => {
  const listed = mapVersions();
  for (const { map } of archived) {
    expect(listed).toContainEqual(mapRef(map));
    expect(mapOf(mapRef(map)).sha256).toBe(map.sha256);
    expect(map.version).not.toBe(NORTHERN_EUROPE.version);
  }
  expect(listed).toContainEqual(mapRef(NORTHERN_EUROPE));
  expect(listed).toHaveLength(archived.length + 1);
});

test('an archived version with another hash is refused', () => {
  const old = mapRef(archived[0].map);
  expect(() => mapOf({ ...old, sha256: NORTHERN_EUROPE.sha256 })).toThrow(/played on version/);
});

test('new games are created on the current version', () => {
  expect(createGame({ players: 3, seed: 'current' }).options.map).toEqual(mapRef(NORTHERN_EUROPE));
});

test.each(archived.map((a) => [a.map.version, a.map] as const))('a game pinned to version %s plays to its end and scores on that board', (_v, map) => {
  // A game stored on the archived version: the same deal with the stored options naming that version.
  const s0 = createGame({ players: 2, seed: `archived-${map.version}` });
  const pinned: GameState = { ...s0, options: { ...s0.options, map: mapRef(map) } };
  const { state } = playRandom(pinned, 5);
  expect(state.gameOver).toBe(true);
  expect(state.options.map).toEqual(mapRef(map));
  const sb = scoreBreakdown(state);
  expect(sb.final).toBe(true);
  // Every claimed route is a route of the archived board.
  for (const id of Object.keys(state.claims)) expect(map.route.has(Number(id))).toBe(true);
});
