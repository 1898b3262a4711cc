/** currentDecision: who must decide now, and what kind of decision it is. */
import type { Decision } from './types';
import type { Table } from './table';

export function currentDecision(t: Table): Decision | null {
  if (t.gameOver) return null;
  const seat = t.turn.seat;
  const task = t.turn.queue[0];
  if (!task) return { seat, kind: 'action', actionsLeft: t.turn.actionsLeft };
  switch (task.kind) {
    case 'pay': return { seat, kind: 'pay', count: task.count, reason: task.reason, label: task.label };
    case 'discard': return { seat, kind: 'discard', count: task.count, source: task.source };
    case 'bonus': return { seat, kind: 'bonus', bonus: task.bonus, source: task.source };
    case 'delivery': return { seat, kind: 'delivery', progress: { ...task.progress } };
    case 'handLimit': {
      const p = t.players[seat];
      const n = t.kind === 'state' ? p.hand!.length : (p as { handCount: number }).handCount;
      return { seat, kind: 'handLimit', count: Math.max(0, n - 5) };
    }
    default:
      // Automatic tasks never wait at the front of the queue once applyAction returns.
      return { seat, kind: 'action', actionsLeft: t.turn.actionsLeft };
  }
}
