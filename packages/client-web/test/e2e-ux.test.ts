/**
 * The table for a phone and for regulars, in a real browser:
 *  - a tap on a card on a phone opens its details where the player is, with the moves it offers; the move
 *    is a second, explicit tap;
 *  - at 1366×768 a 2-player table shows your train, the display, the island and your hand at once (4 players:
 *    only the other trains may need a scroll);
 *  - keyboard focus shows on everything a player acts on, offered or not;
 *  - tap targets at 390×844: 44 px for the top bar's switches, the tabs and the dock's buttons;
 *  - no absolutely positioned element of the table hangs on the page itself (every layout would lay it out
 *    again), and the log's list is laid out on its own (out of flow, its size contained).
 * Screenshots land in test-artifacts/client-web/ (ux-*.png).
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());

import type { Page } from 'playwright-core';
import { frame, handIds, keys, ready, settled, shot, startBotTable, startTwoSeatTable, useE2E } from './e2e-support';

jest.setTimeout(300_000);

// Bots decide on the server's main thread here (BOT_WORKERS 0): from TypeScript sources a worker thread
// transpiles and loads the rules and bots first, which on a loaded machine took longer than a decision's
// time limit, and each time-out replaced the worker (and loaded them again). The worker pool has tests of its
// own (packages/server/test/bot-workers.test.ts); what these tests read is the page.
const world = useE2E({ BOT_WORKERS: 0 });

const waitFor = (page: Page, selector: string) => page.locator(selector).first().waitFor();

/** Which of these parts lie (even partly) outside the window, or are not shown at all. */
function outOfSight(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((sels) => sels.filter((s) => {
    const el = document.querySelector(s);
    if (!el) return true;
    const r = el.getBoundingClientRect();
    return r.width === 0 || r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1;
  }), selectors);
}

/**
 * Absolutely positioned elements of the table (the words for screen readers, mostly) whose containing block is the
 * page itself: each layout of the page lays every one of them out again, whatever changed (the island's contract
 * rows once made a changed deck count cost 1.6 times its layout). A positioned ancestor inside the table must hold each.
 */
const heldByThePage = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.table-screen *')]
  .filter((e) => e instanceof HTMLElement && getComputedStyle(e).position === 'absolute' && e.offsetParent === document.body)
  .map((e) => `${e.className} in ${e.parentElement?.className}`));

/**
 * The log's list as the browser can lay it out alone: out of flow (a flex or grid item is laid out again with its
 * container, and so from the page's grid down for every new line) and of a size its lines do not change.
 */
const logList = (page: Page) => page.$eval('.log-box > .log-list', (e) => {
  const s = getComputedStyle(e);
  return { position: s.position, contain: s.contain, fills: e.getBoundingClientRect().height === e.parentElement!.getBoundingClientRect().height };
});

// The next two tests read the same 2-player table at 1366×768, the player's first move still to make (neither
// acts on it: one reads the layout, the other moves the focus).
let twoPlayers: Page;

test('2 players at 1366×768: your train, the display, the island and your hand at once', async () => {
  twoPlayers = await world.newPage(1366, 768);
  const page = twoPlayers;
  await startTwoSeatTable(page, world.base, 'Kay');
  await settled(page);
  await shot(page, 'ux-2p');
  expect(await outOfSight(page, ['.player.me', '.display', '.map', '.hand-wrap'])).toEqual([]);
});

test('keyboard focus shows on every kind of thing acted on, offered or not', async () => {
  const page = twoPlayers ?? await world.newPage(1366, 768);
  if (!twoPlayers) await startTwoSeatTable(page, world.base, 'Kay');
  // Focus: the ring must show on an offered display card and hand card (the offer outline used to replace it),
  // and on a passenger chip.
  const focusLooks = async (selector: string): Promise<boolean> => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await frame(page);
    const before = await page.$eval(selector, (e) => { const s = getComputedStyle(e); return `${s.outlineStyle}|${s.outlineColor}|${s.outlineWidth}|${s.boxShadow}`; });
    // Keyboard focus (focus-visible): a key pressed first makes the next focus a keyboard one.
    await page.keyboard.press('Shift');
    await page.$eval(selector, (e) => (e as HTMLElement).focus());
    await frame(page);
    const after = await page.$eval(selector, (e) => { const s = getComputedStyle(e); return `${s.outlineStyle}|${s.outlineColor}|${s.outlineWidth}|${s.boxShadow}`; });
    return before !== after;
  };
  expect(await focusLooks('.display-cards .card.offer')).toBe(true);
  expect(await focusLooks('.hand .card')).toBe(true);
  expect(await focusLooks('.pile.deck.offer')).toBe(true);
  if (await page.locator('.supply .pax').count()) expect(await focusLooks('.supply .pax')).toBe(true);
  await page.context().close();
});

test('4 players at 1366×768: only the other trains may need a scroll', async () => {
  const page = await world.newPage(1366, 768);
  await startBotTable(page, world.base, 'Kay', 4);
  await settled(page);
  await shot(page, 'ux-4p');
  expect(await outOfSight(page, ['.player.me', '.display', '.map', '.hand-wrap'])).toEqual([]);
  expect(await heldByThePage(page)).toEqual([]);
  expect(await page.locator('.table-screen .sr').count()).toBeGreaterThan(20);
  expect(await logList(page)).toEqual({ position: 'absolute', contain: 'strict', fills: true });
  await page.context().close();
});

test('a phone: a tap on a card shows its details and its moves; taking it is a second tap; tap targets are 44 px', async () => {
  const page = await world.newPage(390, 844);
  await startTwoSeatTable(page, world.base, 'Kay');
  await settled(page);
  await shot(page, 'ux-phone');
  expect(await heldByThePage(page)).toEqual([]);
  const hand = await handIds(page);
  const card = (await keys(page)).find((k) => k.startsWith('display:'))!;
  await page.locator(`.display-cards [data-key="${card}"]`).click();
  await frame(page);
  // Nothing was taken: the card's details show over the table tab, with a Take button.
  const sheet = page.locator('.card-sheet');
  await sheet.waitFor();
  expect(await sheet.textContent()).toMatch(/Take/);
  expect((await sheet.boundingBox())!.height).toBeGreaterThan(40);
  expect(await handIds(page)).toEqual(hand);
  await shot(page, 'ux-phone-sheet');
  await sheet.locator('button', { hasText: /^Take/ }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.hand [data-fkey^="hand:"]').length > n, hand.length);
  expect(await page.locator('.card-sheet').count()).toBe(0);

  // A card not on offer (a car of the other train): its details show on this tab too.
  await page.locator('.player:not(.me) .car').first().click();
  await frame(page);
  await sheet.waitFor();
  expect(await page.locator('.tabs').isVisible()).toBe(true);
  await sheet.locator('button.close').click();
  await frame(page);
  expect(await page.locator('.card-sheet').count()).toBe(0);

  // Tap targets on a phone.
  const small = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.topbar button, .tabs button, .dock .choices button')]
    .map((e) => [e.textContent?.trim(), Math.round(e.getBoundingClientRect().height)] as [string, number])
    .filter(([, hgt]) => hgt < 44));
  expect(small).toEqual([]);
  await page.context().close();
});

test('a solo game: no table chat, and Leave says that a bot plays the game on', async () => {
  const page = await world.newPage(1366, 768);
  await page.goto(world.base);
  await waitFor(page, '#start-solo');
  await page.fill('#f-name', 'Kay');
  await page.click('#start-solo');
  await waitFor(page, '.table-screen');
  await ready(page);
  expect(await page.locator('.chat').count()).toBe(0);
  let message = '';
  page.once('dialog', (d) => { message = d.message(); void d.dismiss(); });
  await page.click('[data-fkey="leave"]');
  expect(message).toMatch(/solo game\? A bot plays on in your place, to the end/);
  await page.context().close();
});
