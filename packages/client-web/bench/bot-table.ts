/**
 * What the browser benches share: a table of one player and bots started from the lobby as a person starts it,
 * and the seeded choice of the page's player's moves (the same moves in every run of a bench).
 */
import type { Page } from 'playwright-core';

/**
 * From the lobby (already loaded): the player's name, `seats` seats of which `seats - 1` are bots, created and
 * started; resolves once the table is on the page. Each choice waits a frame, as the lobby redraws its form.
 */
export async function startBotTable(page: Page, seats = 4, name = 'Lou'): Promise<void> {
  await page.locator('#create-game').waitFor();
  await page.fill('#f-name', name);
  for (const [sel, value] of [['#f-seats', String(seats)], ['#f-bots', String(seats - 1)]]) {
    await page.selectOption(sel, value);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  }
  await page.click('#create-game');
  await page.locator('#start-game').waitFor();
  await page.click('#start-game');
  await page.locator('.table-screen').waitFor();
}

/** A small linear congruential generator: numbers in [0, 1), the same sequence for the same seed. */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}
