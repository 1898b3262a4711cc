/**
 * A headless Isle of Trains client on the @isle-of-trains/client session: creates or joins a room,
 * plays legal moves chosen from the session's view, and at the end checks the published seed and
 * replays the game with the rules package.
 *
 *   npm run build                    # once: the rules, bots, client and server packages
 *   npm start                        # a server on :2567 (another terminal)
 *   npm run headless -w @isle-of-trains/server -- --seats 3 --bots 2
 *   npm run headless -w @isle-of-trains/server -- --code K7QX2M --name Brunel
 *
 * Options: --url ws://localhost:2567  --room <id> | --code <code> (join; else create)  --seats N
 * --bots N  --bot-level random|greedy|strong  --private  --name NAME  --mode challenge|scenario
 * --scenario N  --quiet
 */
import { createHash } from 'crypto';
import { IsleClient, httpBase, type IsleError, type Session } from '@isle-of-trains/client';
import { applyAction, createGame, scoreBreakdown, type Action, type GameOptions } from '@isle-of-trains/rules';

export interface HeadlessOptions {
  url: string;
  room?: string;
  code?: string;
  seats?: number;
  bots?: number;
  botLevel?: 'random' | 'greedy' | 'strong';
  private?: boolean;
  name?: string;
  mode?: 'challenge' | 'scenario';
  scenario?: number;
  log?: (line: string) => void;
  /** Pick among the legal actions (default: uniformly at random, returnCard last). */
  choose?: (legal: Action[]) => Action;
}

export interface HeadlessResult {
  roomId: string;
  seat: number;
  moves: number;
  scores: ReturnType<typeof scoreBreakdown>;
  /** The replay from GET /api/games/:id/replay re-ran to the same scores, and the seed matched its hash. */
  verified: boolean;
}

export async function runHeadless(o: HeadlessOptions): Promise<HeadlessResult> {
  const log = o.log ?? ((line: string) => console.log(line));
  const client = new IsleClient(o.url, { name: o.name ?? 'Headless' });
  const session: Session = o.room
    ? await client.join(o.room)
    : o.code
      ? await client.joinByCode(o.code)
      : await client.create({
        seats: o.seats ?? 2, bots: o.bots ?? (o.seats ?? 2) - 1, botLevel: o.botLevel ?? 'random', private: o.private ?? false,
        ...(o.mode ? { mode: o.mode } : {}), ...(o.scenario ? { scenario: o.scenario } : {}),
      });
  const choose = o.choose ?? ((legal: Action[]) => {
    const pool = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
    return pool[Math.floor(Math.random() * pool.length)];
  });

  let moves = 0;
  let lastLog = 0;
  let seated = false;
  session.onRestarting((seconds) => log(`server restarting in ${seconds} s; the session rejoins by itself`));
  // One view per patch: log what happened, and start the game when this seat created it and every seat is filled.
  session.onView((_view, s) => {
    if (!seated) {
      seated = true;
      log(session.seat! >= 0 ? `seated at ${session.seat} in room ${session.roomId} (code ${s.code})` : `watching room ${session.roomId}`);
    }
    for (const e of s.log) {
      if (e.n > lastLog) { lastLog = e.n; if (moves < 5 || e.n % 50 === 0) log(`  #${e.n} ${e.text}`); }
    }
    if (s.phase === 'lobby' && s.seats[session.seat!]?.isCreator && s.seats.every((x) => x.kind !== 'empty')) {
      session.start().catch((e: IsleError) => log(`start refused: ${e.code} ${e.message}`));
    }
  });
  // Play: one action at a time, each waiting for its ack, until the game ends.
  while (await session.myDecision()) {
    try {
      await session.act(choose(session.legalActions()));
      moves++;
    } catch (e) {
      const err = e as IsleError;
      log(`refused: ${err.code} ${err.message}`);
      if (err.code === 'RATE_LIMITED') await new Promise((r) => setTimeout(r, 300));
    }
  }
  const s = await session.finished();
  log(`game started with seed hash ${s.seedHash}`);
  const scores = session.scores()!;
  log(`game over after ${moves} moves of mine; winners: ${scores.winners.map((w) => s.seats[w].name).join(', ')}`);
  for (const p of scores.players) log(`  ${s.seats[p.seat].name}: ${p.total} points`);

  // Provably fair: the seed matches the hash published at the start, and the log replays to the scores.
  const res = await fetch(`${httpBase(o.url)}/api/games/${session.roomId}/replay`);
  const replay = (await res.json()) as { options: GameOptions; actions: { seat: number; action: Action }[]; finalScores: unknown };
  let game = createGame(replay.options);
  for (const { seat: who, action } of replay.actions) {
    const r = applyAction(game, who, action);
    if (!r.ok) throw new Error(`replay refused: ${r.error.message}`);
    game = r.state;
  }
  const hashOk = createHash('sha256').update(replay.options.seed).digest('hex') === s.seedHash && s.seed === replay.options.seed;
  const scoresOk = JSON.stringify(scoreBreakdown(game)) === JSON.stringify(scores);
  log(`seed matches its hash: ${hashOk}; replay gives the same scores: ${scoresOk}`);
  await session.leave();
  return { roomId: session.roomId, seat: session.seat ?? -1, moves, scores, verified: hashOk && scoresOk };
}

function parseArgs(argv: string[]): HeadlessOptions {
  const o: HeadlessOptions = { url: 'ws://localhost:2567' };
  for (let i = 0; i < argv.length; i++) {
    const next = () => argv[++i];
    switch (argv[i]) {
      case '--url': o.url = next(); break;
      case '--room': o.room = next(); break;
      case '--code': o.code = next(); break;
      case '--seats': o.seats = Number(next()); break;
      case '--bots': o.bots = Number(next()); break;
      case '--bot-level': o.botLevel = next() as HeadlessOptions['botLevel']; break;
      case '--private': o.private = true; break;
      case '--name': o.name = next(); break;
      case '--mode': o.mode = next() as HeadlessOptions['mode']; break;
      case '--scenario': o.scenario = Number(next()); break;
      case '--quiet': o.log = () => undefined; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  return o;
}

if (require.main === module) {
  runHeadless(parseArgs(process.argv.slice(2)))
    .then((r) => process.exit(r.verified ? 0 : 1))
    .catch((e: unknown) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });
}
