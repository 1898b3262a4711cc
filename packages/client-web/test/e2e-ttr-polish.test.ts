/**
 * The second game's table as a player and as a spectator see it, in the real web client against the real
 * server: Ada (who has ratings from earlier games: one in the second game's 3–5 player group, another in Isle's
 * 3–4 player group) makes a 3-seat Northern Lights table with two greedy bots at 1366×768 and plays it to the
 * end; someone opens the game's link and watches. Checked on the way, at 1366×768 and on a 390×844 phone:
 *  - the watcher sees the card and ticket buttons, every one disabled, with "Waiting for Ada to claim or draw"
 *    beside them, and a route they select offers no Claim; nothing on their table would send a move;
 *  - on the phone the opened log panel starts below the turn line (bounding boxes, and the turn line is what
 *    the page shows at its centre), for the player and the watcher;
 *  - Ada's rating in the second game's group (not Isle's) beside her name in the players panel and, after the
 *    end, in the end panel, for her and for the watcher; the bots have none;
 *  - axe-core finds nothing serious or critical on any screen; no page or console error.
 * Screenshots land in test-artifacts/client-web/ (ttr-polish-*.png).
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());

import type { Page } from 'playwright-core';
import { axeProblems, shot, useE2E } from './e2e-support';

jest.setTimeout(900_000);

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

// No test here is about motion: every page asks for reduced motion (see newPage in e2e-support.ts), which
// spares the browser the frames of each move's slides and fades.
const world = useE2E({ BOT_DELAY_MS: 0, PLAYERS_DB: 'memory' }, { motion: false });

/** The controls that send a move; a seat with nothing to decide must find every one of them disabled. */
const MOVE_CONTROLS = '.ttr-face, #ttr-deck, #ttr-draw-tickets, #ttr-claim-go, #ttr-keep, #ttr-pass';

/** Until the table waits on this page's seat (no move of its own on the way), or the game is over. */
async function waitMine(page: Page): Promise<'move' | 'over'> {
  const t = '.ttr-table';
  await page.waitForFunction((sel) => {
    const e = document.querySelector(sel);
    return !!e && (e.getAttribute('data-over') === '1' || (e.getAttribute('data-my-move') === '1' && e.getAttribute('data-busy') === '0'));
  }, t, { timeout: 120_000 });
  return (await page.getAttribute(t, 'data-over')) === '1' ? 'over' : 'move';
}

/** One move by this page's seat, waited for until the server has answered and the log has its line. */
async function move(page: Page, press: () => Promise<unknown>): Promise<void> {
  const last = () => page.$eval('.ttr-room-side .log-list', (e) => Number(e.getAttribute('data-last'))).catch(() => 0);
  const before = await last();
  await press();
  await page.waitForFunction((b) => Number(document.querySelector('.ttr-room-side .log-list')?.getAttribute('data-last')) > b, before, { timeout: 120_000 });
}

/** What Ada is asked to decide, read from the table in one look with the number of the log's newest line. */
interface Asked { last: number; picker: boolean; longest: string | null }

/**
 * Until the table waits on Ada (as waitMine), and then what it asks: null once the game is over. One look
 * for the whole of it: read one by one, each part took a round trip to the page on every one of the game's
 * decisions.
 */
async function asked(page: Page): Promise<Asked | null> {
  const got = await page.waitForFunction(() => {
    const t = document.querySelector('.ttr-table');
    if (!t) return false;
    if (t.getAttribute('data-over') === '1') return { over: true };
    if (t.getAttribute('data-my-move') !== '1' || t.getAttribute('data-busy') !== '0') return false;
    const last = Number(document.querySelector('.ttr-room-side .log-list')?.getAttribute('data-last') ?? 0);
    const picker = !!document.querySelector('.ttr-picker');
    const second = /second card/.test(document.getElementById('ttr-turn')?.textContent ?? '');
    const longest = picker || second ? null : [...document.querySelectorAll('[data-entry][data-claimable="1"]')]
      .map((e) => ({ id: e.getAttribute('data-entry')!, length: Number(/^\s*(\d+)/.exec(e.querySelector('.ttr-small')?.textContent ?? '')?.[1] ?? 0) }))
      .sort((a, b) => b.length - a.length)[0]?.id ?? null;
    return { over: false, last, picker, longest };
  }, null, { timeout: 120_000 });
  const a = (await got.jsonValue()) as ({ over: true } | ({ over: false } & Asked));
  return a.over ? null : a;
}

/** One decision of Ada's: keep the offered tickets, claim the longest route she can (the end comes sooner), else draw; waited for until the server has answered and the log has its line. */
async function decide(page: Page, a: Asked): Promise<void> {
  if (a.picker) await page.click('#ttr-keep');
  else if (a.longest !== null) {
    await page.click(`[data-entry="${a.longest}"]`);
    await page.click('#ttr-claim-go');
  } else await page.locator('#ttr-deck:not([disabled]), .ttr-face[data-card]:not([disabled]), #ttr-pass:not([disabled])').first().click();
  await page.waitForFunction((b) => Number(document.querySelector('.ttr-room-side .log-list')?.getAttribute('data-last')) > b, a.last, { timeout: 120_000 });
}

/** The turn line stays in sight on a phone with the log panel open: the panel starts below it, and nothing covers it. */
async function turnLineClear(page: Page): Promise<void> {
  await page.click('#ttr-panel-toggle');
  await page.waitForSelector('.ttr-room-side', { state: 'visible' });
  const boxes = await page.evaluate(() => {
    const turn = document.getElementById('ttr-turn')!.getBoundingClientRect();
    const panel = document.querySelector('.ttr-room-side-host')!.getBoundingClientRect();
    const hit = document.elementFromPoint(turn.left + turn.width / 2, turn.top + turn.height / 2);
    return { turnTop: turn.top, turnBottom: turn.bottom, panelTop: panel.top, panelHeight: panel.height, onTop: !!hit?.closest('#ttr-turn') };
  });
  expect(boxes.turnTop).toBeGreaterThanOrEqual(0);
  expect(boxes.turnBottom).toBeLessThanOrEqual(boxes.panelTop + 0.5);
  expect(boxes.onTop).toBe(true);
  // The panel still has most of the screen for the log and the chat.
  expect(boxes.panelHeight).toBeGreaterThan(PHONE.height / 2);
}

async function closePanel(page: Page): Promise<void> {
  await page.click('#ttr-panel-toggle');
  await page.waitForSelector('.ttr-room-side-host', { state: 'hidden' });
}

/** The ratings shown beside the players' names in a panel, by seat. */
function ratingsIn(page: Page, rows: string): Promise<Record<string, string | null>> {
  return page.$$eval(rows, (els) => Object.fromEntries(els.map((r) => [r.getAttribute('data-seat')!, r.querySelector('.ttr-rating')?.getAttribute('data-rating') ?? null])));
}

test('a 3-seat Northern Lights table against bots, as the player and as a watcher, on a desktop and a phone: disabled controls say whom they wait for, the log panel leaves the turn line in sight, ratings of the right game beside the names', async () => {
  for (let i = 0; i < 300 && (await fetch(`${world.base}/api/players/nobody`)).status === 503; i++) await new Promise((r) => setTimeout(r, 100));
  const consoleErrors: string[] = [];
  const page = await world.newPage(DESKTOP.width, DESKTOP.height);
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`player: ${m.text()} ${m.location().url}`); });
  await page.goto(world.base);
  await page.waitForSelector('#create-game');
  await page.fill('#f-name', 'Ada');
  await page.waitForFunction(() => /"id"/.test(localStorage.getItem('iot.identity') ?? ''));
  const ada = await page.evaluate(() => (JSON.parse(localStorage.getItem('iot.identity')!) as { id: string }).id);

  // Ada's earlier games: she won a rated 3-player game of the second game and came last in one of Isle's.
  const players = await world.server.players!.get();
  const bo = (await players.accounts.createGuest('Bo')).player.id;
  const cy = (await players.accounts.createGuest('Cy')).player.id;
  const seats = (places: number[]) => [ada, bo, cy].map((playerId, seat) => ({ seat, playerId, name: ['Ada', 'Bo', 'Cy'][seat], botLevel: null, score: 10 - places[seat], place: places[seat] }));
  const finishedAt = new Date();
  await players.archive.archive({ id: 'earlier-ttr', game: 'ttr', finishedAt, options: { players: 3 }, seed: 's1', actions: [], result: null, seats: seats([1, 2, 3]), rated: true });
  await players.archive.archive({ id: 'earlier-isle', game: 'isle', finishedAt, options: { players: 3 }, seed: 's2', actions: [], result: null, seats: seats([3, 1, 2]), rated: true });
  const rows = ((await (await fetch(`${world.base}/api/players/${ada}`)).json()) as { ratings: { group: string; rating: number }[] }).ratings;
  const ttrRating = String(Math.round(rows.find((r) => r.group === 'ttr:3-5p')!.rating));
  const isleRating = String(Math.round(rows.find((r) => r.group === '3-4p')!.rating));
  expect(ttrRating).not.toBe(isleRating);

  await page.selectOption('#f-game', 'ttr');
  await page.waitForFunction(() => document.querySelectorAll('#f-seats option').length === 4);
  await page.selectOption('#f-seats', '3');
  await page.selectOption('#f-bots', '2');
  await page.selectOption('#f-botlevel', 'greedy');
  await page.click('#create-game');
  await page.waitForSelector('#start-game');
  await page.click('#start-game');
  await page.waitForSelector('.ttr-picker', { timeout: 60_000 });
  await shot(page, 'ttr-polish-player-setup');
  expect(await axeProblems(page)).toEqual([]);
  // Keep the opening tickets; then the bots' opening choices; the table waits on Ada's first turn.
  await move(page, () => page.click('#ttr-keep'));
  expect(await waitMine(page)).toBe('move');
  await page.waitForFunction(() => /^Your turn: draw cards/.test(document.getElementById('ttr-turn')?.textContent ?? ''));
  await page.waitForSelector('[data-fkey="player:0"] .ttr-rating');
  expect(await ratingsIn(page, '.ttr-players tbody tr')).toEqual({ 0: ttrRating, 1: null, 2: null });
  await shot(page, 'ttr-polish-player-turn');
  expect(await axeProblems(page)).toEqual([]);

  // Someone opens the game's link and watches.
  const watcher = await world.newPage(DESKTOP.width, DESKTOP.height);
  watcher.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`watcher: ${m.text()} ${m.location().url}`); });
  await watcher.goto(page.url());
  await watcher.fill('#f-name', 'Watcher');
  await watcher.click('#join-link');
  await watcher.waitForSelector('[data-fkey="ttr-spectating"]', { timeout: 60_000 });
  // The controls are there, every one disabled, and say whom the table waits for.
  await watcher.waitForSelector('.ttr-draw .ttr-waiting');
  expect(await watcher.textContent('.ttr-draw .ttr-waiting')).toBe('Waiting for Ada to claim or draw.');
  expect(await watcher.locator('.ttr-draw .ttr-face').count()).toBeGreaterThanOrEqual(5);
  const enabledMoves = () => watcher.$$eval(MOVE_CONTROLS, (els) => els.filter((e) => !(e as HTMLButtonElement).disabled).map((e) => e.id || e.getAttribute('data-card')));
  expect(await enabledMoves()).toEqual([]);
  // A route the watcher selects is shown with the same hint and no Claim.
  const open = await watcher.$$eval('[data-entry]', (els) => els.find((e) => /; open$/.test(e.textContent ?? ''))?.getAttribute('data-entry') ?? null);
  expect(open).not.toBeNull();
  await watcher.click(`[data-entry="${open}"]`);
  await watcher.waitForSelector('.ttr-claim');
  expect(await watcher.textContent('.ttr-claim')).toContain('Waiting for Ada to claim or draw.');
  expect(await watcher.textContent('.ttr-claim')).not.toMatch(/Cannot claim/);
  expect(await enabledMoves()).toEqual([]);
  expect(await ratingsIn(watcher, '.ttr-players tbody tr')).toEqual({ 0: ttrRating, 1: null, 2: null });
  await shot(watcher, 'ttr-polish-watcher-desktop');
  expect(await axeProblems(watcher)).toEqual([]);

  // On a phone, for the watcher and the player: the log panel opens below the turn line.
  await watcher.setViewportSize(PHONE);
  await watcher.click('.ttr-claim button:has-text("Close")');
  await shot(watcher, 'ttr-polish-watcher-phone');
  expect(await axeProblems(watcher)).toEqual([]);
  await turnLineClear(watcher);
  expect(await watcher.textContent('#ttr-turn')).toBe("Ada's turn.");
  await shot(watcher, 'ttr-polish-watcher-phone-log');
  expect(await axeProblems(watcher)).toEqual([]);
  await closePanel(watcher);

  await page.setViewportSize(PHONE);
  await shot(page, 'ttr-polish-player-phone');
  expect(await axeProblems(page)).toEqual([]);
  await turnLineClear(page);
  expect(await page.textContent('#ttr-turn')).toMatch(/^Your turn/);
  await shot(page, 'ttr-polish-player-phone-log');
  expect(await axeProblems(page)).toEqual([]);
  await closePanel(page);

  // Ada plays to the end at the desktop size; the watcher follows on the phone. The watcher's page reads no
  // element's box meanwhile: read in a render, a box makes the browser lay the page out there and then, in the
  // middle of each update (the map's size is kept by a ResizeObserver instead).
  // Nor does it build the route list's rows or the log's lines again on each update (about 150 rows and a line for
  // each move, of which a move changes or adds a few): the list items it makes are counted against its renders.
  await watcher.evaluate(() => {
    const w = window as unknown as { boxReads: number; items: number };
    w.boxReads = 0;
    w.items = 0;
    const read = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) { w.boxReads++; return read.call(this); };
    const make = Document.prototype.createElement;
    Document.prototype.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
      if (tag === 'li') w.items++;
      return make.call(this, tag, options);
    } as typeof make;
  });
  const rendersBefore = Number(await watcher.getAttribute('#app', 'data-renders'));
  const watcherLines = await watcher.$eval('.ttr-room-side .log-list', (e) => Number(e.getAttribute('data-last'))).catch(() => 0);
  await page.setViewportSize(DESKTOP);
  // A route row stays the same element from one update to the next, and a row whose route changed is changed in
  // place: a mark put on each row (its signature, data-sig, then) stays on every row, and some rows' signatures
  // have moved on from the one marked while others have not. (How many of each is the game's doing, not the page's:
  // an earlier check that more than half of the rows, log lines included, were unchanged failed once at 113 of 227.)
  await watcher.$$eval('li[data-fkey^="entry:"][data-sig]', (els) => els.forEach((e) => e.setAttribute('data-mark', e.getAttribute('data-sig')!)));
  for (let n = 0, a = await asked(page); a !== null; n++, a = await asked(page)) {
    if (n > 600) throw new Error('the game did not end in 600 of Ada\'s decisions');
    await decide(page, a);
    if (n === 15) {
      const rows = await watcher.$$eval('li[data-fkey^="entry:"][data-sig]', (els) => els.map((e) => ({ sig: e.getAttribute('data-sig'), mark: e.getAttribute('data-mark') })));
      expect(rows.filter((r) => r.mark === null)).toEqual([]);
      expect(rows.filter((r) => r.mark === r.sig).length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.mark !== r.sig).length).toBeGreaterThan(0);
    }
  }
  await page.waitForSelector('#ttr-end');
  await watcher.waitForSelector('#ttr-end', { timeout: 60_000 });
  const followed = await watcher.evaluate(() => ({
    reads: (window as unknown as { boxReads: number }).boxReads,
    items: (window as unknown as { items: number }).items,
    renders: Number(document.getElementById('app')?.getAttribute('data-renders')),
    last: Number(document.querySelector('.ttr-room-side .log-list')?.getAttribute('data-last') ?? 0),
  }));
  expect(followed.last - watcherLines).toBeGreaterThan(20);
  expect(followed.reads).toBe(0);
  // Every line of the game is on both pages, numbered without a gap (lines with the same words, as two draws of a
  // face-up card of one colour are, are rows of their own).
  for (const p of [page, watcher]) {
    const numbers = await p.$$eval('.ttr-room-side .log-list li[data-fkey^="log-"]', (els) => els.map((e) => Number(e.getAttribute('data-fkey')!.slice(4))));
    expect(numbers.length).toBeGreaterThan(20);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers[0] + i));
    // The newest line alone is marked, after a game whose lines each held the mark in turn (kept rows included).
    expect(await p.$$eval('.ttr-room-side .log-list li.newest', (els) => els.map((e) => e.getAttribute('data-fkey')))).toEqual([`log-${numbers.at(-1)}`]);
  }
  const routeRows = await watcher.locator('li[data-fkey^="entry:"]').count();
  const renders = followed.renders - rendersBefore;
  // (about 260 a render when every row and line was built each time; a few now)
  expect(renders).toBeGreaterThan(50);
  expect(followed.items / renders).toBeLessThan(routeRows / 4);
  // Both end panels rank the three seats, Ada's rating (of this game's group) beside her name.
  for (const p of [page, watcher]) {
    await p.waitForSelector('.ttr-standings [data-seat="0"] .ttr-rating');
    expect(await ratingsIn(p, '.ttr-standings tbody tr')).toEqual({ 0: ttrRating, 1: null, 2: null });
  }
  // No waiting line once the game is over.
  expect(await watcher.locator('.ttr-waiting').count()).toBe(0);
  await shot(page, 'ttr-polish-player-end-desktop');
  expect(await axeProblems(page)).toEqual([]);
  await shot(watcher, 'ttr-polish-watcher-end-phone');
  expect(await axeProblems(watcher)).toEqual([]);
  await page.setViewportSize(PHONE);
  await shot(page, 'ttr-polish-player-end-phone');
  expect(await axeProblems(page)).toEqual([]);
  await watcher.setViewportSize(DESKTOP);
  await shot(watcher, 'ttr-polish-watcher-end-desktop');
  expect(await axeProblems(watcher)).toEqual([]);

  await watcher.close();
  await page.close();
  expect(world.pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
