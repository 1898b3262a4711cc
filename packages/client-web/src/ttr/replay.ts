/**
 * The second game's replays for the viewer (src/replay/viewer.ts): the server's replay (options with the seed
 * and the map, every action with its seat) played again through ttr-rules, one room state per move, as a
 * spectator saw it (the final count shows every hand and ticket). The log is the moves' lines, worded as the
 * server words them (the client package's `ttrEventLine`). Pure; its own chunk, loaded when such a replay opens.
 */
import { applyAction, createGame, playerView, type GameState } from '@isle-of-trains/ttr-rules';
import { ttrEventLine, ttrGameJSONFromView, type LogEntryJSON, type TtrReplayJSON, type TtrStateJSON } from '@isle-of-trains/client';
import type { GameReplay } from '../shell/tables';

/** The replay log's note (the same reason as Isle's: the room's own lines are not in a replay). */
export const TTR_REPLAY_LOG_NOTE = 'A replay shows the moves only: its log leaves out the table\'s own lines (joins, lost connections, steps taken back), so its numbers can differ from the ones seen during the game.';

export interface TtrReplayModel {
  /** states[0] is the start; states[i] is after move i. */
  states: GameState[];
  /** The log after each move (how many lines of `lines`). */
  logLength: number[];
  lines: LogEntryJSON[];
  /** Words for move i ([0] is the start). */
  moves: string[];
  /** A move the rules refused (a corrupt replay): the viewer stops there. */
  brokenAt: number | null;
}

export function buildTtrReplay(r: Pick<TtrReplayJSON, 'options' | 'actions'>): TtrReplayModel {
  let s = createGame(r.options);
  const states = [s];
  const lines: LogEntryJSON[] = [];
  const logLength = [0];
  const moves = ['The game begins: each player chooses the tickets to keep.'];
  let brokenAt: number | null = null;
  for (let i = 0; i < r.actions.length; i++) {
    const { seat, action } = r.actions[i];
    const res = applyAction(s, seat, action);
    if (!res.ok) {
      brokenAt = i + 1;
      break;
    }
    const before = s;
    s = res.state;
    const words = res.events.map((e) => ttrEventLine(e, before));
    for (const w of words) lines.push({ n: lines.length + 1, ...w });
    states.push(s);
    logLength.push(lines.length);
    moves.push(words.map((w) => w.text).join(' ') || `${s.options.names[seat] ?? `Seat ${seat + 1}`}: ${action.type}`);
  }
  return { states, logLength, lines, moves, brokenAt };
}

/** A replayed position as the room a spectator saw: the table's fields made up around the game part. */
export function ttrRoomFromState(s: GameState, log: LogEntryJSON[]): TtrStateJSON {
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
    game: ttrGameJSONFromView(v, []),
    log,
    scoresJson: '',
    soloJson: '',
    spectators: [],
    undoable: 0,
  };
}

/** The replay as the viewer steps through it. */
export function ttrGameReplay(data: Pick<TtrReplayJSON, 'options' | 'actions'>): GameReplay<TtrStateJSON> {
  const m = buildTtrReplay(data);
  return {
    length: m.states.length,
    room: (i) => ttrRoomFromState(m.states[i], m.lines.slice(0, m.logLength[i])),
    turn: (i) => m.states[i].turn.number,
    turns: turnStarts(m.states),
    move: (i) => m.moves[i],
    brokenAt: m.brokenAt,
    logNote: TTR_REPLAY_LOG_NOTE,
  };
}

/** The first state of each turn (the opening choice is turn 0 in the list), for "jump to turn". */
function turnStarts(states: readonly GameState[]): { turn: number; index: number }[] {
  const out: { turn: number; index: number }[] = [];
  states.forEach((s, i) => {
    if (out.length === 0 || out[out.length - 1].turn !== s.turn.number) out.push({ turn: s.turn.number, index: i });
  });
  return out;
}
