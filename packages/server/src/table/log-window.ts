/**
 * The room state's window on the table's log: the newest LOG_ENTRIES lines (older ones are served by the
 * `log` message from the whole log). Room notices (joins, drops, restarts) are written here; after an
 * undo the window is rewritten from the whole log.
 */
import { logLineWire, logNames, type LogCodec } from '@isle-of-trains/client/protocol';
import type { LogLine } from '../game/log-lines';
import type { Table } from './table';

/**
 * The game's line templates and the names its `game` part holds: a line a template fits travels short
 * (the client package's log-wire.ts), with the names the clients decode it with. None in the lobby.
 */
function lineCodec(table: Pick<Table, 'state' | 'game'>): LogCodec | undefined {
  const templates = table.game?.logTemplates;
  return templates && table.state.game ? { templates, names: logNames(table.state.game as never) } : undefined;
}

/** A room notice (joins, drops, restarts…): a line of the whole log, shown in the state's window. */
export function addLog(table: Table, seat: number, type: string, text: string): void {
  showLog(table, table.lines.notice(seat, type, text));
}

/** Put a line into the state's window of the newest LOG_ENTRIES lines (older ones: the `log` message). */
export function showLog(table: Table, line: LogLine): void {
  const log = table.state.logJson;
  log.push(logLineWire(line, lineCodec(table)));
  while (log.length > table.deps.config.LOG_ENTRIES) log.shift();
}

/**
 * The state's window after an undo: the whole log's newest LOG_ENTRIES lines again (the match has
 * already dropped the undone step's lines, numbers `dropped`, from the whole log), so every undone
 * number is missing within the window and none can hide below it.
 *
 * The window is rewritten slot by slot (a changed slot is replaced, the list grows or shrinks only at
 * its end), never spliced: removing an entry from the middle of a string ArraySchema and unshifting
 * older ones in the same patch is decoded wrongly by @colyseus/schema 5.0's decoder (the SDK's): a
 * client kept the undone line next to the `undo` line that follows it under the same number, while
 * the server's own list was right.
 */
export function dropLogLines(table: Table, dropped: ReadonlySet<number>): void {
  const codec = lineCodec(table);
  const want = table.lines.tail(table.deps.config.LOG_ENTRIES).filter((l) => !dropped.has(l.n)).map((l) => logLineWire(l, codec));
  rewriteWindow(table.state.logJson, want);
}

/** Make `log` equal to `want` with replacements in place and pushes and pops at the end only. */
export function rewriteWindow(log: { length: number; [i: number]: string; push(...v: string[]): number; pop(): string | undefined }, want: readonly string[]): void {
  const common = Math.min(log.length, want.length);
  for (let i = 0; i < common; i++) if (log[i] !== want[i]) log[i] = want[i];
  while (log.length > want.length) log.pop();
  for (let i = log.length; i < want.length; i++) log.push(want[i]);
}
