/**
 * The replay viewer's model: the server's replay (options with the seed, and every action with its seat)
 * played again through the rules package, one state per move. Pure.
 */
// Straight from the engine's modules, not the package index, so the main bundle does not carry the engine.
import { applyAction } from '../../../rules/src/apply';
import { createGame } from '../../../rules/src/setup';
import type { GameState } from '@isle-of-trains/rules';
import type { IsleReplayJSON as ReplayJSON, IsleStateJSON } from '@isle-of-trains/client';
import type { GameReplay } from '../shell/tables';
import { roomFromState } from './local-room';
export { roomFromState };

export interface ReplayModel {
  /** states[0] is the start; states[i] is after move i. */
  states: GameState[];
  /**
   * The log after each move: the moves' lines only, the rules' events numbered 1, 2, 3… (see buildReplay).
   */
  log: { n: number; seat: number; type: string; text: string }[][];
  /** Words for move i (1-based; [0] is the start). */
  moves: string[];
  /** A move that the rules refused (a corrupt replay): the viewer stops there. */
  brokenAt: number | null;
}

/** What the viewer's log panel says about its numbers (REPLAY_LOG_NOTE is shown above the lines). */
export const REPLAY_LOG_NOTE = 'A replay shows the moves only: its log leaves out the table\'s own lines (joins, lost connections, steps taken back), so its numbers can differ from the ones seen during the game.';

/**
 * The log's numbering: a replay (GET /api/games/:id/replay) holds the options, the seed and the actions
 * in force, but none of the room's own lines (joins, drops, bots taking over, undo lines), which the
 * live game numbered among the moves' lines. Numbering "as the game did" cannot be rebuilt from that,
 * so the viewer shows the moves only and numbers the rules' events 1, 2, 3…: the same numbers a
 * restarted server gives them (docs/PROTOCOL.md, "The whole log"), and the panel says so (REPLAY_LOG_NOTE).
 */
export function buildReplay(r: Pick<ReplayJSON, 'roomId' | 'options' | 'actions'>): ReplayModel {
  let s = createGame(r.options);
  const states = [s];
  const entries: { n: number; seat: number; type: string; text: string }[] = [];
  const log = [entries.slice()];
  const moves = ['The game begins.'];
  let brokenAt: number | null = null;
  for (let i = 0; i < r.actions.length; i++) {
    const { seat, action } = r.actions[i];
    const res = applyAction(s, seat, action);
    if (!res.ok) {
      brokenAt = i + 1;
      break;
    }
    s = res.state;
    for (const e of res.events) entries.push({ n: entries.length + 1, seat: e.seat ?? -1, type: e.type, text: e.text });
    states.push(s);
    log.push(entries.slice());
    moves.push(res.events.map((e) => e.text).join(' ') || `${s.players[seat]?.name ?? `Seat ${seat + 1}`}: ${action.type}`);
  }
  return { states, log, moves, brokenAt };
}

/** The first move index of each turn number, for "jump to turn". */
export function turnStarts(m: ReplayModel): { turn: number; index: number }[] {
  const out: { turn: number; index: number }[] = [];
  m.states.forEach((s, i) => {
    if (out.length === 0 || out[out.length - 1].turn !== s.turn.number) out.push({ turn: s.turn.number, index: i });
  });
  return out;
}

/** The replay as the viewer (src/replay/viewer.ts) steps through it: the room a spectator saw after each move. */
export function gameReplay(data: Pick<ReplayJSON, 'roomId' | 'options' | 'actions'>): GameReplay<IsleStateJSON> {
  const m = buildReplay(data);
  return {
    length: m.states.length,
    room: (i) => roomFromState(m.states[i], null, { log: m.log[i] }),
    turn: (i) => m.states[i].turn.number,
    turns: turnStarts(m),
    move: (i) => m.moves[i],
    brokenAt: m.brokenAt,
    logNote: REPLAY_LOG_NOTE,
  };
}
