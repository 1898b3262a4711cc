/**
 * The page's history entries in a real browser (the server in this process, Debian's chromium): Back and
 * Forward across the lobby, a table, its end screen and the replay; the replay closing onto the end screen
 * with "Play again" still there, which then moves to the rematch; Back never leaving the site.
 * The game is played to its end from Node with the seat token the page kept (clicking a whole game takes
 * minutes; test/e2e-table.test.ts does that), then the page takes its seat back.
 * And a reload keeps an open confirm tray (this tab's sessionStorage), shown again only while its move is legal.
 */
import type { Page } from 'playwright-core';
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());

import { frame, keys, paxOnTrain, prompt, ready, startTwoSeatTable, useE2E } from './e2e-support';
import { IsleClient } from '@isle-of-trains/client';
import { createBot } from '@isle-of-trains/bots';

jest.setTimeout(180_000);

// Bots decide on the server's main thread here (BOT_WORKERS 0): from TypeScript sources a worker thread
// transpiles and loads the rules and bots first, which on a loaded machine took longer than a decision's
// time limit, and each time-out replaced the worker (and loaded them again). The worker pool has tests of its
// own (packages/server/test/bot-workers.test.ts); what these tests read is the page.
const world = useE2E({ BOT_WORKERS: 0 });

const waitFor = (page: Page, selector: string) => page.locator(selector).first().waitFor();
const address = (page: Page) => { const u = new URL(page.url()); return u.pathname + u.search; };

/** Play the seat to the end from Node with the page's seat token (the page's connection is taken over meanwhile). */
async function finishFromNode(page: Page, roomId: string): Promise<void> {
  const token = await page.evaluate((r) => (JSON.parse(localStorage.getItem(`iot.seat.${r}`) ?? 'null') as { token: string } | null)?.token, roomId);
  expect(token).toEqual(expect.any(String));
  const device = await new IsleClient(world.base.replace(/^http/, 'ws'), { rejoin: { attempts: 0 }, pace: { perSecond: 500, burst: 500 } }).rejoin(roomId, token!);
  const bot = createBot('greedy', { seed: 3 });
  for (let moves = 0; (await device.myDecision()) !== null; moves++) {
    if (moves > 3000) throw new Error('the game did not end in 3000 moves');
    await device.act(bot.chooseAction({ view: device.view!, seat: device.seat!, history: [] }));
  }
  expect((await device.finished()).phase).toBe('ended');
  // The page takes the seat back (the device is taken over in turn, its session closed): the ended room
  // lives while the page is in it.
  await page.reload();
  await waitFor(page, '#end-screen');
  expect(device.status).toBe('closed');
}

test('Back and Forward walk the lobby, the table, its end screen and the replay; closing the replay keeps the rematch', async () => {
  const page = await world.newPage();
  const asked: string[] = [];
  page.on('dialog', (d) => { asked.push(d.message()); void d.accept(); });
  const roomId = await startTwoSeatTable(page, world.base, 'Ada');
  expect(address(page)).toBe(`/?room=${roomId}`);

  // Back from a game in play asks first (a bot takes the seat), then shows the lobby: the site, not a blank page.
  await page.goBack();
  await waitFor(page, '#create-game');
  expect(address(page)).toBe('/');
  expect(asked).toEqual([expect.stringMatching(/^Leave this game\? A bot plays your seat/)]);
  // Forward takes the seat back.
  await page.goForward();
  await waitFor(page, '.player.me');
  expect(address(page)).toBe(`/?room=${roomId}`);

  await finishFromNode(page, roomId);
  await waitFor(page, '#rematch');
  // "Watch the replay" is a link: opened in another tab, it shows the replay there.
  const href = await page.getAttribute('#replay-open', 'href');
  expect(href).toBe(`/?replay=${roomId}`);
  const tab = await page.context().newPage();
  await tab.goto(`${world.base}${href}`);
  await waitFor(tab, '.replay-bar');
  await tab.close();

  // The replay is an entry of its own; Back returns to the end screen with its rematch.
  await page.click('#replay-open');
  await waitFor(page, '.replay-bar');
  expect(address(page)).toBe(`/?replay=${roomId}`);
  await page.goBack();
  await waitFor(page, '#end-screen');
  expect(address(page)).toBe(`/?room=${roomId}`);
  expect(await page.locator('.replay-bar').count()).toBe(0);
  await page.goForward();
  await waitFor(page, '.replay-bar');
  // "Close the replay" returns there too.
  await page.click('[data-fkey="leave"]');
  await waitFor(page, '#end-screen');
  expect(address(page)).toBe(`/?room=${roomId}`);

  // Play again still moves to the server's rematch, which takes this entry's place.
  await page.click('#rematch');
  await page.waitForFunction((old) => { const r = new URL(location.href).searchParams.get('room'); return !!r && r !== old; }, roomId);
  await waitFor(page, '.table-screen .player.me');
  expect(await page.locator('#end-screen').count()).toBe(0);
  await page.goBack();
  await waitFor(page, '#create-game');
  expect(address(page)).toBe('/');
  expect(asked).toHaveLength(2);
  expect(world.pageErrors).toEqual([]);
});

test('a reload keeps the confirm tray open; Confirm then sends it, and a cancelled tray does not come back', async () => {
  const page = await world.newPage();
  await page.goto(world.base);
  await waitFor(page, '#start-solo');
  await page.fill('#f-name', 'Ada');
  await frame(page);
  await page.click('#start-solo');
  await waitFor(page, '.table-screen');
  // A waiting passenger, then a car: the load waits in the confirm tray.
  const openTray = async () => {
    await ready(page);
    await page.click(`[data-key="${(await keys(page)).find((k) => k.startsWith('supply:'))!}"]`);
    await frame(page);
    await page.click(`[data-key="${(await keys(page)).find((k) => k.startsWith('car:0:'))!}"]`);
    await waitFor(page, '[data-key="confirm"]');
    return prompt(page);
  };
  const reloaded = async () => {
    await page.reload();
    await waitFor(page, '.table-screen');
    await ready(page);
    await frame(page);
  };

  await openTray();
  await page.click('[data-key="cancel"]');
  await frame(page);
  await reloaded();
  expect(await page.locator('[data-key="confirm"]').count()).toBe(0);

  const tray = await openTray();
  expect(tray).toMatch(/passenger/i);
  await reloaded();
  await waitFor(page, '[data-key="confirm"]');
  expect(await prompt(page)).toBe(tray);
  expect(await paxOnTrain(page, 0)).toBe(0);
  await page.click('[data-key="confirm"]');
  await page.waitForFunction(() => document.querySelectorAll('.player[data-seat="0"] .car .pax').length === 1);
  expect(world.pageErrors).toEqual([]);
});
