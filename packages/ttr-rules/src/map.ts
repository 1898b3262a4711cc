/**
 * Maps as data: a map file is parsed with its zod schema, checked (map-check.ts) and indexed once. Every
 * game records the map's id, version and SHA-256 in its options, so a stored game is always replayed on
 * the very map it was played on (earlier versions are kept for that); a game whose map this build does not
 * hold is refused rather than replayed wrongly.
 */
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import northernEurope from '../data/maps/northern-europe.json';
import northernEurope010Draft from '../data/maps/archive/northern-europe-original-0.1.0-draft.json';
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
 * Every version this build can replay, keyed by id and version: the current ones and the earlier builds kept
 * in data/maps/archive/ (copied there, unchanged, by the map build when the version was raised), so a game
 * stored on an earlier version still replays on the very board it was played on.
 */
const PLAYABLE = new Map<string, GameMap>(
  [NORTHERN_EUROPE, ...[northernEurope010Draft].map(loadMap)].map((m) => [versionKey(m.id, m.version), m]),
);

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

/** Every map version this build can replay (current and archived), oldest first within an id. */
export function mapVersions(): MapRef[] {
  return [...PLAYABLE.values()].map(mapRef);
}

export function mapRef(m: GameMap): MapRef {
  return { id: m.id, version: m.version, sha256: m.sha256 };
}

/**
 * The shipped map a game was created on, current or archived; throws MapError when this build has no map with
 * that id, or none of that version with that very hash.
 */
export function mapOf(ref: MapRef): GameMap {
  const current = BUILT_IN.get(ref.id);
  if (!current) throw new MapError([`no map with id ${ref.id} in this build`], ref.id);
  const m = PLAYABLE.get(versionKey(ref.id, ref.version));
  if (!m || m.sha256 !== ref.sha256) {
    const known = [...PLAYABLE.values()].filter((x) => x.id === ref.id).map((x) => `${x.version} (${x.sha256.slice(0, 12)}…)`).join(', ');
    throw new MapError([`the game was played on version ${ref.version} (${ref.sha256.slice(0, 12)}…), this build has ${known}`], ref.id);
  }
  return m;
}
