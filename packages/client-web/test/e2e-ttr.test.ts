/**
 * The second game's table in a real browser, on its preview page (ttr-preview.html, served by Vite's dev
 * server: the page is not in the production build): a newcomer plays a 2-player game against a greedy bot
 * to the end on a 390×844 touch screen, using only what the page shows. On the way: a tap on the map
 * selects a route, the opening ticket choice lights the focused ticket's cities, a ferry is claimed with a
 * pair of one colour standing in for its locomotive, tickets are drawn and one kept, and the wheel zooms.
 * axe-core finds no serious or critical problem at 390×844 and at 1366×768 at the ticket choice, the claim
 * chooser and the end screen. Screenshots land in test-artifacts/client-web/.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as path from 'path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { axeFindings } from './axe-check';
import { NORTHERN_EUROPE } from '@isle-of-trains/ttr-rules';

jest.setTimeout(600_000);

const CLIENT = path.resolve(__dirname, '..');
const ARTIFACTS = path.resolve(CLIENT, '../../test-artifacts/client-web');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

let vite: ChildProcess;
let browser: Browser;
let base = '';
const pageErrors: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Poll until the dev server answers (it compiles on demand, so the first page is slow on a busy machine). */
async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (vite.exitCode !== null) throw new Error(`vite exited with ${vite.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      http.get(url, (res) => { res.resume(); resolve(res.statusCode === 200); }).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the Vite dev server did not answer in 60 s');
}

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  vite = spawn(process.execPath, [path.resolve(CLIENT, '../../node_modules/vite/bin/vite.js'),
    '--config', path.join(__dirname, 'vite-test.config.mjs'), '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: CLIENT, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'development' },
  });
  base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/ttr-preview.html`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
});

afterAll(async () => {
  await browser?.close();
  if (vite && vite.exitCode === null) {
    const gone = new Promise((r) => vite.once('exit', r));
    vite.kill('SIGTERM');
    await gone;
  }
});

async function axe(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return axeFindings(page);
}

/** axe and a screenshot at both sizes, then back to the phone. */
async function checkBoth(page: Page, name: string): Promise<void> {
  for (const [size, vp] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(vp);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
    expect({ at: `${name} ${size}`, problems: await axe(page) }).toEqual({ at: `${name} ${size}`, problems: [] });
    await page.screenshot({ path: path.join(ARTIFACTS, `ttr-${name}-${size}.png`) });
  }
  await page.setViewportSize(PHONE);
}

/** The page waits for this seat to decide, or the game is over. */
async function myMoveOrEnd(page: Page): Promise<'move' | 'over'> {
  await page.waitForFunction(() => {
    const t = document.querySelector('.ttr-table');
    return !!t && (t.getAttribute('data-over') === '1' || t.getAttribute('data-my-move') === '1');
  }, null, { timeout: 60_000 });
  return (await page.getAttribute('.ttr-table', 'data-over')) === '1' ? 'over' : 'move';
}

/**
 * The same wait, and what the page asks of the seat, read in the one look: the game is over, a ticket choice,
 * a second card, or a turn. (Read one by one, the looks took a round trip each, on every one of the game's
 * turns.)
 */
async function nextStep(page: Page): Promise<'over' | 'tickets' | 'second' | 'turn'> {
  const step = await page.waitForFunction(() => {
    const t = document.querySelector('.ttr-table');
    if (!t) return false;
    if (t.getAttribute('data-over') === '1') return 'over';
    if (t.getAttribute('data-my-move') !== '1') return false;
    if (document.querySelector('.ttr-picker')) return 'tickets';
    return /second card/.test(document.getElementById('ttr-turn')?.textContent ?? '') ? 'second' : 'turn';
  }, null, { timeout: 60_000 });
  return (await step.jsonValue()) as 'over' | 'tickets' | 'second' | 'turn';
}

const cityName = (id: string) => NORTHERN_EUROPE.city.get(id)!.name;
const litCities = (page: Page) => page.$$eval('[data-city][data-lit="1"]', (els) => els.map((e) => e.getAttribute('data-city')!));

/** The claimable routes in the list, with their length and whether each is a ferry. */
function claimables(page: Page): Promise<{ id: number; length: number; ferry: boolean }[]> {
  return page.$$eval('[data-entry][data-claimable="1"]', (els) => els.map((e) => {
    const text = e.textContent ?? '';
    return { id: Number(e.getAttribute('data-entry')), length: Number(/\s(\d) \w+/.exec(text)?.[1] ?? 0), ferry: /ferry/.test(text) };
  }));
}

async function keepTickets(page: Page, keep: number, checkLight: boolean): Promise<void> {
  const boxes = page.locator('.ttr-picker input[type="checkbox"]');
  const n = await boxes.count();
  if (checkLight) {
    // Focusing a ticket lights exactly its two cities, named as on the ticket.
    const label = (await page.locator('.ttr-picker label').nth(1).textContent())!;
    await boxes.nth(1).focus();
    const lit = await litCities(page);
    expect(lit).toHaveLength(2);
    for (const c of lit) expect(label).toContain(cityName(c));
    // And a shortest way between them is drawn.
    expect(await page.locator('.ttr-route.ttr-path').count()).toBeGreaterThan(0);
  }
  for (let i = keep; i < n; i++) await boxes.nth(i).uncheck();
  expect(await page.textContent('#ttr-keep')).toBe(`Keep ${keep} ${keep === 1 ? 'ticket' : 'tickets'}`);
  const before = await page.$$eval('.ttr-ticket-list li', (e) => e.length).catch(() => 0);
  await page.click('#ttr-keep');
  await page.waitForFunction((b) => document.querySelectorAll('.ttr-ticket-list li').length === b, before + keep);
}

async function draw(page: Page): Promise<void> {
  if (await page.isEnabled('#ttr-deck')) return page.click('#ttr-deck');
  const face = page.locator('.ttr-face[data-card]:not([disabled])');
  if (await face.count()) return face.first().click();
  await page.click('#ttr-pass');
}

test('a newcomer plays a whole 2-player game against the greedy bot on a phone, a ferry paid with a pair among the claims', async () => {
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  // A deal whose game ends soon with this test's way of playing (51 decisions of the seat, where most deals take
  // about 60), a ferry among the routes it can pay with a pair on the way.
  await page.goto(`${base}/ttr-preview.html?players=2&seed=e2e-ferry-474&botDelay=0`);
  await page.waitForSelector('.ttr-picker', { timeout: 120_000 });

  // The opening choice: keep at least 2 of 4.
  await checkBoth(page, 'opening');
  await keepTickets(page, 2, true);

  // A tap on a track selects it and shows its chooser.
  const tapped = NORTHERN_EUROPE.routes.find((r) => r.from === 'stockholm' && r.length >= 3)!;
  const space = await page.locator(`[data-route="${tapped.id}"] .ttr-space`).first().boundingBox();
  await page.touchscreen.tap(space!.x + space!.width / 2, space!.y + space!.height / 2);
  await page.waitForSelector('#ttr-claim-title');
  expect(await page.textContent('#ttr-claim-title')).toContain(cityName(tapped.from === 'stockholm' ? tapped.to : tapped.from));
  await page.locator('.ttr-claim button', { hasText: /Cancel|Close/ }).click();

  // The route list is the map's keyboard twin: Enter on an entry selects the route and focuses its chooser,
  // Escape closes it and gives the focus back to the entry.
  const firstEntry = page.locator('[data-entry]').first();
  const entryId = await firstEntry.getAttribute('data-entry');
  await firstEntry.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'ttr-claim-title');
  expect(await page.getAttribute(`[data-route="${entryId}"]`, 'class')).toContain('ttr-selected');
  await page.keyboard.press('Escape');
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-entry') === id, entryId);
  expect(await page.locator('.ttr-claim').count()).toBe(0);

  // Two fingers spreading zoom the map in; one finger drags it; Fit shows the whole map again.
  const cdp = await ctx.newCDPSession(page);
  const mapBox = (await page.locator('#ttr-map').boundingBox())!;
  const cx = mapBox.x + mapBox.width / 2;
  const cy = mapBox.y + mapBox.height / 2;
  const fingers = (d: number) => [{ x: cx - d, y: cy, id: 0 }, { x: cx + d, y: cy, id: 1 }];
  const widthOf = async () => Number((await page.getAttribute('#ttr-map', 'viewBox'))!.split(' ')[2]);
  const fullWidth = await widthOf();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (const d of [40, 60, 80]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  expect(await widthOf()).toBeCloseTo(fullWidth / 4, 0);
  const xOf = async () => Number((await page.getAttribute('#ttr-map', 'viewBox'))!.split(' ')[0]);
  const x0 = await xOf();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: cx, y: cy, id: 0 }] });
  for (const dx of [10, 30, 60]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: cx - dx, y: cy, id: 0 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  expect(await xOf()).toBeGreaterThan(x0);
  expect(await page.locator('.ttr-claim').count()).toBe(0);
  await cdp.detach();
  await page.click('button[aria-label="Show the whole map"]');
  expect(await widthOf()).toBeCloseTo(fullWidth, 0);

  let ferryWithPair = false;
  let ticketsDrawn = false;
  let claims = 0;
  let checkedChooser = false;
  for (let turn = 0; turn < 400; turn++) {
    const step = await nextStep(page);
    if (step === 'over') break;
    if (step === 'tickets') {
      await keepTickets(page, 1, false);
      continue;
    }
    if (step === 'second') {
      await draw(page);
      continue;
    }
    const options = await claimables(page);
    if (!ferryWithPair) {
      // Try each claimable ferry: cycle its payments for one that pays the locomotive space with a pair.
      for (const f of options.filter((o) => o.ferry)) {
        await page.click(`[data-entry="${f.id}"]`);
        const count = Number(/of (\d+)/.exec((await page.textContent('.ttr-pay-count'))!)![1]);
        for (let i = 0; i < count && !ferryWithPair; i++) {
          const pay = JSON.parse((await page.getAttribute('.ttr-pay-cards', 'data-pay'))!) as Record<string, number>;
          if (!pay.loco && (await page.locator('.ttr-pay-note').count())) {
            if (!checkedChooser) {
              await checkBoth(page, 'ferry-pair');
              checkedChooser = true;
            }
            const trainsBefore = await page.textContent('[data-fkey="player:0"] td:nth-of-type(2)');
            await page.click('#ttr-claim-go');
            await page.waitForFunction(([id]) => document.querySelector(`[data-route="${id}"]`)?.classList.contains('ttr-claimed'), [f.id]);
            expect(await page.textContent('[data-fkey="player:0"] td:nth-of-type(2)')).not.toBe(trainsBefore);
            ferryWithPair = true;
            claims++;
          } else await page.click('.ttr-pay button[aria-label="Next payment"]');
        }
        if (ferryWithPair) break;
        await page.locator('.ttr-claim button', { hasText: 'Cancel' }).click();
      }
      if (!ferryWithPair) await draw(page);
      continue;
    }
    if (!ticketsDrawn && (await page.isEnabled('#ttr-draw-tickets'))) {
      await page.click('#ttr-draw-tickets');
      await page.waitForSelector('.ttr-picker');
      ticketsDrawn = true;
      continue;
    }
    const best = options.sort((a, b) => b.length - a.length)[0];
    if (best) {
      await page.click(`[data-entry="${best.id}"]`);
      // The chooser opens on the cheapest payment: the first of the list.
      expect(await page.textContent('.ttr-pay-count')).toMatch(/^Payment 1 of/);
      await page.click('#ttr-claim-go');
      await page.waitForFunction(([id]) => document.querySelector(`[data-route="${id}"]`)?.classList.contains('ttr-claimed'), [best.id]);
      claims++;
    } else await draw(page);
  }

  expect(await myMoveOrEnd(page)).toBe('over');
  expect(ferryWithPair).toBe(true);
  expect(ticketsDrawn).toBe(true);
  expect(claims).toBeGreaterThan(3);
  // The end screen: each player's total and tickets, and a longest trail drawn on the map.
  await page.waitForSelector('#ttr-end');
  expect(await page.$$eval('.ttr-end-seat', (e) => e.length)).toBe(2);
  expect(await page.locator('.ttr-route.ttr-trail').count()).toBeGreaterThan(0);
  await checkBoth(page, 'end');

  // The wheel zooms the map at the desktop size.
  await page.setViewportSize(DESKTOP);
  // The page hears of the new size in a later frame, and then fits the map to it: wait for that first.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
  const w0 = Number((await page.getAttribute('#ttr-map', 'viewBox'))!.split(' ')[2]);
  const box = (await page.locator('#ttr-map').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  // Zooming in narrows the view box.
  await page.waitForFunction((w) => Number(document.getElementById('ttr-map')!.getAttribute('viewBox')!.split(' ')[2]) < w - 1, w0);
  expect(pageErrors).toEqual([]);
  await ctx.close();
});
