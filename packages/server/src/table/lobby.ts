/**
 * A lobby's life on the server: it counts against MAX_OPEN_LOBBIES from its creation until its game
 * starts or it closes, and it closes by itself when nobody has joined it for LOBBY_IDLE_SECONDS (close
 * code LOBBY_IDLE), so abandoned lobbies do not pile up.
 */
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';
import { LobbyTimer } from '../admission/lobby-ceiling';
import type { Table } from './table';

export function openLobby(table: Table): void {
  table.deps.lobbies?.opened(table.roomId);
  table.lobbyTimer = new LobbyTimer(table.deps.config.LOBBY_IDLE_SECONDS, () => {
    if (table.state.phase !== 'lobby') return;
    table.rlog.info({ event: 'lobby-idle', seconds: table.deps.config.LOBBY_IDLE_SECONDS }, 'lobby closed: nobody joined');
    void table.room.disconnect(CLOSE_CODES.LOBBY_IDLE);
  });
  table.lobbyTimer.touch();
}

/** The lobby started its game or closed. */
export function closeLobby(table: Table): void {
  table.lobbyTimer?.stop();
  table.lobbyTimer = null;
  table.deps.lobbies?.closed(table.roomId);
}
