import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// The rules package is pure TypeScript: bundle it from source, no build step needed.
const rules = fileURLToPath(new URL('../rules/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@isle-of-trains/rules': rules } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true },
  server: {
    // `npm run dev`: the page comes from Vite; /api is proxied to the game server on :2567
    // (the SDK connects to :2567 itself, see src/main.ts).
    proxy: { '/api': 'http://localhost:2567' },
  },
});
