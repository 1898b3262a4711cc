/**
 * What the browser benches share: the server in this process serving a build of the page, and Chromium; a table
 * of one player and bots started from the lobby as a person starts it; the seeded choice of the page's player's
 * moves (the same moves in every run of a bench).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type IsleServer } from '../../server/src/app';

/** The server (games and players' database in memory, bots at `botDelayMs`) serving `dist`, and a headless Chromium. */
export async function benchWorld(dist: string, botDelayMs = 0): Promise<{ server: IsleServer; base: string; browser: Browser }> {
  const server = createServer({ PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_DELAY_MS: botDelayMs, CLIENT_DIST: dist, RATE_LIMIT: 1000, RATE_LIMIT_BURST: 1000, RECONNECT_SECONDS: 15, STORE: 'memory', PLAYERS_DB: 'memory' });
  const base = `http://127.0.0.1:${await server.listen()}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  return { server, base, browser };
}

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

/** A move of the page's player: a click in the page, then Confirm when the tray asks for it. */
export async function playMove(page: Page, key: string): Promise<void> {
  await page.evaluate(async (k) => {
    // A frame passes, and then the click is a task of its own, as a person's is: resumed straight from the frame's
    // callback, it ran inside that animation frame, and its handlers (and any render they drew at once) were
    // counted as the frame's render.
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    document.querySelector<HTMLElement>(`[data-key="${CSS.escape(k)}"]`)?.click();
    await nextFrame();
    // A phone shows a tapped card first: its move is the sheet's button.
    document.querySelector<HTMLElement>(`.card-sheet [data-sheet-key="${CSS.escape(k)}"]`)?.click();
    await nextFrame();
    const confirm = document.querySelector<HTMLElement>('[data-key="confirm"]');
    if (confirm && k !== 'cancel' && k !== 'confirm') {
      confirm.click();
      await nextFrame();
    }
  }, key);
}

/** A small linear congruential generator: numbers in [0, 1), the same sequence for the same seed. */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}
