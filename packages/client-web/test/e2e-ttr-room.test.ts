/**
 * The second game in the real web client against the real server (the built page, served by the server in
 * this process): a newcomer on a 390×844 phone picks "Ticket to Ride: Northern Lights" in the lobby's create
 * form, makes a 2-player game against a bot, starts it, keeps opening tickets, plays until they have claimed
 * a route and drawn (and kept) more tickets, reloads the page mid-game and is back in their seat with the
 * same hand, tickets and claims. Someone opening the game's link watches it (no hand, "You are watching"), the
 * player sees them counted; the log beside the board holds the claim, a chat line reaches the watcher, and the
 * watcher's answer is counted on the phone's closed "Log & chat" button.
 * The seat plays on to the end (from Node, with the seat token the page kept) and the page comes back to it: the end panel ranks both players and says how it was decided, offers play
 * again and the replay; the replay opens on the same table, starts with an empty board, steps to the last
 * move with the same claims as the game's end, and steps back. No page or console error; axe-core finds no
 * serious or critical problem. Screenshots land in test-artifacts/client-web/.
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());

import * as path from 'path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, axeProblems, useE2E } from './e2e-support';
import { IsleClient } from '@isle-of-trains/client';
import { ttrChooseAction } from '@isle-of-trains/bots';

jest.setTimeout(600_000);

// With the players' database on, as a deployed server runs (without it the page's identity check is answered 404).
// No test here is about motion: every page asks for reduced motion (see newPage in e2e-support.ts), which
// spares the browser the frames of each move's slides and fades.
const world = useE2E({ BOT_DELAY_MS: 0, PLAYERS_DB: 'memory' }, { motion: false });

/** The page waits for this seat to decide, or the game is over. */
async function myMoveOrEnd(page: Page): Promise<'move' | 'over'> {
  await page.waitForFunction(() => {
    const t = document.querySelector('.ttr-table');
    return !!t && (t.getAttribute('data-over') === '1' || (t.getAttribute('data-my-move') === '1' && t.getAttribute('data-busy') !== '1'));
  }, null, { timeout: 60_000 });
  return (await page.getAttribute('.ttr-table', 'data-over')) === '1' ? 'over' : 'move';
}

/** Keep the first `keep` tickets of the offer; resolves once the kept tickets are listed. */
async function keepTickets(page: Page, keep: number): Promise<void> {
  const boxes = page.locator('.ttr-picker input[type="checkbox"]');
  const n = await boxes.count();
  for (let i = keep; i < n; i++) await boxes.nth(i).uncheck();
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

/** The number of the newest log line the page shows (every move writes one). */
function lastLine(page: Page): Promise<number> {
  return page.$eval('.ttr-room-side .log-list', (e) => Number(e.getAttribute('data-last'))).catch(() => 0);
}

/** Do one thing on the page and wait until its log line is there (so the next look is at the table after it). */
async function acted(page: Page, act: () => Promise<unknown>): Promise<void> {
  const before = await lastLine(page);
  await act();
  await page.waitForFunction((b) => Number(document.querySelector('.ttr-room-side .log-list')?.getAttribute('data-last')) > b, before, { timeout: 60_000 });
}

/**
 * Play the page's seat to the end from Node with the seat token the page kept (any client may take a seat back
 * with it), greedy moves; the page is away meanwhile and comes back to the ended game.
 */
async function finishFromNode(page: Page): Promise<void> {
  const roomId = new URL(page.url()).searchParams.get('room')!;
  // The SDK's reconnection token kept beside the seat token names the connection the device takes over: coming
  // back, the page would first try it, be refused (a failed request in the console) and then use the seat token.
  // The page is left with the seat token only, as after the server's reconnection window.
  const token = await page.evaluate((r) => {
    const seat = JSON.parse(localStorage.getItem(`iot.seat.${r}`) ?? 'null') as { token: string; reconnectionToken?: string } | null;
    if (seat) localStorage.setItem(`iot.seat.${r}`, JSON.stringify({ ...seat, reconnectionToken: undefined }));
    return seat?.token;
  }, roomId);
  expect(token).toEqual(expect.any(String));
  await page.goto('about:blank');
  const client = new IsleClient(world.base.replace(/^http/, 'ws'), { rejoin: { attempts: 0 }, pace: { perSecond: 500, burst: 500 } });
  const device = (await client.rejoin(roomId, token!)).asGame('ttr')!;
  for (let moves = 0; (await device.myDecision()) !== null; moves++) {
    if (moves > 2000) throw new Error('the game did not end in 2000 moves of this seat');
    await device.act(ttrChooseAction({ view: device.view!, seat: device.seat!, history: [] }, { level: 'greedy', seed: moves }));
  }
  expect((await device.finished()).phase).toBe('ended');
  await device.leave();
  await page.goto(`${world.base}/?room=${roomId}`);
}

/** What the seat's own panels show: the hand's text, the kept tickets, the claimed routes. */
function seen(page: Page): Promise<{ hand: string; tickets: string[]; claimed: string[] }> {
  return page.evaluate(() => ({
    hand: document.querySelector('.ttr-hand')?.textContent ?? '',
    tickets: [...document.querySelectorAll('.ttr-ticket-list li')].map((e) => e.textContent ?? ''),
    claimed: [...document.querySelectorAll('[data-route].ttr-claimed')].map((e) => e.getAttribute('data-route')!).sort(),
  }));
}

test('e2e: a 2-player Northern Lights game against a bot from the lobby, a route claimed and tickets drawn, back in the seat after a reload, watched, the log and the chat, to the end screen and its replay', async () => {
  // The players' database opens after the server listens: until then its routes answer 503, which the page
  // would log as a failed resource. Wait for it (any answer but 503).
  for (let i = 0; i < 300 && (await fetch(`${world.base}/api/players/nobody`)).status === 503; i++) await new Promise((r) => setTimeout(r, 100));
  const page = await world.newPage(390, 844);
  const consoleErrors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`${m.text()} ${m.location().url}`); });
  await page.goto(world.base);
  await page.waitForSelector('#create-game');
  await page.fill('#f-name', 'Ada');
  await page.selectOption('#f-game', 'ttr');
  // (the page draws the form again in the next frame)
  await page.waitForFunction(() => document.querySelectorAll('#f-seats option').length === 4);
  // The second game's form: 2–5 players, the three bot levels (its strong bot runs in the server's bot workers).
  expect(await page.$$eval('#f-seats option', (o) => o.map((e) => (e as HTMLOptionElement).value))).toEqual(['2', '3', '4', '5']);
  expect(await page.$$eval('#f-botlevel option', (o) => o.map((e) => (e as HTMLOptionElement).value))).toEqual(['random', 'greedy', 'strong']);
  await page.selectOption('#f-seats', '2');
  await page.selectOption('#f-bots', '1');
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'ttr-room-lobby-phone.png') });
  await page.click('#create-game');
  await page.waitForSelector('#start-game');
  // The waiting room names the game.
  expect(await page.textContent('.waiting h1')).toBe('Ticket to Ride: Northern Lights');
  await page.click('#start-game');

  // The opening choice: keep 2 of the offer.
  await page.waitForSelector('.ttr-picker', { timeout: 60_000 });
  expect(await page.textContent('.ttr-room-title')).toContain('Northern Lights');
  await keepTickets(page, 2);

  let claims = 0;
  let ticketsDrawn = false;
  let kept = false;
  for (let turn = 0; turn < 200 && !(claims > 0 && kept); turn++) {
    if ((await myMoveOrEnd(page)) === 'over') break;
    if (await page.locator('.ttr-picker').count()) {
      await keepTickets(page, 1);
      if (ticketsDrawn) kept = true;
      continue;
    }
    if (/second card/.test((await page.textContent('#ttr-turn')) ?? '')) {
      await draw(page);
      continue;
    }
    const claimable = await page.$$eval('[data-entry][data-claimable="1"]', (els) => els.map((e) => e.getAttribute('data-entry')!));
    if (claimable.length > 0 && claims === 0) {
      await page.click(`[data-entry="${claimable[0]}"]`);
      await page.click('#ttr-claim-go');
      await page.waitForFunction((id) => document.querySelector(`[data-route="${id}"]`)?.classList.contains('ttr-claimed'), claimable[0]);
      claims++;
      continue;
    }
    if (claims > 0 && !ticketsDrawn && (await page.isEnabled('#ttr-draw-tickets'))) {
      await page.click('#ttr-draw-tickets');
      await page.waitForSelector('.ttr-picker');
      ticketsDrawn = true;
      continue;
    }
    await draw(page);
  }
  expect(claims).toBe(1);
  expect(ticketsDrawn && kept).toBe(true);
  await myMoveOrEnd(page);
  const before = await seen(page);
  expect(before.tickets).toHaveLength(3);
  expect(before.claimed.length).toBeGreaterThan(0);

  // A reload mid-game: the page takes the seat back with the token it kept, and shows the same own hand and tickets.
  await page.reload();
  await page.waitForSelector('.ttr-table', { timeout: 60_000 });
  await page.waitForFunction((n) => document.querySelectorAll('.ttr-ticket-list li').length === n, before.tickets.length);
  await myMoveOrEnd(page);
  const after = await seen(page);
  expect(after.hand).toBe(before.hand);
  expect(after.tickets).toEqual(before.tickets);
  expect(after.claimed).toEqual(before.claimed);
  expect(await page.$eval('[data-fkey="player:0"]', (e) => e.textContent ?? '')).toContain('Ada');
  // The seat plays on from there: a card from the deck, and the table asks for the second.
  expect(await page.isEnabled('#ttr-deck')).toBe(true);
  await page.click('#ttr-deck');
  await page.waitForFunction(() => /second card/.test(document.querySelector('#ttr-turn')?.textContent ?? ''));

  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'ttr-room-phone.png') });

  // Someone opens the game's link: the game has started, so they watch it, at a desktop's size with the log
  // and the chat beside the board.
  const watcher = await world.newPage(1366, 768);
  watcher.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`watcher: ${m.text()} ${m.location().url}`); });
  await watcher.goto(page.url());
  await watcher.fill('#f-name', 'Watcher');
  await watcher.click('#join-link');
  await watcher.waitForSelector('.ttr-table', { timeout: 60_000 });
  await watcher.waitForSelector('[data-fkey="ttr-spectating"]');
  expect(await watcher.locator('.ttr-hand').count()).toBe(0);
  expect(await watcher.locator('.ttr-room-side .log-list').textContent()).toMatch(/Ada claimed .+ – .+ with /);
  // The player sees them counted, and on a phone opens the log and the chat over the board.
  await page.waitForFunction(() => /1 watching/.test(document.querySelector('[data-fkey="ttr-watchers"]')?.textContent ?? ''));
  expect(await page.isVisible('.ttr-room-side')).toBe(false);
  await page.click('#ttr-panel-toggle');
  await page.waitForSelector('.ttr-room-side', { state: 'visible' });
  expect(await page.locator('.ttr-room-side .log-list').textContent()).toMatch(/Ada claimed .+ – .+ with /);
  await page.fill('#chat-input', 'Good luck!');
  await page.press('#chat-input', 'Enter');
  await watcher.waitForFunction(() => /Ada: Good luck!/.test(document.querySelector('.chat-list')?.textContent ?? ''));
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'ttr-room-log-phone.png') });
  expect(await axeProblems(watcher)).toEqual([]);
  await watcher.screenshot({ path: path.join(ARTIFACTS, 'ttr-room-watching-desktop.png') });
  await page.click('#ttr-panel-toggle');
  await page.waitForSelector('.ttr-room-side', { state: 'hidden' });
  // With the panel closed, the watcher's answer is counted on its button.
  await watcher.fill('#chat-input', 'Thanks!');
  await watcher.press('#chat-input', 'Enter');
  await page.waitForFunction(() => /1 message/.test(document.querySelector('[data-fkey="ttr-unread"]')?.textContent ?? ''));

  // On to the end: the turn's second card from the page, then the rest of the game from Node (a whole game
  // clicked through the table is e2e-ttr.test.ts; the watcher's page here follows every move of it).
  await acted(page, () => draw(page));
  await finishFromNode(page);
  await page.waitForSelector('#ttr-end', { timeout: 60_000 });
  const standings = await page.$$eval('.ttr-standings tbody tr', (rows) => rows.map((r) => r.textContent ?? ''));
  expect(standings).toHaveLength(2);
  expect(standings.some((r) => r.includes('Ada (you)'))).toBe(true);
  expect(await page.textContent('.ttr-decided')).toMatch(/^(Decided on points|Level on points)/);
  expect(await page.isVisible('#ttr-rematch')).toBe(true);
  // The end panel's title has the focus, so a keyboard or screen reader user lands on the result.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('ttr-end-title');
  const endClaims = (await seen(page)).claimed;
  await watcher.waitForSelector('#ttr-end');
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'ttr-room-end-phone.png') });
  await page.setViewportSize({ width: 1366, height: 768 });
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'ttr-room-end-desktop.png') });

  // The replay: the same table from an empty board, step by step, to the same end.
  await page.click('#ttr-replay');
  await page.waitForSelector('.replay-bar', { timeout: 60_000 });
  await page.waitForSelector('.ttr-table');
  expect(await page.textContent('#replay-move')).toMatch(/^Move 0 of \d+/);
  expect(await page.locator('[data-route].ttr-claimed').count()).toBe(0);
  await page.click('[data-fkey="rp-last"]');
  await page.waitForSelector('#ttr-end');
  expect((await seen(page)).claimed).toEqual(endClaims);
  const last = Number(/of (\d+)/.exec((await page.textContent('#replay-move')) ?? '')![1]);
  expect(await page.locator('.ttr-room-side .log-list li').count()).toBeGreaterThan(10);
  await page.click('[data-fkey="rp-back"]');
  await page.waitForFunction((n) => (document.querySelector('#replay-move')?.textContent ?? '').startsWith(`Move ${n - 1} of ${n}`), last);
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'ttr-room-replay-desktop.png') });
  await watcher.close();
  expect(world.pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
