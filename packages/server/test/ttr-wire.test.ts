/**
 * The second game's schema mirror, encoded with the real Colyseus encoder and StateViews as a room sends it,
 * over random 2–5 seat games (no network: the bytes themselves are checked).
 *
 * - Every client (each seat, with its own player in its StateView, and a spectator) decodes, after the full
 *   state and after every patch, exactly the server's `playerView` for it through the client package's
 *   mapping (`ttrGameFromWire`, `ttrViewFromGame`), and no other seat's hand, tickets or offer.
 * - Byte for byte, nothing hidden reaches a client: beside each game runs, per viewer, a twin table whose state
 *   has everything that viewer may not see dealt anew at every step (other seats' hands and the deck mixed
 *   and re-dealt, their tickets, offers and returned tickets and the ticket deck likewise, the generator
 *   moved). The viewer's full state and every patch must be the same bytes from both tables: whatever the
 *   hidden cards, tickets and deck order, the viewer receives the same. The seed and the generator key never
 *   appear in any frame.
 * - A claim's patch is small: it does not resend the routes.
 */
import { Decoder, Encoder, StateView, schema, t, type Iterator } from '@colyseus/schema';
import { fastRng, randomInt, shuffleInPlace, type RngState } from '@isle-of-trains/engine-core';
import {
  applyAction, cloneState, createGame, handSize, legalActions, pending, playerView, CARDS, type Card, type GameState,
} from '@isle-of-trains/ttr-rules';
import { ttrGameFromWire, ttrViewFromGame, type TtrGameWire } from '@isle-of-trains/client/protocol';
import { TtrGameSchema } from '../src/wire/ttr/schema';
import { mirrorTtrState, ttrSeatPart } from '../src/wire/ttr/mirror';

/** A room state reduced to the part under test (the table's own fields are the generic room's). */
const Root = schema({ phase: t.string().default('playing'), game: t.ref(TtrGameSchema) }, 'TtrWireTestRoot');
type Root = InstanceType<typeof Root>;

type Viewer = number | 'spectator';

/** The same game with everything `viewer` may not see dealt anew (sizes kept). */
function perturb(s: GameState, viewer: Viewer, rng: RngState): GameState {
  const x = cloneState(s);
  const others = x.players.filter((p) => p.seat !== viewer);
  const cards: Card[] = [...x.deck];
  for (const p of others) for (const c of CARDS) for (let i = 0; i < p.hand[c]; i++) cards.push(c);
  shuffleInPlace(rng, cards);
  for (const p of others) {
    const n = handSize(p.hand);
    for (const c of CARDS) p.hand[c] = 0;
    for (let i = 0; i < n; i++) p.hand[cards.pop()!] += 1;
  }
  x.deck = cards;
  const tickets: number[] = [...x.ticketDeck];
  for (const p of others) tickets.push(...p.tickets, ...(p.offer ?? []), ...x.setupReturns[p.seat]);
  shuffleInPlace(rng, tickets);
  for (const p of others) {
    p.tickets = p.tickets.map(() => tickets.pop()!);
    if (p.offer) p.offer = p.offer.map(() => tickets.pop()!);
    x.setupReturns[p.seat] = x.setupReturns[p.seat].map(() => tickets.pop()!);
  }
  x.ticketDeck = tickets;
  x.rng = { kind: 'chacha20', key: randomInt(rng, 1 << 30).toString(16).padStart(64, 'e'), position: randomInt(rng, 1000) };
  return x;
}

/** One table: a root mirrored from a state, its encoder, and a StateView per client. */
class Table {
  readonly root: Root = new Root();
  readonly encoder: Encoder<Root>;
  readonly views = new Map<Viewer, StateView>();
  constructor(state: GameState, viewers: readonly Viewer[]) {
    this.root.game = new TtrGameSchema();
    mirrorTtrState(this.root.game, state, playerView);
    this.encoder = new Encoder(this.root);
    for (const v of viewers) {
      const view = new StateView();
      if (v !== 'spectator') view.add(ttrSeatPart(this.root.game, v));
      this.views.set(v, view);
    }
  }

  mirror(state: GameState): void {
    mirrorTtrState(this.root.game!, state, playerView);
  }

  /** The full state each client would receive on joining now (copies: the encoder reuses its buffer). */
  full(): Map<Viewer, Uint8Array> {
    const out = new Map<Viewer, Uint8Array>();
    const it: Iterator = { offset: 0 };
    this.encoder.encodeAll(it);
    const shared = it.offset;
    for (const [v, view] of this.views) out.set(v, this.encoder.encodeAllView(view, shared, { offset: shared }).slice());
    return out;
  }

  /** The patch each client receives for the changes since the last one, as the room's serializer encodes it. */
  patch(): Map<Viewer, Uint8Array> {
    const out = new Map<Viewer, Uint8Array>();
    const it: Iterator = { offset: 0 };
    this.encoder.encode(it);
    const shared = it.offset;
    for (const [v, view] of this.views) out.set(v, this.encoder.encodeView(view, shared, it).slice());
    this.encoder.discardChanges();
    return out;
  }
}

/** A client: its decoder and what it has decoded. */
class Client {
  readonly state: Root = new Root();
  readonly decoder = new Decoder(this.state);
  constructor(readonly viewer: Viewer) {}
  receive(bytes: Uint8Array): void {
    this.decoder.decode(bytes);
  }
  wire(): TtrGameWire {
    return (this.state.toJSON() as { game: TtrGameWire }).game;
  }
}

const textOf = (b: Uint8Array) => Buffer.from(b).toString('latin1');

interface Tally { frames: number; patches: number; twinFrames: number; claimPatchMax: number; fullMax: number }

function check(game: GameState, clients: Client[], frames: Map<Viewer, Uint8Array>, tally: Tally): void {
  const secrets = [game.options.seed, game.rng.kind === 'chacha20' ? game.rng.key : ''].filter((x) => x !== '');
  for (const c of clients) {
    const bytes = frames.get(c.viewer)!;
    c.receive(bytes);
    tally.frames++;
    for (const secret of secrets) expect(textOf(bytes).includes(secret)).toBe(false);
    const wire = c.wire();
    const server = playerView(game, c.viewer);
    const rebuilt = ttrViewFromGame(ttrGameFromWire(wire), c.viewer);
    if (JSON.stringify(rebuilt) !== JSON.stringify(server)) {
      expect(rebuilt).toEqual(server);
      throw new Error(`${String(c.viewer)}: keys out of order`);
    }
    // Decoded: no other seat's private fields, whatever the game's stage.
    for (const p of wire.players) {
      if (p.seat === c.viewer) continue;
      expect([p.hand ?? [], JSON.parse(p.ticketsJson ?? '[]') as number[], JSON.parse(p.offerJson ?? '[]') as number[]].map((a) => Array.from(a).length)).toEqual([0, 0, 0]);
    }
  }
}

function playGame(players: number, moveSeed: number, tally: Tally): number {
  let game = createGame({ players, seed: `ttr-wire-server-${players}-${moveSeed}`, names: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].slice(0, players) });
  const rng = fastRng([moveSeed, players, 0x9e3779b9, 3]);
  const viewers: Viewer[] = [...game.players.map((p) => p.seat), 'spectator'];
  const table = new Table(game, viewers);
  // One twin per viewer, its hidden parts re-dealt at every step; it encodes for that viewer alone.
  const twins = new Map(viewers.map((v) => [v, new Table(perturb(game, v, rng), [v])]));
  const clients = viewers.map((v) => new Client(v));

  const compareTwins = (frames: Map<Viewer, Uint8Array>, twinFrames: (t: Table) => Map<Viewer, Uint8Array>, label: string) => {
    for (const [v, twin] of twins) {
      const mine = Buffer.from(frames.get(v)!);
      const theirs = Buffer.from(twinFrames(twin).get(v)!);
      if (!mine.equals(theirs)) throw new Error(`${label}: viewer ${String(v)} received different bytes when hidden parts were dealt differently`);
      tally.twinFrames++;
    }
  };

  const full = table.full();
  tally.fullMax = Math.max(tally.fullMax, ...[...full.values()].map((b) => b.length));
  compareTwins(full, (t) => t.full(), 'full state');
  table.patch();
  for (const t of twins.values()) t.patch();
  check(game, clients, full, tally);

  let steps = 0;
  while (!game.gameOver) {
    const deciding = pending(game);
    const seat = deciding[randomInt(rng, deciding.length)].seat;
    const legal = legalActions(game, seat);
    const action = legal[randomInt(rng, legal.length)];
    const r = applyAction(game, seat, action);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    game = r.state;
    steps++;
    table.mirror(game);
    const frames = table.patch();
    tally.patches++;
    if (!game.gameOver) {
      for (const [v, twin] of twins) twin.mirror(perturb(game, v, rng));
      compareTwins(frames, (t) => t.patch(), `step ${steps} (${action.type})`);
    }
    if (action.type === 'claim') tally.claimPatchMax = Math.max(tally.claimPatchMax, frames.get('spectator')!.length);
    check(game, clients, frames, tally);
    // Now and then a client joins late: its full state decodes to its view too.
    if (steps % 97 === 0) {
      const late = new Client('spectator');
      check(game, [late], table.full(), tally);
    }
  }
  return steps;
}

describe('the second game over the real encoder', () => {
  it.each([2, 3, 4, 5])('a random %i-seat game: each client decodes its own view and nothing hidden, byte for byte', (players) => {
    const tally: Tally = { frames: 0, patches: 0, twinFrames: 0, claimPatchMax: 0, fullMax: 0 };
    const steps = playGame(players, players * 17, tally);
    expect(steps).toBeGreaterThan(50);
    expect(tally.patches).toBe(steps);
    expect(tally.twinFrames).toBeGreaterThan(steps * (players + 1) * 0.5);
    // A claim's patch carries the claim, the claimer's counts, the turn and the decision, not the routes.
    expect(tally.claimPatchMax).toBeGreaterThan(0);
    expect(tally.claimPatchMax).toBeLessThan(tally.fullMax / 3);
    console.log(`ttr ${players} seats: ${steps} steps, ${tally.frames} frames decoded, ${tally.twinFrames} compared with twins; full state ≤ ${tally.fullMax} B, a claim's patch ≤ ${tally.claimPatchMax} B`);
  });
});
