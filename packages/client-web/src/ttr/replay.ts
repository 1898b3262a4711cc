/**
 * The second game's replays for the viewer (src/replay/viewer.ts): the server's replay (options with the seed
 * and the map, every action with its seat) played again through ttr-rules, one room state per move, as a
 * spectator saw it (the final count shows every hand and ticket). The log is the moves' lines, worded as the
 * server words them (the client package's `ttrEventLine`); the generic replay (src/replay/replay-model.ts)
 * does the playing. Pure; its own chunk, loaded when such a replay opens. A game stored on an earlier version
 * of the map has that version's file loaded first (./archived-map.ts).
 */
import { TrailCache, applyAction, createGame, playerView, type Action, type GameEvent, type GameState } from '@isle-of-trains/ttr-rules';
import { ttrEventLine, ttrGameJSONFromView, type LogEntryJSON, type TtrReplayJSON, type TtrStateJSON } from '@isle-of-trains/client';
import type { GameReplay } from '../shell/tables';
import { playAgain, stepper, type ReplayModel } from '../replay/replay-model';
import { loadArchivedMap } from './archived-map';

/** The replay's states, its log (worded as the server words it) and each move in words. */
export function buildTtrReplay(r: Pick<TtrReplayJSON, 'options' | 'actions'>): ReplayModel<GameState> {
  return playAgain<GameState, Action, GameEvent>({
    create: () => createGame(r.options),
    apply: (s, seat, action) => applyAction(s, seat, action),
    line: (e, before) => ttrEventLine(e, before),
    start: 'The game begins: each player chooses the tickets to keep.',
    name: (s, seat) => s.options.names[seat] ?? `Seat ${seat + 1}`,
  }, r.actions);
}

/** A replayed position as the room a spectator saw: the table's fields made up around the game part. */
export function ttrRoomFromState(s: GameState, log: LogEntryJSON[], trails?: TrailCache): TtrStateJSON {
  const v = playerView(s, 'spectator');
  return {
    phase: s.gameOver ? 'ended' : 'playing',
    code: '',
    seatsTotal: s.players.length,
    mode: 'multiplayer',
    scenario: 0,
    isPrivate: false,
    turnTimeLimit: 0,
    decisionDeadline: 0,
    botLevel: '',
    seats: s.players.map((p) => ({ index: p.seat, name: s.options.names[p.seat] ?? `Seat ${p.seat + 1}`, kind: 'human', connected: true, botPlaying: false, isCreator: p.seat === 0, playerId: '', account: false })),
    rated: false,
    seedHash: '',
    seed: s.gameOver ? s.options.seed : '',
    game: ttrGameJSONFromView(v, [], trails),
    log,
    scoresJson: '',
    soloJson: '',
    spectators: [],
    undoable: 0,
  };
}

/** The replay as the viewer steps through it (one TrailCache for the whole replay: the bonus standings of each position ask for the trails). */
export function ttrGameReplay(data: Pick<TtrReplayJSON, 'options' | 'actions'>): GameReplay<TtrStateJSON> {
  const trails = new TrailCache();
  return stepper(buildTtrReplay(data), (s, log) => ttrRoomFromState(s, log, trails));
}

/** The viewer's entry: the archived map the replay names, if any, is loaded before the game is played again. */
export async function loadTtrReplay(data: Pick<TtrReplayJSON, 'options' | 'actions'>): Promise<GameReplay<TtrStateJSON>> {
  await loadArchivedMap(data.options.map);
  return ttrGameReplay(data);
}
