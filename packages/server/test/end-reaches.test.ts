/**
 * The end of a game reaches every connected player, also in games where SDK players dropped and came
 * back by themselves with their reconnection token: a few 3- and 4-seat games (bots in the other
 * seats, quick), players' sockets cut now and then; once the server has ended a game, every player
 * must decode `phase: ended` and the scores (a generous wait, no timing asserted). The larger soak is
 * `npm run soak:end -w @isle-of-trains/server` (BENCHMARKS.md).
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { endSoak } from './support/end-soak';

jest.setTimeout(240_000);

test('every SDK player decodes the end and the scores, drops and reconnections included', async () => {
  // A high rate limit keeps the games short here (reconnect-handshake.test.ts covers a player at its limit).
  const r = await endSoak({ games: 8, parallel: 4, server: { RATE_LIMIT: 100_000, RATE_LIMIT_BURST: 100_000 } });
  expect(r.failures).toEqual([]);
  expect(r.stuck).toBe(0);
  expect(r.unfinished).toBe(0);
  expect(r.games).toBe(8);
  // The games did exercise SDK reconnections.
  expect(r.withReconnections).toBeGreaterThan(4);
});
