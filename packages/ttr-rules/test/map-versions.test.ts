/**
 * Earlier versions of the map stay playable: every file in data/maps/archive/ (kept there unchanged by the map
 * build when the version was raised) is listed by mapVersions() and found by mapOf(), so a game stored on it
 * still replays on its own board, while new games get the current version. The package's Node entry registers
 * them all; its core (what a page bundles) holds the current map only and finds an archived one once it is
 * registered, refusing it with MapError until then.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ARCHIVED_MAP_FILES, ARCHIVED_MAP_VERSIONS, createGame, loadMap, mapOf, mapRef, mapVersions, NORTHERN_EUROPE, scoreBreakdown, type GameState,
} from '../src';
import type * as Core from '../src/core';
import { playRandom } from './helpers';

const ARCHIVE = path.resolve(__dirname, '..', 'data', 'maps', 'archive');
const archived = readdirSync(ARCHIVE).filter((f) => f.endsWith('.json')).sort()
  .map((f) => ({ file: f, map: loadMap(JSON.parse(readFileSync(path.join(ARCHIVE, f), 'utf8'))) }));

test('the archive holds at least the first version, each file named for its id and version', () => {
  expect(archived.map((a) => a.map.version)).toContain('0.1.0-draft');
  for (const a of archived) expect(a.file).toBe(`${a.map.id}-${a.map.version}.json`);
});

test('every archived file is named in the archive list and bundled for the Node entry', () => {
  expect([...ARCHIVED_MAP_VERSIONS].sort((a, b) => a.version.localeCompare(b.version)))
    .toEqual(archived.map((a) => ({ id: a.map.id, version: a.map.version })).sort((a, b) => a.version.localeCompare(b.version)));
  expect(ARCHIVED_MAP_FILES.map((f) => loadMap(f).sha256).sort()).toEqual(archived.map((a) => a.map.sha256).sort());
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

/** A fresh copy of the package's core (no archived map registered), as a page bundles it. */
function freshCore(): typeof Core {
  let core: typeof Core | undefined;
  jest.isolateModules(() => {
    core = jest.requireActual<typeof Core>('../src/core');
  });
  return core!;
}

function mapErrorOf(f: () => unknown): Error & { code?: string } {
  try {
    f();
  } catch (e) {
    return e as Error & { code?: string };
  }
  throw new Error('no error thrown');
}

describe('the core without the archive (what a page bundles)', () => {
  const { map: old, file } = archived[0];
  const raw = (): unknown => JSON.parse(readFileSync(path.join(ARCHIVE, file), 'utf8'));

  test('knows the archived versions but refuses a game on one with MapError until it is registered', () => {
    const core = freshCore();
    expect(core.isArchivedMap(old.id, old.version)).toBe(true);
    expect(core.mapVersions()).toEqual([mapRef(NORTHERN_EUROPE)]);
    const e = mapErrorOf(() => core.mapOf(mapRef(old)));
    expect(e.name).toBe('MapError');
    expect(e.code).toBe('BAD_MAP');
    expect(e.message).toMatch(/version 0\.1\.0-draft, which this build keeps in its archive but has not loaded/);
    // A version the build does not keep at all is refused as before.
    expect(mapErrorOf(() => core.mapOf({ id: old.id, version: '0.0.1', sha256: '0'.repeat(64) })).message).toMatch(/played on version 0\.0\.1/);
  });

  test('once registered, the archived version is found by mapOf, listed, and a game is created and played on it', () => {
    const core = freshCore();
    const m = core.registerMap(raw());
    expect(m.sha256).toBe(old.sha256);
    // Registering it again changes nothing.
    expect(core.registerMap(raw())).toBe(m);
    expect(core.mapOf(mapRef(old))).toBe(m);
    expect(core.mapVersions()).toEqual([mapRef(NORTHERN_EUROPE), mapRef(old)]);
    const s0 = core.createGame({ players: 2, seed: 'core-archived', map: mapRef(old) });
    expect(s0.options.map).toEqual(mapRef(old));
    // A wrong hash for that version is still refused.
    expect(mapErrorOf(() => core.mapOf({ ...mapRef(old), sha256: NORTHERN_EUROPE.sha256 })).message).toMatch(/played on version/);
  });

  test('registers only the archived versions it lists, and no other board under a registered version', () => {
    const core = freshCore();
    const current = JSON.parse(readFileSync(path.resolve(ARCHIVE, '..', 'northern-europe.json'), 'utf8')) as { version: string };
    expect(mapErrorOf(() => core.registerMap(current)).message).toMatch(/not one this build keeps in its archive/);
    expect(mapErrorOf(() => core.registerMap({ ...(raw() as object), version: '9.9.9' })).message).toMatch(/version 9\.9\.9 .* not one this build keeps/);
    core.registerMap(raw());
    const other = { ...(raw() as object), name: 'Another board' };
    const e = mapErrorOf(() => core.registerMap(other));
    expect(e.code).toBe('BAD_MAP');
    expect(e.message).toMatch(/registered already with another board/);
    expect(core.mapOf(mapRef(old)).sha256).toBe(old.sha256);
  });
});

test('createGame takes an exact version: an archived one plays on that board, an unknown one is a MapError', () => {
  const { map } = archived[0];
  const s = createGame({ players: 3, seed: 'exact', map: mapRef(map) });
  expect(s.options.map).toEqual(mapRef(map));
  expect(createGame({ players: 3, seed: 'exact', map: mapRef(NORTHERN_EUROPE) }).options.map).toEqual(mapRef(NORTHERN_EUROPE));
  const e = mapErrorOf(() => createGame({ players: 3, seed: 'exact', map: { id: map.id, version: '0.0.1', sha256: '0'.repeat(64) } }));
  expect(e.name).toBe('MapError');
  expect(e.code).toBe('BAD_MAP');
});
