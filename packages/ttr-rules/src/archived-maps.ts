/**
 * Every archived map file this build keeps (data/maps/archive/, listed in map.ts's ARCHIVED_MAP_VERSIONS),
 * as data bundled with the code. The Node entry (index.ts) registers them all at once, so the server, the
 * bots and the tools replay a game stored on any of them; the web client leaves this module out and loads
 * one file when a replay needs it.
 */
import northernEurope010Draft from '../data/maps/archive/northern-europe-original-0.1.0-draft.json';
import { registerMap, type GameMap } from './map';

export const ARCHIVED_MAP_FILES: readonly unknown[] = [northernEurope010Draft];

/** Registers every archived map (registerMap); doing it again changes nothing. */
export function registerArchivedMaps(): GameMap[] {
  return ARCHIVED_MAP_FILES.map(registerMap);
}
