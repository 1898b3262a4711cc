/**
 * The bundle's sizes as the README states them, measured on dist/ (run after a build; `npm run size`
 * builds first): each script and stylesheet, minified and gzipped (level 9, as the build's .gz files).
 * `--readme` also writes them into README.md, between the `bundle-size` markers, so the figures there are
 * always this script's output and never typed by hand. What each chunk is comes from its (hidden) source
 * map: the modules it was made of.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const main = /src="\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** A chunk's part in the page, by the first module it holds that names one; the first match wins. */
const ROLES = [
  [/src\/isle\/table\.ts$/, 'the Isle table, loaded when an Isle room or replay is shown'],
  [/src\/ttr\/room-table\.ts$/, 'the second game\'s table, loaded when one of its rooms or replays is shown'],
  [/src\/isle\/replay\.ts$/, 'an Isle replay played again, loaded when one opens'],
  [/src\/ttr\/replay\.ts$/, 'a second-game replay played again, loaded when one opens'],
  [/src\/render\/players\.ts$/, 'the players\' pages, loaded only there'],
  [/src\/replay\/viewer\.ts$/, 'the replay viewer, loaded when a replay opens'],
  [/node_modules\/zod\//, 'zod (the second game\'s option, action and map checks) and SHA-256 (its map hash), with its table'],
  [/client\/src\/ttr\/kit\.ts$/, 'the second game\'s readers for the session, loaded with a room of that game'],
  [/client\/src\/ttr\//, 'the second game\'s view from a room state, with its table'],
  [/ttr-rules\/src\/map\.ts$/, 'the second game\'s rules with its current map, loaded with its table'],
  [/ttr-rules\/src\//, 'the second game\'s rules, loaded with its table'],
  [/engine-core\/src\//, "the core both games' rules share (the seeded generator, option checks)"],
  [/[^-]rules\/src\//, 'the Isle rules, shared by its table and its replays'],
  [/src\/replay\/replay-model\.ts$/, 'the replay model both games\' replays share'],
];

/** The archived map versions (ttr-rules' data/maps/archive/): a JSON chunk has no sources, only its file's name. */
const archiveDir = fileURLToPath(new URL('../../ttr-rules/data/maps/archive', import.meta.url));
const archived = existsSync(archiveDir) ? readdirSync(archiveDir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)) : [];

function roleOf(file) {
  if (`assets/${file}` === main) return 'the main script: the shell, on every page';
  if (file.endsWith('.css')) return file.startsWith('index-') ? 'the page\'s stylesheet' : 'a table\'s stylesheet, with its chunk';
  const version = archived.find((a) => file.startsWith(`${a}-`) && file.length === a.length + '-12345678.js'.length);
  if (version) return `the archived map ${version}, loaded only by a replay of a game stored on that version`;
  const map = join(dist, 'assets', `${file}.map`);
  const sources = existsSync(map) ? JSON.parse(readFileSync(map, 'utf8')).sources ?? [] : [];
  for (const [pattern, role] of ROLES) {
    if (sources.some((s) => pattern.test(s))) return role;
  }
  return 'shared by the chunks that import it';
}

const rows = readdirSync(join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => {
    const body = readFileSync(join(dist, 'assets', f));
    return { file: f, raw: statSync(join(dist, 'assets', f)).size, gz: gzipSync(body, { level: 9 }).length, main: `assets/${f}` === main, role: roleOf(f) };
  })
  .sort((a, b) => Number(b.main) - Number(a.main) || Number(a.file.endsWith('.css')) - Number(b.file.endsWith('.css')) || b.gz - a.gz);
for (const r of rows) console.log(`${r.main ? 'main script ' : ''}${r.file}: ${kb(r.raw)} minified, ${kb(r.gz)} gzipped (${r.role})`);
const js = rows.filter((r) => r.file.endsWith('.js'));
const sum = (list, k) => list.reduce((n, r) => n + r[k], 0);
const css = rows.filter((r) => r.file.endsWith('.css'));
console.log(`JS total: ${kb(sum(js, 'raw'))} minified, ${kb(sum(js, 'gz'))} gzipped; CSS total: ${kb(sum(css, 'gz'))} gzipped`);

if (process.argv.includes('--readme')) {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    // Docs do not change the bundle: only code left uncommitted makes these figures another build's than the commit's.
    if (execSync("git status --porcelain --untracked-files=no -- ':(top)' ':(top,exclude)*.md'", { encoding: 'utf8' }).trim() !== '') commit += ' with local changes';
  } catch { /* not a git checkout: the date alone */ }
  // A chunk's name without its content hash, so the table reads the same from one build to the next.
  const name = (f) => f.replace(/-[\w-]{8}\.(js|css)$/, '.$1');
  const line = (r) => `| \`${name(r.file)}\` | ${r.role} | ${kb(r.raw)} | ${r.main ? `**${kb(r.gz)}**` : kb(r.gz)} |`;
  const block = [
    '<!-- bundle-size:start (written by `npm run size`: scripts/size.mjs --readme; do not edit by hand) -->',
    `Measured ${new Date().toISOString().slice(0, 10)} at ${commit}, gzip level 9:`,
    '',
    '| chunk | what | minified | gzipped |',
    '| --- | --- | --- | --- |',
    ...js.map(line),
    `| all scripts | | ${kb(sum(js, 'raw'))} | ${kb(sum(js, 'gz'))} |`,
    ...css.map(line),
    '<!-- bundle-size:end -->',
  ].join('\n');
  const readme = readFileSync(readmePath, 'utf8');
  const at = /<!-- bundle-size:start[^\n]*-->[\s\S]*?<!-- bundle-size:end -->/;
  if (!at.test(readme)) throw new Error('README.md has no bundle-size markers to write between');
  writeFileSync(readmePath, readme.replace(at, block));
  console.log('README.md: bundle sizes written');
}
