/**
 * The undo trail (src/game/undo.ts) on rules states, and stored undo records on restore (src/persistence/restore.ts):
 * who may take what back, and a stored undo the trail would refuse is damage, not a move.
 */
import { applyAction, createGame, isleGame, currentDecision, legalActions, type Action, type GameState } from '@isle-of-trains/rules';
import { UndoTrail, type StepBy } from '../src/game/undo';
import { salvageLog } from '../src/persistence/restore';
import { Match } from '../src/game/match';
import { isleServerGame } from '../src/games/isle';
import type { LogEntry } from '../src/persistence/store';

const AT = '2026-01-01T00:00:00.000Z';

/** A 2-player game and a first action for seat 0 that reveals nothing (a card from the display). */
function start(): GameState {
  return createGame({ players: 2, seed: 'trail', names: ['Ada', 'Bea'] });
}
function step(trail: UndoTrail, s: GameState, a: Action, by: StepBy = 'human'): GameState {
  const seat = currentDecision(s)!.seat;
  const r = applyAction(s, seat, a);
  if (!r.ok) throw new Error(r.error.code);
  trail.record(seat, s, r.state, by, { actions: 0, events: 0 });
  return r.state;
}
const fromDisplay = (s: GameState): Action => ({ type: 'take', from: 'display', card: s.display[0] });

test('a quiet step can be taken back by its seat only, and a new turn starts with nothing to take back', () => {
  const trail = new UndoTrail<GameState>({ ...isleGame, turnOf: (s: GameState) => s.turn.number });
  const s0 = start();
  expect(trail.refusal(0, s0)).toBe('NOTHING_TO_UNDO');
  const s1 = step(trail, s0, fromDisplay(s0));
  expect(trail.refusal(0, s1)).toBeNull();
  expect(trail.count(0, s1)).toBe(1);
  expect(trail.refusal(1, s1)).toBe('NOTHING_TO_UNDO');
  expect(trail.pop().before).toBe(s0);
  // The second take ends the turn (and refills the display from the deck): seat 1 has nothing to take back.
  let s2 = step(trail, s1, fromDisplay(s1));
  while (currentDecision(s2)!.seat === 0) s2 = step(trail, s2, legalActions(s2, 0)[0]); // hand-limit discards
  expect(currentDecision(s2)!.seat).toBe(1);
  expect(trail.refusal(1, s2)).toBe('NOTHING_TO_UNDO');
  expect(trail.refusal(0, s2)).toBe('NOTHING_TO_UNDO');
});

test('a reveal, a bot or the turn timer deciding for the seat fences what came before', () => {
  for (const [what, by, first] of [
    ['deck draw', 'human', (_: GameState): Action => ({ type: 'take', from: 'deck' })],
    ['timer', 'timeout', fromDisplay],
    ['bot', 'bot', fromDisplay],
  ] as const) {
    const trail = new UndoTrail<GameState>({ ...isleGame, turnOf: (s: GameState) => s.turn.number });
    const s0 = start();
    const s1 = step(trail, s0, first(s0), by as StepBy);
    expect(currentDecision(s1)).toMatchObject({ seat: 0, kind: 'action', actionsLeft: 1 });
    expect([what, trail.refusal(0, s1)]).toEqual([what, 'UNDO_BLOCKED']);
    // A quiet step after it can be taken back, and then the fence holds again.
    const build = legalActions(s1, 0).find((a) => a.type === 'build');
    if (!build) throw new Error('no build in this deal');
    const s2 = step(trail, s1, build);
    expect([what, trail.count(0, s2)]).toEqual([what, 1]);
    expect(trail.pop().before).toBe(s1);
    expect([what, trail.refusal(0, s1)]).toEqual([what, 'UNDO_BLOCKED']);
  }
});

describe('stored undo records', () => {
  const options = { players: 2, seed: 'trail', names: ['Ada', 'Bea'] };
  function header(): LogEntry[] {
    return [
      { t: 'create', at: AT, options: { seats: 2, bots: 1 }, i: 0 },
      { t: 'seat', at: AT, seat: 0, name: 'Ada', kind: 'human', tokenHash: 'a', i: 1 },
      { t: 'seat', at: AT, seat: 1, name: 'Bea', kind: 'bot', i: 2 },
      { t: 'start', at: AT, options, seedHash: 'h', i: 3 },
    ];
  }
  const lines = (es: LogEntry[]) => es.map((e) => JSON.stringify(e));

  test('an undo takes back the last action on replay', () => {
    const s0 = createGame(options);
    const a = fromDisplay(s0);
    const log = [...header(), { t: 'action', at: AT, seat: 0, action: a, i: 4 }, { t: 'undo', at: AT, seat: 0, i: 5 }] as LogEntry[];
    const sv = salvageLog(lines(log));
    expect(sv.problem).toBeNull();
    expect(sv.play!.actions).toEqual([]);
    expect(sv.play!.state).toEqual(s0);
  });

  test('an undo past a deck draw, or of a bot\'s move, is damage: the log is cut before it', () => {
    const s0 = createGame(options);
    const drawn = [...header(), { t: 'action', at: AT, seat: 0, action: { type: 'take', from: 'deck' }, i: 4 }, { t: 'undo', at: AT, seat: 0, i: 5 }] as LogEntry[];
    const sv = salvageLog(lines(drawn));
    expect(sv.problem).toMatch(/undo not allowed there \(UNDO_BLOCKED\)/);
    expect(sv.play!.actions).toHaveLength(1);
    const bot = [...header(), { t: 'action', at: AT, seat: 0, action: fromDisplay(s0), by: 'timeout', i: 4 }, { t: 'undo', at: AT, seat: 0, i: 5 }] as LogEntry[];
    expect(salvageLog(lines(bot)).problem).toMatch(/UNDO_BLOCKED/);
  });

  test('a match played forward from stored records keeps the same trail as the room: steps in force after a restart can be taken back', () => {
    const play = new Match(isleServerGame, options, AT);
    const s0 = play.state;
    expect(play.take({ t: 'action', at: AT, seat: 0, action: fromDisplay(s0) })).toBeNull();
    expect(play.trail.count(0, play.state)).toBe(1);
    expect(legalActions(play.state, 0).length).toBeGreaterThan(0);
    expect(play.take({ t: 'undo', at: AT, seat: 0 })).toBeNull();
    expect(play.state).toBe(s0);
    expect(play.take({ t: 'undo', at: AT, seat: 0 })).toBe('NOTHING_TO_UNDO');
  });
});
