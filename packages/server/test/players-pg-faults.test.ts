/**
 * The players' database on PostgreSQL goes wrong under a running server: connections are killed every
 * 300 ms under load (an idle-connection killer, a failover), the database is shut down and started again,
 * and it crashes (SIGKILL) and recovers. The server process (the built dist/main.js, as deployed) must
 * live through all of it: the game in progress goes on, the players' routes answer only 200 or the
 * documented 503 PLAYERS_UNAVAILABLE (no stack, no driver message), everything works again by itself, and
 * each outage is logged once when it starts and once when it ends, not once per request.
 *
 * The database is a private PostgreSQL of this test (test/support/private-postgres.ts), never the shared one.
 */
import { legalActions } from '@isle-of-trains/rules';
import { viewFromState } from '@isle-of-trains/client';
import { connect, stateOf, type Player } from './support/ops-game';
import { ensureBuilt, killServer, startServer, waitFor, type ServerProc } from './support/ops-proc';
import { PrivatePostgres } from './support/private-postgres';
import { within } from './support/within';

jest.setTimeout(120_000);

let pg: PrivatePostgres | undefined;
let proc: ServerProc | undefined;
const players: Player[] = [];

beforeAll(async () => {
  await ensureBuilt();
  pg = await PrivatePostgres.create();
}, 180_000);
afterAll(async () => {
  // leave() waits for the server's answer, which never comes from a server that died: bounded.
  await within(Promise.all(players.map((p) => p.room.leave().catch(() => undefined))), 2000);
  await killServer(proc);
  await pg?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const UNAVAILABLE = 'Player accounts are unavailable right now; games still work. Try again shortly.';

/** A request's answer: when it was sent and when it came back (ms), status (0: none) and body. */
interface Answer { sent: number; at: number; status: number; body: unknown }

/** One players' request; a request that does not answer within 15 s is a failure of its own (status 0). */
async function ask(url: string, init: RequestInit = {}): Promise<Answer> {
  const sent = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* kept as text */ }
    return { sent, at: Date.now(), status: res.status, body };
  } catch (e) {
    return { sent, at: Date.now(), status: 0, body: (e as Error).message };
  }
}

/** Every answer is a success or exactly the documented refusal: nothing else, no stack, no driver message. */
function expectOnlyOkOrUnavailable(answers: Answer[]): void {
  const odd = answers.filter((a) => a.status !== 200
    && !(a.status === 503 && JSON.stringify(a.body) === JSON.stringify({ code: 'PLAYERS_UNAVAILABLE', message: UNAVAILABLE, retryAfter: 5 })));
  expect(odd.slice(0, 5)).toEqual([]);
}

test('killed connections, a restart and a crash of PostgreSQL: the server lives, games go on, the routes answer 503 PLAYERS_UNAVAILABLE, then everything resumes', async () => {
  // No read cache: every request here must reach the database (the cache, which answers from memory while
  // the database is away, has its own tests in players-reads.test.ts).
  proc = await startServer({ PLAYERS_READ_CACHE_MS: '0', PLAYERS_READS_PER_SECOND: '0', PLAYERS_READS_PER_MINUTE: '0', DATABASE_URL: pg!.url, PLAYERS_DB: 'auto', LOG_LEVEL: 'info', BOT_DELAY_MS: '0', NODE_ID: 'pg-faults', RATE_LIMIT: '100000', RATE_LIMIT_BURST: '100000' });
  let died = false;
  void proc.exited.then(() => { died = true; });
  const api = `${proc.http}/api`;
  const json = { 'content-type': 'application/json' };

  // A guest, read back: the database works.
  const made = await ask(`${api}/players`, { method: 'POST', headers: json, body: '{"name":"Ada"}' });
  expect(made.status).toBe(200);
  const guest = made.body as { player: { id: string }; secret: string };
  const auth = { authorization: `Guest ${guest.player.id}:${guest.secret}` };
  expect((await ask(`${api}/me`, { headers: auth })).status).toBe(200);

  // Games in progress, moved on by their player all along, one move every 80 ms; when one ends the
  // next begins. Each acknowledged move is timed, per game.
  const acks: number[] = [];
  const gameAcks = new Map<Player, number[]>();
  const newGame = async (): Promise<Player> => {
    const g = await connect(proc!.url, null, { seats: 1, name: 'Ada', identity: auth.authorization });
    players.push(g);
    await waitFor('solo game', () => (stateOf(g) as { game?: { decisionJson?: string } }).game?.decisionJson);
    gameAcks.set(g, []);
    return g;
  };
  let game = await newGame();
  let playing = true;
  let nextId = 0;
  const mover = (async () => {
    while (playing && !died) {
      const g = game;
      const view = viewFromState(stateOf(g), 0);
      if (view?.gameOver) { if (g === game) game = await newGame(); continue; }
      const action = view ? legalActions(view, 0)[0] : undefined;
      if (!action) { await sleep(20); continue; }
      const id = `m${++nextId}`;
      g.room.send('intent', { action, id });
      const reply = await waitFor(`reply ${id}`, () => g.replies.get(id) ?? (died ? { type: 'died' } : undefined), 15_000, 5);
      if (reply.type === 'died') return; // the server is gone: the test says so where it looks
      if (reply.type !== 'ack') throw new Error(`move ${id} answered ${JSON.stringify(reply)}`);
      acks.push(Date.now());
      gameAcks.get(g)!.push(Date.now());
      await sleep(80);
    }
  })();
  const moved = (g: Player, after: number, n: number) => waitFor(`${n} moves in the game after ${after}`, () => died || gameAcks.get(g)!.filter((t) => t > after).length >= n, 15_000, 20);

  // Players' requests from several callers at once, reads and writes.
  const answers: Answer[] = [];
  let loading = true;
  const requests = [
    () => ask(`${api}/me`, { headers: auth }),
    () => ask(`${api}/players/${guest.player.id}`),
    () => ask(`${api}/leaderboard/2p`),
    () => ask(`${api}/games?limit=5`),
    () => ask(`${api}/me/name`, { method: 'POST', headers: { ...auth, ...json }, body: '{"name":"Ada"}' }),
  ];
  const callers = requests.map(async (r) => {
    while (loading && !died) {
      answers.push(await r());
      await sleep(5);
    }
  });
  const dbUp = async () => /^isle_players_db_up 1$/m.test(await (await fetch(`${proc!.http}/metrics`)).text());
  const logs = () => proc!.output.map((l) => JSON.parse(l) as { level: number; msg: string });
  const lines = (msg: string, from = 0) => logs().slice(from).filter((l) => l.msg === msg).length;

  // 1. Every client connection killed every 300 ms for 6 s, under that load.
  let killed = 0;
  for (const t0 = Date.now(); Date.now() - t0 < 6000 && !died;) {
    killed += await pg!.terminateConnections();
    await sleep(300);
  }
  expect(died).toBe(false);
  expect(killed).toBeGreaterThan(5);
  // The database never went away for good: the health settles back to up by itself.
  for (const t0 = Date.now(); !(await dbUp()) && Date.now() - t0 < 15_000;) await sleep(200);
  expect(await dbUp()).toBe(true);
  expect(died).toBe(false);

  // 2. The database shuts down, stays away for 3 s, and starts again, in the middle of a game.
  game = await newGame();
  const inProgress = game;
  await moved(inProgress, 0, 3);
  const before = { acks: acks.length, answers: answers.length, log: proc.output.length };
  await pg!.stop();
  const downAt = Date.now();
  await sleep(3000);
  // A new game during the outage: the identity cannot be checked, the player joins without it.
  const q = await connect(proc.url, null, { seats: 1, name: 'Bo', identity: auth.authorization });
  players.push(q);
  expect(await (await fetch(`${proc.http}/metrics`)).text()).toMatch(/^isle_players_db_up 0$/m);
  // Requests sent once the database was gone (an answer sent just before may arrive just after).
  const during = answers.slice(before.answers).filter((a) => a.sent > downAt);
  expect(during.length).toBeGreaterThan(10);
  expect(during.every((a) => a.status === 503)).toBe(true);
  expect(gameAcks.get(inProgress)!.filter((t) => t > downAt).length).toBeGreaterThan(5);
  await pg!.start();
  const upAt = Date.now();
  await waitFor('players routes answer again', () => answers.slice(before.answers).some((a) => a.at > upAt && a.status === 200), 20_000, 50);
  // The game that was in progress when the database went away is still played.
  await moved(inProgress, upAt, 3);
  expect(died).toBe(false);
  for (const t0 = Date.now(); !(await dbUp()) && Date.now() - t0 < 15_000;) await sleep(200);
  expect(await dbUp()).toBe(true);
  // That outage: one line when it started, one when it ended, nothing per request.
  expect(lines('players database unavailable', before.log)).toBe(1);
  expect(lines('players database available again', before.log)).toBe(1);
  expect(lines('players route failed')).toBe(0);

  // 3. PostgreSQL crashes (SIGKILL) and comes back after crash recovery.
  const crashAt = Date.now();
  await pg!.kill();
  await sleep(1500);
  await pg!.start();
  const backAt = Date.now();
  await waitFor('players routes answer after the crash', () => answers.some((a) => a.at > backAt && a.status === 200), 20_000, 50);
  expect(acks.filter((t) => t > crashAt).length).toBeGreaterThan(5);

  loading = false;
  playing = false;
  await Promise.all(callers);
  await mover;
  expect(died).toBe(false);
  expect(proc.child.exitCode).toBeNull();
  expectOnlyOkOrUnavailable(answers);
  expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(10);

  // Everything works again without a restart of the server: a new guest, a rename, the game.
  const again = await ask(`${api}/players`, { method: 'POST', headers: json, body: '{"name":"Cy"}' });
  expect(again.status).toBe(200);
  const renamed = await ask(`${api}/me/name`, { method: 'POST', headers: { ...auth, ...json }, body: '{"name":"Ada Lovelace"}' });
  expect(renamed).toMatchObject({ status: 200, body: { player: { name: 'Ada Lovelace' } } });
  const n = acks.length;
  const last = game;
  if (viewFromState(stateOf(last), 0)?.gameOver) game = await newGame();
  game.room.send('intent', { action: legalActions(viewFromState(stateOf(game), 0)!, 0)[0], id: 'last' });
  expect((await waitFor('last move', () => game.replies.get('last'), 10_000, 5)).type).toBe('ack');
  expect(n).toBeGreaterThan(before.acks);

  // Outages are logged in pairs, far fewer lines than failed requests; no line per request.
  for (const t0 = Date.now(); !(await dbUp()) && Date.now() - t0 < 15_000;) await sleep(200);
  const down = lines('players database unavailable');
  expect(down).toBeGreaterThanOrEqual(2);
  expect(lines('players database available again')).toBe(down);
  expect(down).toBeLessThan(answers.filter((a) => a.status === 503).length / 5);
  expect(lines('players route failed')).toBe(0);
});
