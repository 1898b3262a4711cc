/**
 * npm run shots -w @isle-of-trains/client-web -- [--label now] [--moves 24] [--players 2] [--dist <built client>]
 *     [--dev <vite dev url> --preview <query>] [--other-css <stylesheet> --other-label before [--other-unwrap <selector>]]
 *
 * Screenshots of the Isle table at the window sizes its layout is judged at (1366×768 and 1280×720, short
 * desktop windows; 390×844, a phone), one page resized, so the three show the same game; and, for each size,
 * what a screenshot does not say for sure:
 *  - which of your train, the display, the island and your hand lie outside the window, or below the board's
 *    visible part (behind the dock);
 *  - every card, car and building: whether its drawing shows, its size, and any text or icon of the card the
 *    drawing lies over.
 * Live (default): the built client (this checkout's, or `--dist`: another build, such as the render bench's
 * build of an older commit under node_modules/.cache/) from a server in this process, this page's player and bots, `--moves` of the
 * player's own moves played first (builds preferred, so that trains, buildings and cabooses show). With `--dev`:
 * the development preview page (`npm run dev`, /preview.html?<query>: a local game, cards put where asked).
 * `--other-css`: the same page, at each size, once more with that stylesheet in place of the page's own (an older
 * styles.css, `git show main:packages/client-web/src/styles.css > /tmp/old.css`): before and after on one game;
 * `--other-unwrap`: for those pictures, the elements it selects (a wrapper the older page did not have) replaced by their
 * children, and put back after (a scrolling list moved so shows from its top: compare its box, not its lines). At a phone's
 * size, the log tab is pictured as well (`-log` in the name).
 * Live, then: play on to a payment for a build, reached on the phone's size, and picture it at 390×844 and
 * 1366×768 (where the car being paid for lies against the dock), and the phone's card sheet over it.
 * Pictures and figures go to test-artifacts/client-web/shots-<label>-<size>.png (shots-<label>-pay-<size>.png,
 * shots-<label>-pay-sheet-390x844.png) and shots-<label>.json.
 */
import './register';
import * as fs from 'fs';
import * as path from 'path';
import { chromium, type Page } from 'playwright-core';
import { createServer } from '../../server/src/app';
import { ARTIFACTS, DIST, ensureBuilt } from '../test/e2e-support';
import { playMove, seeded, startBotTable } from './bot-table';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const LABEL = arg('label') ?? 'now';
const MOVES = Number(arg('moves') ?? 24);
const PLAYERS = Number(arg('players') ?? 2);
const DEV = arg('dev');
const PREVIEW = arg('preview') ?? 'players=2';
const DIST_DIR = arg('dist') ? path.resolve(arg('dist')!) : DIST;
const OTHER_CSS = arg('other-css');
const OTHER_LABEL = arg('other-label') ?? 'other';
/** With --other-css: elements (a selector) that the other stylesheet's page did not have, replaced by their children for its pictures. */
const OTHER_UNWRAP = arg('other-unwrap');
const SIZES: [number, number][] = [[1366, 768], [1280, 720], [390, 844]];

const frame = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

/** Nothing moving any more (as the browser tests' `settled`). */
async function settled(page: Page): Promise<void> {
  await frame(page);
  await page.waitForFunction(() => !document.querySelector('.ghost') && document.getAnimations().every((a) => a.playState !== 'running'));
}

/** One move of the page's player: a target (builds preferred), then Confirm when the tray asks. */
async function playOne(page: Page, rnd: () => number): Promise<void> {
  const keys = await page.evaluate(() => [...document.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key')!));
  const ks = keys.filter((k) => k !== 'cancel' && k !== 'returnCard');
  if (ks.length === 0) return;
  const builds = ks.filter((k) => /^(build:|hand:|primary|secondary|destination|item|endDelivery)/.test(k));
  const pool = builds.length > 0 && rnd() < 0.75 ? builds : ks;
  const key = pool[Math.floor(rnd() * pool.length)];
  await playMove(page, key!);
}

/** What the page shows at this size: the parts out of sight, and each card's drawing. */
function measure(page: Page) {
  return page.evaluate(() => {
    const board = document.querySelector('.board')?.getBoundingClientRect();
    const outOfSight = ['.player.me', '.display', '.map', '.hand-wrap'].filter((s) => {
      const el = document.querySelector(s);
      if (!el) return true;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) return true;
      // Inside the board: above or below its visible part (under the turn bar, behind the dock) is out of sight too.
      return !!board && !!el.closest('.board') && (r.top < board.top - 1 || r.bottom > board.bottom + 1);
    });
    // More than 3 px each way: a line box's half-leading above and below its letters is not the letters.
    const overlap = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 3 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 3;
    const words = document.body.classList.contains('icon-words');
    const cards = [...document.querySelectorAll<HTMLElement>('.card, .car, .building')].filter((el) => el.getBoundingClientRect().width > 0 && !el.closest('.ghost')).map((el) => {
      const art = el.querySelector<SVGElement>('svg.art');
      const r = art?.getBoundingClientRect();
      const shown = !!art && !!r && r.width > 0 && r.height > 0;
      const under: string[] = [];
      if (shown) {
        // Text (by its own line boxes, not its element's box) and icons of the card under the drawing.
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const t = walker.currentNode as Text;
          // Screen-reader text is not on the screen (the icons' words are, when the player asks for them).
          const sr = t.parentElement?.closest('.sr');
          if (!t.data.trim() || (sr && !(words && sr.classList.contains('iw')))) continue;
          const range = document.createRange();
          range.selectNodeContents(t);
          if ([...range.getClientRects()].some((b) => overlap(b, r!))) under.push(t.data.trim().slice(0, 24));
        }
        el.querySelectorAll('.ic, .slot, .load, .pax, .hint').forEach((x) => {
          if (x !== art && !x.contains(art!) && x.getBoundingClientRect().width > 0 && overlap(x.getBoundingClientRect(), r!)) under.push(`<${x.getAttribute('class') ?? x.tagName}>`);
        });
      }
      return {
        where: el.closest('.hand') ? 'hand' : el.closest('.display-cards') ? 'display' : el.closest('.train') ? 'train' : el.closest('.buildings') ? 'buildings' : 'other',
        kind: el.getAttribute('data-fkey') ?? '?',
        shown, w: shown ? Math.round(r!.width) : 0, h: shown ? Math.round(r!.height) : 0, cardH: Math.round(el.getBoundingClientRect().height), under,
      };
    });
    return { outOfSight, cards };
  });
}

const promptText = (page: Page) => page.evaluate(() => document.querySelector('.prompt')?.textContent ?? '');
const offered = (page: Page) => page.evaluate(() => [...document.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key')!));
const myMove = (page: Page) => page.waitForFunction(() => !!document.querySelector('#end-screen') || (document.body.classList.contains('my-turn')
  && [...document.querySelectorAll('[data-key]')].some((e) => !['cancel', 'returnCard'].includes(e.getAttribute('data-key')!))), null, { timeout: 120_000 });

/** Play on until a build of the page's player asks for payment (a card of the hand built as a new car or building). */
async function toPayment(page: Page): Promise<boolean> {
  for (let step = 0; step < 80; step++) {
    await myMove(page);
    if (await page.locator('#end-screen').count()) return false;
    const p = await promptText(page);
    // A build's payment (a face-down load's pays for no card).
    if (/^Pay for /.test(p) && !/face-down/.test(p)) return true;
    const ks = (await offered(page)).filter((k) => k !== 'cancel' && k !== 'returnCard');
    if (/^(Discard|Too many cards|Pay)/.test(p) || ks.includes('endDelivery') || ks.includes('skip')) {
      await playMove(page, ks.find((k) => k.startsWith('hand:')) ?? ks.find((k) => k === 'endDelivery' || k === 'skip') ?? ks[0]);
      continue;
    }
    let built = false;
    for (const k of ks.filter((x) => x.startsWith('hand:'))) {
      await playMove(page, k);
      if ((await offered(page)).includes('build::')) {
        await playMove(page, 'build::');
        built = true;
        break;
      }
      await playMove(page, 'cancel');
    }
    if (!built) await playMove(page, ks.find((k) => k.startsWith('display:')) ?? (ks.includes('deck') ? 'deck' : ks[0]));
  }
  return false;
}

/**
 * A payment's figures: the car (or building) being paid for, found by the name the prompt gives, and the dock's
 * and the card sheet's boxes; whether the car shows (inside the board's visible part, not under anything).
 */
function payMeasure(page: Page) {
  return page.evaluate(() => {
    const name = /^Pay for (.*): pick/.exec(document.querySelector('.prompt')?.textContent ?? '')?.[1] ?? '';
    const all = [...document.querySelectorAll<HTMLElement>('.player.me .car, .player.me .building')];
    const car = all.reverse().find((e) => (e.getAttribute('aria-label') ?? '').startsWith(`your ${name},`) || (e.getAttribute('aria-label') ?? '').startsWith(`${name}:`));
    const box = (el: Element | null | undefined) => {
      const r = el?.getBoundingClientRect();
      return r && r.width > 0 ? { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) } : null;
    };
    const c = box(car);
    const board = document.querySelector('.board')!.getBoundingClientRect();
    const hit = c ? document.elementFromPoint((c.left + c.right) / 2, (c.top + c.bottom) / 2) : null;
    const inSight = !!c && c.top >= board.top - 1 && c.bottom <= board.bottom + 1 && c.left >= board.left - 1 && c.right <= board.right + 1 && !!hit && car!.contains(hit);
    return { paying: name, car: c, inSight, dock: box(document.querySelector('.dock')), sheet: box(document.querySelector('.card-sheet')), marked: !!car?.classList.contains('paid-for') };
  });
}

/**
 * A payment for a build, reached at the phone's size (as a phone's player would: what the page scrolls to is
 * its own doing), pictured there and at 1366×768; then, on the phone, the card sheet a tap on a hand card opens.
 */
async function payShots(page: Page, out: Record<string, unknown>): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  if (!(await toPayment(page))) {
    console.log('pay: no payment for a build reached: no pictures of it');
    return;
  }
  const picture = async (name: string, w: number, hh: number) => {
    await page.setViewportSize({ width: w, height: hh });
    await settled(page);
    await page.screenshot({ path: path.join(ARTIFACTS, `shots-${LABEL}-${name}-${w}x${hh}.png`) });
    const m = await payMeasure(page);
    out[`${LABEL} ${name} ${w}x${hh}`] = m;
    console.log(`${LABEL} ${name} ${w}×${hh}: ${JSON.stringify(m)}`);
  };
  await picture('pay', 390, 844);
  await picture('pay', 1366, 768);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.locator('.hand [data-key^="hand:"]').first().click();
  await picture('pay-sheet', 390, 844);
}

async function main(): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  let server: { close(): Promise<unknown> } | null = null;
  let url: string;
  if (DEV) url = `${DEV.replace(/\/$/, '')}/preview.html?${PREVIEW}`;
  else {
    if (DIST_DIR === DIST) ensureBuilt();
    const s = createServer({ PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOT_DELAY_MS: 0, CLIENT_DIST: DIST_DIR, RATE_LIMIT: 1000, RATE_LIMIT_BURST: 1000, RECONNECT_SECONDS: 15, STORE: 'memory', PLAYERS_DB: 'memory' });
    url = `http://127.0.0.1:${await s.listen()}`;
    server = s;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const out: Record<string, unknown> = { label: LABEL, url: DEV ? url : 'live', when: new Date().toISOString() };
  try {
    const ctx = await browser.newContext({ viewport: { width: SIZES[0][0], height: SIZES[0][1] } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('page error:', String(e)));
    // The development server sends its modules one by one: on a loaded machine the page takes a while.
    await page.goto(url, { timeout: 300_000, waitUntil: 'domcontentloaded' });
    if (!DEV) {
      await startBotTable(page, PLAYERS);
      const rnd = seeded(11);
      for (let played = 0; played < MOVES;) {
        await page.waitForFunction(() => document.body.classList.contains('my-turn') || !!document.querySelector('#end-screen'), null, { timeout: 120_000 });
        if (await page.locator('#end-screen').count()) break;
        await playOne(page, rnd);
        played++;
      }
      // Back to a turn of the player's own, its first choice still open: the picture shows the offers.
      await page.waitForFunction(() => document.body.classList.contains('my-turn') || !!document.querySelector('#end-screen'), null, { timeout: 120_000 });
    } else {
      await page.locator('.table-screen').waitFor({ timeout: 300_000 });
    }
    const other = OTHER_CSS ? fs.readFileSync(OTHER_CSS, 'utf8') : null;
    for (const [w, hh] of SIZES) {
      await page.setViewportSize({ width: w, height: hh });
      // As the table first shows: the board and the dock scrolled to their tops.
      await page.evaluate(() => document.querySelectorAll('.board, .dock').forEach((e) => e.scrollTo(0, 0)));
      for (const tab of w <= 900 ? ['', 'log'] : ['']) for (const label of other ? [LABEL, OTHER_LABEL] : [LABEL]) {
        const swap = label !== LABEL;
        if (tab && label === LABEL) {
          await page.evaluate((t) => document.querySelector<HTMLElement>(`.tab[data-fkey="tab-${t}"]`)?.click(), tab);
          await page.locator('.tab-log').first().waitFor({ timeout: 5_000 }).catch(() => console.log('no log tab'));
        }
        if (swap) await page.evaluate(({ css, unwrap }) => {
          for (const s of document.styleSheets) s.disabled = true;
          const el = document.createElement('style');
          el.id = 'other-css';
          el.textContent = css;
          document.head.appendChild(el);
          if (unwrap) for (const box of document.querySelectorAll(unwrap)) {
            const w = window as unknown as { __unwrapped?: [Element, Node[]][] };
            const kids = [...box.childNodes];
            box.before(...kids);
            box.remove();
            (w.__unwrapped ??= []).push([box, kids]);
          }
        }, { css: other!, unwrap: OTHER_UNWRAP });
        await settled(page);
        const name = `shots-${label}-${w}x${hh}${tab ? `-${tab}` : ''}`;
        await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
        const m = await measure(page);
        out[`${label} ${w}x${hh}${tab ? ` ${tab}` : ''}`] = m;
        const shown = m.cards.filter((c) => c.shown);
        console.log(`${label} ${w}×${hh}: out of sight ${JSON.stringify(m.outOfSight)}; drawings on ${shown.length} of ${m.cards.length} cards`);
        for (const c of m.cards) console.log(`  ${c.where.padEnd(9)} ${c.kind.padEnd(34)} ${c.shown ? `${c.w}×${c.h}` : 'no art'}  card h ${c.cardH}${c.under.length ? `  OVER: ${c.under.join(' | ')}` : ''}`);
        if (swap) await page.evaluate(() => {
          const w = window as unknown as { __unwrapped?: [Element, Node[]][] };
          for (const [box, kids] of w.__unwrapped ?? []) {
            kids[0]!.parentNode?.insertBefore(box, kids[0]!);
            box.append(...kids);
          }
          w.__unwrapped = [];
          document.getElementById('other-css')?.remove();
          for (const s of document.styleSheets) s.disabled = false;
        });
      }
      if (w <= 900) await page.evaluate(() => document.querySelector<HTMLElement>('.tab[data-fkey="tab-table"]')?.click());
    }
    if (!DEV) await payShots(page, out);
  } finally {
    await browser.close();
    await server?.close();
  }
  fs.writeFileSync(path.join(ARTIFACTS, `shots-${LABEL}.json`), `${JSON.stringify(out, null, 1)}\n`);
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
