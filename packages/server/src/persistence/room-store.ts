/**
 * A room and the game store: its journal (every write goes through it, nothing is acknowledged before it
 * is stored), what the table does when the store goes down or comes back, and taking up a game replayed
 * from the store after a restart.
 */
import { RoomJournal } from './store/journal';
import { StoreHealth } from './store/health';
import type { RestoredGame } from './restore';
import type { Table } from '../table/table';
import { addLog, showLog } from '../table/log-window';
import { syncSeats } from '../table/listing';
import { endGame } from '../game/end';
import { clearTimer, scheduleNext } from '../game/turns';

export function openJournal(table: Table, restoring: RestoredGame | undefined): void {
  const { store, storeHealth, metrics } = table.deps;
  if (!store) return;
  table.journal = new RoomJournal(store, table.roomId, storeHealth ?? new StoreHealth(store, table.deps.logger), {
    length: restoring?.logLength ?? 0,
    started: !!restoring,
    onEntry: (e, started) => metrics?.gameEntry(e.t, started),
    onChange: (blocked) => onStoreChange(table, blocked),
  });
}

/** The store went down (actions refused, bots paused) or is back (play resumes); clients are told. */
export function onStoreChange(table: Table, blocked: boolean): void {
  table.broadcast('storage', { ok: !blocked });
  addLog(table, -1, 'storage', blocked ? 'The server cannot save moves right now; play pauses until it can.' : 'Moves are saved again; play goes on.');
  if (blocked) clearTimer(table);
  else scheduleNext(table);
}

/** Take up a game replayed from the store: seats by token hash, humans away until they rejoin. */
export function restore(table: Table, r: RestoredGame): void {
  r.seats.forEach((se, i) => {
    const slot = table.slots[i];
    if (!slot) return;
    Object.assign(slot, { kind: se.kind, name: se.name, token: null, sessionId: null, connected: false, botPlaying: false, reconnection: null, playerId: se.playerId ?? null, account: se.account === true, left: se.left === true });
  });
  table.restoredHashes = r.seats.map((se) => se.tokenHash ?? null);
  // The seats are as they were at the start, so the table is rated exactly when it was then.
  table.rated = table.wouldBeRated();
  table.match = r.match;
  table.match.journal = table.journal;
  // The whole log as the replay rebuilt it (event k is line k, as a replay numbers it; the room notices
  // before the restart were never stored).
  table.lines = r.match.lines;
  table.autoDispose = false;
  const s = table.state;
  s.seedHash = r.seedHash;
  s.phase = 'playing';
  s.game = table.game.newGamePart();
  table.refreshMirror();
  // The state's window gets the newest lines.
  for (const line of table.lines.tail(table.deps.config.LOG_ENTRIES - 1)) showLog(table, line);
  addLog(table, -1, 'restart', 'The server restarted; the game goes on.');
  table.syncUndoable();
  syncSeats(table);
  table.rlog.info({ event: 'restore', actions: table.match.actionCount }, 'game restored');
  if (table.match.over) {
    endGame(table);
    return;
  }
  // Humans who do not come back within the reconnection window get a bot, as after a drop.
  table.clock.setTimeout(() => {
    let changed = false;
    table.slots.forEach((sl, seat) => {
      if (sl.kind !== 'human' || sl.sessionId !== null || sl.botPlaying || table.state.phase !== 'playing') return;
      sl.botPlaying = true;
      changed = true;
      addLog(table, seat, 'bot', `A bot plays for ${sl.name} until they come back.`);
    });
    if (changed) { syncSeats(table); scheduleNext(table); }
  }, table.deps.config.RECONNECT_SECONDS * 1000);
  scheduleNext(table);
}
