/** A finished solo game archived as a private table's, for the coach's tests that need one in the players' database. */
import { applyAction, createGame, currentDecision, legalActions, type Action } from '@isle-of-trains/rules';
import { shareKeyHash } from '../../src/players/private-games';
import type { TestServer } from './harness';

/** A finished solo game: the deck whenever it can be drawn from (the Challenge's deck then runs out soon). */
export function soloGame(): { options: { players: number; seed: string }; actions: { seat: number; action: Action }[] } {
  const options = { players: 1, seed: 'coach-store' };
  let s = createGame(options);
  const actions: { seat: number; action: Action }[] = [];
  let x = 7;
  while (!s.gameOver) {
    const d = currentDecision(s)!;
    const legal = legalActions(s, d.seat);
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const a = legal.find((l) => l.type === 'take' && l.from === 'deck') ?? legal[x % legal.length];
    const r = applyAction(s, d.seat, a);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
    actions.push({ seat: d.seat, action: a });
  }
  return { options, actions };
}

/** The game archived under `id` as a private table's with share key `key`, as the outbox files a finished game. */
export async function archiveSoloGame(ts: TestServer, id: string, key: string): Promise<void> {
  const g = soloGame();
  const p = await ts.srv.players!.get();
  await p.archive.archive({
    id, game: 'isle', finishedAt: new Date(), options: { players: 1 }, seed: g.options.seed, actions: g.actions, result: null,
    seats: [{ seat: 0, playerId: null, name: 'Ada', botLevel: null, score: 0, place: 1 }], rated: false, private: true, shareKeyHash: shareKeyHash(key),
  });
}

/** A counter's value on the server's /metrics. */
export async function counter(ts: TestServer, name: string, label: string): Promise<number> {
  const text = await (await fetch(`${ts.http}/metrics`)).text();
  const m = new RegExp(`^${name}\\{${label}\\} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}
