/**
 * @isle-of-trains/ttr-rules for Node (the server, the bots, the tools and the tests): the whole package
 * (core.ts) with every archived map registered on import, so mapOf finds a game's map on any version this
 * build keeps without the caller doing anything. A page bundles core.ts instead and loads an archived map
 * only for the replay that needs it.
 */
import { registerArchivedMaps } from './archived-maps';

export * from './core';
export { registerArchivedMaps, ARCHIVED_MAP_FILES } from './archived-maps';

registerArchivedMaps();
