/**
 * The start of a game: the creator's `start` (or a solo seat taken, or every rematch player back), the
 * seats and the start stored, the match begun with a fresh seed whose hash is published.
 */
import { randomBytes } from 'crypto';
import { StartSchema } from '../wire/options';
import { hashToken, now } from '../persistence/store/types';
import { storeUnavailable } from '../persistence/store/journal';
import type { IsleClient, Table } from '../table/table';
import { addLog } from '../table/log-window';
import { updateMetadata } from '../table/listing';
import { closeLobby } from '../table/lobby';
import { Match } from './match';
import { scheduleNext } from './turns';

export function onStart(table: Table, client: IsleClient, body: unknown, id: string | number | undefined): void {
  if (!StartSchema.safeParse(body).success) {
    table.refuse(client, { code: 'BAD_MESSAGE', message: 'start is { id? }.', id }, 'start');
    return;
  }
  if (table.state.phase !== 'lobby') {
    table.refuse(client, { code: 'ALREADY_STARTED', message: 'The game has already started.', id }, 'start');
    return;
  }
  if (client.sessionId !== table.creator) {
    table.refuse(client, { code: 'NOT_CREATOR', message: 'Only the player who created the room can start it.', id }, 'start');
    return;
  }
  if (table.journal?.blocked) {
    // Not bad input: the client asked at a moment the server cannot store anything.
    client.send('error', { ...storeUnavailable(), ...(id !== undefined ? { id } : {}) });
    return;
  }
  const free = table.slots.filter((sl) => sl.kind === 'empty').length;
  if (free > 0) {
    table.refuse(client, { code: 'SEATS_NOT_FILLED', message: `${free} seat(s) still empty.`, id }, 'start');
    return;
  }
  // A rematch seat held for a player who has not come back yet: starting now would leave it with nobody
  // (and no token to come back with after a restart). It opens to anyone when the reservation time is over.
  const held = table.slots.filter((sl, i) => sl.kind === 'human' && sl.sessionId === null && table.restoredHashes[i]).length;
  if (held > 0) {
    table.refuse(client, { code: 'SEATS_NOT_FILLED', message: `${held} seat(s) still held for players coming back to the rematch.`, id }, 'start');
    return;
  }
  startGame(table);
  // startGame has sent the patch that starts the game: the ack follows it, once the seats are stored.
  if (id !== undefined) {
    if (!table.journal) client.send('ack', { id });
    else table.journal.afterWritten(() => client.send('ack', { id }));
  }
}

export function startGame(table: Table): void {
  const names = table.slots.map((sl, i) => sl.name || `Player ${i + 1}`);
  const options = table.game.setupOptions(table.opts, randomBytes(32).toString('hex'), names);
  table.autoDispose = false; // bots finish the game even when every human is away
  closeLobby(table);

  const s = table.state;
  // 'keep': if the store fails now, these are held and written when it is back (the room refuses actions meanwhile).
  table.slots.forEach((sl, seat) => table.journal?.write({
    t: 'seat', at: now(), seat, name: sl.name, kind: sl.kind, botLevel: sl.kind === 'bot' ? table.opts.botLevel : undefined,
    tokenHash: sl.token ? hashToken(sl.token) : undefined, isCreator: sl.sessionId !== null && sl.sessionId === table.creator,
    ...(sl.playerId ? { playerId: sl.playerId, account: sl.account === true } : {}),
  }, 'keep'));
  table.rated = table.wouldBeRated();
  s.rated = table.rated;
  table.match = Match.begin(table.game, options, { journal: table.journal, lines: table.lines, now });
  s.seedHash = table.match.seedHash;
  s.phase = 'playing';
  s.game = table.game.newGamePart();
  table.refreshMirror();
  for (const client of table.clients) {
    const seat = table.ownedSeat(client);
    const own = seat >= 0 ? table.game.seatView(s, seat) : undefined;
    if (own) client.view!.add(own);
  }
  addLog(table, -1, 'start', `The game starts. Seed hash ${s.seedHash.slice(0, 16)}…`);
  table.rlog.info({ event: 'start', seats: table.opts.seats, seedHash: s.seedHash }, 'game started');
  void updateMetadata(table);
  scheduleNext(table);
  table.broadcastPatch();
}
