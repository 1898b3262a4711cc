/**
 * The end of a game: final scores stored with the `end` record (which also files the game as owed to the
 * players' archive), the seed published, the replay kept, the join code withdrawn, and the archive told.
 */
import { now } from '../persistence/store/types';
import type { Replay } from '../persistence/replays';
import { withdrawCode } from '../admission/join-codes';
import { shareKeyHash } from '../players/private-games';
import type { Table } from '../table/table';
import { addLog } from '../table/log-window';
import { updateMetadata } from '../table/listing';
import { clearTimer } from './turns';

export function endGame(table: Table): void {
  const m = table.match!;
  clearTimer(table);
  const endedAt = now();
  const score = m.end(endedAt);
  const options = m.options as { seed: string; names?: string[] };
  const s = table.state;
  s.phase = 'ended';
  s.decisionDeadline = 0;
  s.seed = options.seed;
  // The game's own breakdown (score.detail), as stored with the end and kept by the archive.
  s.scoresJson = JSON.stringify(score.detail);
  table.deps.replays.add({
    // Which rules play it again (the client's replay viewer and verifyReplay pick the game by it).
    game: m.definition.id,
    roomId: table.roomId,
    options: { ...options, names: [...(options.names ?? [])] },
    seedHash: s.seedHash,
    actions: m.actions,
    finalScores: score.detail,
    startedAt: m.startedAt,
    endedAt,
  } as Replay, table.shareKey === null ? undefined : {
    private: true, shareKeyHash: shareKeyHash(table.shareKey), playerIds: table.slots.map((sl) => sl.playerId ?? null),
  });
  // 'seed', not 'end': the rules already write an 'end' line when the end is triggered.
  addLog(table, -1, 'seed', `The seed was ${options.seed} (its hash was published at the start: anyone can check the deal).`);
  void withdrawCode(table.presence, s.code, table.roomId).catch(() => undefined);
  table.rlog.info({ event: 'end', actions: m.actionCount, winners: score.winners }, 'game over');
  oweArchive(table);
  void updateMetadata(table);
  table.autoDispose = true;
  if (table.clients.length === 0) void table.disconnect();
}

/**
 * The end is in the store, where it also files the game as owed to the players' archive (see
 * src/players/archive-outbox.ts): once it is stored, the outbox archives it now rather than at its next
 * scan. The record is read back from the stored log, so what is archived is exactly what was stored.
 */
export function oweArchive(table: Table): void {
  const outbox = table.deps.outbox;
  if (!outbox || !table.journal) return;
  table.journal.afterWritten(() => outbox.owe(table.roomId));
}
