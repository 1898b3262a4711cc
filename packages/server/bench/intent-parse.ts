/**
 * What an intent's action parse costs the server per action, for either game, through zod (the path a ttr
 * intent took before it had a fast door) and through the game's exact-shape check, against the game core's
 * own work on the same action (the match applying it, its log lines, the room state's mirror: what the room
 * does after the parse, without the network and the patch encoding).
 *
 *   npm run bench:intent-parse -w @isle-of-trains/server -- [games=12] [actions=150] [passes=7]
 *
 * The intents are the moves of seeded games played by the game's greedy bots (the actions players send
 * most: card draws and ticket choices as well as claims), each packed with msgpackr and unpacked as the
 * server's frame decoder does, so the parses see the objects a client's frame becomes. Each figure is the
 * best of `passes` timed passes over every intent (the two doors alternate pass by pass, so a ratio
 * compares two measurements of one moment); the core figure is CPU time (user + system) per action over
 * whole games, best of three.
 *
 * BENCH_GAME=ttr|isle (default ttr), BENCH_SEATS (default 2,3,4: one set of games per seat count).
 */
import { pack, unpack } from 'msgpackr';
import { createTtrBot, greedyChoice } from '@isle-of-trains/bots';
import { SERVER_GAMES } from '../src/games/registry';
import { Match } from '../src/game/match';
import { parseIntentAction, parseIntentBody } from '../src/game/intent-parse';
import type { AnyServerGame } from '../src/game/server-game';

const GAME = (process.env.BENCH_GAME ?? 'ttr') as 'ttr' | 'isle';
const SEATS = (process.env.BENCH_SEATS ?? (GAME === 'ttr' ? '2,3,4' : '2,3')).split(',').map(Number);
const games = Number(process.argv[2] ?? 12);
const actions = Number(process.argv[3] ?? 150);
const passes = Number(process.argv[4] ?? 7);

const game = SERVER_GAMES[GAME] as AnyServerGame;
if (!game) throw new Error(`no game ${GAME}`);
/** The same game without a fast door: every action through zod, as ttr intents went before. */
const zodOnly: AnyServerGame = { ...game, exactAction: undefined };

type Script = { options: unknown; moves: [number, unknown][] };

function script(seats: number, r: number): Script {
  const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed'].slice(0, seats);
  const parsed = game.parseCreateOptions({ seats });
  if (!parsed.ok) throw new Error(parsed.message);
  const options = game.setupOptions(parsed.options, `intent-parse-${GAME}-${seats}-${r}`, names);
  const def = game.definition;
  let s = def.setup(options);
  const moves: [number, unknown][] = [];
  while (moves.length < actions && def.pending(s).length > 0) {
    const seat = def.pending(s)[0].seat;
    const view = def.view(s, seat) as never;
    const action = GAME === 'ttr'
      ? createTtrBot('greedy', { seed: r * 1000 + moves.length }).chooseAction({ view, seat, history: [] })
      : greedyChoice({ view, seat, history: [] }, { seed: `${r}-${moves.length}` });
    moves.push([seat, action]);
    const a = def.apply(s, seat, action as never);
    if (!a.ok) throw new Error(`script: ${a.error.code}`);
    s = a.state;
  }
  return { options, moves };
}

const scripts: Script[] = [];
for (const seats of SEATS) for (let r = 0; r < games; r++) scripts.push(script(seats, r));
/** Every move as the server receives it: `{ action, id }` through msgpack. */
const bodies: unknown[] = scripts.flatMap((s) => s.moves.map(([, action], k) => unpack(pack({ action, id: k + 1 }))));
const kinds = new Map<string, number>();
for (const s of scripts) for (const [, a] of s.moves) kinds.set((a as { type: string }).type, (kinds.get((a as { type: string }).type) ?? 0) + 1);

function parseAll(g: AnyServerGame): number {
  let ok = 0;
  for (const b of bodies) {
    const body = parseIntentBody(b, true);
    if (!body.ok) throw new Error('body refused');
    if (parseIntentAction(g, body.value.action, true).ok) ok++;
  }
  return ok;
}

function timed(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1000;
}

/** The scripts with every action as the frame decoder gives it (decoded before any clock starts). */
const decodedScripts: Script[] = scripts.map((s) => ({ options: s.options, moves: s.moves.map(([seat, a]) => [seat, unpack(pack(a))] as [number, unknown]) }));

/** CPU µs per action of the game core: match.apply (the rules, the history, the log lines) and the mirror. */
function core(): number {
  let played = 0;
  const t0 = process.cpuUsage();
  for (const { options, moves } of decodedScripts) {
    const match = Match.begin(game, options as never, { now: () => '2026-01-01T00:00:00.000Z' });
    const state = new game.State();
    state.game = game.newGamePart();
    game.mirror(state, match);
    for (const [seat, action] of moves) {
      const a = match.apply(seat, action, 'human');
      if (!a.ok) throw new Error(a.error.code);
      game.mirror(state, match);
      played++;
    }
  }
  const cpu = process.cpuUsage(t0);
  return (cpu.user + cpu.system) / played;
}

// Warm both doors up before timing.
for (let i = 0; i < 3; i++) { parseAll(zodOnly); parseAll(game); }
if (parseAll(zodOnly) !== bodies.length || parseAll(game) !== bodies.length) throw new Error('a move was refused');
let zod = Infinity;
let fast = Infinity;
for (let p = 0; p < passes; p++) {
  zod = Math.min(zod, timed(() => parseAll(zodOnly)));
  fast = Math.min(fast, timed(() => parseAll(game)));
}
core();
let coreUs = Infinity;
for (let p = 0; p < 3; p++) coreUs = Math.min(coreUs, core());

const per = (us: number) => us / bodies.length;
const mix = [...kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${((100 * n) / bodies.length).toFixed(0)} %`).join(', ');
console.log(`game ${GAME}, seats ${SEATS.join('/')}: ${scripts.length} greedy games, ${bodies.length} intents (${mix})`);
console.log('| per intent | µs | ratio to the zod door | share of the game core\'s work per action |');
console.log('| --- | --- | --- | --- |');
console.log(`| body + action, zod for the action | ${per(zod).toFixed(2)} | 1.00 | ${(per(zod) / coreUs * 100).toFixed(1)} % |`);
console.log(`| body + action, exact-shape check | ${per(fast).toFixed(2)} | ${(fast / zod).toFixed(2)} | ${(per(fast) / coreUs * 100).toFixed(1)} % |`);
console.log(`| game core per action (apply + mirror, CPU) | ${coreUs.toFixed(1)} | | 100 % |`);
