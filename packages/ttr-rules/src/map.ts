/**
 * Maps as data: a map file is parsed with its zod schema, checked (map-check.ts) and indexed once. Every
 * game records the map's id, version and SHA-256 in its options, so a stored game is always replayed on
 * the very map it was played on (earlier versions are kept for that); a game whose map this build does not
 * hold is refused rather than replayed wrongly.
 *
 * Only the current maps are part of this module. The earlier versions (data/maps/archive/) are registered by
 * whoever needs them: the package's Node entry registers them all at once (archived-maps.ts), while a page
 * loads one file when it replays a game stored on it, so a browser never downloads boards it does not show.
 */
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import northernEurope from '../data/maps/northern-europe.json';
import { checkMap, MapError } from './map-check';
import { MapSchema, type CityData, type MapData, type RouteData, type TicketData } from './map-schema';

export { MapError } from './map-check';

/** A checked map with the look-ups the rules need. Not part of any state: states hold a MapRef. */
export interface GameMap {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  /** SHA-256 (hex) of the map's JSON text as JSON.stringify writes the parsed file. */
  readonly sha256: string;
  readonly data: MapData;
  /** Routes (tracks) ordered by id. */
  readonly routes: readonly RouteData[];
  readonly tickets: readonly TicketData[];
  readonly city: ReadonlyMap<string, CityData>;
  readonly route: ReadonlyMap<number, RouteData>;
  readonly ticket: ReadonlyMap<number, TicketData>;
  /** The track ids of each city pair. */
  readonly pairTracks: ReadonlyMap<number, readonly number[]>;
  readonly capitals: ReadonlySet<string>;
  readonly westernCountry: string;
}

/** What a game stores about its map. */
export interface MapRef {
  id: string;
  version: string;
  sha256: string;
}

/** Points for a claimed route by its length (the series' usual table; the rulebook leaves it out). */
export const ROUTE_POINTS: Readonly<Record<number, number>> = { 1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15 };

/** Parses and checks a map file; throws MapError listing every fault. */
export function loadMap(raw: unknown): GameMap {
  const parsed = MapSchema.safeParse(raw);
  const id = typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : '(no id)';
  if (!parsed.success) {
    throw new MapError(parsed.error.issues.map((i) => `${i.path.join('.') || 'map'}: ${i.message}`), id);
  }
  const data = parsed.data;
  const problems = checkMap(data);
  if (problems.length > 0) throw new MapError(problems, data.id);
  const routes = [...data.routes].sort((a, b) => a.id - b.id);
  const pairTracks = new Map<number, number[]>();
  for (const r of routes) pairTracks.set(r.pair, [...(pairTracks.get(r.pair) ?? []), r.id]);
  return {
    id: data.id,
    name: data.name,
    version: data.version,
    sha256: bytesToHex(sha256(utf8ToBytes(JSON.stringify(raw)))),
    data,
    routes,
    tickets: data.tickets,
    city: new Map(data.cities.map((c) => [c.id, c])),
    route: new Map(routes.map((r) => [r.id, r])),
    ticket: new Map(data.tickets.map((t) => [t.id, t])),
    pairTracks,
    capitals: new Set(data.bonusTargets.capitals),
    westernCountry: data.bonusTargets.westernCountry,
  };
}

/** The map this package ships: an original board of Northern Europe (design and statistics: README.md). */
export const NORTHERN_EUROPE: GameMap = loadMap(northernEurope);
export const DEFAULT_MAP_ID = NORTHERN_EUROPE.id;

/** The maps new games are created on, one per id: each id's current version. */
const BUILT_IN = new Map<string, GameMap>([[NORTHERN_EUROPE.id, NORTHERN_EUROPE]]);

/**
 * The earlier versions this build keeps in data/maps/archive/ (copied there, unchanged, by the map build when
 * the version was raised), by id and version; each file is named `<id>-<version>.json`. Their boards are not
 * held here until registered (registerMap): listing them lets a caller know which file to load, and lets mapOf
 * say that a game's version is kept but not loaded rather than unknown.
 */
export const ARCHIVED_MAP_VERSIONS: readonly { readonly id: string; readonly version: string }[] = [
  { id: 'northern-europe-original', version: '0.1.0-draft' },
];

/** Every version this build can replay now, keyed by id and version: the current ones and the archived ones registered so far. */
const PLAYABLE = new Map<string, GameMap>([[versionKey(NORTHERN_EUROPE.id, NORTHERN_EUROPE.version), NORTHERN_EUROPE]]);

/** Whether this build keeps that version of a map in its archive (registered or not). */
export function isArchivedMap(id: string, version: string): boolean {
  return ARCHIVED_MAP_VERSIONS.some((v) => v.id === id && v.version === version);
}

/**
 * Makes an archived map file playable: parses and checks it (as loadMap) and adds it to the versions mapOf
 * finds. Registering the same file again is harmless. Throws MapError for a faulty file, for a version this
 * build does not keep in its archive (ARCHIVED_MAP_VERSIONS), and for a file whose board differs from the
 * one already registered under that version.
 */
export function registerMap(raw: unknown): GameMap {
  const m = loadMap(raw);
  if (!isArchivedMap(m.id, m.version)) {
    throw new MapError([`version ${m.version} of map ${m.id} is not one this build keeps in its archive`], m.id);
  }
  const held = PLAYABLE.get(versionKey(m.id, m.version));
  if (held && held.sha256 !== m.sha256) {
    throw new MapError([`version ${m.version} is registered already with another board (${held.sha256.slice(0, 12)}…, this file ${m.sha256.slice(0, 12)}…)`], m.id);
  }
  if (held) return held;
  PLAYABLE.set(versionKey(m.id, m.version), m);
  return m;
}

function versionKey(id: string, version: string): string {
  return `${id}@${version}`;
}

/** The shipped map with this id that new games use (its current version), if any. */
export function builtInMap(id: string): GameMap | undefined {
  return BUILT_IN.get(id);
}

/** The ids of the maps a game may be created on. */
export function mapIds(): string[] {
  return [...BUILT_IN.keys()];
}

/**
 * Every map version this build can replay now: the current ones and the archived ones registered (through the
 * package's Node entry, all of them).
 */
export function mapVersions(): MapRef[] {
  return [...PLAYABLE.values()].map(mapRef);
}

export function mapRef(m: GameMap): MapRef {
  return { id: m.id, version: m.version, sha256: m.sha256 };
}

/**
 * The shipped map a game was created on, current or archived; throws MapError when this build has no map with
 * that id, none of that version with that very hash, or keeps that version in its archive without it having
 * been registered.
 */
export function mapOf(ref: MapRef): GameMap {
  const current = BUILT_IN.get(ref.id);
  if (!current) throw new MapError([`no map with id ${ref.id} in this build`], ref.id);
  const m = PLAYABLE.get(versionKey(ref.id, ref.version));
  if (!m && isArchivedMap(ref.id, ref.version)) {
    throw new MapError([`the game was played on version ${ref.version}, which this build keeps in its archive but has not loaded (registerMap)`], ref.id);
  }
  if (!m || m.sha256 !== ref.sha256) {
    const known = [...PLAYABLE.values()].filter((x) => x.id === ref.id).map((x) => `${x.version} (${x.sha256.slice(0, 12)}…)`).join(', ');
    throw new MapError([`the game was played on version ${ref.version} (${ref.sha256.slice(0, 12)}…), this build has ${known}`], ref.id);
  }
  return m;
}
