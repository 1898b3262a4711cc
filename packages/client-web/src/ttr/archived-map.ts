/**
 * Earlier versions of the second game's map, loaded only for the replay that needs one. The page bundles
 * ttr-rules with its current map alone (vite.config.mts); a game stored on an archived version names that
 * version in its options, and its file (ttr-rules' data/maps/archive/<id>-<version>.json) is fetched then, as a
 * chunk of its own, and registered with the rules, after which `mapOf` finds it as it finds the current map.
 * A live table never comes here: rooms are always created on the current map.
 */
import { isArchivedMap, mapVersions, registerMap, type GameOptions } from '@isle-of-trains/ttr-rules';

/**
 * Loads and registers the archived map a game's options name, if they name one this build keeps and it is not
 * registered yet. A map id alone (the current version), the current version itself or a version this build
 * does not keep load nothing: creating or replaying the game then gives the rules' own answer (for an unknown
 * version, its MapError). Resolves true when an archived file was loaded by this call.
 */
export async function loadArchivedMap(map: GameOptions['map']): Promise<boolean> {
  if (typeof map !== 'object' || !isArchivedMap(map.id, map.version)) return false;
  if (mapVersions().some((m) => m.id === map.id && m.version === map.version)) return false;
  // A variable dynamic import: Vite makes one chunk per file of the archive folder and fetches only this one.
  // The name was checked against the rules' list of archived versions above, so only those files are asked for.
  const file = (await import(`../../../ttr-rules/data/maps/archive/${map.id}-${map.version}.json`)) as { default: unknown };
  registerMap(file.default);
  return true;
}
