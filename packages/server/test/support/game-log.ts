/** A short real game log for store and restore tests: create, seats, start, `n` legal actions. */
import { applyAction, createGame, currentDecision, legalActions, scoreBreakdown, type ScoreBreakdown } from '@isle-of-trains/rules';
import { Match } from '../../src/game/match';
import { isleServerGame } from '../../src/games/isle';
import { hashToken, type LogEntry, type SeatEntry } from '../../src/persistence/store';

export const AT = '2026-01-01T00:00:00.000Z';

export function gameLog(n: number, seed = 'store-test', indexed = false): LogEntry[] {
  const options = { players: 2, seed, names: ['Ada', 'Brunel'] };
  const log: LogEntry[] = [
    { t: 'create', at: AT, options: { seats: 2, bots: 0, private: false, botLevel: 'greedy', turnTimeLimit: 0 }, code: 'ABCDEF' },
    { t: 'seat', at: AT, seat: 0, name: 'Ada', kind: 'human', tokenHash: hashToken('tok-0'), isCreator: true },
    { t: 'seat', at: AT, seat: 1, name: 'Brunel', kind: 'human', tokenHash: hashToken('tok-1') },
    { t: 'start', at: AT, options, seedHash: 'x' },
  ];
  let s = createGame(options);
  for (let i = 0; i < n; i++) {
    const d = currentDecision(s)!;
    const a = legalActions(s, d.seat)[0];
    const r = applyAction(s, d.seat, a);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
    log.push({ t: 'action', at: AT, seat: d.seat, action: a });
  }
  return indexed ? log.map((e, i) => ({ ...e, i })) : log;
}

/** The next legal action after `log` (to append one more). */
export function nextAction(log: LogEntry[]): LogEntry {
  const start = log.find((e) => e.t === 'start') as { options: { players: number; seed: string } };
  let s = createGame(start.options);
  for (const e of log) if (e.t === 'action') {
    const r = applyAction(s, e.seat, e.action as never);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  const d = currentDecision(s)!;
  return { t: 'action', at: AT, seat: d.seat, action: legalActions(s, d.seat)[0] };
}

/**
 * A whole finished game's log, played with seeded random legal moves to the end, with a few steps taken
 * back on the way (stored `undo` records, each one the room would have allowed), then its `end`.
 * Returns the log, the actions in force at the end (the undone ones gone) and the final scores.
 */
export function finishedGameLog(seed: string, seats: Partial<SeatEntry>[], undos = 3): { log: LogEntry[]; actions: { seat: number; action: unknown }[]; scores: ScoreBreakdown } {
  const names = seats.map((s, i) => s.name ?? `P${i + 1}`);
  const options = { players: seats.length, seed, names };
  const log: LogEntry[] = [
    { t: 'create', at: AT, options: { seats: seats.length, bots: 0, private: false, botLevel: 'greedy', turnTimeLimit: 0 } },
    ...seats.map((s, seat): LogEntry => ({ t: 'seat', at: AT, seat, kind: 'human', ...s, name: names[seat] })),
    { t: 'start', at: AT, options, seedHash: 'x' },
  ];
  const play = new Match(isleServerGame, options, AT);
  let x = [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
  let undone = 0;
  for (let k = 0; !play.state.gameOver; k++) {
    if (k > 50_000) throw new Error(`${seed}: random play did not end`);
    const d = currentDecision(play.state)!;
    const legal = legalActions(play.state, d.seat);
    const e: LogEntry = { t: 'action', at: AT, seat: d.seat, action: legal[next() % legal.length] };
    const refused = play.take(e);
    if (refused) throw new Error(`${seed}: ${refused}`);
    log.push(e);
    if (undone < undos && k % 37 === 5 && !play.state.gameOver) {
      const u: LogEntry = { t: 'undo', at: AT, seat: d.seat };
      if (play.take(u) === null) {
        log.push(u);
        undone++;
      }
    }
  }
  const scores = scoreBreakdown(play.state);
  log.push({ t: 'end', at: '2026-01-01T01:00:00.000Z', finalScores: scores });
  return { log, actions: play.actions, scores };
}
