/**
 * Players in real browsers, against the real server with the players' database (PGlite in memory):
 *  - a first visit gets a guest identity at once; the name typed in the lobby becomes the display name;
 *  - two browsers each claim an account, the waiting room says the table is rated, they chat (a markup payload
 *    stays text; a mute hides a player; the server's chat limit is shown), and play a rated 2-player game to its
 *    end: both click their moves for several turns (leaving would first warn that a rated game counts as a
 *    loss), then finish the game from other devices with the seat tokens their browsers kept, and come back
 *    to the page at the end;
 *  - both ratings move, seen on both players' pages, which list the game with a link that opens the replay
 *    (with the game's chat);
 *    the leaderboard and the recent games page show it; the ratings show in the next waiting room and table;
 *  - a third browser signs in to one account, signs out, signs in again and signs out everywhere, which ends
 *    the other browser's session too;
 *  - axe (WCAG 2 A/AA, contrast included) on every new screen; screenshots at 1366×768 and 390×844.
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());

import type { Page } from 'playwright-core';
import { axeProblems, click, frame, isMyTurn, keys, ready, shot, useE2E } from './e2e-support';
import { IsleClient } from '@isle-of-trains/client';
import { createBot } from '@isle-of-trains/bots';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

// Several minutes at most on this 2-core machine when other tests share it.
jest.setTimeout(900_000);

// No test here is about motion: every page asks for reduced motion (see newPage in e2e-support.ts), which
// spares the browser the frames of each move's slides and fades.
const world = useE2E({ PLAYERS_DB: 'memory' }, { motion: false });
const newPage = (size = DESKTOP) => world.newPage(size.width, size.height);

/** The same screen at the other size too (the viewport is put back afterwards). */
async function shotBoth(page: Page, name: string): Promise<void> {
  const was = page.viewportSize()!;
  for (const [size, suffix] of [[DESKTOP, ''], [PHONE, '-phone']] as const) {
    await page.setViewportSize(size);
    await frame(page);
    await shot(page, `${name}${suffix}`);
    expect(await axeProblems(page)).toEqual([]);
  }
  await page.setViewportSize(was);
  await frame(page);
}

const text = async (page: Page, sel: string): Promise<string> => ((await page.textContent(sel)) ?? '').trim();
/** Wait until `sel`'s text matches; a timeout says what the text was. */
async function waitText(page: Page, sel: string, re: RegExp): Promise<void> {
  await page.waitForFunction(([s, src, flags]) => new RegExp(src, flags).test(document.querySelector(s)?.textContent ?? ''), [sel, re.source, re.flags] as const, { timeout: 20_000 })
    .catch(async (e: Error) => {
      throw new Error(`${sel} never matched ${re}: it says "${await page.textContent(sel).catch(() => '(missing)')}" (${e.message.split('\n')[0]})`);
    });
}

/** A first visit: a guest identity at once; the player's name replaces the guest name on the server too. */
async function arrive(page: Page, name: string): Promise<void> {
  await page.goto(world.base);
  await waitText(page, '#account-who', /guest on this browser/);
  await page.fill('#f-name', name);
  await waitText(page, '#account-who', new RegExp(`Playing as ${name} `));
}

async function claim(page: Page, username: string, password: string): Promise<void> {
  await page.click('#claim-open');
  await page.fill('#acc-user', username);
  await page.fill('#acc-pass', password);
  await page.click('#acc-submit');
  await waitText(page, '#account-who', /^Signed in as/);
}

async function sendChat(page: Page, line: string): Promise<void> {
  await page.fill('#chat-input', line);
  await page.press('#chat-input', 'Enter');
  await frame(page);
}

/** The player's page, reached from the lobby's link: its ratings (group → rating) and its games' results. */
async function myPage(page: Page): Promise<{ ratings: Record<string, { rating: number; games: number }>; results: string[]; games: string[] }> {
  await page.goto(world.base);
  await page.waitForSelector('#my-page');
  await page.click('#my-page');
  await page.waitForSelector('.players-page #player-ratings');
  const ratings = await page.$$eval('#player-ratings tbody tr', (rows) => Object.fromEntries(rows.map((r) => {
    const td = [...r.querySelectorAll('td')].map((c) => c.textContent ?? '');
    return [r.getAttribute('data-group')!, { rating: Number(td[1]), games: Number(td[2]) }];
  })));
  const results = await page.$$eval('#games-table tbody tr .result', (els) => els.map((e) => e.textContent ?? ''));
  const games = await page.$$eval('#games-table tbody tr', (els) => els.map((e) => e.getAttribute('data-game')!));
  return { ratings, results, games };
}

/**
 * The server opens the players' database in the background and answers 503 PLAYERS_UNAVAILABLE until it is
 * open (on this shared machine that took over 20 s at times). The page asks again by itself (the test of that is
 * identity.test.ts); the first visit below is about what the page shows once it has an identity, so it waits for
 * the database first. GET /api/me with no identity: 503 while opening, 401 once open.
 */
async function playersDatabaseOpen(base: string): Promise<void> {
  for (const start = Date.now(); Date.now() - start < 120_000;) {
    if ((await fetch(`${base}/api/me`)).status !== 503) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the players\' database did not open within 2 minutes');
}

test('e2e players: accounts, a rated game between two browsers, ratings and games on both pages, chat', async () => {
  await playersDatabaseOpen(world.base);
  const a = await newPage();
  const b = await newPage(PHONE);

  // ---------------------------------------------------------------- identity
  await arrive(a, 'Ada');
  const kept = await a.evaluate(() => JSON.parse(localStorage.getItem('iot.identity') ?? 'null'));
  expect(kept).toEqual({ id: expect.stringMatching(/^p_/), name: 'Ada', username: null, secret: expect.any(String) });
  // The name reached the server: a reload reads it back from /api/me with the kept identity.
  await a.reload();
  await waitText(a, '#account-who', /Playing as Ada /);
  expect(await a.inputValue('#f-name')).toBe('Ada');
  expect(await text(a, '#rated-rule')).toMatch(/counts as a loss/);
  await shotBoth(a, 'lobby-guest');
  await a.click('#claim-open');
  await frame(a);
  await shotBoth(a, 'lobby-claim');
  await a.click('.account-form .linkish');
  await claim(a, 'ada_e2e', 'ada plays trains');
  expect(await a.evaluate(() => JSON.parse(localStorage.getItem('iot.identity') ?? 'null'))).toEqual({ id: kept.id, name: 'Ada', username: 'ada_e2e', token: expect.any(String) });
  expect(await text(a, '#my-ratings')).toMatch(/No rated games yet/);
  await shotBoth(a, 'lobby-account');

  await arrive(b, 'Bea');
  await claim(b, 'bea_e2e', 'bea plays trains too');

  // ---------------------------------------------------------------- a rated table, chat
  await a.click('#create-game');
  await a.waitForSelector('#invite-link');
  expect(await text(a, '#rated-status')).toMatch(/^Unrated for now/);
  const link = await a.inputValue('#invite-link');
  await b.goto(link);
  await b.waitForSelector('#join-link');
  await b.click('#join-link');
  await b.waitForSelector('.waiting');
  await waitText(a, '#rated-status', /^Rated game/);
  expect(await text(b, '#rated-status')).toMatch(/^Rated game: .*counts as a loss/);

  // Markup in a chat line is shown as the characters typed, never run or rendered.
  const payload = '<img src=x onerror="window.__xss=1"><b>bold</b>';
  await sendChat(b, payload);
  await a.waitForSelector('.chat-text');
  expect(await a.$$eval('.chat-text', (els) => els.map((e) => e.textContent))).toEqual([payload]);
  expect(await a.$$('.chat img, .chat b')).toHaveLength(0);
  expect(await a.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // Enter right after typing, before the page has drawn again (its frames held back here, as a busy machine
  // does): the line still goes (a Send button disabled until the next frame used to swallow it).
  await a.evaluate(() => { const w = window as unknown as { __raf?: unknown; requestAnimationFrame: unknown }; w.__raf = w.requestAnimationFrame; w.requestAnimationFrame = () => 0; });
  await a.fill('#chat-input', 'Good luck!');
  await a.press('#chat-input', 'Enter');
  await waitText(b, '.chat-list', /Good luck!/);
  expect(await a.inputValue('#chat-input')).toBe('');
  await a.evaluate(() => { const w = window as unknown as { __raf?: unknown; requestAnimationFrame: unknown }; w.requestAnimationFrame = w.__raf; });
  await a.fill('#chat-input', 'x'); // typing: the page draws again
  await a.fill('#chat-input', '');
  await waitText(a, '.chat-list', /Good luck!/);
  await shotBoth(a, 'waiting-rated-chat');
  // A mute hides that player's lines in this browser, and lasts (localStorage) until undone.
  await a.click('.chat button.mute');
  await frame(a);
  expect(await a.$$eval('.chat-text', (els) => els.map((e) => e.textContent))).toEqual(['Good luck!']);
  expect(await text(a, '.chat')).toMatch(/1 message from muted players hidden/);
  await sendChat(b, 'can you hear me');
  await waitText(b, '.chat-list', /can you hear me/);
  await a.waitForTimeout(300);
  expect(await a.$$eval('.chat-text', (els) => els.map((e) => e.textContent))).toEqual(['Good luck!']);
  expect(await a.evaluate(() => JSON.parse(localStorage.getItem('iot.muted') ?? '[]'))).toHaveLength(1);
  await a.click('.chat [aria-label="Unmute Bea"]');
  await frame(a);
  expect(await a.$$eval('.chat-text', (els) => els.length)).toBe(3);
  // The server's chat limit (bursts of 5, then 1 a second), surfaced as words. 15 lines typed and sent in one
  // go (one task in the page): typed one by one through the pointer, a loaded machine spaced them out enough for
  // the bucket to refill, and an accepted last line rightly cleared the notice.
  await b.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('#chat-input')!;
    for (let i = 0; i < 15; i++) {
      input.value = `line ${i}`;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.form!.requestSubmit();
    }
  });
  await waitText(b, '#chat-notice', /too fast/);
  // Over the length limit: said before anything is sent.
  await b.fill('#chat-input', 'x'.repeat(301));
  await frame(b);
  expect(await text(b, '#chat-notice')).toMatch(/too long/);
  await b.fill('#chat-input', '');

  // ---------------------------------------------------------------- the rated game
  await a.click('#start-game');
  await a.waitForSelector('.table-screen');
  await b.waitForSelector('.table-screen');
  expect(await a.isVisible('#rated-badge')).toBe(true);
  const roomId = new URL(a.url()).searchParams.get('room')!;
  // The first move through the page: whoever is first takes a card from the display.
  const first = (await a.evaluate(() => document.body.classList.contains('my-turn'))) ? a : b;
  await first.waitForFunction(() => document.body.classList.contains('my-turn'));
  await ready(first);
  const take = (await keys(first)).find((k) => k.startsWith('display:') || k === 'deck')!;
  await click(first, take);
  await shot(a, 'table-rated');
  expect(await axeProblems(a)).toEqual([]);
  // Leaving a rated game in progress asks first, and says it counts as a loss; Bea thinks better of it.
  let warning = '';
  b.once('dialog', (d) => {
    warning = d.message();
    void d.dismiss();
  });
  await b.click('.topbar .leave');
  await frame(b);
  expect(warning).toMatch(/rated game\? It counts as a loss/);
  expect(await b.isVisible('.table-screen')).toBe(true);
  // Both play on by clicking, whoever's turn it is (Bea on her phone: only what her open tab shows).
  let seed = 5;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const visibleKeys = (page: Page) => page.$$eval('[data-key]', (els) => els.filter((e) => e.getClientRects().length > 0).map((e) => e.getAttribute('data-key')!));
  const clicked = { a: 0, b: 0 };
  for (let tries = 0; tries < 200 && (clicked.a < 6 || clicked.b < 6); tries++) {
    const who = (await isMyTurn(a)) ? 'a' : (await isMyTurn(b)) ? 'b' : null;
    const page = who === 'a' ? a : b;
    const ks = who === null ? [] : (await visibleKeys(page)).filter((k) => k !== 'cancel' && k !== 'returnCard');
    if (who === null || ks.length === 0) {
      await a.waitForTimeout(50);
      continue;
    }
    const pref = ks.filter((k) => /^(destination|primary|secondary|item|endDelivery|build:|hand:|confirm|display:|deck)/.test(k));
    const pool = pref.length > 0 && rnd() < 0.7 ? pref : ks;
    await click(page, pool[Math.floor(rnd() * pool.length)]);
    clicked[who]++;
  }
  expect(clicked.a).toBeGreaterThanOrEqual(6);
  expect(clicked.b).toBeGreaterThanOrEqual(6);
  // Then both finish the game from other devices with the seat tokens their browsers kept (any client may take
  // a seat back with one), and come back to the page at the end. Clicking a whole game through the pages took
  // 3–12 minutes here; e2e-table.test.ts already plays 200 turns by clicking.
  const tokenOf = (page: Page) => page.evaluate((r) => (JSON.parse(localStorage.getItem(`iot.seat.${r}`) ?? 'null') as { token: string } | null)?.token, roomId);
  const tokens = [await tokenOf(a), await tokenOf(b)];
  expect(tokens).toEqual([expect.any(String), expect.any(String)]);
  await a.goto('about:blank');
  await b.goto('about:blank');
  const ws = world.base.replace(/^http/, 'ws');
  const devices = await Promise.all(tokens.map((t) => new IsleClient(ws, { rejoin: { attempts: 0 }, pace: { perSecond: 200, burst: 200 } }).rejoin(roomId, t!)));
  await Promise.all(devices.map(async (device, i) => {
    const bot = createBot('greedy', { seed: 7 + i });
    for (let moves = 0; (await device.myDecision()) !== null; moves++) {
      if (moves > 3000) throw new Error(`the game did not end in 3000 moves of seat ${device.seat}`);
      await device.act(bot.chooseAction({ view: device.view!, seat: device.seat!, history: [] }));
    }
  }));
  expect((await devices[0].finished()).phase).toBe('ended');
  const scores = devices[0].scores()!;
  const seatOf = { Ada: devices[0].seat!, Bea: devices[1].seat! };
  // Ada's device leaves and her page comes back to the ended table while Bea's device is still at it: a room
  // nobody is in is disposed once Colyseus' auto-dispose timer runs out (the 15 s of the devices' seat
  // reservations here), so coming back after both had left passed only while that timer had not yet run out
  // (it failed when the devices' game took longer, on a loaded machine).
  await devices[0].leave();
  await a.goto(`${world.base}/?room=${roomId}`);
  await a.waitForSelector('#end-screen');
  await devices[1].leave();
  const shared = scores.winners.length === 2;
  const winner = scores.winners.includes(seatOf.Ada) ? 'Ada' : 'Bea';

  // ---------------------------------------------------------------- ratings and pages, through the UI
  const pa = await myPage(a);
  const pb = await myPage(b);
  expect(pa.games).toEqual([roomId]);
  expect(pb.games).toEqual([roomId]);
  // The game's real result, from its scores: the winner won, the other came 2nd (a shared win is a tie).
  const [pw, pl] = winner === 'Ada' ? [pa, pb] : [pb, pa];
  if (shared) {
    expect(pa.results).toEqual(pb.results);
  } else {
    expect(pw.results).toEqual(['Won']);
    expect(pl.results).toEqual(['2nd of 2']);
  }
  expect(pa.ratings['2p']).toEqual({ rating: expect.any(Number), games: 1 });
  expect(pb.ratings['2p']).toEqual({ rating: expect.any(Number), games: 1 });
  // Both moved from where new players start (nothing shown before: "not rated yet"), the winner above the loser.
  if (shared) expect(pa.ratings['2p'].rating).toBe(pb.ratings['2p'].rating);
  else expect(pw.ratings['2p'].rating).toBeGreaterThan(pl.ratings['2p'].rating);
  await shotBoth(a, 'player-page');
  await b.goto(world.base);
  await waitText(b, '#my-ratings', /^Rating: \d+ \(2 players, 1 game\)/);
  expect(await text(b, '#my-ratings')).toContain(String(pb.ratings['2p'].rating));
  // The page's link opens the game in the replay viewer.
  await a.click('#games-table .replay-link');
  await a.waitForSelector('.replay-bar');
  expect(await text(a, '#replay-move')).toMatch(/^Move 0 of \d+/);
  // The chat was kept with the game and is shown with its replay, as text.
  expect(await a.$$eval('#replay-chat .chat-text', (els) => els.map((e) => e.textContent))).toEqual(expect.arrayContaining([payload, 'Good luck!', 'can you hear me']));
  expect(await a.$$('#replay-chat img, #replay-chat b')).toHaveLength(0);
  await shot(a, 'replay-chat');
  // The leaderboard and the public list of recent games.
  await a.goto(`${world.base}/?leaderboard=2p`);
  await a.waitForSelector('#leaderboard');
  const board = await a.$$eval('#leaderboard tbody tr', (rows) => rows.map((r) => r.children[1].textContent));
  expect(board.slice().sort()).toEqual(['Ada', 'Bea']);
  if (!shared) expect(board[0]).toBe(winner);
  await shotBoth(a, 'leaderboard');
  await a.click('text=Recent games');
  await a.waitForSelector('#games-table');
  expect(await a.$$eval('#games-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-game')))).toContain(roomId);
  await shotBoth(a, 'recent-games');

  // ---------------------------------------------------------------- ratings in the next waiting room and at the table
  await a.goto(world.base);
  await a.waitForSelector('#create-game');
  await a.click('#create-game');
  await a.waitForSelector('#invite-link');
  await b.goto(await a.inputValue('#invite-link'));
  await b.waitForSelector('#join-link');
  await b.click('#join-link');
  await b.waitForSelector('.waiting');
  await a.waitForFunction(() => document.querySelectorAll('.seats [data-rating]').length === 2, null, { timeout: 20_000 });
  expect(await a.$$eval('.seats [data-rating]', (els) => els.map((e) => Number(e.getAttribute('data-rating'))))).toEqual([pa.ratings['2p'].rating, pb.ratings['2p'].rating]);
  await a.click('#start-game');
  await a.waitForSelector('.table-screen');
  await a.waitForFunction(() => document.querySelectorAll('.player .badge.rating').length === 2, null, { timeout: 20_000 });
  const atTable = await a.$$eval('.player', (els) => els.map((e) => [Number(e.getAttribute('data-seat')), Number(e.querySelector('.badge.rating')?.getAttribute('data-rating'))]));
  expect(Object.fromEntries(atTable)).toEqual({ 0: pa.ratings['2p'].rating, 1: pb.ratings['2p'].rating });
  await shot(a, 'table-ratings');
  await b.waitForSelector('.table-screen');
  await shot(b, 'table-ratings-phone');
  expect(await axeProblems(b)).toEqual([]);

  // ---------------------------------------------------------------- another browser: sign in, sign out (everywhere)
  const c = await newPage();
  await c.goto(world.base);
  await waitText(c, '#account-who', /guest on this browser/);
  await c.click('#signin-open');
  await c.fill('#acc-user', 'bea_e2e');
  await c.fill('#acc-pass', 'not the password');
  await c.click('#acc-submit');
  await waitText(c, '#account-message', /not known|does not match|wrong/i);
  await c.fill('#acc-pass', 'bea plays trains too');
  await c.click('#acc-submit');
  await waitText(c, '#account-who', /^Signed in as Bea \(account bea_e2e\)/);
  // The lobby's name was this browser's guest name: it is the account's now (tables and chat use it).
  expect(await c.inputValue('#f-name')).toBe('Bea');
  await c.click('#sign-out');
  await waitText(c, '#account-who', /guest on this browser/);
  await c.click('#signin-open');
  await c.fill('#acc-user', 'bea_e2e');
  await c.fill('#acc-pass', 'bea plays trains too');
  await c.click('#acc-submit');
  await waitText(c, '#account-who', /^Signed in as Bea/);
  await c.click('#sign-out-everywhere');
  await waitText(c, '#account-message', /Signed out everywhere \(2 sessions ended\)/);
  expect(await text(c, '#account-who')).toMatch(/guest on this browser/);
  // A guest that never typed a name claims an account: it plays as its username, not as "Guest xxxx".
  const d = await newPage();
  await d.goto(world.base);
  await waitText(d, '#account-who', /^Playing as Guest /);
  await claim(d, 'cleo_e2e', 'cleo plays trains');
  await waitText(d, '#account-who', /^Signed in as cleo_e2e$/);
  expect(await d.inputValue('#f-name')).toBe('cleo_e2e');
  await d.context().close();
  // Bea's phone was signed out too: its next visit plays as a new guest.
  await b.goto(world.base);
  await waitText(b, '#account-who', /guest on this browser/);
  expect(await b.evaluate(() => JSON.parse(localStorage.getItem('iot.identity') ?? 'null').id)).not.toBe(kept.id);

  expect(world.pageErrors).toEqual([]);
  for (const p of [a, b, c]) await p.context().close();
});
