/**
 * Patch bytes per client per action, by cause, without a network: seeded games played through a room's
 * game core (the match, the log window, `undoable`, the game's schema mirror) with one Colyseus encoder
 * and one StateView per client (each seat sees its own private part; spectators none), as a room patches
 * its clients after each action. Every patch each client receives is decoded by a decoder built from the
 * handshake, as the SDK builds one, and each byte is charged to the state field it changed (a switch to
 * a nested structure is charged to that structure). The figure is the sum of all clients' patch frames
 * (the protocol byte included) over (actions × clients): the same quantity as `npm run bench:server`'s
 * "patch B/action", without its network, its timing window or its random moves.
 *
 *   npm run bench:patch-bytes -w @isle-of-trains/server -- [games=30] [actions=150] [dists=<this package's dist>]
 *
 * `dists` is a comma-separated list of built servers' dist directories: each is measured in a process of
 * its own on the same scripted games (the moves are chosen once, here, before any of them runs), so two
 * trees compare in one run, the first as the baseline of the ratios. A tree whose decoded states differ
 * from its server's state (a decoding mistake here) makes the run fail.
 *
 * BENCH_GAME=isle|ttr (default isle), BENCH_SEATS (2), BENCH_SPECTATORS (0), BENCH_PICK=random|greedy
 * (random: a seeded uniform legal move, as the load generator plays; greedy: Isle's greedy bot, a game as
 * players play it), BENCH_TOP (rows of the table by cause, 16).
 */
import { fork } from 'child_process';
import * as path from 'path';

type Script = { options: unknown; moves: [number, unknown][] };
type Bytes = Record<string, number>;
interface TreeResult {
  dist: string;
  actions: number;
  clients: number;
  frames: number;
  bytes: number;
  /** Bytes per cause (a state field's path, array positions as []), all clients. */
  causes: Bytes;
  /** Bytes the seats' clients received, and the spectators'. */
  seatBytes: number;
  spectatorBytes: number;
}

const GAME = process.env.BENCH_GAME ?? 'isle';
const SEATS = Number(process.env.BENCH_SEATS ?? 2);
const SPECTATORS = Number(process.env.BENCH_SPECTATORS ?? 0);
const PICK = process.env.BENCH_PICK ?? 'random';
const TOP = Number(process.env.BENCH_TOP ?? 16);

// ------------------------------------------------------------------ the parent: scripts, children, table

function scripts(games: number, actions: number): Script[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SERVER_GAMES } = require('../src/games/registry') as typeof import('../src/games/registry');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bots = require('@isle-of-trains/bots') as typeof import('@isle-of-trains/bots');
  const game = SERVER_GAMES[GAME as 'isle' | 'ttr'];
  if (!game) throw new Error(`no game ${GAME}`);
  const names = Array.from({ length: SEATS }, (_, i) => ['Ada', 'Bo', 'Cy', 'Di', 'Ed'][i] ?? `P${i}`);
  const out: Script[] = [];
  for (let r = 0; r < games; r++) {
    const parsed = game.parseCreateOptions({ seats: SEATS });
    if (!parsed.ok) throw new Error(parsed.message);
    const options = game.setupOptions(parsed.options, `patch-bytes-${GAME}-${r}`, names);
    const def = game.definition;
    let s = def.setup(options);
    let x = (r * 2654435761 + 1) >>> 0;
    const moves: [number, unknown][] = [];
    while (moves.length < actions && def.pending(s).length > 0) {
      const seat = def.pending(s)[0].seat;
      let action: unknown;
      if (PICK === 'greedy' && GAME === 'isle') {
        action = bots.greedyChoice({ view: def.view(s, seat) as never, seat, history: [] }, { seed: `${r}-${moves.length}` });
      } else {
        const legal = def.legal(s, seat);
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        action = legal[x % legal.length];
      }
      moves.push([seat, action]);
      const a = def.apply(s, seat, action as never);
      if (!a.ok) throw new Error(`script: ${a.error.code}`);
      s = a.state;
    }
    out.push({ options, moves });
  }
  return out;
}

function measure(dist: string, work: Script[]): Promise<TreeResult> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ['--child', dist], {
      execArgv: ['-r', 'ts-node/register/transpile-only'],
      env: { ...process.env, TS_NODE_PROJECT: path.join(__dirname, '..', 'tsconfig.test.json') },
    });
    child.on('message', (m: { ok: true; result: TreeResult } | { ok: false; error: string }) => {
      if (m.ok) resolve(m.result); else reject(new Error(`${dist}: ${m.error}`));
      child.kill();
    });
    child.on('exit', (code) => { if (code) reject(new Error(`${dist}: exit ${code}`)); });
    child.send(work);
  });
}

async function main(): Promise<void> {
  const games = Number(process.argv[2] ?? 30);
  const actions = Number(process.argv[3] ?? 150);
  const dists = (process.argv[4] ?? path.join(__dirname, '..', 'dist')).split(',').map((d) => path.resolve(process.env.INIT_CWD ?? process.cwd(), d));
  const work = scripts(games, actions);
  const results: TreeResult[] = [];
  for (const d of dists) results.push(await measure(d, work));
  const per = (r: TreeResult, b: number) => b / r.actions / r.clients;
  const cell = (r: TreeResult, b: number) => per(r, b).toFixed(1);
  console.log(`game ${GAME}, ${SEATS} seats + ${SPECTATORS} spectators, ${PICK} moves: ${games} games, ${results[0].actions} actions`);
  const head = results.map((r, i) => `${i === 0 ? 'baseline' : `tree ${i}`} (${path.relative(process.env.INIT_CWD ?? process.cwd(), r.dist) || '.'})`);
  console.log(`| B per client per action | ${head.join(' | ')} |${results.length > 1 ? ' ratio to baseline |' : ''}`);
  console.log(`| --- | ${results.map(() => '---').join(' | ')} |${results.length > 1 ? ' --- |' : ''}`);
  const row = (name: string, get: (r: TreeResult) => number) => {
    const vals = results.map((r) => per(r, get(r)));
    const ratios = results.length > 1 ? ` ${vals.slice(1).map((v) => (vals[0] > 0 ? `${(v / vals[0]).toFixed(2)}×` : '–')).join(', ')} |` : '';
    console.log(`| ${name} | ${results.map((r) => cell(r, get(r))).join(' | ')} |${ratios}`);
  };
  row('**all patches**', (r) => r.bytes);
  if (SPECTATORS > 0) {
    row('seats only (per seat)', (r) => r.seatBytes * r.clients / SEATS);
    row('spectators only (per spectator)', (r) => r.spectatorBytes * r.clients / SPECTATORS);
  }
  row('frame headers (protocol byte)', (r) => r.frames);
  const causes = new Map<string, number>();
  for (const r of results) for (const [k, v] of Object.entries(r.causes)) causes.set(k, Math.max(causes.get(k) ?? 0, per(r, v)));
  const sorted = [...causes].sort((a, b) => b[1] - a[1]);
  for (const [k] of sorted.slice(0, TOP)) row(`\`${k}\``, (r) => r.causes[k] ?? 0);
  const rest = sorted.slice(TOP).map(([k]) => k);
  if (rest.length > 0) row(`${rest.length} other fields`, (r) => rest.reduce((n, k) => n + (r.causes[k] ?? 0), 0));
  console.log(`frames per client per action: ${results.map((r) => (r.frames / r.actions / r.clients).toFixed(2)).join(', ')}`);
}

// ------------------------------------------------------------------ a child: one tree

/* eslint-disable @typescript-eslint/no-explicit-any */
function child(dist: string, work: Script[]): TreeResult {
  const req = (m: string): any => require(require.resolve(m, { paths: [dist] }));
  const { Match } = req(path.join(dist, 'game', 'match.js'));
  const { SERVER_GAMES } = req(path.join(dist, 'games', 'registry.js'));
  const { showLog } = req(path.join(dist, 'table', 'log-window.js'));
  const schema = req('@colyseus/schema');
  const { Encoder, Reflection, StateView, $decoder, decode } = schema;
  const game = SERVER_GAMES[GAME];
  const clients = SEATS + SPECTATORS;
  const result: TreeResult = { dist, actions: 0, clients, frames: 0, bytes: 0, causes: {}, seatBytes: 0, spectatorBytes: 0 };
  const charge = (cause: string, n: number) => { result.causes[cause] = (result.causes[cause] ?? 0) + n; };

  for (const [r, { options, moves }] of work.entries()) {
    const state = new game.State();
    state.phase = 'lobby';
    state.seatsTotal = SEATS;
    // `game`: the trees that send log lines short take the game's templates from the table's game.
    const table = { state, deps: { config: { LOG_ENTRIES: 20 } }, game };
    const encoder = new Encoder(state);
    const handshake = Reflection.encode(encoder);
    const views = Array.from({ length: clients }, () => new StateView());
    const decoders = views.map(() => Reflection.decode(handshake));
    const paths = decoders.map(() => new Map<object, string>());
    decoders.forEach((d: any, k: number) => paths[k].set(d.state, ''));

    // What each client decodes: a frame's ops, each charged to the field it changed (`counting` off: the join and the start).
    const take = (k: number, bytes: Uint8Array, counting: boolean) => {
      const dec = decoders[k];
      const refPath = paths[k];
      const it = { offset: 1 };
      let ref: any = dec.state;
      let op = ref.constructor[$decoder];
      const isCollection = (x: any) => typeof x.forEach === 'function' && typeof x.toJSON === 'function' && !(x instanceof schema.Schema);
      while (it.offset < bytes.length) {
        const start = it.offset;
        if (bytes[start] === 255) {
          it.offset++;
          ref['~onDecodeEnd']?.();
          ref = dec.root.refs.get(decode.number(bytes, it));
          if (!ref) throw new Error('unknown refId');
          op = ref.constructor[$decoder];
          if (counting) charge(refPath.get(ref) ?? '?', it.offset - start);
          continue;
        }
        const changes: any[] = [];
        op(dec, bytes, it, ref, changes);
        const at = refPath.get(ref) ?? '?';
        const collection = isCollection(ref);
        for (const c of changes) {
          if (c.value !== null && typeof c.value === 'object') refPath.set(c.value, collection ? `${at}[]` : `${at}${at ? '.' : ''}${String(c.field)}`);
        }
        const field = changes[0]?.field;
        if (counting) charge(collection || field === undefined ? at : `${at}${at ? '.' : ''}${String(field)}`, it.offset - start);
      }
      ref['~onDecodeEnd']?.();
      dec.root.garbageCollectDeletedRefs();
      if (counting) {
        result.frames++;
        result.bytes += bytes.length;
        if (k < SEATS) result.seatBytes += bytes.length; else result.spectatorBytes += bytes.length;
      }
    };
    const patch = (counting: boolean) => {
      const it = { offset: 1 };
      encoder.sharedBuffer[0] = 15; // ROOM_STATE_PATCH
      encoder.encode(it);
      const sharedOffset = it.offset;
      const frames = views.map((v) => Uint8Array.from(encoder.encodeView(v, sharedOffset, it)));
      encoder.discardChanges();
      frames.forEach((f, k) => take(k, f, counting));
    };

    // The clients join the lobby (full state), then the game starts (one patch), as in a room.
    {
      const it = { offset: 1 };
      encoder.sharedBuffer[0] = 14; // ROOM_STATE
      encoder.encodeAll(it);
      const sharedOffset = it.offset;
      const fulls = views.map((v) => Uint8Array.from(encoder.encodeAllView(v, sharedOffset, { ...it })));
      fulls.forEach((f, k) => take(k, f, false));
      encoder.discardChanges();
    }
    const match = Match.begin(game, options, { now: () => new Date(0).toISOString() });
    state.seedHash = match.seedHash;
    state.phase = 'playing';
    state.game = game.newGamePart();
    game.mirror(state, match);
    for (let seat = 0; seat < SEATS; seat++) views[seat].add(game.seatView(state, seat));
    showLog(table, match.lines.notice(-1, 'start', `The game starts. Seed hash ${match.seedHash.slice(0, 16)}…`));
    patch(false);

    for (const [seat, action] of moves) {
      const a = match.apply(seat, action, 'human');
      if (!a.ok) throw new Error(`game ${r}: ${a.error.code}`);
      for (const line of a.lines) showLog(table, line);
      const undoable = match.undoHolder()?.steps ?? 0;
      if (state.undoable !== undoable) state.undoable = undoable;
      game.mirror(state, match);
      patch(true);
      result.actions++;
    }

    // Every client decoded the server's state, bar the other seats' private fields.
    const server = state.toJSON();
    decoders.forEach((d: any, k: number) => {
      const seen = d.state.toJSON();
      const strip = (s: any) => {
        for (const [i, p] of (s.game?.players ?? []).entries()) {
          if (i === k || typeof p !== 'object') continue;
          for (const f of Object.keys(p)) if (PRIVATE.has(f)) delete p[f];
        }
        return JSON.stringify(s);
      };
      if (strip(JSON.parse(JSON.stringify(server))) !== strip(seen)) throw new Error(`game ${r}, client ${k}: the decoded state differs from the server's`);
    });
  }
  return result;
}

/** The view-only fields of a seat's part in either game's schema: compared for their own seat's client only. */
const PRIVATE = new Set(['hand', 'faceDownCards', 'faceDownJson', 'tickets', 'offer', 'ticketsJson', 'offerJson']);

if (process.argv[2] === '--child') {
  const dist = process.argv[3];
  process.once('message', (work: Script[]) => {
    try {
      process.send!({ ok: true, result: child(dist, work) });
    } catch (e) {
      process.send!({ ok: false, error: (e as Error).stack ?? String(e) });
    }
  });
} else {
  main().catch((e) => { console.error(e); process.exit(1); });
}
