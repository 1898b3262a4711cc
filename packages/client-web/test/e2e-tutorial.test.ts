/**
 * A newcomer's first table, in a real browser: the tour is offered once, walks its steps (each ringing what it
 * talks about, moving nothing in the game), can be skipped, is not offered again after a reload, and comes
 * back from the help panel; the words-for-icons switch shows the words on the cards; every card shows its own
 * drawing, decorative to assistive tech; axe-core finds nothing serious with the offer and the tour open.
 * Screenshots land in test-artifacts/client-web/ (tour-*.png, art-*.png).
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());

import type { Page } from 'playwright-core';
import { axeProblems, frame, handIds, lastLog, ready, settled, shot, useE2E } from './e2e-support';
import { TOUR_STEPS } from '../src/isle/tour-steps';

jest.setTimeout(180_000);

const world = useE2E();

const waitFor = (page: Page, selector: string) => page.locator(selector).first().waitFor();

async function startTable(page: Page): Promise<void> {
  await page.goto(world.base);
  await waitFor(page, '#create-game');
  await page.fill('#f-name', 'Noor');
  await page.selectOption('#f-seats', '2');
  await frame(page);
  await page.selectOption('#f-bots', '1');
  await frame(page);
  await page.click('#create-game');
  await waitFor(page, '#start-game');
  await page.click('#start-game');
  await waitFor(page, '.table-screen');
  await page.waitForFunction(() => document.body.classList.contains('my-turn'), null, { timeout: 60_000 });
  await ready(page);
}

/** The open step: its number (from "n of N") and whether the ring sits round something on screen. */
function tourState(page: Page): Promise<{ step: number; title: string; ring: boolean; place: string | undefined }> {
  return page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>('.tour');
    const count = panel?.querySelector('.tour-count')?.textContent ?? '';
    const ring = document.querySelector('.tour-ring')?.getBoundingClientRect();
    return {
      step: Number(/(\d+) of/.exec(count)?.[1] ?? 0),
      title: panel?.querySelector('h2')?.firstChild?.textContent ?? '',
      ring: !!ring && ring.width > 0 && ring.height > 0,
      place: panel?.dataset.place,
    };
  });
}

/** The panel and the ring's boxes overlap (the panel would hide what the step talks about). */
const panelCoversRing = (page: Page): Promise<boolean> => page.evaluate(() => {
  const a = document.querySelector('.tour')!.getBoundingClientRect();
  const ring = document.querySelector('.tour-ring');
  if (!ring) return false;
  const b = ring.getBoundingClientRect();
  // Only the part of the ring inside the window counts (a tall target may run past the window's edge).
  const top = Math.max(b.top, 0);
  const bottom = Math.min(b.bottom, innerHeight);
  return a.left < b.right && b.left < a.right && a.top < bottom && top < a.bottom;
});

/** The offer lies over the turn bar's own words (they say whose turn it is). */
const offerCoversTurnText = (page: Page): Promise<boolean> => page.evaluate(() => {
  const a = document.querySelector('.tour-offer')!.getBoundingClientRect();
  return [...document.querySelectorAll('.turnbar > *')].some((e) => {
    const b = e.getBoundingClientRect();
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  });
});

test('a newcomer is offered the tour once, walks it, skips it, and finds it again in the help', async () => {
  const page = await world.newPage(1366, 768);
  await startTable(page);

  // Every card and car shows its kind's own drawing from the sprite, hidden from assistive tech.
  const art = await page.evaluate(() => [...document.querySelectorAll('.card-art svg, .car-art svg')].map((svg) => {
    const href = svg.querySelector('use')?.getAttribute('href') ?? '';
    return { hidden: svg.getAttribute('aria-hidden'), href, found: !!document.querySelector(`#isle-art ${href}`) };
  }));
  expect(art.length).toBeGreaterThan(3);
  expect(art.filter((a) => a.hidden !== 'true' || !a.found || a.href === '#art-unknown')).toEqual([]);

  // The offer sits in the turn bar, which makes room for it (no text of the bar under it), and is accessible.
  await waitFor(page, '.tour-offer');
  expect(await axeProblems(page)).toEqual([]);
  expect(await offerCoversTurnText(page)).toBe(false);
  await shot(page, 'tour-offer');
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(page, 'tour-offer-phone');
  expect(await offerCoversTurnText(page)).toBe(false);
  await page.setViewportSize({ width: 1366, height: 768 });
  await settled(page);
  const hand = await handIds(page);
  const log = await lastLog(page);

  await page.click('.tour-offer .tour-start');
  await waitFor(page, '.tour');
  expect(await page.locator('.tour-offer').count()).toBe(0);
  // Walked with the keyboard: Next has the focus at every step.
  for (let i = 1; i <= 5; i++) {
    const s = await tourState(page);
    expect(s.step).toBe(i);
    expect(s.title).toBe(TOUR_STEPS[i - 1].title);
    expect(s.ring).toBe(TOUR_STEPS[i - 1].at.length > 0);
    expect(await panelCoversRing(page)).toBe(false);
    if (i === 4) {
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'tour-desktop');
    }
    if (i < 5) {
      expect(await page.evaluate(() => document.activeElement?.classList.contains('tour-next'))).toBe(true);
      await page.keyboard.press('Enter');
      await frame(page);
    }
  }

  // The card-reading step offers words instead of icons on every card.
  const costWord = () => page.$eval('.hand .card .st.cost .iw', (e) => getComputedStyle(e).position !== 'absolute' && e.getBoundingClientRect().width > 1);
  expect(await costWord()).toBe(false);
  await page.click('.tour .tour-words');
  expect(await costWord()).toBe(true);
  expect(await page.$eval('.hand .card .st.cost', (e) => e.textContent)).toMatch(/^cost \d+$/);
  await shot(page, 'tour-words');
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(page, 'tour-words-phone');
  await page.setViewportSize({ width: 1366, height: 768 });
  await frame(page);

  // Back, then Skip: the tour is gone and the game is as it was (the tour moves nothing).
  await page.click('.tour .tour-back');
  expect((await tourState(page)).step).toBe(4);
  await page.click('.tour .tour-skip');
  expect(await page.locator('.tour, .tour-ring').count()).toBe(0);
  expect(await handIds(page)).toEqual(hand);
  expect(await lastLog(page)).toBe(log);
  expect(await page.evaluate(() => localStorage.getItem('isle.tour'))).toBe('skipped');

  // A reload takes the seat back, and the tour is not offered again; the words stay on.
  await page.reload();
  await waitFor(page, '.table-screen .hand .card');
  await ready(page);
  await settled(page);
  expect(await page.locator('.tour-offer, .tour').count()).toBe(0);
  expect(await costWord()).toBe(true);
  // The switch lives in the help panel: opened first when it is closed (a click on the hidden switch would
  // wait out its whole timeout before any fallback).
  if (!(await page.locator('#icon-words').isVisible())) await page.click('.help summary');
  await page.click('#icon-words');
  expect(await costWord()).toBe(false);

  // The help panel starts it again; Escape ends it.
  if (!(await page.locator('#tour-again').isVisible())) await page.click('.help summary');
  await page.click('#tour-again');
  expect((await tourState(page)).step).toBe(1);
  await page.keyboard.press('Enter');
  expect((await tourState(page)).step).toBe(2);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  expect(await panelCoversRing(page)).toBe(false);
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'tour-phone');
  await page.keyboard.press('Escape');
  expect(await page.locator('.tour').count()).toBe(0);
  await shot(page, 'art-phone');
  await page.setViewportSize({ width: 1366, height: 768 });
  await settled(page);
  await shot(page, 'art-desktop');
  expect(world.pageErrors).toEqual([]);
  await page.context().close();
});
