/**
 * The games this server hosts, by id: one adapter each (src/game/server-game.ts). app.ts defines one room
 * per entry under the adapter's room name; a restart replays a stored log with the adapter its `start`
 * record names (logs from before the second game name none and are Isle of Trains). Adding a game is
 * one entry here.
 */
import type { GameId } from '@isle-of-trains/engine-core';
import type { AnyServerGame, ServerGames } from '../game/server-game';
import { isleServerGame } from './isle';
import { ttrServerGame } from './ttr';

export const SERVER_GAMES: ServerGames = {
  isle: isleServerGame as unknown as AnyServerGame,
  ttr: ttrServerGame as unknown as AnyServerGame,
};

/** The adapter of `id` (Isle for a log that names none), or null when this server does not host that game. */
export function serverGame(id: GameId | undefined, games: ServerGames = SERVER_GAMES): AnyServerGame | null {
  return games[id ?? 'isle'] ?? null;
}
