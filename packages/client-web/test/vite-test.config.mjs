/**
 * Vite's dev server for the browser test of the second game's preview page: the project's config with no
 * file watching and no hot reload, so an edit saved while the test runs cannot reload the page mid-game.
 */
import { mergeConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import base from '../vite.config.mts';

export default mergeConfig(base, {
  root: fileURLToPath(new URL('..', import.meta.url)),
  server: { hmr: false, watch: null },
});
