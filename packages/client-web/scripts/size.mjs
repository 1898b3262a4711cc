/**
 * The bundle's sizes as the README states them, measured on dist/ (run after a build; `npm run size`
 * builds first): each script and stylesheet, minified and gzipped (level 9, as the build's .gz files).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const main = /src="\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = readdirSync(join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => {
    const body = readFileSync(join(dist, 'assets', f));
    return { file: f, raw: statSync(join(dist, 'assets', f)).size, gz: gzipSync(body, { level: 9 }).length, main: `assets/${f}` === main };
  })
  .sort((a, b) => Number(b.main) - Number(a.main) || b.gz - a.gz);
for (const r of rows) console.log(`${r.main ? 'main script ' : ''}${r.file}: ${kb(r.raw)} minified, ${kb(r.gz)} gzipped`);
const css = rows.filter((r) => r.file.endsWith('.css')).reduce((n, r) => n + r.gz, 0);
console.log(`CSS total: ${kb(css)} gzipped`);
