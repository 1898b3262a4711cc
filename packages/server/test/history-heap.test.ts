/**
 * A room's game keeps its history once (src/game/match.ts): the actions as compact text, only the newest
 * events, the log lines as indices, and the memory store's lines in chunks. The live heap that a game
 * adds per action is measured in a child process with full collections (bench/history-heap.cjs, over
 * the built server): 200 two-player games played from 40 to 100 actions each. Before this, a game held
 * every action as an object, every event with its text and the store's lines one string each: about
 * 640 bytes per action with the memory store, 400 without a store.
 */
import { execFileSync } from 'child_process';
import * as path from 'path';
import { ensureBuilt, SERVER_DIR } from './support/ops-proc';

jest.setTimeout(300_000);

function perAction(store: 'memory' | 'none'): number {
  const out = execFileSync(process.execPath, ['--expose-gc', '--no-flush-bytecode', path.join(SERVER_DIR, 'bench', 'history-heap.cjs'), path.join(SERVER_DIR, 'dist'), '200', '40', '100', store], { encoding: 'utf8', timeout: 240_000 });
  const { perAction: bytes } = JSON.parse(out.trim().split('\n').at(-1)!) as { perAction: number };
  return bytes;
}

beforeAll(async () => {
  await ensureBuilt();
});

test('a game without a store adds at most 150 bytes of live heap per action (its history and its state together)', () => {
  const bytes = perAction('none');
  console.log(`live heap per action, no store: ${bytes} B`); // eslint-disable-line no-console
  expect(bytes).toBeLessThanOrEqual(150);
});

test('with the memory store, which holds the durable copy, a game adds at most 300 bytes of live heap per action', () => {
  const bytes = perAction('memory');
  console.log(`live heap per action, memory store: ${bytes} B`); // eslint-disable-line no-console
  expect(bytes).toBeLessThanOrEqual(300);
});
