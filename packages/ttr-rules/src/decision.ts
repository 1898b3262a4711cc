/** Who decides now, and what about. */
import { isChoosing, offerCount } from './table';
import type { Decision, Table } from './types';

/** The fewest tickets a seat keeps from its opening offer, and from a later draw. */
export const KEEP_AT_SETUP = 2;
export const KEEP_LATER = 1;

/** Zero (game over), one, or, during the opening ticket choice, several seats deciding at once. */
export function pending(t: Table): Decision[] {
  if (t.gameOver) return [];
  const seat = t.turn.seat;
  switch (t.turn.step) {
    case 'setup':
      return t.players.filter((p) => isChoosing(t, p.seat)).map((p) => ({ seat: p.seat, kind: 'keepTickets', count: offerCount(t, p.seat), min: KEEP_AT_SETUP }));
    case 'keepTickets':
      return [{ seat, kind: 'keepTickets', count: offerCount(t, seat), min: KEEP_LATER }];
    case 'secondCard':
      return [{ seat, kind: 'secondCard' }];
    case 'turn':
      return [{ seat, kind: 'turn' }];
  }
}
