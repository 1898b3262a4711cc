/**
 * Who moves when nobody at the table does: a bot for bot seats and absent players (after BOT_DELAY_MS),
 * the turn timer for present players (a bot decides when it runs out), and the stop after
 * MAX_UNATTENDED_MOVES bot moves with nobody at the table. A bot answer from a worker thread is applied
 * only if the game has not moved on meanwhile; an illegal or failed bot choice becomes a fallback legal move.
 *
 * Several seats may decide at once (a group choice): every pending bot seat gets its move, one after
 * another, and the pending humans share one deadline. When one of them has decided and the others still
 * choose, the deadline stays where it was; when it runs out, a bot decides for each of them still pending.
 */
import { STORE_UNAVAILABLE } from '../persistence/store/journal';
import { now } from '../persistence/store/types';
import type { Table } from '../table/table';
import { addLog } from '../table/log-window';
import { apply } from './moves';

/** Whether a bot plays `seat` now (a bot seat, or a human's seat while they are away). */
function botPlays(table: Table, seat: number): boolean {
  const slot = table.slots[seat];
  return slot.kind === 'bot' || slot.botPlaying;
}

/**
 * Arm the bot (bot seats, absent humans) and the turn timer for whoever decides next. `deadline` (epoch
 * ms): the timer runs out then instead of a full turnTimeLimit from now (a decision returned to by undo,
 * or a group whose other seats still choose).
 */
export function scheduleNext(table: Table, deadline?: number): void {
  clearTimer(table);
  const s = table.state;
  if (s.decisionDeadline !== 0) s.decisionDeadline = 0;
  if (s.phase !== 'playing' || !table.match || table.stopped || table.journal?.blocked) return;
  const pending = table.match.pending().map((d) => d.seat);
  if (pending.length === 0) return;
  const bots = pending.filter((seat) => botPlays(table, seat));
  const humans = pending.filter((seat) => !botPlays(table, seat));
  if (bots.length > 0) {
    if (table.slots.some((sl) => sl.kind === 'human' && sl.connected)) table.unattended = 0;
    else if (table.unattended >= table.deps.config.MAX_UNATTENDED_MOVES) return stopUnattended(table);
    const seat = bots[0];
    table.timer = setTimeout(() => {
      table.timer = null;
      botMove(table, seat, 'bot');
    }, table.deps.config.BOT_DELAY_MS);
  }
  if (humans.length > 0 && table.opts.turnTimeLimit > 0) {
    const ms = deadline ? Math.max(0, deadline - Date.now()) : table.opts.turnTimeLimit * 1000;
    s.decisionDeadline = Date.now() + ms;
    // When the time is up, a bot decides for the first of them still pending; the others' turn comes at
    // once after (their deadline has passed too).
    table.deadlineTimer = setTimeout(() => {
      table.deadlineTimer = null;
      const late = table.match?.pending().find((d) => !botPlays(table, d.seat));
      if (late) botMove(table, late.seat, 'timeout');
    }, ms);
  }
}

/**
 * Bots have played MAX_UNATTENDED_MOVES moves in a row with nobody at the table: the game stops
 * unfinished (closed as abandoned in the store, so a restart does not bring it back), and the room
 * closes once no spectator is left.
 */
export function stopUnattended(table: Table): void {
  const moves = table.deps.config.MAX_UNATTENDED_MOVES;
  addLog(table, -1, 'abandon', `Nobody has been at the table for ${moves} moves; the game stops here unfinished.`);
  table.rlog.warn({ event: 'abandon', actions: table.match?.actionCount ?? 0, moves }, 'unattended game stopped');
  table.journal?.write({ t: 'abandon', at: now(), reason: 'unattended' }, 'keep');
  table.stopped = 'This game was stopped unfinished after a long time with nobody at the table.';
  table.autoDispose = true;
  if (table.clients.length === 0) void table.disconnect();
}

export function clearTimer(table: Table): void {
  if (table.timer) clearTimeout(table.timer);
  if (table.deadlineTimer) clearTimeout(table.deadlineTimer);
  table.timer = null;
  table.deadlineTimer = null;
}

/** `answer`: an action a worker thread chose for this position (already checked to be current). */
export function botMove(table: Table, seat: number, by: 'bot' | 'timeout', answer?: unknown): void {
  // A timer callback has no caller to catch for it: an internal error here must stop this game, not the process.
  try {
    if (answer !== undefined) applyBotAction(table, seat, by, table.match!.view(seat), answer);
    else botMoveUnguarded(table, seat, by);
  } catch (e) {
    table.rlog.error({ event: 'bot', seat, err: (e as Error).message }, 'bot move failed; the game is stopped');
    addLog(table, -1, 'error', 'The server hit an internal error and stopped this game.');
    table.stopped = 'This game was stopped by an internal server error.';
    table.autoDispose = true;
    if (table.clients.length === 0) void table.disconnect();
  }
}

export function botMoveUnguarded(table: Table, seat: number, by: 'bot' | 'timeout'): void {
  const m = table.match;
  if (table.state.phase !== 'playing' || !m || table.journal?.blocked) return;
  if (!m.isPending(seat)) return;
  if (by === 'bot' && !table.slots.some((sl) => sl.kind === 'human' && sl.connected)) table.unattended++;
  const view = m.view(seat);
  if (by === 'timeout') addLog(table, seat, 'timeout', `Time ran out; a bot decides for ${table.slots[seat].name}.`);
  let action: unknown;
  try {
    const chosen = table.bot.chooseAction({ view, seat, history: m.recentEvents() as never });
    if (chosen instanceof Promise) {
      // Decided in a worker thread: apply it when it comes back, unless the game moved on meanwhile.
      const game = m.state;
      const current = () => table.match?.state === game && !table.stopped && table.state.phase === 'playing';
      chosen.then((a) => {
        if (!current()) {
          table.rlog.info({ event: 'bot', seat, action: table.game.actionName(a) }, 'bot answer arrived after the game moved on; dropped');
          return;
        }
        botMove(table, seat, by, a);
      }, (e: Error) => {
        if (!current()) return;
        table.rlog.warn({ event: 'bot', seat, err: e.message }, 'bot failed; playing a random legal action');
        botMove(table, seat, by, fallback(table, view, seat));
      });
      return;
    }
    action = chosen;
  } catch (e) {
    table.rlog.warn({ event: 'bot', seat, err: (e as Error).message }, 'bot failed; playing a random legal action');
    action = fallback(table, view, seat);
  }
  applyBotAction(table, seat, by, view, action);
}

export function applyBotAction(table: Table, seat: number, by: 'bot' | 'timeout', view: unknown, action: unknown): void {
  let error = apply(table, seat, action, by);
  if (error?.code === STORE_UNAVAILABLE) return; // play resumes when the store is back (onStoreChange)
  if (error) {
    table.rlog.warn({ event: 'bot', seat, action: table.game.actionName(action), code: error.code }, 'bot chose an illegal action; playing a random legal one');
    error = apply(table, seat, fallback(table, view, seat), by);
    if (error) table.rlog.error({ event: 'bot', seat, code: error.code }, 'random legal action refused');
  }
}

/** The game's fallback bot's action for `seat` (a bot failed or chose an illegal action). */
function fallback(table: Table, view: unknown, seat: number): unknown {
  return table.game.fallbackBot.chooseAction({ view, seat, history: (table.match?.recentEvents() ?? []) as never }) as unknown;
}
