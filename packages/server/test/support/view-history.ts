/**
 * The truth a client's decoded views are checked against: every PlayerView the server had, per room,
 * recorded each time a table refreshes its mirror (once per applied action, and at the start).
 * Entry i of a room's list is point i of its game: one JSON per seat, then the spectator's.
 */
import { playerView, type GameState } from '@isle-of-trains/rules';
import { Table } from '../../src/table/table';

export type ViewHistory = Map<string, string[][]>;

/** Start recording (once per test file); returns the history, filled as rooms play. */
export function recordServerViews(): ViewHistory {
  const history: ViewHistory = new Map();
  const proto = Table.prototype;
  const originalRefresh = proto.refreshMirror;
  proto.refreshMirror = function (this: Table) {
    originalRefresh.call(this);
    const game = this.match?.state as GameState | undefined;
    if (!game) return;
    let h = history.get(this.roomId);
    if (!h) history.set(this.roomId, h = []);
    h.push([...game.players.map((_, seat) => JSON.stringify(playerView(game, seat))), JSON.stringify(playerView(game, 'spectator'))]);
  };
  return history;
}
