/**
 * The coach in the browser: a finished game opened in the replay viewer with `analyse=<seat>` (where the end
 * screen's "Analyse my game" leads) shows the analysis' progress, then the marked moves on the timeline;
 * a mark jumps to the position the move was decided in and shows the move suggested there.
 */
jest.mock('rou3', () => jest.requireActual('../../server/test/support/rou3').load());
import { applyAction, createGame, currentDecision, playerView, scoreBreakdown, type Action } from '@isle-of-trains/rules';
import { createBot } from '@isle-of-trains/bots';
import { shot, useE2E } from './e2e-support';

jest.setTimeout(600_000);
// No test here is about motion: every page asks for reduced motion (see newPage in e2e-support.ts), which
// spares the browser the frames of each move's slides and fades.
const w = useE2E({ COACH_WORKERS: 1, COACH_WORLDS: 2 }, { motion: false });

/** A 2-player game, greedy against random (random's moves give the coach something to mark), ended. */
function finishedGame() {
  const options = { players: 2, seed: 'e2e-coach', names: ['Ada', 'Brunel'] };
  const bots = [createBot('greedy', { seed: 'g' }), createBot('random', { seed: 'r' })];
  let s = createGame(options);
  const actions: { seat: number; action: Action }[] = [];
  while (!s.gameOver) {
    const seat = currentDecision(s)!.seat;
    const action = bots[seat].chooseAction({ view: playerView(s, seat), seat, history: [] });
    const r = applyAction(s, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    actions.push({ seat, action });
    s = r.state;
  }
  return { options, actions, finalScores: scoreBreakdown(s) };
}

test('the replay viewer shows the coach\'s marks on the timeline and the move suggested at each', async () => {
  const g = finishedGame();
  w.server.replays.add({ roomId: 'coach-e2e', seedHash: '', startedAt: null, endedAt: new Date().toISOString(), ...g });
  const page = await w.newPage();
  await page.goto(`${w.base}/?replay=coach-e2e&analyse=1`);
  await page.waitForSelector('#coach');
  await page.waitForSelector('#coach .coach-mark', { timeout: 540_000 });
  expect(await page.textContent('#coach .coach-summary')).toMatch(/^The coach marked \d costly moves?/);
  const mark = page.locator('#coach .coach-mark').first();
  const index = Number(await mark.getAttribute('data-index'));
  await mark.click();
  // The position the marked move was decided in, and what the coach says of it. The table draws on the
  // next frame, not inside the click: wait for the move line to change before reading the rest.
  const moveLine = `^Move ${index} of ${g.actions.length}`;
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#replay-move')?.textContent ?? ''), moveLine);
  expect(await page.textContent('#replay-move')).toMatch(new RegExp(moveLine));
  expect(await page.textContent('#coach-advice')).toMatch(/^Coach, on the next move: .+ cost you about [\d.]+ points? on average; .+ would have saved (it|them)\.$/);
  expect(await mark.getAttribute('aria-current')).toBe('true');
  expect(new URL(page.url()).searchParams.get('analyse')).toBe('1');
  await shot(page, 'coach-marks');
  expect(w.pageErrors).toEqual([]);
});
