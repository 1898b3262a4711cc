/** A short real game log for store and restore tests: create, seats, start, `n` legal actions. */
import { applyAction, createGame, currentDecision, legalActions } from '@isle-of-trains/rules';
import { hashToken, type LogEntry } from '../../src/store';

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
