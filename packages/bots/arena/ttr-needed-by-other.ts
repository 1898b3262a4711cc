/**
 * Whether a claim was contested by plan, for the second game's arena and its map report: another seat's
 * ticket plan at that moment ran over the claimed pair.
 */
import { ttrGame, type GameState } from '@isle-of-trains/ttr-rules';
import { planTickets, readBoard } from '../src/ttr';

/** Whether a seat other than `seat` has `pair` in its plan for its open tickets (as greedy plans, from that seat's view). */
export function neededByOther(s: GameState, seat: number, pair: number): boolean {
  for (const p of s.players) {
    if (p.seat === seat) continue;
    const view = ttrGame.view(s, p.seat);
    const open = view.players[p.seat].tickets!.filter((t) => !t.completed);
    if (open.length === 0) continue;
    const board = readBoard(view, p.seat);
    const plan = planTickets(board, open.map((t) => board.map.ticket.get(t.id)!), p.trainsLeft);
    if (plan.pairs.some((x) => x.id === pair)) return true;
  }
  return false;
}
