/**
 * A room state built from a full rules game, shaped like the server's (docs/PROTOCOL.md):
 * used by the replay viewer, the offline preview page and the unit tests. Pure. The game in it is the
 * client package's gameJSONFromView, the very mapping the server's schema mirror encodes; only the room
 * around it (code, seats, log) is made up here.
 */
import { playerView, scoreBreakdown, soloStatus, type GameState } from '@isle-of-trains/rules';
import { gameJSONFromView, privatePart, type IsleStateJSON } from '@isle-of-trains/client';

/** What seat `viewer` would receive: own hand only, others' face-down loads hidden. */
export function roomFromState(s: GameState, viewer: number | null, extra: Partial<IsleStateJSON> = {}): IsleStateJSON {
  const v = playerView(s, 'spectator');
  const solo = soloStatus(s);
  return {
    phase: s.gameOver ? 'ended' : 'playing',
    code: 'ABCD',
    seatsTotal: s.players.length,
    mode: v.options.mode,
    scenario: v.options.scenario ?? 0,
    isPrivate: false,
    turnTimeLimit: 0,
    decisionDeadline: 0,
    botLevel: 'greedy',
    seats: s.players.map((p) => ({ index: p.seat, name: p.name, kind: 'human', connected: true, botPlaying: false, isCreator: p.seat === 0, playerId: '', account: false })),
    rated: false,
    seedHash: 'ff',
    seed: s.gameOver ? s.options.seed : '',
    // The server's own mapping (its schema mirror encodes this): the viewer's hand and face-down ids only.
    game: gameJSONFromView(v, s.players.map((_, seat) => (seat === viewer ? privatePart(s, seat) : undefined))),
    log: [{ n: 1, seat: -1, type: 'start', text: 'The game begins.' }],
    scoresJson: s.gameOver ? JSON.stringify(scoreBreakdown(s)) : '',
    soloJson: solo ? JSON.stringify(solo) : '',
    spectators: [],
    undoable: 0,
    ...extra,
  };
}
