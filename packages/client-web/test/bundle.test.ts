/**
 * The page's main script (built by jest's global setup, as the server ships it): the rules' catalogue check
 * stays out of it (zod is only in the replay viewer's chunk, which needs the engine's option checks), and it
 * stays under the size it had before the client package (the package must not make the page larger). The
 * second game's archived maps stay out of every script but their own chunks, which only its replay imports.
 */
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { pathToFileURL } from 'url';
import { gzipSync } from 'zlib';
import { loadMap } from '@isle-of-trains/ttr-rules';

const DIST = path.join(__dirname, '..', 'dist');

function mainScript(): Buffer {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const src = /src="\/(assets\/index-[^"]+\.js)"/.exec(html)![1];
  return fs.readFileSync(path.join(DIST, src));
}

test('the main script carries no zod: the catalogue is taken as the server and the tests checked it', () => {
  const js = mainScript().toString('utf8');
  expect(js).not.toMatch(/ZodError|\$ZodType/);
  // The card data is there all the same.
  expect(js).toContain('hopper');
});

test('the main script is smaller than before the client package (121 KB gzipped then)', () => {
  const gz = gzipSync(mainScript(), { level: 9 }).length;
  expect(gz).toBeLessThan(121 * 1024);
});

test('the Isle table is a chunk of its own, loaded by game when a room shows it: the main script (the shell) does not carry it', () => {
  const main = mainScript().toString('utf8');
  // A phrase of the table's dock (src/render/table.ts) and one of its selection (src/intents.ts).
  const tableText = ['More below: scroll the hand', 'Confirm'];
  expect(main).not.toContain(tableText[0]);
  const chunks = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => /^table-[\w-]+\.js$/.test(f));
  expect(chunks).toHaveLength(1);
  const table = fs.readFileSync(path.join(DIST, 'assets', chunks[0]), 'utf8');
  for (const t of tableText) expect(table).toContain(t);
  // The shell loads it with a dynamic import (src/shell/tables.ts).
  expect(main).toContain(chunks[0]);
  // The shell stays under the main script's size before the split (100,135 bytes gzipped; 87,204 after it).
  expect(gzipSync(mainScript(), { level: 9 }).length).toBeLessThan(98 * 1024);
});

test('an archived map of the second game is a chunk of its own, imported by that game\'s replay only: no table or shell script carries it', () => {
  const archive = path.join(__dirname, '..', '..', 'ttr-rules', 'data', 'maps', 'archive');
  const files = fs.readdirSync(archive).filter((f) => f.endsWith('.json'));
  expect(files.length).toBeGreaterThan(0);
  const current = JSON.parse(fs.readFileSync(path.join(archive, '..', 'northern-europe.json'), 'utf8')) as { note: string };
  const assets = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  const text = (f: string) => fs.readFileSync(path.join(DIST, 'assets', f), 'utf8');
  for (const file of files) {
    const name = file.slice(0, -'.json'.length);
    // The version's note is its own (the current map's says something else), so it marks where the board went.
    const { note } = JSON.parse(fs.readFileSync(path.join(archive, file), 'utf8')) as { note: string };
    expect(note).not.toBe(current.note);
    const holding = assets.filter((f) => text(f).includes(note));
    expect(holding).toHaveLength(1);
    expect(holding[0]).toMatch(new RegExp(`^${name.replace(/\./g, '\\.')}-[\\w-]{8}\\.js$`));
    // Only the second game's replay chunk names that chunk (its dynamic import); the shell, the tables and the
    // rules they load do not.
    const importers = assets.filter((f) => f !== holding[0] && text(f).includes(holding[0]));
    expect(importers).toHaveLength(1);
    expect(text(importers[0])).toContain('The game begins: each player chooses the tickets to keep.');
    expect(mainScript().toString('utf8')).not.toContain(holding[0]);
    // The chunk, imported as the page imports it, is the very board: the hash mapOf checks equals the file's.
    const chunkUrl = pathToFileURL(path.join(DIST, 'assets', holding[0])).href;
    const script = `import { createHash } from 'node:crypto'; const m = await import(${JSON.stringify(chunkUrl)}); process.stdout.write(createHash('sha256').update(JSON.stringify(m.default)).digest('hex'));`;
    const hash = execFileSync(process.execPath, ['--input-type=module', '--no-warnings', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(hash).toBe(loadMap(JSON.parse(fs.readFileSync(path.join(archive, file), 'utf8'))).sha256);
  }
  // The current board is still there, with the second game's rules (in none of the archived chunks).
  expect(assets.filter((f) => text(f).includes(current.note))).toHaveLength(1);
});
