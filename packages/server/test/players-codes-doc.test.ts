/**
 * Every refusal code the players' routes can answer with is listed in docs/PROTOCOL.md (a client author
 * builds from that page alone): the codes are read from the source, where each is thrown.
 */
import * as fs from 'fs';
import * as path from 'path';

const SRC = path.join(__dirname, '..', 'src');
const DOC = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'PROTOCOL.md'), 'utf8');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []);
}

test('each PlayerError code thrown by the server is in PROTOCOL.md, in a table row', () => {
  const codes = new Set<string>();
  for (const f of sources(SRC)) for (const m of fs.readFileSync(f, 'utf8').matchAll(/PlayerError\('([A-Z_]+)'/g)) codes.add(m[1]);
  expect(codes.size).toBeGreaterThan(8);
  const rows = DOC.split('\n').filter((l) => l.startsWith('| `'));
  const missing = [...codes].filter((c) => !rows.some((r) => r.split('|')[1].includes(`\`${c}\``)));
  expect(missing).toEqual([]);
});
