/**
 * A build that reveals nothing (for the undo and log tests): an extension build of a freight car that costs
 * something and draws no passengers, found in a fresh game's opening hand.
 */
import { card, currentDecision, legalActions, type Action, type PlayerView } from '@isle-of-trains/rules';
import { viewFromState } from '@isle-of-trains/client';
import { connect, stateOf, type Player } from './ops-game';
import { waitFor } from './ops-proc';

/** The seat's view, rebuilt from what its connection decoded. */
export const view = (p: Player): PlayerView => viewFromState(stateOf(p), p.seat.seat)!;

export function quietBuild(v: PlayerView): Action | undefined {
  return legalActions(v, v.viewer as number).find((a) => {
    if (a.type !== 'build' || a.upgrade || a.scrap || a.replace) return false;
    const c = card(a.card);
    return ['hopper', 'tanker', 'boxcar'].includes(c.category) && c.cost >= 1 && c.passengersOnBuild === 0;
  });
}

/** A new game (seat 0 human, first to move) whose opening hand holds a quiet build; deals are random, so a few tries. */
export async function tableWithBuild(ws: string, seats: number, players: Player[], extra: Record<string, unknown> = {}): Promise<{ p: Player; build: Action }> {
  for (let i = 0; i < 40; i++) {
    const p = await connect(ws, null, { ...(seats === 1 ? { seats: 1, name: 'Ada' } : { seats, bots: seats - 1, name: 'Ada' }), ...extra });
    players.push(p);
    if (seats > 1) p.room.send('start', {});
    await waitFor('my first decision', () => stateOf(p).phase === 'playing' && currentDecision(view(p))?.seat === 0);
    const build = quietBuild(view(p));
    if (build) return { p, build };
    players.pop();
    await p.room.leave();
  }
  throw new Error('no quiet build in 40 deals');
}
