/**
 * The codes the package lists are the codes docs/PROTOCOL.md documents, both ways: a code added to one
 * and not the other fails here. (The server can only send listed codes: its refusals are typed with
 * SERVER_ERROR_CODES, packages/server/src/wire/refusal.ts.)
 */
import * as fs from 'fs';
import * as path from 'path';
import { MATCHMAKE_ERROR_CODES, SERVER_ERROR_CODES } from '@isle-of-trains/client/protocol';

const PROTOCOL = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'PROTOCOL.md'), 'utf8');

/** The table rows of the section under `heading`, each split into its cells. */
function rows(heading: string): string[][] {
  const start = PROTOCOL.indexOf(`\n${heading}\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = PROTOCOL.slice(start + heading.length + 2);
  const section = rest.slice(0, rest.search(/\n#{2,3} /));
  return section.split('\n').filter((l) => /^\|/.test(l) && !/^\|\s*-/.test(l)).slice(1) // the header row
    .map((l) => l.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim()));
}

const sorted = (codes: Iterable<string>) => [...new Set(codes)].sort();

test('every server error code is in PROTOCOL.md\'s "Error codes" table, and every code there is listed', () => {
  // The first cell names one code or several: `BAD_CHAT`, `CHAT_TOO_LONG`.
  const documented = rows('### Error codes').flatMap(([cell]) => [...cell.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]));
  expect(documented.length).toBeGreaterThan(10);
  expect(sorted(documented)).toEqual(sorted(SERVER_ERROR_CODES));
});

test('every matchmaking code word is in PROTOCOL.md\'s "Matchmaking errors" table, and every code word there is listed', () => {
  // The `error` cell of the room's refusals starts with the code word (`BAD_OPTIONS: …`); Colyseus' own rows have none.
  const documented = rows('### Matchmaking errors (create, join, reconnect)').flatMap(([, error]) => {
    const m = /^`([A-Z_]+):/.exec(error ?? '');
    return m ? [m[1]] : [];
  });
  expect(documented.length).toBeGreaterThan(5);
  expect(sorted(documented)).toEqual(sorted(MATCHMAKE_ERROR_CODES));
});

test('every close code the package names, and Colyseus\' 4003, is in PROTOCOL.md\'s "Close codes" table', async () => {
  const { CLOSE_CODES } = await import('@isle-of-trains/client/protocol');
  const documented = rows('### Close codes').flatMap(([cell]) => [...cell.matchAll(/\b(\d{4})\b/g)].map((m) => Number(m[1])));
  for (const code of [...Object.values(CLOSE_CODES), 4003]) expect(documented).toContain(code);
});
