/**
 * The page's main script (built by jest's global setup, as the server ships it): the rules' catalogue check
 * stays out of it (zod is only in the replay viewer's chunk, which needs the engine's option checks), and it
 * stays under the size it had before the client package (the package must not make the page larger).
 */
import fs from 'fs';
import path from 'path';
import { gzipSync } from 'zlib';

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
