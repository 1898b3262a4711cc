/**
 * A headless Isle of Trains client: creates or joins a room, plays legal moves chosen from the view
 * it rebuilds from the room state (docs/PROTOCOL.md), and at the end checks the published seed and
 * replays the game with the rules package.
 *
 *   npm run build                    # once: the rules, bots and server packages
 *   npm start                        # a server on :2567 (another terminal)
 *   npm run headless -w @isle-of-trains/server -- --seats 3 --bots 2
 *   npm run headless -w @isle-of-trains/server -- --code K7QX2M --name Brunel
 *
 * Options: --url ws://localhost:2567  --room <id> | --code <code> (join; else create)  --seats N
 * --bots N  --bot-level random|greedy|strong  --private  --name NAME  --mode challenge|scenario
 * --scenario N  --quiet
 */
import { createHash } from 'crypto';
import { Client, type Room } from '@colyseus/sdk';
import {
  applyAction, createGame, currentDecision, legalActions, scoreBreakdown, type Action, type GameOptions,
} from '@isle-of-trains/rules';
import { viewFromState, type IsleStateJSON } from '../src/client-view';

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

const httpBase = (url: string) => url.replace(/^ws/, 'http').replace(/\/$/, '');

export async function runHeadless(o: HeadlessOptions): Promise<HeadlessResult> {
  const log = o.log ?? ((line: string) => console.log(line));
  const client = new Client(o.url);
  let roomId = o.room;
  if (!roomId && o.code) {
    const res = await fetch(`${httpBase(o.url)}/api/rooms/by-code/${encodeURIComponent(o.code)}`);
    if (!res.ok) throw new Error(`no room with code ${o.code}`);
    roomId = ((await res.json()) as { roomId: string }).roomId;
  }
  const name = o.name ?? 'Headless';
  const room: Room = roomId
    ? await client.joinById(roomId, { name })
    : await client.create('isle', {
      seats: o.seats ?? 2, bots: o.bots ?? (o.seats ?? 2) - 1, botLevel: o.botLevel ?? 'random', private: o.private ?? false, name,
      ...(o.mode ? { mode: o.mode } : {}), ...(o.scenario ? { scenario: o.scenario } : {}),
    });

  let seat: number | null = null;
  let pending = false;
  let moves = 0;
  let n = 0;
  let seedHash = '';
  let lastLog = 0;
  const choose = o.choose ?? ((legal: Action[]) => {
    const pool = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
    return pool[Math.floor(Math.random() * pool.length)];
  });

  const state = () => (room.state as unknown as { toJSON(): IsleStateJSON }).toJSON();

  const act = () => {
    if (pending || seat === null || !room.state) return;
    // Cheap look first: rebuild the whole view only when the public decision names this seat.
    const live = room.state as unknown as { phase: string; game?: { decisionJson: string } };
    if (live.phase === 'playing' && live.game && seedHash) {
      const d = JSON.parse(live.game.decisionJson) as { seat: number } | null;
      if (!d || d.seat !== seat) return;
    }
    const s = state();
    if (s.seedHash && !seedHash) {
      seedHash = s.seedHash;
      log(`game started; seed hash ${seedHash}`);
    }
    for (const e of s.log ?? []) {
      if (e.n > lastLog) { lastLog = e.n; if (moves < 5 || e.n % 50 === 0) log(`  #${e.n} ${e.text}`); }
    }
    if (s.phase === 'lobby') {
      const creator = s.seats[seat]?.isCreator;
      const full = s.seats.every((x) => x.kind !== 'empty');
      if (creator && full) { pending = true; room.send('start', {}); setTimeout(() => { pending = false; }, 500); }
      return;
    }
    if (seat < 0 || s.phase !== 'playing') return;
    const view = viewFromState(s, seat);
    const d = view && currentDecision(view);
    if (!view || !d || d.seat !== seat) return;
    const action = choose(legalActions(view, seat));
    pending = true;
    room.send('intent', { action, id: ++n });
  };

  const ended = new Promise<void>((resolve, reject) => {
    room.onMessage('seat', (m: { seat: number; token: string }) => {
      seat = m.seat;
      log(m.seat >= 0 ? `seated at ${m.seat} in room ${room.roomId} (code ${state().code ?? '?'})` : `watching room ${room.roomId}`);
      act();
    });
    room.onMessage('ack', () => { pending = false; moves++; act(); });
    room.onMessage('error', (e: { code: string; message: string }) => {
      log(`refused: ${e.code} ${e.message}`);
      setTimeout(() => { pending = false; act(); }, e.code === 'RATE_LIMITED' ? 300 : 0);
    });
    room.onMessage('restarting', (m: { seconds: number }) => log(`server restarting in ${m.seconds} s`));
    room.onMessage('*', () => undefined);
    room.onStateChange(() => {
      act();
      if ((room.state as unknown as { phase: string }).phase === 'ended') resolve();
    });
    room.onLeave((code) => { if ((room.state as unknown as { phase?: string })?.phase !== 'ended') reject(new Error(`left the room (${code})`)); });
  });
  const idle = setInterval(() => act(), 250);
  try {
    await ended;
  } finally {
    clearInterval(idle);
  }

  const s = state();
  const scores = JSON.parse(s.scoresJson ?? '') as ReturnType<typeof scoreBreakdown>;
  log(`game over after ${moves} moves of mine; winners: ${scores.winners.map((w) => s.seats[w].name).join(', ')}`);
  for (const p of scores.players) log(`  ${s.seats[p.seat].name}: ${p.total} points`);

  // Provably fair: the seed matches the hash published at the start, and the log replays to the scores.
  const res = await fetch(`${httpBase(o.url)}/api/games/${room.roomId}/replay`);
  const replay = (await res.json()) as { options: GameOptions; actions: { seat: number; action: Action }[]; finalScores: unknown };
  let game = createGame(replay.options);
  for (const { seat: who, action } of replay.actions) {
    const r = applyAction(game, who, action);
    if (!r.ok) throw new Error(`replay refused: ${r.error.message}`);
    game = r.state;
  }
  const hashOk = createHash('sha256').update(replay.options.seed).digest('hex') === (seedHash || s.seedHash) && s.seed === replay.options.seed;
  const scoresOk = JSON.stringify(scoreBreakdown(game)) === JSON.stringify(scores);
  log(`seed matches its hash: ${hashOk}; replay gives the same scores: ${scoresOk}`);
  await room.leave();
  return { roomId: room.roomId, seat: seat ?? -1, moves, scores, verified: hashOk && scoresOk };
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
