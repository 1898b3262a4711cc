/**
 * Spectators and turn timers in real browsers (the server in this process, Debian's chromium): a player joins
 * a game with a 3-second timer (this server's least: the timers run out within the test's first seconds) from
 * the lobby's list; on a 390×844 phone someone else watches it from the
 * lobby's list of games in play, and a third person opens the game's link and is offered to watch it.
 * The timers run out: the spectator's log says a bot decided, the player is told their time ran out and sees
 * their last seconds marked. Spectators get no "your turn" switches, and Back takes them to the lobby
 * without asking. The other seat is a client in Node that never moves.
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());

import type { Page } from 'playwright-core';
import { axeProblems, frame, shot, useE2E } from './e2e-support';
import { IsleClient } from '@isle-of-trains/client';

jest.setTimeout(180_000);

// The turn timer's floor lowered from its default of 10 s: each decision here waits for a timer to run out.
const world = useE2E({ MIN_TURN_SECONDS: 3 });

const waitFor = (page: Page, selector: string) => page.locator(selector).first().waitFor();
const text = (page: Page, selector: string) => page.locator(selector).first().textContent();

async function lobbyAs(page: Page, name: string): Promise<void> {
  await page.goto(world.base);
  await waitFor(page, '#create-game');
  await page.fill('#f-name', name);
  await frame(page);
}

test('a game with a turn timer, watched from the lobby\'s list and from its link; the timers run out', async () => {
  const host = await new IsleClient(world.base.replace(/^http/, 'ws')).create({ name: 'Hal', seats: 2, bots: 0, turnTimeLimit: 3 });
  const roomId = host.roomId;

  // The player joins from the list of open games.
  const ada = await world.newPage();
  const asked: string[] = [];
  ada.on('dialog', (d) => { asked.push(d.message()); void d.accept(); });
  await lobbyAs(ada, 'Ada');
  await ada.click(`[data-fkey="join:${roomId}"]`);
  await waitFor(ada, '#rated-status');
  await host.start();
  await waitFor(ada, '.table-screen');

  // On a phone, someone watches it from the lobby's list of games in play.
  const mo = await world.newPage(390, 844);
  mo.on('dialog', (d) => { asked.push(d.message()); void d.accept(); });
  await lobbyAs(mo, 'Mo');
  await waitFor(mo, `[data-fkey="watch:${roomId}"]`);
  expect(await text(mo, '#playing-list')).toMatch(/Hal's game · 2 players · 3s per decision/);
  await mo.locator('#playing-list').scrollIntoViewIfNeeded();
  await shot(mo, 'watch-lobby-phone');
  await mo.click(`[data-fkey="watch:${roomId}"]`);
  await waitFor(mo, '.table-screen');
  expect(new URL(mo.url()).searchParams.get('room')).toBe(roomId);
  expect(await text(mo, '.topbar')).toContain('Spectating');
  // "Sound" and "Alerts" are about one's own turn: a spectator has none.
  expect(await mo.locator('[data-fkey="sound"], [data-fkey="notify"]').count()).toBe(0);
  await ada.waitForFunction(() => /1 watching: Mo/.test(document.querySelector('[data-fkey="watchers"]')?.textContent ?? ''));

  // The timers run out: a bot decides, the spectator reads it in the log.
  await mo.waitForFunction(() => /Time ran out; a bot decides for (Hal|Ada)/.test(document.querySelector('.log-list')?.textContent ?? ''), null, { timeout: 60_000 });
  await mo.click('[data-fkey="tab-log"]');
  await shot(mo, 'spectator-timer-phone');
  // The player's own last seconds stand out, and when they run out the page says so where the player looks.
  await ada.waitForSelector('.badge.timer.hurry', { timeout: 60_000 });
  await ada.waitForFunction(() => /Your time ran out: a bot made that move for you\./.test(document.querySelector('.topbar .status')?.textContent ?? ''), null, { timeout: 60_000 });
  await shot(ada, 'timer-ran-out');
  expect(await axeProblems(ada)).toEqual([]);

  // The game's link, opened by someone else: a game in play is offered to watch.
  const bea = await world.newPage(390, 844);
  await bea.goto(`${world.base}/?room=${roomId}`);
  await waitFor(bea, '#f-name');
  await bea.fill('#f-name', 'Bea');
  await bea.waitForFunction(() => document.querySelector('#join-link')?.textContent === 'Watch this game');
  await bea.click('#join-link');
  await waitFor(bea, '.table-screen');
  await ada.waitForFunction(() => /2 watching/.test(document.querySelector('[data-fkey="watchers"]')?.textContent ?? ''));

  // Back takes a spectator to the lobby, without asking (no seat is left to a bot).
  await mo.goBack();
  await waitFor(mo, '#create-game');
  expect(new URL(mo.url()).search).toBe('');
  expect(asked).toEqual([]);
  await ada.waitForFunction(() => /1 watching: Bea/.test(document.querySelector('[data-fkey="watchers"]')?.textContent ?? ''));
  await host.leave();
  expect(world.pageErrors).toEqual([]);
});
