/**
 * Where things go on the drawn map, from the map file's x/y alone (pure, no DOM): each track as a row of
 * spaces between its two cities, the tracks of one city pair side by side, the Arctic Circle's height and
 * the map's bounds. The map's units are its own (about 1000 wide); the SVG scales them.
 */
import type { MapData, RouteData } from '@isle-of-trains/ttr-rules';

/** Distance between the centre lines of two parallel tracks. */
export const TRACK_GAP = 15;
/** How thick a space is drawn, across the track. */
export const SPACE_WIDTH = 12;
/** Room left free round a city's dot before the first space starts. */
export const CITY_CLEARANCE = 13;
/** Gap between two spaces of one track, along it. */
export const SPACE_GAP = 3;

export interface Point { x: number; y: number }

export interface TrackLine { from: Point; to: Point }

/** One space of a track: its centre, its length along the track and the track's angle in degrees. */
export interface SpaceBox { cx: number; cy: number; length: number; angle: number }

export interface Bounds { minX: number; minY: number; maxX: number; maxY: number }

export function cityPoint(map: MapData, id: string): Point {
  const c = map.cities.find((x) => x.id === id);
  if (!c) throw new Error(`the map has no city ${id}`);
  return { x: c.x, y: c.y };
}

/**
 * How far this track's centre line sits from the straight line between its cities, across it: the tracks of
 * a pair are spread evenly round that line (one track: on it; two: half a gap either side; three: one on it).
 */
export function parallelOffset(route: Pick<RouteData, 'track' | 'tracks'>): number {
  return (route.track - (route.tracks + 1) / 2) * TRACK_GAP;
}

/**
 * The centre line of a track, shifted sideways for its place in the pair. The sideways direction is taken
 * from the two cities in a fixed order (by id), so two tracks of a pair stay apart even when the file names
 * their ends in opposite orders.
 */
export function trackLine(map: MapData, route: RouteData): TrackLine {
  const a = cityPoint(map, route.from);
  const b = cityPoint(map, route.to);
  const [p, q] = route.from < route.to ? [a, b] : [b, a];
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const len = Math.hypot(dx, dy) || 1;
  // The unit normal of the ordered line.
  const nx = -dy / len;
  const ny = dx / len;
  const off = parallelOffset(route);
  return { from: { x: a.x + nx * off, y: a.y + ny * off }, to: { x: b.x + nx * off, y: b.y + ny * off } };
}

/** The track's spaces, evenly along its line, clear of both cities' dots. */
export function trackSpaces(line: TrackLine, length: number): SpaceBox[] {
  const dx = line.to.x - line.from.x;
  const dy = line.to.y - line.from.y;
  const total = Math.hypot(dx, dy) || 1;
  const ux = dx / total;
  const uy = dy / total;
  const usable = Math.max(total - 2 * CITY_CLEARANCE, length * 4);
  const start = (total - usable) / 2;
  const step = usable / length;
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  const out: SpaceBox[] = [];
  for (let i = 0; i < length; i++) {
    const along = start + step * (i + 0.5);
    out.push({ cx: line.from.x + ux * along, cy: line.from.y + uy * along, length: Math.max(step - SPACE_GAP, 2), angle });
  }
  return out;
}

/** The middle of a track's line (where its "+X" badge and its list entry's marker go). */
export function midpoint(line: TrackLine): Point {
  return { x: (line.from.x + line.to.x) / 2, y: (line.from.y + line.to.y) / 2 };
}

/**
 * The map's y for a latitude: the file's y is a scaled, flipped latitude with a few small nudges, so a
 * least-squares line through the cities gives it back.
 */
export function latitudeY(map: MapData, lat: number): number {
  const n = map.cities.length;
  let sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const c of map.cities) {
    sx += c.lat; sy += c.y; sxx += c.lat * c.lat; sxy += c.lat * c.y;
  }
  const slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  const icept = (sy - slope * sx) / n;
  return slope * lat + icept;
}

export function arcticY(map: MapData): number {
  return latitudeY(map, map.arcticCircleLatitude);
}

/** The cities' extent with room for names and dots. */
export function mapBounds(map: MapData, margin = 60): Bounds {
  const xs = map.cities.map((c) => c.x);
  const ys = map.cities.map((c) => c.y);
  return { minX: Math.min(...xs) - margin, minY: Math.min(...ys) - margin, maxX: Math.max(...xs) + margin * 2, maxY: Math.max(...ys) + margin };
}

export interface ViewBox { x: number; y: number; w: number; h: number }

/**
 * Zoom a view box by `factor` (above 1 zooms in) about a point given as fractions of the box (0–1), kept
 * between the whole map (`full`) and `maxZoom` times closer.
 */
export function zoomBox(box: ViewBox, factor: number, fx: number, fy: number, full: ViewBox, maxZoom = 8): ViewBox {
  const minW = full.w / maxZoom;
  const w = Math.min(full.w, Math.max(minW, box.w / factor));
  const h = (box.h / box.w) * w;
  const px = box.x + fx * box.w;
  const py = box.y + fy * box.h;
  return clampBox({ x: px - fx * w, y: py - fy * h, w, h }, full);
}

/** Keep a view box over the map: it may not wander off it. */
export function clampBox(box: ViewBox, full: ViewBox): ViewBox {
  const x = box.w >= full.w ? full.x + (full.w - box.w) / 2 : Math.min(Math.max(box.x, full.x), full.x + full.w - box.w);
  const y = box.h >= full.h ? full.y + (full.h - box.h) / 2 : Math.min(Math.max(box.y, full.y), full.y + full.h - box.h);
  return { x, y, w: box.w, h: box.h };
}
