/**
 * Does the end of every game reach every connected client? Plays many multi-seat games (two or three
 * SDK players, bots in the other seats, bots quick) in which the SDK players' sockets are cut now and
 * then, so the SDK reconnects by itself (its reconnection token) mid-game. Once the server has ended a
 * game, every player connected at that moment must decode `phase: ended` and the scores; a client that
 * has not within 15 s is counted as stuck (the measure of an end patch that never reached it).
 *
 *   npm run soak:end -w @isle-of-trains/server [-- games [parallel]]
 *
 * Prints the games played, how many had SDK reconnections, and the stuck clients (0 is the target).
 */
import '../test/support/sdk-on-ws';
import { endSoak } from '../test/support/end-soak';

const games = Number(process.argv[2] ?? 300);
const parallel = Number(process.argv[3] ?? 6);

void (async () => {
  const t0 = Date.now();
  const r = await endSoak({ games, parallel, log: (line) => console.log(line) });
  console.log(JSON.stringify({ ...r, failures: r.failures.slice(0, 10), seconds: Math.round((Date.now() - t0) / 1000) }));
  process.exit(r.stuck === 0 ? 0 : 1);
})().catch((e) => { console.error(e); process.exit(2); });
