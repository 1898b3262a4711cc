/**
 * A replay of a second-game game stored on an archived version of the map, in the built page (served by the
 * real server in this process): the lobby and a live table of the second game never fetch the archived board's
 * chunk; opening the replay fetches it, and the replay shows the game on that board from its first move to its
 * last, with no page error. A live server starts games on the current map only, so this one's body is the
 * answer a replay request gets here (a game recorded in Node on the archived version).
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());

import * as fs from 'fs';
import * as path from 'path';
import { mapRef, registerMap, scoreBreakdown } from '@isle-of-trains/ttr-rules';
import { recordTtrGame } from './ttr-record';
import { useE2E } from './e2e-support';

jest.setTimeout(300_000);

const world = useE2E({ BOT_DELAY_MS: 0, PLAYERS_DB: 'memory' });

const ARCHIVE = path.resolve(__dirname, '..', '..', 'ttr-rules', 'data', 'maps', 'archive');
const FILE = fs.readdirSync(ARCHIVE).filter((f) => f.endsWith('.json')).sort()[0];
const CHUNK = new RegExp(`/assets/${FILE.slice(0, -'.json'.length).replace(/\./g, '\\.')}-[\\w-]{8}\\.js$`);

/** A 2-player game on the archived board, claims first, as a replay's body (this test's registry registers the board). */
function archivedReplay(): { body: object; moves: number; claims: number } {
  const map = registerMap(JSON.parse(fs.readFileSync(path.join(ARCHIVE, FILE), 'utf8')));
  const { options, actions, final: s } = recordTtrGame({ seed: 'e2e-archived', names: ['Ada', 'Bo'], map: mapRef(map), maxActions: 60 });
  const body = {
    game: 'ttr', roomId: 'archived-map-game', options, seedHash: '', actions, finalScores: scoreBreakdown(s),
    startedAt: null, endedAt: new Date(0).toISOString(), chat: [],
  };
  return { body, moves: actions.length, claims: Object.keys(s.claims).length };
}

test('e2e: the archived board is fetched only when a replay on it opens, and the replay plays on it', async () => {
  const { body, moves, claims } = archivedReplay();
  expect(claims).toBeGreaterThan(0);
  const page = await world.newPage();
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.route('**/api/games/archived-map-game/replay*', (r) => r.fulfill({ json: body }));

  // The lobby, then a live table of the second game (its rules chunk and current map): no archived board.
  await page.goto(world.base);
  await page.waitForSelector('#create-game');
  await page.fill('#f-name', 'Ada');
  await page.selectOption('#f-game', 'ttr');
  await page.waitForFunction(() => document.querySelectorAll('#f-seats option').length === 4);
  await page.selectOption('#f-seats', '2');
  await page.selectOption('#f-bots', '1');
  await page.click('#create-game');
  await page.waitForSelector('#start-game');
  await page.click('#start-game');
  await page.waitForSelector('.ttr-table', { timeout: 60_000 });
  expect(fetched.filter((u) => /\/assets\/room-table-/.test(u))).not.toEqual([]);
  expect(fetched.filter((u) => CHUNK.test(u))).toEqual([]);

  // The replay of the game stored on the archived version: its board's chunk comes now, once.
  await page.goto(`${world.base}/?replay=archived-map-game`);
  await page.waitForSelector('.replay-bar', { timeout: 60_000 });
  await page.waitForSelector('.ttr-table');
  expect(fetched.filter((u) => CHUNK.test(u))).toHaveLength(1);
  expect(await page.textContent('#replay-move')).toMatch(new RegExp(`^Move 0 of ${moves}\\b`));
  expect(await page.locator('[data-route].ttr-claimed').count()).toBe(0);
  await page.click('[data-fkey="rp-last"]');
  await page.waitForFunction((n) => (document.querySelector('#replay-move')?.textContent ?? '').startsWith(`Move ${n} of ${n}`), moves);
  expect(await page.locator('[data-route].ttr-claimed').count()).toBeGreaterThan(0);
  expect(world.pageErrors).toEqual([]);
});
