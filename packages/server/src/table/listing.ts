/**
 * What the room shows of its table outside the game: the seats in the state (names, kinds, who is
 * connected, the creator, identities), the spectators' names, and the matchmaker's metadata that the
 * lobby list reads.
 */
import type { RoomMetadata } from '@isle-of-trains/client/protocol';
import type { IsleClient, Table } from './table';

export function syncSeats(table: Table): void {
  table.slots.forEach((sl, i) => {
    const t = table.state.seats[i];
    const isCreator = sl.sessionId !== null && sl.sessionId === table.creator;
    if (t.index !== i) t.index = i;
    if (t.name !== sl.name) t.name = sl.name;
    if (t.kind !== sl.kind) t.kind = sl.kind;
    if (t.connected !== (sl.kind === 'bot' || sl.connected)) t.connected = sl.kind === 'bot' || sl.connected;
    if (t.botPlaying !== sl.botPlaying) t.botPlaying = sl.botPlaying;
    if (t.isCreator !== isCreator) t.isCreator = isCreator;
    const playerId = sl.kind === 'human' ? sl.playerId ?? '' : '';
    if (t.playerId !== playerId) t.playerId = playerId;
    const account = sl.kind === 'human' && sl.account === true;
    if (t.account !== account) t.account = account;
  });
  const rated = table.state.phase === 'lobby' ? table.wouldBeRated() : table.rated;
  if (table.state.rated !== rated) table.state.rated = rated;
}

/** `spectatorsJson` in the room state: who is watching (players see them at the table). */
export function syncSpectators(table: Table, leaving?: IsleClient): void {
  const names = table.clients
    .filter((c) => c !== leaving && c.userData?.joined && c.userData.seat === -1 && !c.userData.kicked)
    .map((c) => c.userData!.name ?? 'Spectator');
  const text = JSON.stringify(names);
  if (table.state.spectatorsJson !== text) table.state.spectatorsJson = text;
}

export async function updateMetadata(table: Table): Promise<void> {
  const creatorSlot = table.slots.find((sl) => sl.sessionId !== null && sl.sessionId === table.creator);
  const meta: RoomMetadata = {
    game: table.game.definition.id,
    seats: table.opts.seats,
    freeSeats: table.state.phase === 'lobby' ? table.slots.filter((sl) => sl.kind === 'empty').length : 0,
    humans: table.slots.filter((sl) => sl.kind === 'human').length,
    bots: table.slots.filter((sl) => sl.kind === 'bot').length,
    mode: table.state.mode,
    scenario: table.state.scenario,
    phase: table.state.phase,
    botLevel: table.opts.botLevel,
    turnTimeLimit: table.opts.turnTimeLimit,
    creator: creatorSlot?.name ?? '',
    code: table.state.code,
    rated: table.state.phase === 'lobby' ? table.wouldBeRated() : table.rated,
  };
  try {
    await table.setMetadata(meta);
  } catch (e) {
    table.rlog.warn({ event: 'metadata', err: (e as Error).message }, 'metadata update failed');
  }
}
