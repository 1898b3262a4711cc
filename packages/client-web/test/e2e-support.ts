/**
 * What the browser tests share: the built client, the browser, reading the page (targets, prompt, hand,
 * trains, log), clicking through the confirm tray, accessibility checks and DOM counters.
 */
import { execSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { axeFindings } from './axe-check';
import { createServer, type CreateServerOptions, type IsleServer } from '../../server/src/app';

export const CLIENT = path.resolve(__dirname, '..');
export const DIST = path.join(CLIENT, 'dist');
export const ARTIFACTS = path.resolve(CLIENT, '../../test-artifacts/client-web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Build the client when dist is missing or older than any source file. */
export function ensureBuilt(): void {
  const index = path.join(DIST, 'index.html');
  const newest = (dir: string): number => fs.readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
    const p = path.join(dir, e.name);
    return Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);
  const sources = Math.max(newest(path.join(CLIENT, 'src')), newest(path.resolve(CLIENT, '../rules/src')), newest(path.resolve(CLIENT, '../ttr-rules/src')), newest(path.resolve(CLIENT, '../engine-core/src')), newest(path.resolve(CLIENT, '../client/src')),
    fs.statSync(path.join(CLIENT, 'index.html')).mtimeMs);
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  // Jest sets NODE_ENV=test; the bundle must be a production build like the one the server ships.
  execSync('npx vite build --mode production', { cwd: CLIENT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
}

/** Debian's chromium, headless, as the project runs it everywhere. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/** A browser test's world: the real server in this process serving the built client, and a browser. */
export interface E2E {
  server: IsleServer;
  browser: Browser;
  base: string;
  /** Uncaught errors of every page opened with newPage(). */
  pageErrors: string[];
  /**
   * A page of its own browser context. `motion` false: the context asks for reduced motion from its start, so
   * nothing slides in or fades out (each of those is frames painted and composited for the better
   * part of a second after every move). For tests whose claims are not about motion: the page's content, its
   * layout and what it sends are the same either way (styles.css turns off the animations, dom.ts adds no
   * leaving card's copy). Tests of animations, of leaving cards or of what renders leave behind keep it.
   */
  newPage(width?: number, height?: number, opts?: { motion?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * For a test file: the world starts before its tests and closes after them (its fields are filled in beforeAll).
 * `page.motion` false: every page of the file asks for reduced motion (see E2E.newPage), for files none of
 * whose tests are about motion.
 */
export function useE2E(server: CreateServerOptions = {}, page: { motion?: boolean } = {}): E2E {
  const world = {} as E2E;
  beforeAll(async () => { Object.assign(world, await startE2E(server, page.motion ?? true)); });
  afterAll(async () => { await world.close?.(); });
  return world;
}

/** `options`: more server settings (the players' tests turn the players' database on). */
async function startE2E(options: CreateServerOptions, motion: boolean): Promise<E2E> {
  ensureBuilt();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const server = createServer({ PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_DELAY_MS: 0, CLIENT_DIST: DIST, RATE_LIMIT: 1000, RATE_LIMIT_BURST: 1000,
    // server.close() leaves pending reconnection timers behind, which keep jest alive that long.
    RECONNECT_SECONDS: 15, ...options });
  const base = `http://127.0.0.1:${await server.listen()}`;
  const browser = await launchBrowser();
  const pageErrors: string[] = [];
  return {
    server, browser, base, pageErrors,
    async newPage(width = 1366, height = 768, opts = {}) {
      const reduce = !(opts.motion ?? motion);
      const ctx = await browser.newContext({ viewport: { width, height }, ...(reduce ? { reducedMotion: 'reduce' as const } : {}) });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => pageErrors.push(`${String(e)} ${e.stack ?? ''}`.slice(0, 600)));
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Nothing moving: no leaving card's copy fading out, no arrival still running; and a frame has
 * passed, so that the page has heard of a new window size. After setViewportSize the new size is in effect
 * at once, but the page's resize listeners run in the next frame (11 times in 20 they had not yet): the
 * dock's "more below" cue, set by one of them, was read before it and the hand-limit test failed on a busy
 * machine.
 */
export async function settled(page: Page): Promise<void> {
  await frame(page);
  await page.waitForFunction(() => !document.querySelector('.ghost') && document.getAnimations().every((a) => a.playState !== 'running'));
}

/** A screenshot of the finished layout: taken mid-animation it showed a half-faded card over its neighbours. */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await settled(page);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}

/**
 * Hand cards a player cannot see: each card's box must lie inside the window and inside the dock's visible
 * part (the dock scrolls when it must), and the card itself must be what is under its centre.
 */
export function handCardsHidden(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const dock = document.querySelector('.dock')!.getBoundingClientRect();
    document.querySelectorAll('.hand .card').forEach((el, i) => {
      const r = el.getBoundingClientRect();
      const name = `hand card ${i + 1} (${el.querySelector('.card-name')?.textContent ?? '?'})`;
      if (r.width === 0) return out.push(`${name}: not shown`);
      if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) return out.push(`${name}: outside the window`);
      if (r.left < dock.left - 1 || r.top < dock.top - 1 || r.right > dock.right + 1 || r.bottom > dock.bottom + 1) return out.push(`${name}: cut off by the dock`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) out.push(`${name}: covered by ${hit?.className}`);
    });
    return out;
  });
}

// ------------------------------------------------------------------ reading the page

export const keys = (page: Page): Promise<string[]> => page.$$eval('[data-key]', (els) => els.map((e) => e.getAttribute('data-key')!));
export const prompt = (page: Page): Promise<string> => page.$eval('.prompt', (e) => e.textContent ?? '').catch(() => '');
export const mySeat = (page: Page): Promise<number> => page.$eval('.player.me', (e) => Number(e.getAttribute('data-seat')));
export const isMyTurn = (page: Page): Promise<boolean> => page.evaluate(() => document.body.classList.contains('my-turn'));
export const lastLog = (page: Page): Promise<number> => page.$eval('.log-list', (e) => Number(e.getAttribute('data-last'))).catch(() => -1);
export const handIds = (page: Page): Promise<string[]> => page.$$eval('.hand [data-fkey^="hand:"]', (els) => els.map((e) => e.getAttribute('data-fkey')!.slice(5)));
export const carCount = (page: Page, seat: number) => page.$$eval(`.player[data-seat="${seat}"] .car`, (e) => e.length);
export const buildingCount = (page: Page, seat: number) => page.$$eval(`.player[data-seat="${seat}"] .building`, (e) => e.length);
export const paxOnTrain = (page: Page, seat: number) => page.$$eval(`.player[data-seat="${seat}"] .car .pax`, (e) => e.length);
export const ticketPax = (page: Page) => page.$$eval('.ticket .pax', (e) => e.length);

/** Wait until the page offers something to click (the server answered) or the game ended. */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[data-key]').length > 0 || !!document.querySelector('#end-screen') || !document.body.classList.contains('my-turn'), null, { timeout: 20_000 });
}

/**
 * From the lobby at `base`: a table of `seats` seats, this page's player (named `name`) and bots in the others,
 * created and started; resolves with the room's id once the page offers the player's first move (a bot seated
 * first has moved by then). Each select re-renders the lobby in the next frame: a frame passes after each.
 */
export async function startBotTable(page: Page, base: string, name: string, seats: number): Promise<string> {
  await page.goto(base);
  await page.locator('#create-game').waitFor();
  await page.fill('#f-name', name);
  await page.selectOption('#f-seats', String(seats));
  await frame(page);
  await page.selectOption('#f-bots', String(seats - 1));
  await frame(page);
  await page.click('#create-game');
  await page.locator('#start-game').waitFor();
  await page.click('#start-game');
  await page.locator('.table-screen').waitFor();
  await page.waitForFunction(() => document.body.classList.contains('my-turn'), null, { timeout: 60_000 });
  await ready(page);
  return new URL(page.url()).searchParams.get('room')!;
}

/** The lobby's usual first table: 2 seats, this page's player (named `name`) and one bot (see startBotTable). */
export const startTwoSeatTable = (page: Page, base: string, name: string): Promise<string> => startBotTable(page, base, name, 2);

/** The app renders in requestAnimationFrame: let one frame pass before reading the page. */
export const frame = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));

export async function click(page: Page, key: string, confirm = true): Promise<void> {
  await page.locator(`[data-key="${key}"]`).first().click();
  // On a phone a tap on a card that would act at once (a take, a payment) first shows the card: its move is
  // the sheet's button. A frame passes first, for the page to render the tap (one round trip with the look).
  const sheet = await page.evaluate(async (k) => {
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    return !!document.querySelector(`.card-sheet [data-sheet-key="${k}"]`);
  }, key);
  if (sheet) {
    await page.locator(`.card-sheet [data-sheet-key="${key}"]`).click();
    await frame(page);
  }
  // Builds, loads and deliveries wait in the confirm tray until Confirm is pressed.
  const tray = await readyThenConfirm(page);
  if (confirm && key !== 'cancel' && key !== 'confirm' && tray) {
    await page.locator('[data-key="confirm"]').click();
    await frame(page);
    await ready(page);
  }
}

/**
 * ready()'s wait, checked on every frame in the page with its time limit, and then whether the confirm tray's
 * Confirm is offered: one round trip, where the wait and the look took two on every click.
 */
function readyThenConfirm(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const deadline = Date.now() + 20_000;
    const isReady = () => document.querySelectorAll('[data-key]').length > 0 || !!document.querySelector('#end-screen') || !document.body.classList.contains('my-turn');
    while (!isReady()) {
      if (Date.now() > deadline) throw new Error('nothing to click, no end screen and still this seat\'s turn for 20 s');
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    return !!document.querySelector('[data-key="confirm"]');
  });
}

/** What a run of quick clicks reads after each move: the end screen, whether the turn is this seat's, what is offered. */
export interface Look { ended: boolean; mine: boolean; keys: string[] }

/** The page's Look, read in one round trip. */
export const look = (page: Page): Promise<Look> => page.evaluate(() => ({
  ended: !!document.querySelector('#end-screen'),
  mine: document.body.classList.contains('my-turn'),
  keys: [...document.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key')!),
}));

/**
 * A click dispatched in the page, without the pointer's checks (scrolled into view, standing still, not
 * covered), then Confirm when the tray asks for it; then, still in the page, the wait of ready() and the
 * page's Look. For long runs of moves about what the renders leave behind or how a game ends, where those
 * checks took most of the time; the other moves click as a pointer does. One round trip to the page per move:
 * the click, the wait and the read one by one took three, and on a loaded machine each cost as much as the
 * page's own work for the move.
 */
export async function quickClick(page: Page, key: string): Promise<Look> {
  return page.evaluate(async (k) => {
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    document.querySelector<HTMLElement>(`[data-key="${CSS.escape(k)}"]`)?.click();
    await nextFrame();
    const confirm = document.querySelector<HTMLElement>('[data-key="confirm"]');
    if (confirm && k !== 'cancel' && k !== 'confirm') {
      confirm.click();
      await nextFrame();
    }
    // ready(): something to click (the server answered), the end screen, or the turn passed on; checked on
    // every frame, as ready()'s waitForFunction does, with its time limit.
    const deadline = Date.now() + 20_000;
    const isReady = () => document.querySelectorAll('[data-key]').length > 0 || !!document.querySelector('#end-screen') || !document.body.classList.contains('my-turn');
    while (!isReady()) {
      if (Date.now() > deadline) throw new Error(`after ${k}: nothing to click, no end screen and still this seat's turn for 20 s`);
      await nextFrame();
    }
    return {
      ended: !!document.querySelector('#end-screen'),
      mine: document.body.classList.contains('my-turn'),
      keys: [...document.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key')!),
    };
  }, key);
}

/** Serious or critical accessibility findings (axe-core, WCAG 2 A/AA rules, contrast included). */
export async function axeProblems(page: Page): Promise<string[]> {
  // Checked as the screen settles, not mid-animation: an arriving card fades in (opacity), and a contrast
  // measured half-way through blends its text with the page behind (a flaky 'color-contrast' on a hand card's
  // hint). Reduced motion cancels running animations and starts none while axe reads the page.
  const reducedAlready = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  if (!reducedAlready) await page.emulateMedia({ reducedMotion: 'reduce' });
  await settled(page);
  try {
    return await axeFindings(page);
  } finally {
    if (!reducedAlready) await page.emulateMedia({ reducedMotion: null });
  }
}

/** DOM nodes and listeners Chrome holds after a forced garbage collection, and the nodes live in the page. */
export async function domCounters(page: Page): Promise<{ nodes: number; listeners: number; live: number; renders: number }> {
  // Leaving cards fade out as short-lived copies: let them go first, so they are not counted as garbage.
  await page.waitForFunction(() => !document.querySelector('.ghost'));
  const cdp = await page.context().newCDPSession(page);
  // Twice, with a pause: Blink sweeps lazily, and one collection can leave a swept-later tree counted.
  await cdp.send('HeapProfiler.collectGarbage');
  await page.waitForTimeout(50);
  await cdp.send('HeapProfiler.collectGarbage');
  const c = await cdp.send('Memory.getDOMCounters');
  await cdp.detach();
  const live = await page.evaluate(() => {
    let n = 1;
    const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
    while (w.nextNode()) n++;
    return n;
  });
  const renders = Number(await page.getAttribute('#app', 'data-renders'));
  return { nodes: c.nodes, listeners: c.jsEventListeners, live, renders };
}

