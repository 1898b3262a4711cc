/**
 * The shipped map is exactly what the map tools build from their source (map-tools/), so the JSON is never
 * edited by hand, and the design validator passes on it. One build and one validation: well under a second.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const TOOLS = path.resolve(__dirname, '..', 'map-tools');
const SHIPPED = path.resolve(__dirname, '..', 'data', 'maps', 'northern-europe.json');

function run(script: string, ...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [path.join(TOOLS, script), ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: r.stdout + r.stderr };
}

test('the shipped map equals the build of map-source.mjs, byte for byte', () => {
  const built = run('build-map.mjs', '--stdout');
  expect(built.status).toBe(0);
  expect(built.out === readFileSync(SHIPPED, 'utf8')).toBe(true);
});

test('the design validator passes on the shipped map', () => {
  const checked = run('validate-map.mjs', SHIPPED);
  expect(checked.out).toContain('every check holds');
  expect(checked.status).toBe(0);
});
