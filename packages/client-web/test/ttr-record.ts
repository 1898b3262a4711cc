/**
 * A second-game game recorded by a seeded choice of legal actions (a claim whenever one is legal, tickets drawn
 * only when nothing else is), as a replay's options and moves: what the replay viewer's tests play again.
 */
import { applyAction, createGame, legalActions, pending, type Action, type GameOptions, type GameState } from '@isle-of-trains/ttr-rules';

/** The rules to record with: the page's (the default) or the Node entry's, which knows every archived map. */
export type TtrRules = Pick<typeof import('@isle-of-trains/ttr-rules'), 'applyAction' | 'createGame' | 'legalActions' | 'pending'>;

export interface RecordedTtrGame {
  options: { players: number; seed: string; names: string[]; map?: GameOptions['map'] };
  actions: { seat: number; action: Action }[];
  final: GameState;
}

/** Plays until the game ends or `maxActions` are played, whichever comes first. */
export function recordTtrGame(o: { seed: string; names: string[]; map?: GameOptions['map']; maxActions?: number; rules?: TtrRules }): RecordedTtrGame {
  const { applyAction: apply, createGame: create, legalActions: legal, pending: next } = o.rules ?? { applyAction, createGame, legalActions, pending };
  const options = { players: o.names.length, seed: o.seed, names: o.names, ...(o.map ? { map: o.map } : {}) };
  let s = create(options);
  const actions: { seat: number; action: Action }[] = [];
  let n = 0;
  while (!s.gameOver && actions.length < (o.maxActions ?? 3000)) {
    const d = next(s)[0];
    const all = legal(s, d.seat);
    const claims = all.filter((a) => a.type === 'claim');
    const pool = claims.length > 0 ? claims : all.filter((a) => a.type !== 'drawTickets');
    const from = pool.length > 0 ? pool : all;
    const action = from[(n++ * 7919) % from.length];
    const r = apply(s, d.seat, action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    actions.push({ seat: d.seat, action });
  }
  return { options, actions, final: s };
}
