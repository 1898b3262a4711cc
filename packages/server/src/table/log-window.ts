/**
 * The room state's window on the table's log: the newest LOG_ENTRIES lines (older ones are served by the
 * `log` message from the whole log). Room notices (joins, drops, restarts) are written here; an undo
 * drops its lines from the window and fills it back up from older ones.
 */
import { logLineFromWire, logLineWire } from '@isle-of-trains/client/protocol';
import type { LogLine } from '../game/log-lines';
import type { Table } from './table';

/** A room notice (joins, drops, restarts…): a line of the whole log, shown in the state's window. */
export function addLog(table: Table, seat: number, type: string, text: string): void {
  showLog(table, table.lines.notice(seat, type, text));
}

/** Put a line into the state's window of the newest LOG_ENTRIES lines (older ones: the `log` message). */
export function showLog(table: Table, line: LogLine): void {
  const log = table.state.logJson;
  log.push(logLineWire(line));
  while (log.length > table.deps.config.LOG_ENTRIES) log.shift();
}

/**
 * The state's window loses an undone step's lines (numbers `dropped`; the match has dropped them from the
 * whole log already); when nothing came after them, numbering goes on from where they started.
 */
export function dropLogLines(table: Table, dropped: Set<number>): void {
  const log = table.state.logJson;
  for (let i = log.length - 1; i >= 0; i--) {
    if (dropped.has(logLineFromWire(log[i])?.n ?? 0)) log.splice(i, 1);
  }
  // The window is filled back up with the older lines: a client then sees every undone line's number
  // missing within the window (none can hide below it) and drops the copies it keeps.
  const want = table.lines.tail(table.deps.config.LOG_ENTRIES);
  const older = want.slice(0, Math.max(0, want.length - log.length)).map(logLineWire);
  if (older.length > 0) log.unshift(...older);
}
