import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `.br` and `.gz` beside every text asset after a build, for the server to send precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// The rules, engine-core and client packages are pure TypeScript: bundle them from source, no build step needed.
const engineCore = fileURLToPath(new URL('../engine-core/src/index.ts', import.meta.url));
const rules = fileURLToPath(new URL('../rules/src/index.ts', import.meta.url));
const client = fileURLToPath(new URL('../client/src/index.ts', import.meta.url));
// The second game's rules and bots, for its table and its preview page (ttr-preview.html, development only).
// core.ts is the package without its archived maps (index.ts registers them all for Node): a replay of a game
// stored on an earlier map version loads that one file when it opens (src/ttr/archived-map.ts).
const ttrRules = fileURLToPath(new URL('../ttr-rules/src/core.ts', import.meta.url));
const bots = fileURLToPath(new URL('../bots/src/index.ts', import.meta.url));
// The rules' catalogue check (zod) stays with the server and the tests; the page takes the checked data as is.
const trustedCatalogue = fileURLToPath(new URL('./src/catalogue-trusted.ts', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      // Exactly the package's main entry: its test kit (`/testkit`) has no place in the page.
      { find: /^@isle-of-trains\/engine-core$/, replacement: engineCore },
      { find: '@isle-of-trains/rules', replacement: rules },
      { find: '@isle-of-trains/client', replacement: client },
      { find: /^@isle-of-trains\/ttr-rules$/, replacement: ttrRules },
      { find: /^@isle-of-trains\/bots$/, replacement: bots },
      { find: /^\.\/catalogue-check$/, replacement: trustedCatalogue },
    ],
  },
  // 'hidden': maps are written for debugging but not referenced from the scripts (and the server does not serve them).
  build: {
    outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: 'hidden',
    // The rules, engine-core and client modules only define things: unused ones (the engine, until the replay
    // viewer loads it; the protocol's zod schemas, which the server checks with; the second game's rules and
    // map, which only its own pages use) stay out of the main script.
    rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !/[\\/](rules|ttr-rules|engine-core|client)[\\/](src|data)[\\/]/.test(id) } },
  },
  plugins: [precompress()],
  server: {
    // `npm run dev`: the page comes from Vite; /api is proxied to the game server on :2567
    // (the SDK connects to :2567 itself, see src/main.ts).
    proxy: { '/api': 'http://localhost:2567' },
  },
});
