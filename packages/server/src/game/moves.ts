/**
 * A player's moves: an intent (one action, checked by the rules, stored before it is applied and
 * acknowledged after the patch that carries it), an undo (src/game/undo.ts), and the `log` request for
 * older lines. Bots and the turn timer play through apply() too.
 */
import type { RuleError } from '@isle-of-trains/engine-core';
import { LOG_PAGE_MAX } from '@isle-of-trains/client/protocol';
import { LogRequestSchema, UndoSchema } from '../wire/options';
import { passThrough, type Refusal } from '../wire/refusal';
import { STORE_UNAVAILABLE, storeUnavailable } from '../persistence/store/journal';
import type { IsleClient, Table } from '../table/table';
import { dropLogLines, showLog } from '../table/log-window';
import { endGame } from './end';
import { scheduleNext } from './turns';
import { parseIntentAction, parseIntentBody } from './intent-parse';

export function onIntent(table: Table, client: IsleClient, body: unknown, replyId: string | number | undefined): void {
  // A body and an action of exactly the documented shape skip zod (LOAD_TUNING; src/game/intent-parse.ts).
  const fast = table.deps.config.LOAD_TUNING !== 'off';
  const parsed = parseIntentBody(body, fast);
  if (!parsed.ok) {
    table.refuse(client, { ...parsed.refusal, id: replyId }, 'intent');
    return;
  }
  const id = parsed.value.id;
  const seat = table.ownedSeat(client);
  const patched = table.deps.metrics?.intentTimer();
  const fail = (error: Refusal) => {
    table.deps.metrics?.intentRejected(error.code);
    table.refuse(client, { code: error.code, message: error.message, id }, 'intent');
  };
  const m = table.match;
  if (table.state.phase === 'lobby' || !m) return fail({ code: 'NOT_STARTED', message: 'The game has not started yet.' });
  if (table.state.phase === 'ended' || m.over) return fail({ code: 'GAME_OVER', message: 'The game is over.' });
  if (table.stopped) return fail({ code: 'GAME_STOPPED', message: table.stopped });
  if (seat < 0) return fail({ code: 'NOT_YOUR_SEAT', message: 'Spectators cannot act.' });
  const action = parseIntentAction(table.game, parsed.value.action, fast);
  if (!action.ok) return fail(action.refusal);
  const pending = m.pending();
  if (!pending.some((d) => d.seat === seat)) {
    const names = pending.map((d) => table.slots[d.seat].name).join(', ');
    return fail({ code: 'NOT_YOUR_TURN', message: pending.length > 0 ? `It is ${names}'s decision, not yours.` : 'Nobody has a decision to make.' });
  }
  // The ack follows the patch that carries the action's effects (ordering guarantee), and is sent
  // only once the action is stored (at once with the file store; on Redis's reply with Redis).
  const error = apply(table, seat, action.value, 'human', () => {
    if (id === undefined) return;
    if (!table.journal) client.send('ack', { id }, { afterNextPatch: true });
    else table.journal.afterWritten((now) => client.send('ack', { id }, now ? { afterNextPatch: true } : undefined));
  });
  if (error) return fail(passThrough(error));
  table.deps.metrics?.intentAccepted();
  patched?.();
}

/**
 * Take the seat's last step back (src/game/undo.ts): the state, the action list, the event history and the log
 * go back to before it, and the store gets an `undo` record first (nothing is acknowledged that is not
 * stored). The turn timer is left running: a step taken back gives no extra time.
 */
export function onUndo(table: Table, client: IsleClient, body: unknown, replyId: string | number | undefined): void {
  const parsed = UndoSchema.safeParse(body);
  const id = parsed.success ? parsed.data?.id : replyId;
  const fail = (error: Refusal) => table.refuse(client, { ...error, id }, 'undo');
  if (!parsed.success) return fail({ code: 'BAD_MESSAGE', message: 'undo is { id? }.' });
  const seat = table.ownedSeat(client);
  const m = table.match;
  if (table.state.phase === 'lobby' || !m) return fail({ code: 'NOT_STARTED', message: 'The game has not started yet.' });
  if (table.state.phase === 'ended' || m.over) return fail({ code: 'GAME_OVER', message: 'The game is over.' });
  if (table.stopped) return fail({ code: 'GAME_STOPPED', message: table.stopped });
  if (seat < 0) return fail({ code: 'NOT_YOUR_SEAT', message: 'Spectators cannot undo.' });
  const r = m.undo(seat);
  if (!r.ok && r.code === STORE_UNAVAILABLE) {
    client.send('error', { ...storeUnavailable(), ...(id !== undefined ? { id } : {}) });
    return;
  }
  if (!r.ok && r.code === 'UNDO_BLOCKED') return fail({ code: r.code, message: 'That step cannot be taken back: something hidden was revealed, or someone else decided, since.' });
  if (!r.ok) return fail({ code: r.code, message: 'You have no step of this turn to take back.' });
  // The undone step's lines leave the log and no line says so: a turn of steps taken back and made again read
  // as a trail of "took a step back" notices, and the log should read as the turn that was played.
  dropLogLines(table, r.dropped);
  table.rlog.info({ event: 'undo', seat, actions: m.actionCount }, 'step taken back');
  table.refreshMirror();
  table.syncUndoable();
  // The decision taken back keeps the deadline it had: stepping and taking back buys no time.
  scheduleNext(table, r.deadline);
  // As for an intent: the ack follows the patch that carries the undo, once the undo record is stored.
  if (id !== undefined) {
    if (!table.journal) client.send('ack', { id }, { afterNextPatch: true });
    else table.journal.afterWritten((now) => client.send('ack', { id }, now ? { afterNextPatch: true } : undefined));
  }
  table.broadcastPatch();
}

/**
 * `log` {before?, limit?, id?}: older lines than the state's window, from the whole log, to this
 * client only. Lines are the public texts the state's `log` shows everyone, so every seat and
 * spectator gets the same answer. The frame gate has already counted the frame against the limit.
 */
export function onLogRequest(table: Table, client: IsleClient, body: unknown, id: string | number | undefined): void {
  const parsed = LogRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    table.refuse(client, { code: 'BAD_MESSAGE', message: `log is { before?: integer ≥ 1, limit?: 1–${LOG_PAGE_MAX}, id? }.`, id }, 'log');
    return;
  }
  const { before, limit, id: replyId } = parsed.data;
  const page = table.lines.page(before, limit ?? LOG_PAGE_MAX);
  client.send('log', { ...page, ...(before !== undefined ? { before } : {}), ...(replyId !== undefined ? { id: replyId } : {}) });
}

/** Apply one action for `seat`; null on success, else the rules' error (nothing changed). */
export function apply(table: Table, seat: number, action: unknown, by: 'human' | 'bot' | 'timeout', beforePatch?: () => void): RuleError | null {
  if (!table.match) return { code: 'NOT_STARTED', message: 'The game has not started yet.' };
  // Stored first: an action the store cannot take is not applied (the state never runs ahead of the log).
  const deadline = table.state.decisionDeadline;
  const r = table.match.apply(seat, action, by, deadline);
  if (!r.ok) return r.error;
  if (by !== 'human') table.deps.metrics?.botMoves.inc({ by });
  for (const line of r.lines) showLog(table, line);
  table.syncUndoable();
  table.rlog.info({ event: 'action', seat, action: table.game.actionName(action), by }, 'action applied');
  table.refreshMirror();
  if (r.over) endGame(table);
  // A seat done with its part of a group decision: the others keep the group's deadline.
  else scheduleNext(table, r.groupWaits ? deadline : undefined);
  beforePatch?.();
  table.broadcastPatch();
  return null;
}
