/**
 * A finished game played again for the replay viewer, whatever the game: the server's replay (options with the
 * seed, every action with its seat) run through the game's rules from the start, one state per move, the log
 * the moves' lines numbered 1, 2, 3… and each move in words. Each game's replay module (src/isle/replay.ts,
 * src/ttr/replay.ts) says how its rules start and step, how its events read, and the room a spectator saw.
 * Pure: it imports no game, so each game's chunk carries only its own rules.
 */
import type { LogEntryJSON } from '@isle-of-trains/client';
import type { GameReplay } from '../shell/tables';

/** What the replay needs of a game's rules. */
export interface ReplayRules<S extends { turn: { number: number } }, A, E> {
  /** The start, from the replay's options. */
  create(): S;
  /** One recorded move; a refusal (a corrupt replay) stops the replay there. */
  apply(s: S, seat: number, action: A): { ok: true; state: S; events: readonly E[] } | { ok: false };
  /** One event as a log line, worded as the server words it (`before`: the state the move was made in). */
  line(e: E, before: S): Omit<LogEntryJSON, 'n'>;
  /** Words for the start. */
  start: string;
  /** A seat's name, for a move that says nothing in the log. */
  name(s: S, seat: number): string;
}

export interface ReplayModel<S> {
  /** states[0] is the start; states[i] is after move i. */
  states: S[];
  /** The moves' lines, numbered 1, 2, 3…; the log after move i is the first logLength[i] of them. */
  lines: LogEntryJSON[];
  logLength: number[];
  /** Words for move i ([0] is the start). */
  moves: string[];
  /** A move the rules refused (a corrupt replay): the viewer stops there. */
  brokenAt: number | null;
}

/**
 * What the viewer's log panel says about its numbers. A replay holds the options, the seed and the actions in
 * force, but none of the room's own lines (joins, drops, bots taking over, undo lines), which the live game
 * numbered among the moves' lines: the viewer numbers the rules' events alone, as a restarted server does.
 */
export const REPLAY_LOG_NOTE = 'A replay shows the moves only: its log leaves out the table\'s own lines (joins, lost connections, steps taken back), so its numbers can differ from the ones seen during the game.';

export function playAgain<S extends { turn: { number: number } }, A, E>(rules: ReplayRules<S, A, E>, actions: readonly { seat: number; action: A }[]): ReplayModel<S> {
  let s = rules.create();
  const states = [s];
  const lines: LogEntryJSON[] = [];
  const logLength = [0];
  const moves = [rules.start];
  let brokenAt: number | null = null;
  for (let i = 0; i < actions.length; i++) {
    const { seat, action } = actions[i];
    const res = rules.apply(s, seat, action);
    if (!res.ok) {
      brokenAt = i + 1;
      break;
    }
    const before = s;
    s = res.state;
    const words = res.events.map((e) => rules.line(e, before));
    for (const w of words) lines.push({ n: lines.length + 1, ...w });
    states.push(s);
    logLength.push(lines.length);
    moves.push(words.map((w) => w.text).join(' ') || `${rules.name(s, seat)}: ${String((action as { type?: unknown }).type ?? 'move')}`);
  }
  return { states, lines, logLength, moves, brokenAt };
}

/** The first state of each turn number, for "jump to turn". */
export function turnStarts(states: readonly { turn: { number: number } }[]): { turn: number; index: number }[] {
  const out: { turn: number; index: number }[] = [];
  states.forEach((s, i) => {
    if (out.length === 0 || out[out.length - 1].turn !== s.turn.number) out.push({ turn: s.turn.number, index: i });
  });
  return out;
}

/** The replay as the viewer (src/replay/viewer.ts) steps through it: `room` makes the room a spectator saw from a state and its log. */
export function stepper<S extends { turn: { number: number } }, R>(m: ReplayModel<S>, room: (s: S, log: LogEntryJSON[]) => R): GameReplay<R> {
  return {
    length: m.states.length,
    room: (i) => room(m.states[i], m.lines.slice(0, m.logLength[i])),
    turn: (i) => m.states[i].turn.number,
    turns: turnStarts(m.states),
    move: (i) => m.moves[i],
    brokenAt: m.brokenAt,
    logNote: REPLAY_LOG_NOTE,
  };
}
