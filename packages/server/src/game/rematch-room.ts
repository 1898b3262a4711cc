/**
 * Rematch at the table (the record and its stash are src/game/rematch.ts): the ended room creates the
 * rematch room once and tells everyone; the rematch room keeps each human seat for the holder of its
 * token in the ended game, and opens seats nobody came back for after the reservation time.
 */
import { matchMaker } from '@colyseus/core';
import { RematchSchema } from '../wire/options';
import type { Refusal } from '../wire/refusal';
import { hashToken } from '../persistence/store/types';
import type { IsleClient, Table } from '../table/table';
import { addLog } from '../table/log-window';
import { syncSeats, updateMetadata } from '../table/listing';
import { rematchOptions, type RematchRecord } from './rematch';

/** A rematch room: bots in their seats, each human seat kept for the holder of its token in the ended game. */
export function reserveSeats(table: Table, r: RematchRecord): void {
  table.rematchOf = r.from;
  r.seats.forEach((se, i) => {
    const slot = table.slots[i];
    if (!slot) return;
    if (se.kind === 'bot') Object.assign(slot, { kind: 'bot', name: se.name });
    else if (se.tokenHash) Object.assign(slot, { kind: 'human', name: se.name, playerId: se.playerId ?? null, account: se.account === true });
    table.restoredHashes[i] = se.kind === 'human' ? se.tokenHash ?? null : null;
  });
  addLog(table, -1, 'rematch', 'A rematch: the same table, a new deal.');
  // Kept open for the players who are still reading the end screen, until the reservation time is over.
  table.autoDispose = false;
  // Seats nobody came back for open to anyone after the reservation time, as in any lobby.
  table.clock.setTimeout(() => {
    if (table.state.phase !== 'lobby') return;
    table.autoDispose = true;
    if (table.clients.length === 0) {
      void table.disconnect();
      return;
    }
    let opened = false;
    table.slots.forEach((sl, i) => {
      if (sl.kind !== 'human' || sl.sessionId !== null) return;
      Object.assign(sl, { kind: 'empty', name: '', token: null, playerId: null, account: false });
      table.restoredHashes[i] = null;
      opened = true;
    });
    if (opened) { syncSeats(table); void updateMetadata(table); }
  }, table.deps.config.RECONNECT_SECONDS * 1000);
}

/**
 * `rematch` after the end, from a seated human: the first one creates the rematch room and everyone in
 * this room is told `rematch { roomId }`; later ones get the same answer. The seated humans join it
 * with the seat token of this game.
 */
export function onRematch(table: Table, client: IsleClient, body: unknown, replyId: string | number | undefined): void {
  const parsed = RematchSchema.safeParse(body);
  const id = parsed.success ? parsed.data?.id : replyId;
  const fail = (error: Refusal) => table.refuse(client, { ...error, id }, 'rematch');
  if (!parsed.success) return fail({ code: 'BAD_MESSAGE', message: 'rematch is { id? }.' });
  if (table.state.phase !== 'ended') return fail({ code: 'GAME_NOT_OVER', message: 'A rematch can be asked for once the game is over.' });
  if (table.ownedSeat(client) < 0) return fail({ code: 'NOT_YOUR_SEAT', message: 'Only the players can ask for a rematch.' });
  const answer = (roomId: string) => {
    client.send('rematch', { roomId });
    if (id !== undefined) client.send('ack', { id });
  };
  // The rematch room a player can no longer reach (nobody came back in time, so it closed): set up another.
  if (table.rematchRoomId && !matchMaker.getLocalRoomById(table.rematchRoomId)) {
    table.rematchRoom = null;
    table.rematchRoomId = null;
  }
  // Only codes PROTOCOL.md lists for `rematch`; anything else is the server's own failure.
  const failed = (e: Error) => {
    const known = /^(STORE_UNAVAILABLE|SHUTTING_DOWN):/.exec(e.message)?.[1];
    client.send('error', { code: known ?? 'INTERNAL', message: 'The rematch could not be set up; try again shortly.', ...(id !== undefined ? { id } : {}) });
  };
  if (table.rematchRoom) {
    // Asked while it is being set up, or after: the same room, or the same failure.
    table.rematchRoom.then(answer, failed);
    return;
  }
  const { name: _n, identity: _i, ...createOptions } = table.opts;
  const record: RematchRecord = {
    from: table.roomId,
    createOptions,
    seats: table.slots.map((sl, i) => ({
      kind: sl.kind === 'bot' ? 'bot' : 'human', name: sl.name,
      tokenHash: sl.token ? hashToken(sl.token) : table.restoredHashes[i] ?? undefined,
      playerId: sl.playerId ?? null, account: sl.account === true,
    })),
  };
  const asked = matchMaker.handleCreateRoom(table.game.roomName, rematchOptions(record)).then((r) => r.roomId);
  table.rematchRoom = asked;
  asked.then((roomId) => {
    table.rematchRoomId = roomId;
    table.rlog.info({ event: 'rematch', seat: table.ownedSeat(client), rematch: roomId }, 'rematch room created');
    addLog(table, -1, 'rematch', `${table.slots[table.ownedSeat(client)]?.name ?? 'A player'} asked for a rematch.`);
    table.broadcast('rematch', { roomId }, { except: client });
    answer(roomId);
  }, (e: Error) => {
    table.rematchRoom = null;
    table.rlog.warn({ event: 'rematch', err: e.message }, 'rematch room not created');
    failed(e);
  });
}
