/** A finished solo game archived as a private table's, for the coach's tests that need one in the players' database. */
import { deckDrawerGame } from '@isle-of-trains/bots';
import { shareKeyHash } from '../../src/players/private-games';
import type { TestServer } from './harness';

/**
 * A finished solo game (the deck whenever it can be drawn from: the Challenge's deck then runs out soon) archived
 * under `id` as a private table's with share key `key`, as the outbox files a finished game.
 */
export async function archiveSoloGame(ts: TestServer, id: string, key: string): Promise<void> {
  const g = deckDrawerGame({ players: 1, seed: 'coach-store' });
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
